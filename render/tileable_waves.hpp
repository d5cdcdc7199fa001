#pragma once
// Sums of sine waves that tile: the building block of the generated detail textures (render/
// detail_map.cpp for the terrain, render/water_detail.cpp for the water). Deterministic, so every run
// and platform makes the same textures (no downloads, no stored images).
#include <cstdint>
#include <vector>

namespace sluice::render {

/// One wave of a tile: a sin(2 pi (kx u + ky v) + phase) over tile coordinates (u, v) in [0, 1).
struct TileWave {
    float kx, ky;  ///< cycles per tile (integers: the sum tiles)
    float amplitude, phase;
};

/// A small deterministic generator (xorshift32).
struct TileRng {
    std::uint32_t s;
    explicit TileRng(std::uint32_t seed) : s(seed) {}
    /// Uniform in [0, 1).
    float next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return float(s) / 4294967296.0f;
    }
};

/// `count` waves of random direction with minCycles..maxCycles cycles per tile (log-uniform, rounded
/// to whole cycles per axis), amplitude k^-falloff for wavenumber k: falloff 1-2 gives natural detail.
std::vector<TileWave> makeTileWaves(TileRng& rng, int count, float minCycles, float maxCycles, float falloff);

}  // namespace sluice::render

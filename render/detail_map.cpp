#include "render/detail_map.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace sluice::render {

namespace {
struct Wave {
    float kx, ky;  // cycles per tile (integers: tileable)
    float amplitude, phase;
};

/// Small deterministic generator (xorshift32) so the map is the same on every run and platform.
struct Rng {
    std::uint32_t s = 0x9e3779b9u;
    float next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return float(s) / 4294967296.0f;
    }
};

std::vector<Wave> makeWaves(Rng& rng, int count, float minCycles, float maxCycles, float falloff) {
    std::vector<Wave> waves;
    while (int(waves.size()) < count) {
        const float angle = rng.next() * 6.2831853f;
        const float cycles = minCycles * std::pow(maxCycles / minCycles, rng.next());
        const float kx = std::round(std::cos(angle) * cycles), ky = std::round(std::sin(angle) * cycles);
        if (kx == 0 && ky == 0) continue;
        const float k = std::sqrt(kx * kx + ky * ky);
        waves.push_back({kx, ky, std::pow(k, -falloff), rng.next() * 6.2831853f});
    }
    return waves;
}
}  // namespace

std::vector<float> makeDetailMap(int size) {
    constexpr float kTwoPi = 6.2831853f;
    Rng rng;
    const std::vector<Wave> ripples = makeWaves(rng, 48, 2.0f, 28.0f, 1.6f);
    const std::vector<Wave> foam = makeWaves(rng, 32, 3.0f, 24.0f, 1.0f);
    std::vector<float> out(std::size_t(size) * std::size_t(size) * 4);
    std::vector<float> foamRaw(std::size_t(size) * std::size_t(size));
    float slopeMax = 1e-6f, foamMin = 1e30f, foamMax = -1e30f;
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const float u = float(x) / float(size), v = float(y) / float(size);
            float gx = 0, gy = 0, f = 0;
            for (const Wave& w : ripples) {
                // d/du of a sin(2 pi (kx u + ky v) + phase), in units of height per tile.
                const float c = w.amplitude * std::cos(kTwoPi * (w.kx * u + w.ky * v) + w.phase) * kTwoPi;
                gx += c * w.kx;
                gy += c * w.ky;
            }
            for (const Wave& w : foam) f += w.amplitude * std::sin(kTwoPi * (w.kx * u + w.ky * v) + w.phase);
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            out[4 * i + 0] = -gx;
            out[4 * i + 1] = -gy;
            out[4 * i + 3] = 1.0f;
            foamRaw[i] = std::abs(f);  // ridged: thin bright streaks where the sum crosses zero inverted
            slopeMax = std::max(slopeMax, std::max(std::abs(gx), std::abs(gy)));
            foamMin = std::min(foamMin, foamRaw[i]);
            foamMax = std::max(foamMax, foamRaw[i]);
        }
    // Normalise: slopes to at most 1, foam to [0, 1] with streaks (low |f|) bright.
    for (std::size_t i = 0; i < foamRaw.size(); ++i) {
        out[4 * i + 0] /= slopeMax;
        out[4 * i + 1] /= slopeMax;
        out[4 * i + 2] = 1.0f - (foamRaw[i] - foamMin) / std::max(foamMax - foamMin, 1e-6f);
    }
    return out;
}

}  // namespace sluice::render

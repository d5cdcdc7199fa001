#include "render/detail_map.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "render/tileable_waves.hpp"

namespace sluice::render {

namespace {
/// Value noise on a lattice of `period` x `period` points that wraps, at (u, v) in tile units [0, 1).
float tileNoise(const std::vector<float>& lattice, int period, float u, float v) {
    const float x = u * float(period), y = v * float(period);
    const int x0 = int(std::floor(x)), y0 = int(std::floor(y));
    const float fx = x - float(x0), fy = y - float(y0);
    const float sx = fx * fx * (3.0f - 2.0f * fx), sy = fy * fy * (3.0f - 2.0f * fy);
    auto at = [&](int i, int j) {
        return lattice[std::size_t(((j % period) + period) % period) * std::size_t(period) +
                       std::size_t(((i % period) + period) % period)];
    };
    const float a = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
    const float b = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
    return a + (b - a) * sy;
}

/// Octaves of tileable value noise from `period` points per tile up, amplitudes halving; in [0, 1].
struct Fbm {
    std::vector<std::vector<float>> lattices;
    std::vector<int> periods;
    Fbm(TileRng& rng, int period, int octaves) {
        for (int o = 0; o < octaves; ++o, period *= 2) {
            std::vector<float> l(std::size_t(period) * std::size_t(period));
            for (float& x : l) x = rng.next();
            lattices.push_back(std::move(l));
            periods.push_back(period);
        }
    }
    float operator()(float u, float v) const {
        float sum = 0, amplitude = 0.5f, total = 0;
        for (std::size_t o = 0; o < lattices.size(); ++o, amplitude *= 0.5f) {
            sum += amplitude * tileNoise(lattices[o], periods[o], u, v);
            total += amplitude;
        }
        return sum / total;
    }
};

std::uint8_t toByte(float x) { return std::uint8_t(std::lround(std::clamp(x, 0.0f, 1.0f) * 255.0f)); }
}  // namespace

std::vector<std::uint8_t> makeTerrainDetailMap(int size) {
    TileRng rng(0x2545f491u);  // not the water map's sequence
    const Fbm patches(rng, 4, 5), wobble(rng, 8, 5), ridges(rng, 4, 5), grain(rng, 64, 2);
    std::vector<std::uint8_t> out(std::size_t(size) * std::size_t(size) * 4);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const float u = (float(x) + 0.5f) / float(size), v = (float(y) + 0.5f) / float(size);
            // The fbm's values gather around 0.5: stretch them to use the byte's range.
            const float r = 0.5f + 1.8f * (patches(u, v) - 0.5f);
            const float g = 0.5f + 1.8f * (wobble(u, v) - 0.5f);
            // 1 along the lines where the fbm crosses its middle, 0 from 0.15 away: thin branching lines.
            const float ridge = 1.0f - std::min(std::abs(ridges(u, v) - 0.5f) / 0.15f, 1.0f);
            const float b = ridge * ridge;
            const float a = 0.5f * grain(u, v) + 0.5f * rng.next();
            const std::size_t i = 4 * (std::size_t(y) * std::size_t(size) + std::size_t(x));
            out[i + 0] = toByte(r);
            out[i + 1] = toByte(g);
            out[i + 2] = toByte(b);
            out[i + 3] = toByte(a);
        }
    return out;
}

}  // namespace sluice::render

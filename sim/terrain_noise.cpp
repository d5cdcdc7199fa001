#include "sim/terrain_noise.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

std::uint32_t mix32(std::uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

double lattice(std::int64_t ix, std::int64_t iy, std::uint32_t seed) {
    const std::uint32_t h = mix32(mix32(mix32(seed) ^ std::uint32_t(ix)) ^ std::uint32_t(iy) * 0x9e3779b9u);
    return double(h >> 8) * (1.0 / 16777216.0);
}

namespace {
/// Quintic fade: C2-continuous interpolation weight, so slopes have no creases at lattice lines.
double fade(double t) { return t * t * t * (t * (t * 6.0 - 15.0) + 10.0); }
}  // namespace

double valueNoise(double x, double y, std::uint32_t seed) {
    const double fx = std::floor(x), fy = std::floor(y);
    const auto ix = std::int64_t(fx), iy = std::int64_t(fy);
    const double tx = fade(x - fx), ty = fade(y - fy);
    const double a = lattice(ix, iy, seed), b = lattice(ix + 1, iy, seed);
    const double c = lattice(ix, iy + 1, seed), d = lattice(ix + 1, iy + 1, seed);
    const double lo = a + (b - a) * tx, hi = c + (d - c) * tx;
    return lo + (hi - lo) * ty;
}

double valueNoise1(double x, std::uint32_t seed) {
    const double fx = std::floor(x);
    const auto ix = std::int64_t(fx);
    const double a = lattice(ix, 0, seed), b = lattice(ix + 1, 0, seed);
    return a + (b - a) * fade(x - fx);
}

std::uint32_t streamSeed(std::uint32_t seed, std::uint32_t purpose, int octave) {
    return mix32(seed * 0x632be5abu + purpose * 0x85ebca6bu + std::uint32_t(octave) * 0xc2b2ae35u);
}

double sanitizedAmplitude(const ProceduralTerrain& p) {
    return std::isfinite(p.amplitudeM) && p.amplitudeM > 0 ? double(p.amplitudeM) : 0.0;
}

Fbm::Fbm(const ProceduralTerrain& p, std::uint32_t purpose)
    : invFeature(1.0 / std::max(1.0, double(p.featureSizeCells))),
      octaves(std::clamp(p.octaves, 1, 16)),
      seed(p.seed * 0x27d4eb2fu + purpose) {
    double sum = 0, amp = 1;
    for (int o = 0; o < octaves; ++o, amp *= 0.5) sum += amp;
    norm = 1.0 / sum;
}

double Fbm::operator()(double x, double y) const {
    double sum = 0, amp = 1, freq = invFeature;
    for (int o = 0; o < octaves; ++o, amp *= 0.5, freq *= 2.0)
        sum += amp * valueNoise(x * freq, y * freq, streamSeed(seed, 1, o));
    return sum * norm;
}

}  // namespace sluice::sim

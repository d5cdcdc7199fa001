#pragma once
// Small shape functions the generated worlds (sim/world_*.cpp) build their relief from: smooth steps,
// channel cross-sections, ridged noise. Plain double arithmetic (+ - * /, floor, sqrt, fabs), so the
// terrain stays bit-identical across platforms like the rest of sim/procedural_terrain.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "sim/terrain_noise.hpp"

namespace sluice::sim::shapes {

inline double clamp01(double t) { return std::min(1.0, std::max(0.0, t)); }

/// 0 at t <= a, 1 at t >= b, C1 in between (a != b; a > b runs the other way).
inline double smoothstep(double a, double b, double t) {
    const double s = clamp01((t - a) / (b - a));
    return s * s * (3.0 - 2.0 * s);
}

inline double lerp(double a, double b, double t) { return a + (b - a) * t; }

/// Depth fraction (0..1) of a channel at distance d (cells) from its centre line, half width hw: flat
/// bed over the inner 60 % (1), then a smooth bank to 0 at hw.
inline double channelProfile(double d, double hw) {
    if (!(d < hw)) return 0.0;
    const double u = std::max(0.0, d / hw - 0.6) / 0.4;
    return (1.0 - u * u) * (1.0 - u * u);
}

/// Ridged fractal noise in [0, 1): sharp crests where plain noise has its mid-value, so mountains get
/// arêtes instead of round tops. (x, y) in cells; featureCells the coarsest octave's size.
inline double ridged(double x, double y, double featureCells, int octaves, std::uint32_t seed) {
    double sum = 0, norm = 0, amp = 1, freq = 1.0 / std::max(1.0, featureCells);
    for (int o = 0; o < octaves; ++o, amp *= 0.5, freq *= 2.0) {
        const double r = 1.0 - std::fabs(2.0 * valueNoise(x * freq, y * freq, streamSeed(seed, 7, o)) - 1.0);
        sum += amp * r * r;
        norm += amp;
    }
    return sum / norm;
}

/// The recipe for crags and gullies finer than a drainage grid resolves (sim/drainage_relief.hpp):
/// features a twelfth of the recipe's (at least 4 cells), four octaves.
inline ProceduralTerrain cragRecipe(const ProceduralTerrain& p) {
    ProceduralTerrain fine = p;
    fine.featureSizeCells = std::max(4.0f, p.featureSizeCells / 12.0f);
    fine.octaves = 4;
    return fine;
}

/// Smooth 1-D noise in [-1, 1) along t (meandering lines): `cycles` noise intervals over t in [0, 1].
inline double wiggle(double t, double cycles, std::uint32_t seed) { return 2.0 * valueNoise1(t * cycles, seed) - 1.0; }

}  // namespace sluice::sim::shapes

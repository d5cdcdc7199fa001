#pragma once
// Deterministic noise for procedural terrain, shared by every terrain kind (sim/procedural_terrain.cpp,
// sim/world_terrain_*.cpp). Only integer hashing, + - * /, floor and sqrt: bit-identical everywhere.
#include <cstdint>

#include "sim/procedural_terrain.hpp"

namespace sluice::sim {

/// 32-bit integer finaliser with good avalanche (every input bit flips ~half the output bits).
std::uint32_t mix32(std::uint32_t h);

/// Uniform value in [0, 1) for lattice point (ix, iy) of stream `seed`. 24 bits keep it exact in float.
double lattice(std::int64_t ix, std::int64_t iy, std::uint32_t seed);

/// Smooth 2-D value noise in [0, 1), (x, y) in lattice units.
double valueNoise(double x, double y, std::uint32_t seed);

/// Smooth 1-D value noise in [0, 1) (meandering lines).
double valueNoise1(double x, std::uint32_t seed);

/// Independent noise stream per (seed, purpose, octave).
std::uint32_t streamSeed(std::uint32_t seed, std::uint32_t purpose, int octave);

/// The recipe's amplitude (m), 0 when it is not a positive finite number.
double sanitizedAmplitude(const ProceduralTerrain& p);

/// Fractal sum of value noise, normalised to [0, 1). (x, y) in cells; the coarsest octave has the
/// recipe's feature size, each next one half the size and half the weight.
struct Fbm {
    double invFeature;  ///< 1 / featureSizeCells
    int octaves;
    std::uint32_t seed;
    double norm;        ///< 1 / sum of octave amplitudes

    /// `purpose` picks an independent stream for each use of the same recipe.
    Fbm(const ProceduralTerrain& p, std::uint32_t purpose);
    double operator()(double x, double y) const;
};

}  // namespace sluice::sim

#pragma once
// Material splat weights for terrain shaders (docs/EXCHANGE.md, "Splat map"): R rock, G soil, B sand
// (R + G + B = 255 in every cell, 8-bit rounding aside), A wetness. Derived from the bed's slope, the
// water and, when erosion ran, the soft layer and deposits.
#include <cstdint>
#include <vector>

#include "sim/solver.hpp"

namespace sluice::sim {

/// Slopes (rise over run, |grad b|) over which bare rock ramps in: 0.5 (27 deg) none, 1.0 (45 deg) all.
inline constexpr float kRockSlopeStart = 0.5f, kRockSlopeFull = 1.0f;
/// Soft layer (m) under which rock shows through, and deposit (m) at which a cell is all sand.
inline constexpr float kBareSoilM = 0.05f, kFullSandM = 0.05f;

/// RGBA8 per cell, simulation order. Rock: steep slopes and, with erosion, a soft layer thinner than
/// kBareSoilM. Sand: net deposits (bed raised since erosion began) and gentle shores (a cell beside
/// water, slope under kRockSlopeStart). Soil: the rest. Wetness: 255 wet, 128 beside water, 0 dry.
std::vector<std::uint8_t> splatMapRgba(const FieldSnapshot& f);

}  // namespace sluice::sim

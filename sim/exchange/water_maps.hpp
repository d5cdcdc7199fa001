#pragma once
// Per-cell maps derived from a downloaded field for export (docs/EXCHANGE.md): cell velocities,
// wet/dry, foam, the water surface and the engine flow map. Simulation order (y = 0 south).
#include <cstdint>
#include <vector>

#include "sim/solver.hpp"

namespace sluice::sim {

/// Depth (m) above which a cell counts as wet in every exported map and mesh: the same 5 mm below
/// which summaries ignore flow speeds (app/cli/common.hpp, maxFlowSpeed).
inline constexpr float kExportWetDepthM = 0.005f;

/// Froude numbers over which foam ramps from 0 to 1: supercritical flow (Fr > 1) is where hydraulic
/// jumps, rapids and spillways churn the surface white.
inline constexpr float kFoamFroudeStart = 0.8f, kFoamFroudeFull = 1.5f;

/// Cell-centred velocity (m/s): the mean of the two faces' velocities on each axis (the stored face
/// velocities; else flow / (mean depth * cell size)); zero in dry cells.
struct CellVelocities {
    std::vector<float> eastMS, northMS;
    float maxSpeedMS = 0;  ///< largest |u| over wet cells
};
CellVelocities cellVelocities(const FieldSnapshot& f);

/// terrain + depth (m), per cell.
std::vector<float> waterSurface(const FieldSnapshot& f);

/// 1 where depth > kExportWetDepthM, else 0.
std::vector<unsigned char> wetMask(const FieldSnapshot& f);

/// 0..255: smoothstep(kFoamFroudeStart, kFoamFroudeFull, |u| / sqrt(g h)) in wet cells, 0 elsewhere.
std::vector<std::uint8_t> foamMask(const FieldSnapshot& f, const CellVelocities& v, float gravityMS2);

/// RGBA8 flow map: R = 0.5 + 0.5 u_east / scale, G = 0.5 + 0.5 u_north / scale (so 128 ~ zero and
/// G grows northward, the top of the image: V up as in Unity/Blender; Unreal/Godot flip G), B = 0,
/// A = 255 where wet, 0 dry.
/// scale = v.maxSpeedMS (1 when still). Simulation order; flip rows when writing an image.
std::vector<std::uint8_t> flowMapRgba(const CellVelocities& v, const std::vector<unsigned char>& wet);

}  // namespace sluice::sim

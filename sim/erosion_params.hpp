#pragma once
// Parameters of erosion and sediment transport (docs/EROSION.md), part of SimParams, and the factors
// one substep of them uses, computed once on the host so that the CPU reference and the kernels
// multiply by the same floats.

namespace sluice::sim {

/// What the scene's "erosion" object sets. Units SI; rates per second of erosion time, which runs
/// timeScale times as fast as water time.
struct ErosionParams {
    bool enabled = false;
    float capacity = 0.5f;          ///< Kc, s: capacity = Kc |v| sin(alpha) (metres of material per cell)
    float dissolve = 0.3f;          ///< Ks, 1/s: fraction of the missing load taken per second
    float deposit = 0.3f;           ///< Kd, 1/s: fraction of the excess load dropped per second
    float talusAngleDeg = 40.0f;    ///< dry slopes steeper than this slide (thermal erosion)
    float wetTalusAngleDeg = 30.0f; ///< the same under water
    float thermalRate = 0.2f;       ///< 1/s: how fast an over-steep slope relaxes
    float minSlope = 0.02f;         ///< sin(alpha) floor: flat beds still carry a little
    float thinDepthM = 0.02f;       ///< capacity ramps up from zero over this depth
    float softHardness = 0.0f;      ///< 0..1: how much the soft layer resists dissolution
    float rockHardness = 0.9f;      ///< 0..1: the bedrock's resistance (cells take it unless painted)
    float softThicknessM = 2.0f;    ///< soft layer where the scene gives no field (and when erosion starts)
    float timeScale = 1.0f;         ///< erosion seconds per water second (speed-up)

    bool operator==(const ErosionParams&) const = default;
};

/// Factors of one substep of erosion (shaders/sim/erosion_math.h).
struct ErosionConstants {
    float capacity = 0;        ///< Kc
    float minSin = 0;
    float thinDepthM = 0;
    float dissolveFactor = 0;  ///< min(1, Ks dt_e)
    float depositFactor = 0;   ///< min(1, Kd dt_e)
    float slumpFactor = 0;     ///< min(1, rate dt_e) / 2
    float talusDryM = 0;       ///< dx tan(dry angle)
    float talusWetM = 0;       ///< dx tan(wet angle)
    float softYield = 1;       ///< 1 - soft hardness
    float halfInvDx = 0;       ///< 1 / (2 dx): central differences of the bed
    int wetUnits = 0;          ///< a cell deeper than this (units) slides at the wet angle
};

/// The factors of a water substep of dtSub seconds on cells dxM wide (erosion time dtSub timeScale).
ErosionConstants prepareErosion(const ErosionParams& p, float dtSubSeconds, float dxM);

}  // namespace sluice::sim

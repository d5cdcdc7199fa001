#pragma once
// Physical parameters of the water models (boundary conditions: sim/boundary.hpp). Units are SI
// throughout.
#include <cstdint>

#include "sim/boundary.hpp"
#include "sim/erosion_params.hpp"

namespace sluice::sim {

/// Which equations move the water (docs/ARCHITECTURE.md, "Water models").
enum class WaterModel : std::uint8_t {
    Pipes,  ///< the seeds' virtual pipes: face flows accelerated by the surface slope, no advection
    Swe,    ///< shallow-water equations with momentum advection (Stelling & Duinmeijer 2003)
};

/// How the bed slows the flow.
enum class FrictionLaw : std::uint8_t {
    Linear,   ///< the seeds' Q *= (1 - friction)^dt
    Manning,  ///< Manning's n, semi-implicit: u / (1 + g n^2 dt |u| / h^(4/3))
};

/// Tunable parameters of one simulation. Validated by the scene loader (all finite, dt/gravity > 0).
struct SimParams {
    WaterModel model = WaterModel::Swe;
    FrictionLaw frictionLaw = FrictionLaw::Manning;
    float manningN = 0.03f;           ///< s/m^(1/3), Manning's roughness (frictionLaw Manning)
    float dtSeconds = 0.05f;          ///< upper bound of one step; the solver substeps below it (CFL)
    float gravity = 9.81f;            ///< m/s^2
    float friction = 0.05f;           ///< frictionLaw Linear: fraction of flow lost per second, in [0,1): Q *= (1-friction)^dt
    float viscosity = 0.0f;           ///< m^2/s, Q *= H^2/(H^2 + 3 dt nu), H = depth of the cell the flow leaves
    float rainMPerS = 0.0f;           ///< uniform rain, metres of depth per second
    float evaporationMPerS = 0.0f;    ///< uniform evaporation, metres per second, never below zero depth
    float courantTarget = 0.5f;       ///< C in dt_sub <= C dx / max(|u| + sqrt(g h)); the kernels hold every face to it
    int maxSubsteps = 256;            ///< cap on substeps per step; when it binds the step covers less time
    ErosionParams erosion;            ///< erosion and sediment (off unless enabled)

    bool operator==(const SimParams&) const = default;
};

const char* toString(WaterModel model);
const char* toString(FrictionLaw law);
/// The friction law a scene gets when it names none: the seeds' linear law for the pipe model,
/// Manning's for the shallow-water model.
FrictionLaw defaultFrictionLaw(WaterModel model);

}  // namespace sluice::sim

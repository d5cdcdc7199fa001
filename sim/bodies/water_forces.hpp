#pragma once
// The water's forces on one body (docs/BODIES.md, "Water to body"), without any rigid-body library:
// the dynamics (body_world.hpp) applies them every physics substep.
//  - Buoyancy per volume sample: rho g V f up, f the part of the sample under the surface there, so a
//    body floats at the draft Archimedes gives and rights itself or rolls as its samples say.
//  - The horizontal pressure force of a sloping surface per sample: -rho g V f grad(surface), what
//    pushes a body toward the low side (a dam of blocks with a lake behind it).
//  - Drag along each body axis from the flow relative to the body at its submerged centre,
//    1/2 rho Cd A |v| v with A the submerged part of the face across that axis, plus a linear part
//    rho V_sub k v that makes a body reach the flow's speed instead of creeping up to it; the impulse
//    of a substep never exceeds what stops the relative motion (no overshoot, no jitter).
//  - Added mass: water moves with a body that heaves, so the net vertical force (buoyancy - weight)
//    accelerates m + Ca rho V_sub, not m; and heave is damped at a ratio zeta of critical
//    (the waves a bobbing body radiates), from the waterline's stiffness rho g A_waterline.
#include <vector>

#include <glm/vec3.hpp>

#include "sim/bodies/body.hpp"
#include "sim/bodies/body_water_math.hpp"
#include "sim/bodies/water_field.hpp"

namespace sluice::sim {

/// Constants of the water's forces (docs/BODIES.md).
struct HydroParams {
    float waterDensityKgPerM3 = 1000.0f;
    float gravity = 9.81f;
    float dragCoefficient = 1.0f;    ///< Cd of each axis' face (a flat plate ~1.2, a cylinder ~1)
    float linearDragPerS = 1.0f;     ///< k of the linear part (1/s)
    float addedMassCoefficient = 0.5f;
    float heaveDampingRatio = 0.3f;  ///< zeta
    float rollDampingPerS = 1.5f;    ///< angular velocity damped at this rate times the submerged fraction
};

/// What the water does to a body this instant.
struct HydroForces {
    glm::vec3 forceN{0.0f};           ///< world frame, at the centre of mass
    glm::vec3 torqueNm{0.0f};         ///< world frame, about the centre of mass
    float submergedVolumeM3 = 0.0f;
    float submergedFraction = 0.0f;   ///< of the body's volume
    float angularDampingPerS = 0.0f;  ///< rate at which the water damps the body's turning
};

/// The water's terms summed over a body's samples in state `s` (shaders/sim/body_water_math.h):
/// what the GPU's forces compute for all bodies at once (sim/gpu_body_forces.hpp), to the same bits.
bmath::BodySums sampleSums(const std::vector<BodySample>& samples, const BodyState& s, const WaterField& water,
                           const HydroParams& p);

/// The forces on a body of mass `massKg` in state `s` from its sampleSums, over `substepS` seconds
/// (the impulse limits): added mass, heave damping and drag on top of the sums' buoyancy and push.
HydroForces forcesFromSums(const BodySpec& spec, const bmath::BodySums& sums, float massKg, const BodyState& s,
                           const HydroParams& p, float substepS);

/// The elevation (m) above which a sample's lowest point is clear of the water `water`.
inline float clearOfWaterM(const WaterField& water) { return water.highestSurfaceM() + SLUICE_BODY_CLEAR_M; }

/// The forces on a body of mass `massKg` and samples `samples` in state `s`, over `substepS` seconds
/// (the impulse limits), with gravity `gravity` already applied by the dynamics.
/// forcesFromSums(sampleSums(...)).
HydroForces waterForces(const BodySpec& spec, const std::vector<BodySample>& samples, float massKg,
                        const BodyState& s, const WaterField& water, const HydroParams& p, float substepS);

}  // namespace sluice::sim

#include "sim/bodies/water_forces.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

namespace sluice::sim {

namespace {

// A force along one direction whose impulse over h seconds on an inertia of m kg must not exceed
// what stops a relative speed v (m/s): the explicit step then never reverses the relative motion.
// How far (m) above the highest wet surface around it a sample's lowest point must be to be skipped.
constexpr float kClearOfWaterM = 0.01f;

float limitedForce(float f, float v, float m, float h) {
    const float most = m * std::abs(v) / h;
    return std::clamp(f, -most, most);
}

}  // namespace

HydroForces waterForces(const BodySpec& spec, const std::vector<BodySample>& samples, float massKg,
                        const BodyState& s, const WaterField& water, const HydroParams& p, float substepS) {
    HydroForces out;
    const glm::mat3 R = glm::mat3_cast(s.orientation);  // columns: the body's axes in the world
    const float rho = p.waterDensityKgPerM3, g = p.gravity;
    float volume = 0.0f, submerged = 0.0f, waterlineM2 = 0.0f;
    glm::vec3 centre(0.0f);    // of the submerged volume, relative to the centre of mass
    glm::vec2 current(0.0f);   // the water's velocity there (volume-weighted)
    // A sample whose lowest point is clear above every wet surface around the body feels nothing:
    // its head is 0 at every centre (no push) and no part of it is under (no buoyancy, no current).
    // The margin covers the rounding of the bilinear surface, so skipping it changes no bit.
    const float clear = water.highestSurfaceM() + kClearOfWaterM;
    for (const BodySample& sample : samples) {
        volume += sample.volumeM3;
        const glm::vec3 r = R * sample.centreM;
        const glm::vec3 at = s.positionM + r;
        // How far the turned sample reaches up and down from its centre.
        const float reach = std::abs(R[0].z) * sample.halfM.x + std::abs(R[1].z) * sample.halfM.y +
                            std::abs(R[2].z) * sample.halfM.z;
        if (at.z - reach > clear) continue;
        // The pressure's push sideways, down the gradient of the pressure head at the sample: the
        // surface slope in open water; a dam's load where the water stands on one side of the body
        // and the ground is dry on the other.
        const WaterProbe probe = water.probe(at.x, at.y, at.z);
        const glm::vec2 push = rho * g * sample.volumeM3 * -probe.headSlope;
        if (push != glm::vec2(0.0f)) {
            const glm::vec3 side(push, 0.0f);
            out.forceN += side;
            // It turns the body about the vertical only: its tipping moment, far below what rights a
            // block resting on the bed, makes Bullet's contacts let the block creep downstream
            // (3-4 mm/s under a metre of water), so a wall walks away instead of holding.
            out.torqueNm += glm::cross(glm::vec3(r.x, r.y, 0.0f), side);
        }
        const WaterAt& w = probe.water;
        if (!(w.depthM > 0.0f)) continue;
        const float under = std::clamp((w.surfaceM - (at.z - reach)) / (2.0f * reach), 0.0f, 1.0f);
        if (!(under > 0.0f)) continue;
        const float v = sample.volumeM3 * under;
        // Up by the part under the surface where the water reaches under the sample: fading across
        // a wet/dry border, so a block standing on a dry bed beside the water is not lifted on its
        // wet side only.
        const glm::vec3 f(0.0f, 0.0f, rho * g * v * w.wetShare);
        out.forceN += f;
        out.torqueNm += glm::cross(r, f);
        submerged += v;
        centre += v * r;
        current += v * w.velocityMPerS;
        if (under < 1.0f) waterlineM2 += sample.volumeM3 / (2.0f * reach);
    }
    if (!(submerged > 0.0f)) return out;
    centre /= submerged;
    current /= submerged;
    const float fraction = std::min(1.0f, submerged / volume);
    out.submergedVolumeM3 = submerged;
    out.submergedFraction = fraction;
    out.angularDampingPerS = p.rollDampingPerS * fraction;

    // Added mass: the net vertical force accelerates the body and the water it carries along.
    const float addedKg = p.addedMassCoefficient * rho * submerged;
    const float inertiaKg = massKg + addedKg;
    const float net = out.forceN.z - massKg * g;
    out.forceN.z -= net * addedKg / inertiaKg;
    // Linearly implicit heave: the waterline's stiffness k = rho g A makes an explicit substep of h
    // unstable once h sqrt(k / inertia) nears 2 (a small, light body: a 5 cm cube of 250 kg/m^3 at
    // 60 substeps a second). Dividing the net vertical force by 1 + h^2 k / inertia, as a backward
    // Euler step of the spring would, leaves it as it is where h sqrt(k / inertia) << 1 (every body
    // of a metre or more) and keeps the small ones from being flung out of the water.
    const float stiff = substepS * substepS * rho * g * waterlineM2 / inertiaKg;
    out.forceN.z = massKg * g + (out.forceN.z - massKg * g) / (1.0f + stiff);

    // The flow relative to the body at its submerged centre, in the body frame.
    const glm::vec3 moving = s.velocityMPerS + glm::cross(s.angularVelocityRadPerS, centre);
    const glm::vec3 relative = glm::vec3(current, 0.0f) - moving;
    const glm::vec3 local = glm::transpose(R) * relative;
    const glm::vec3 size = spec.sizeM;
    const glm::vec3 across(size.y * size.z, size.x * size.z, size.x * size.y);  // faces across x, y, z
    glm::vec3 drag(0.0f);
    for (int k = 0; k < 3; ++k) {
        const float u = local[k];
        const float f = 0.5f * rho * p.dragCoefficient * across[k] * fraction * std::abs(u) * u +
                        rho * submerged * p.linearDragPerS * u;
        // Bullet moves the body's own mass: past m |u| / h a force would reverse the relative motion
        // within the substep (by inertia / m times, which for a light body in the water is several).
        drag[k] = limitedForce(f, u, massKg, substepS);
    }
    glm::vec3 dragWorld = R * drag;
    // Heave damping from the waterline's stiffness rho g A: c = 2 zeta sqrt(k (m + ma)).
    if (waterlineM2 > 0.0f) {
        const float c = 2.0f * p.heaveDampingRatio * std::sqrt(rho * g * waterlineM2 * inertiaKg);
        dragWorld.z += c * relative.z;
    }
    // Drag and heave damping together never more than stop the vertical relative motion.
    dragWorld.z = limitedForce(dragWorld.z, relative.z, massKg, substepS);
    out.forceN += dragWorld;
    out.torqueNm += glm::cross(centre, dragWorld);
    return out;
}

}  // namespace sluice::sim

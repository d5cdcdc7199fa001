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
float limitedForce(float f, float v, float m, float h) {
    const float most = m * std::abs(v) / h;
    return std::clamp(f, -most, most);
}

}  // namespace

bmath::BodySums sampleSums(const std::vector<BodySample>& samples, const BodyState& s, const WaterField& water,
                           const HydroParams& p) {
    const glm::mat3 R = glm::mat3_cast(s.orientation);  // columns: the body's axes in the world
    const float rhoG = p.waterDensityKgPerM3 * p.gravity;
    const float clear = clearOfWaterM(water);
    bmath::BodySums sums = bmath::bodyNoSums();
    for (const BodySample& sample : samples) {
        const glm::vec3 r = bmath::bodyTurn(R[0], R[1], R[2], sample.centreM);
        const glm::vec3 at = s.positionM + r;
        const float reach = bmath::bodyReach(R[0], R[1], R[2], sample.halfM);
        if (at.z - reach > clear) {
            bmath::bodyAddTerms(sums, bmath::bodyClearTerms(r, sample.volumeM3));
            continue;
        }
        const WaterProbe probe = water.probe(at.x, at.y, at.z);
        bmath::BodyProbe wp;
        wp.surface = probe.water.surfaceM;
        wp.depth = probe.water.depthM;
        wp.velocity = probe.water.velocityMPerS;
        wp.wetShare = probe.water.wetShare;
        wp.headSlope = probe.headSlope;
        bmath::bodyAddTerms(sums, bmath::bodySampleTerms(wp, r, at.z, reach, sample.volumeM3, rhoG));
    }
    return sums;
}

HydroForces forcesFromSums(const BodySpec& spec, const bmath::BodySums& sums, float massKg, const BodyState& s,
                           const HydroParams& p, float substepS) {
    HydroForces out;
    const glm::mat3 R = glm::mat3_cast(s.orientation);
    const float rho = p.waterDensityKgPerM3, g = p.gravity;
    out.forceN = sums.force;
    out.torqueNm = sums.torque;
    const float volume = sums.volume, submerged = sums.submerged, waterlineM2 = sums.waterline;
    glm::vec3 centre = sums.centre;    // of the submerged volume, relative to the centre of mass
    glm::vec2 current = sums.current;  // the water's velocity there (volume-weighted)
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

HydroForces waterForces(const BodySpec& spec, const std::vector<BodySample>& samples, float massKg,
                        const BodyState& s, const WaterField& water, const HydroParams& p, float substepS) {
    return forcesFromSums(spec, sampleSums(samples, s, water, p), massKg, s, p, substepS);
}

}  // namespace sluice::sim


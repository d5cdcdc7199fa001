#pragma once
// Where a body is wet (docs/BODIES.md, "Rendering"): below the line the water stands at on it, and
// after it leaves the water below the highest line the water reached, drying down from there. Kept
// as a plane in the body's frame, so the wet part turns and travels with the body.
#include <glm/vec4.hpp>

#include "sim/bodies/body.hpp"
#include "sim/bodies/water_field.hpp"

namespace sluice::sim {

/// The rate a wet line falls once the water has left it (m/s): a metre-high block out of the water
/// dries from the top in under two minutes.
inline constexpr float kDryingMPerS = 0.01f;

/// Water shallower than this (m) wets nothing (a film).
inline constexpr float kWetDepthM = 1e-3f;

/// No part of any body is wet: a plane far below everything.
inline constexpr glm::vec4 kDryPlane{0.0f, 0.0f, 1.0f, -1.0e6f};

/// The part of a body of size `sizeM` (its own axes) below the plane `wet`, along the plane's normal:
/// 0 dry, 1 wet all over.
float wetShare(glm::vec3 sizeM, glm::vec4 wet);

/// The wet plane after dtSeconds in which the body stood as `s` in `water`: the old one dried by
/// kDryingMPerS dt, or the water's line on the body now (the world's up in the body's frame, at the
/// highest wet surface over its centre and just outside its footprint's corners) when that wets
/// more of it.
glm::vec4 nextWetPlane(const BodySpec& spec, const BodyState& s, glm::vec4 wet, const WaterField& water, float dtSeconds);

}  // namespace sluice::sim

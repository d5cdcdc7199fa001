#pragma once
// Triangle meshes of the body shapes (sim/bodies/body.hpp) in the body frame at unit size (the
// shape's extent [-0.5, 0.5] on each axis; the draw scales by the body's size), flat-shaded: each
// vertex carries its face's normal. Built once on the CPU for render/body_pass.hpp.
#include <vector>

#include <glm/vec4.hpp>

#include "sim/bodies/body.hpp"

namespace sluice::render {

/// One vertex: position (xyz, w = 1) and its face's normal (xyz, w = 0), as std430 vec4 pairs.
struct BodyVertex {
    glm::vec4 position;
    glm::vec4 normal;
};

/// The triangles (three vertices each, counter-clockwise seen from outside) of a unit shape: a box,
/// a cylinder along x (24 sides), a boat's hull as sim::BodyShape::Boat's samples shape it.
std::vector<BodyVertex> unitBodyMesh(sim::BodyShape shape);

}  // namespace sluice::render

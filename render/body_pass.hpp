#pragma once
// Draws the bodies (sim/bodies/) into the terrain pass's targets: each body's shape mesh
// (render/body_meshes.hpp) scaled to its size and placed by its pose, lit like the ground, so the
// water pass shows them through the water as it shows the bed. Reads the bodies; writes nothing of
// the simulation's.
#include <vector>

#include <glm/mat4x4.hpp>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"

namespace sluice::render {

class BodyPass {
public:
    static Result<BodyPass> create();
    /// The program, for the caller's common uniforms (render_common.glsl, atmosphere, under water).
    const gl::Program& program() const { return program_; }
    /// The bodies into the bound framebuffer, depth-tested, one instanced draw per shape; returns the
    /// triangles drawn. The caller has bound the attribute-less vertex array and set the program's
    /// common uniforms.
    long long draw(const std::vector<sim::Body>& bodies) const;
    /// The bodies' depth only, seen through `viewProj` (world metres to clip space): the shadow map's
    /// pass (render/body_shadow_map.hpp). The caller has bound the framebuffer and the vertex array.
    void drawDepth(const std::vector<sim::Body>& bodies, const glm::mat4& viewProj) const;

private:
    // The bodies with `p`: their instances (body.vert's BodyInstance) grouped by shape into
    // instances_[slot] (one buffer per pass, so the second pass's upload does not wait for the
    // first's draws), then one instanced draw per shape.
    long long drawWith(const gl::Program& p, const std::vector<sim::Body>& bodies, int slot) const;
    gl::Program program_;
    gl::Program depth_;    // body.vert with an empty fragment stage
    mutable gl::Buffer instances_[2];  // the look's, the shadow map's (grown on demand)
    gl::Buffer mesh_;      // every shape's unit mesh, one after the other
    int first_[4] = {}, count_[4] = {};  // per sim::BodyShape: first vertex, vertex count
};

}  // namespace sluice::render

#include "render/body_pass.hpp"

#include <algorithm>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/body_meshes.hpp"
#include "shaders/render/render_layout.h"

namespace sluice::render {

Result<BodyPass> BodyPass::create() {
    BodyPass pass;
    auto program = gl::Program::graphics("render/body.vert", "render/body.frag");
    if (!program) return program.error();
    pass.program_ = std::move(*program);
    auto depth = gl::Program::graphics("render/body.vert", "render/body_depth.frag");
    if (!depth) return depth.error();
    pass.depth_ = std::move(*depth);
    std::vector<BodyVertex> all;
    for (sim::BodyShape s : {sim::BodyShape::Box, sim::BodyShape::Log, sim::BodyShape::Boat, sim::BodyShape::Block}) {
        const std::vector<BodyVertex> mesh = unitBodyMesh(s);
        pass.first_[int(s)] = int(all.size());
        pass.count_[int(s)] = int(mesh.size());
        all.insert(all.end(), mesh.begin(), mesh.end());
    }
    pass.mesh_ = gl::Buffer(all.size() * sizeof(BodyVertex), all.data());
    return pass;
}

long long BodyPass::draw(const std::vector<sim::Body>& bodies) const { return drawWith(program_, bodies, 0); }

void BodyPass::drawDepth(const std::vector<sim::Body>& bodies, const glm::mat4& viewProj) const {
    glProgramUniformMatrix4fv(depth_.id(), depth_.location("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    (void)drawWith(depth_, bodies, 1);
}

namespace {

// body.vert's BodyInstance.
struct BodyInstance {
    glm::vec4 positionShape;
    glm::vec4 orientation;  // x, y, z, w
    glm::vec4 size;
    glm::vec4 wetPlane;
};

}  // namespace

long long BodyPass::drawWith(const gl::Program& p, const std::vector<sim::Body>& bodies, int slot) const {
    if (bodies.empty()) return 0;
    constexpr int kShapes = 4;
    // Grouped by shape, in the bodies' order within each.
    int first[kShapes + 1] = {};
    for (const sim::Body& b : bodies) ++first[int(b.spec.shape) + 1];
    for (int k = 0; k < kShapes; ++k) first[k + 1] += first[k];
    std::vector<BodyInstance> all(bodies.size());
    int next[kShapes];
    std::copy(first, first + kShapes, next);
    for (const sim::Body& b : bodies) {
        const glm::quat q = b.state.orientation;
        all[std::size_t(next[int(b.spec.shape)]++)] = {glm::vec4(b.state.positionM, float(int(b.spec.shape))),
                                                       glm::vec4(q.x, q.y, q.z, q.w), glm::vec4(b.spec.sizeM, 0.0f),
                                                       b.wetPlane};
    }
    const std::size_t bytes = all.size() * sizeof(BodyInstance);
    gl::Buffer& buffer = instances_[slot];
    if (buffer.bytes() < bytes) buffer = gl::Buffer(2 * bytes);
    buffer.upload(all.data(), bytes);
    mesh_.bindStorage(SLUICE_RBIND_BODY_MESH);
    buffer.bindStorage(SLUICE_RBIND_BODY_INSTANCES);
    p.use();
    long long triangles = 0;
    for (int shape = 0; shape < kShapes; ++shape) {
        const int n = first[shape + 1] - first[shape];
        if (n == 0) continue;
        p.set("uFirstVertex", first_[shape]);
        p.set("uFirstInstance", first[shape]);
        glDrawArraysInstanced(GL_TRIANGLES, 0, count_[shape], n);
        triangles += (long long)(count_[shape] / 3) * n;
    }
    return triangles;
}

}  // namespace sluice::render

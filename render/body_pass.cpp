#include "render/body_pass.hpp"

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

long long BodyPass::draw(const std::vector<sim::Body>& bodies) const { return drawWith(program_, bodies, true); }

void BodyPass::drawDepth(const std::vector<sim::Body>& bodies, const glm::mat4& viewProj) const {
    glProgramUniformMatrix4fv(depth_.id(), depth_.location("uViewProj"), 1, GL_FALSE, glm::value_ptr(viewProj));
    (void)drawWith(depth_, bodies, false);
}

long long BodyPass::drawWith(const gl::Program& p, const std::vector<sim::Body>& bodies, bool look) const {
    if (bodies.empty()) return 0;
    mesh_.bindStorage(SLUICE_RBIND_BODY_MESH);
    p.use();
    const GLint model = p.location("uBodyModel"), normal = p.location("uBodyNormal");
    long long triangles = 0;
    for (const sim::Body& b : bodies) {
        const int shape = int(b.spec.shape);
        const glm::mat3 rotation = glm::mat3_cast(b.state.orientation);
        const glm::mat4 m = glm::translate(glm::mat4(1.0f), b.state.positionM) * glm::mat4(rotation) *
                            glm::scale(glm::mat4(1.0f), b.spec.sizeM);
        glProgramUniformMatrix4fv(p.id(), model, 1, GL_FALSE, glm::value_ptr(m));
        glProgramUniformMatrix3fv(p.id(), normal, 1, GL_FALSE, glm::value_ptr(rotation));
        glProgramUniform3f(p.id(), p.location("uBodySize"), b.spec.sizeM.x, b.spec.sizeM.y, b.spec.sizeM.z);
        p.set("uFirstVertex", first_[shape]);
        if (look) {
            p.set("uBodyShape", shape);
            glProgramUniform4f(p.id(), p.location("uWetPlane"), b.wetPlane.x, b.wetPlane.y, b.wetPlane.z, b.wetPlane.w);
        }
        glDrawArrays(GL_TRIANGLES, 0, count_[shape]);
        triangles += count_[shape] / 3;
    }
    return triangles;
}

}  // namespace sluice::render

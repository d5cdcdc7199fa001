#include "render/scaled_target.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::render {

Result<ScaledTarget> ScaledTarget::create() {
    auto program = gl::Program::graphics("render/fullscreen.vert", "render/upscale.frag");
    if (!program) return program.error();
    ScaledTarget t;
    t.upscale_ = std::move(*program);
    t.vao_ = gl::VertexArray(gl::VertexArray::CreateTag{});
    return t;
}

void ScaledTarget::ensure(int w, int h, float scale) {
    const int sw = std::max(1, int(std::lround(float(w) * scale)));
    const int sh = std::max(1, int(std::lround(float(h) * scale)));
    if (sw == w_ && sh == h_ && fbo_) return;
    w_ = sw;
    h_ = sh;
    color_ = gl::makeTexture2D(GL_RGBA8, w_, h_, GL_LINEAR);
    fbo_ = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(fbo_.id(), GL_COLOR_ATTACHMENT0, color_.id(), 0);
}

void ScaledTarget::present(GLuint dstFramebuffer, int dstW, int dstH, GLuint unit) const {
    glBindFramebuffer(GL_FRAMEBUFFER, dstFramebuffer);
    glViewport(0, 0, dstW, dstH);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    color_.bind(unit);
    upscale_.set("uImage", int(unit));
    upscale_.use();
    vao_.bind();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glUseProgram(0);
}

}  // namespace sluice::render

#include "render/offscreen_target.hpp"

#include <string>

namespace sluice::render {

Result<OffscreenTarget> OffscreenTarget::create(int w, int h) {
    OffscreenTarget t;
    t.width_ = w;
    t.height_ = h;
    t.colour_ = gl::Texture(GL_TEXTURE_2D);
    t.depth_ = gl::Texture(GL_TEXTURE_2D);
    glTextureStorage2D(t.colour_.id(), 1, GL_RGBA8, w, h);
    glTextureStorage2D(t.depth_.id(), 1, GL_DEPTH_COMPONENT32F, w, h);
    t.fbo_ = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(t.fbo_.id(), GL_COLOR_ATTACHMENT0, t.colour_.id(), 0);
    glNamedFramebufferTexture(t.fbo_.id(), GL_DEPTH_ATTACHMENT, t.depth_.id(), 0);
    if (glCheckNamedFramebufferStatus(t.fbo_.id(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return Error{"cannot create a " + std::to_string(w) + "x" + std::to_string(h) + " offscreen framebuffer"};
    return t;
}

RgbImage OffscreenTarget::read() const {
    RgbImage image = readFramebuffer(fbo_.id(), width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return image;
}

}  // namespace sluice::render

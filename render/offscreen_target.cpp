#include "render/offscreen_target.hpp"

#include <string>

namespace sluice::render {

Result<OffscreenTarget> OffscreenTarget::create(int widthPx, int heightPx) {
    OffscreenTarget t;
    t.width = widthPx;
    t.height = heightPx;
    t.colour = Texture(GL_TEXTURE_2D);
    t.depth = Texture(GL_TEXTURE_2D);
    glTextureStorage2D(t.colour.id(), 1, GL_RGBA8, widthPx, heightPx);
    glTextureStorage2D(t.depth.id(), 1, GL_DEPTH_COMPONENT32F, widthPx, heightPx);
    t.framebuffer = Framebuffer(Framebuffer::CreateTag{});
    glNamedFramebufferTexture(t.framebuffer.id(), GL_COLOR_ATTACHMENT0, t.colour.id(), 0);
    glNamedFramebufferTexture(t.framebuffer.id(), GL_DEPTH_ATTACHMENT, t.depth.id(), 0);
    if (glCheckNamedFramebufferStatus(t.framebuffer.id(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return Error{"cannot create a " + std::to_string(widthPx) + "x" + std::to_string(heightPx) +
                     " offscreen framebuffer"};
    return t;
}

}  // namespace sluice::render

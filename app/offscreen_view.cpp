#include "app/offscreen_view.hpp"

#include <algorithm>
#include <sstream>

namespace sluice::app {

bool parseImageSize(const std::string& text, int& widthPx, int& heightPx) {
    char x = 0;
    std::istringstream in(text);
    if (!(in >> widthPx >> x >> heightPx) || x != 'x' || !in.eof()) return false;
    return widthPx >= 1 && heightPx >= 1 && widthPx <= 16384 && heightPx <= 16384;
}

render::Camera frameScene(const sim::Scene& scene) {
    float minZ = 1e30f, maxZ = -1e30f;
    for (float b : scene.terrainM) {
        minZ = std::min(minZ, b);
        maxZ = std::max(maxZ, b);
    }
    render::Camera camera;
    camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minZ, maxZ);
    return camera;
}

Result<OffscreenTarget> OffscreenTarget::create(int widthPx, int heightPx) {
    OffscreenTarget t;
    t.width_ = widthPx;
    t.height_ = heightPx;
    t.colour_ = render::Texture(GL_TEXTURE_2D);
    t.depth_ = render::Texture(GL_TEXTURE_2D);
    glTextureStorage2D(t.colour_.id(), 1, GL_RGBA8, widthPx, heightPx);
    glTextureStorage2D(t.depth_.id(), 1, GL_DEPTH_COMPONENT32F, widthPx, heightPx);
    t.fbo_ = render::Framebuffer(render::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(t.fbo_.id(), GL_COLOR_ATTACHMENT0, t.colour_.id(), 0);
    glNamedFramebufferTexture(t.fbo_.id(), GL_DEPTH_ATTACHMENT, t.depth_.id(), 0);
    if (glCheckNamedFramebufferStatus(t.fbo_.id(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return Error{"cannot create a " + std::to_string(widthPx) + "x" + std::to_string(heightPx) +
                     " offscreen framebuffer"};
    return t;
}

render::RgbImage OffscreenTarget::read() const {
    render::RgbImage image = render::readFramebuffer(fbo_.id(), width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return image;
}

}  // namespace sluice::app

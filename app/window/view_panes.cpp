#include "app/window/view_panes.hpp"

namespace sluice::app {

void ViewPanes::ensure(int i, int w, int h) {
    if (w == w_[i] && h == h_[i] && fbo_[i]) return;
    w_[i] = w;
    h_[i] = h;
    color_[i] = gl::Texture(GL_TEXTURE_2D);
    glTextureStorage2D(color_[i].id(), 1, GL_RGBA8, w, h);
    fbo_[i] = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(fbo_[i].id(), GL_COLOR_ATTACHMENT0, color_[i].id(), 0);
}

void ViewPanes::present(int i, const PixelRect& to) const {
    glBlitNamedFramebuffer(fbo_[i].id(), 0, 0, 0, w_[i], h_[i], to.x, to.y, to.x + w_[i], to.y + h_[i], GL_COLOR_BUFFER_BIT,
                           GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace sluice::app

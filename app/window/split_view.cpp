#include "app/window/split_view.hpp"

namespace sluice::app {

void SplitView::ensure(int halfW, int h) {
    if (halfW == halfW_ && h == h_ && fbo_[0]) return;
    halfW_ = halfW;
    h_ = h;
    for (int i = 0; i < 2; ++i) {
        color_[i] = gl::Texture(GL_TEXTURE_2D);
        glTextureStorage2D(color_[i].id(), 1, GL_RGBA8, halfW, h);
        fbo_[i] = gl::Framebuffer(gl::Framebuffer::CreateTag{});
        glNamedFramebufferTexture(fbo_[i].id(), GL_COLOR_ATTACHMENT0, color_[i].id(), 0);
    }
}

void SplitView::present() const {
    for (int i = 0; i < 2; ++i)
        glBlitNamedFramebuffer(fbo_[i].id(), 0, 0, 0, halfW_, h_, i * halfW_, 0, (i + 1) * halfW_, h_,
                               GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace sluice::app

#pragma once
// Side-by-side views (A/B comparison): each half of the window is drawn into its own offscreen
// colour target at half width, then copied into place, so the renderers keep drawing at (0, 0).
#include <glad/gl.h>

#include "gl/gl_objects.hpp"

namespace sluice::app {

class SplitView {
public:
    /// Resizes the two half-width targets when the window size changed.
    void ensure(int halfW, int h);
    /// Framebuffer of half 0 (left) or 1 (right), to draw into at (0, 0, halfW, h).
    GLuint framebuffer(int half) const { return fbo_[half].id(); }
    /// Copies both halves side by side into the default framebuffer.
    void present() const;

private:
    gl::Texture color_[2];
    gl::Framebuffer fbo_[2];
    int halfW_ = 0, h_ = 0;
};

}  // namespace sluice::app

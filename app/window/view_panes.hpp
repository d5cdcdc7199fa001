#pragma once
// The views' offscreen targets: each pane of the ViewLayout (one view, or A and B side by side) is
// drawn into its own colour target at (0, 0) and copied into its place in the window, so the map and
// the 3-D renderer never need to know where in the window they appear.
#include <glad/gl.h>

#include "app/window/view_layout.hpp"
#include "gl/gl_objects.hpp"

namespace sluice::app {

class ViewPanes {
public:
    /// Resizes pane i's target (i = 0 or 1) to w x h pixels when that changed.
    void ensure(int i, int w, int h);
    /// Framebuffer of pane i, to draw into at (0, 0, w, h).
    GLuint framebuffer(int i) const { return fbo_[i].id(); }
    /// Copies pane i into `to` of the default framebuffer (same size: no filtering).
    void present(int i, const PixelRect& to) const;

private:
    gl::Texture color_[2];
    gl::Framebuffer fbo_[2];
    int w_[2] = {0, 0}, h_[2] = {0, 0};
};

}  // namespace sluice::app

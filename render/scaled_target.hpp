#pragma once
// An offscreen colour target (RGBA8, display values) at a fraction of a view's size, for drawing a view
// at reduced resolution (software renderers) and scaling it up, bilinearly, into the view's framebuffer.
#include <glad/gl.h>

#include "gl/program.hpp"
#include "gl/gl_objects.hpp"
#include "gl/result.hpp"

namespace sluice::render {

class ScaledTarget {
public:
    /// Compiles the upscaling pass (shaders/render/upscale.frag). Errors name the shader.
    static Result<ScaledTarget> create();

    /// Resizes the target to round(scale * w) x round(scale * h) when that changed.
    void ensure(int w, int h, float scale);
    /// Framebuffer to draw into at (0, 0, width(), height()).
    GLuint framebuffer() const { return fbo_.id(); }
    int width() const { return w_; }
    int height() const { return h_; }
    /// Draws the target scaled up over (0, 0, dstW, dstH) of dstFramebuffer, which is left bound
    /// with that viewport. Uses texture unit `unit`; leaves no program or vertex array bound.
    void present(GLuint dstFramebuffer, int dstW, int dstH, GLuint unit = 0) const;

private:
    gl::Program upscale_;
    gl::VertexArray vao_;
    gl::Texture color_;
    gl::Framebuffer fbo_;
    int w_ = 0, h_ = 0;
};

}  // namespace sluice::render

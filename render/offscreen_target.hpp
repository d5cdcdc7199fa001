#pragma once
// An offscreen RGBA8 colour + depth framebuffer of a fixed size, for headless rendering (the render
// and bench verbs, tests).
#include "gl/gl_objects.hpp"
#include "render/png_output.hpp"
#include "gl/result.hpp"

namespace sluice::render {

class OffscreenTarget {
public:
    /// Creates the attachments; an error when the framebuffer is incomplete (e.g. too large).
    static Result<OffscreenTarget> create(int widthPx, int heightPx);
    GLuint framebuffer() const { return fbo_.id(); }
    int width() const { return width_; }
    int height() const { return height_; }
    /// The colour attachment as RGB8, top row first (blocks until rendered).
    RgbImage read() const;

private:
    gl::Texture colour_, depth_;
    gl::Framebuffer fbo_;
    int width_ = 0, height_ = 0;
};

}  // namespace sluice::render

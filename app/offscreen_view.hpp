#pragma once
// Rendering the 3-D view without a window, shared by the `render` and `sweep` verbs: image sizes on
// the command line, a camera that frames a whole scene, and an offscreen colour + depth target.
#include <string>

#include <glad/gl.h>

#include "render/camera.hpp"
#include "render/gl_objects.hpp"
#include "render/png_output.hpp"
#include "sim/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// Parses "WxH" in pixels, each 1..16384; false on anything else.
bool parseImageSize(const std::string& text, int& widthPx, int& heightPx);

/// The orbit camera framing the scene's whole terrain (extent and height range) from the default angle.
render::Camera frameScene(const sim::Scene& scene);

/// An RGBA8 colour + 32-bit float depth framebuffer of a fixed size. Needs a current GL 4.5 context,
/// which must outlive it.
class OffscreenTarget {
public:
    /// Errors when the driver cannot make a complete framebuffer of that size.
    static Result<OffscreenTarget> create(int widthPx, int heightPx);
    GLuint framebuffer() const { return fbo_.id(); }
    int width() const { return width_; }
    int height() const { return height_; }
    /// Reads the colour attachment back (waits for rendering to finish), top row first.
    render::RgbImage read() const;

private:
    OffscreenTarget() = default;
    render::Texture colour_, depth_;
    render::Framebuffer fbo_;
    int width_ = 0, height_ = 0;
};

}  // namespace sluice::app

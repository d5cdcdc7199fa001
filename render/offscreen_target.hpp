#pragma once
// An offscreen RGBA8 colour + 32-bit float depth framebuffer of a fixed size: what headless renders
// (the `render` and `record` verbs) draw the scene into before reading it back.
#include "render/gl_objects.hpp"
#include "sim/result.hpp"

namespace sluice::render {

/// Colour attachment 0 (RGBA8) and a depth attachment, owned together.
struct OffscreenTarget {
    Texture colour, depth;
    Framebuffer framebuffer;
    int width = 0, height = 0;

    /// Creates a complete framebuffer of widthPx x heightPx; the error gives the size that failed.
    static Result<OffscreenTarget> create(int widthPx, int heightPx);
};

}  // namespace sluice::render

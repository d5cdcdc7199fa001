#pragma once
// How close water is to each cell, for the terrain's sand and wet banks: one R8 texel per cell
// (1 byte per cell), remade every frame from the drawn depth (blended like the rest of the frame) by
// shaders/render/shore.comp, so the terrain pass reads one filtered texel per pixel instead of eight
// bilinear depth samples. Reads the depth buffers only; owns its texture.
#include <memory>

#include "gl/program.hpp"
#include "gl/gl_objects.hpp"
#include "render/render_inputs.hpp"
#include "gl/result.hpp"

namespace sluice::render {

/// Shore proximity of one grid. Needs a current GL 4.5 context.
class ShoreMap {
public:
    /// Compiles the kernel. Errors name the shader.
    static Result<std::unique_ptr<ShoreMap>> create();

    /// Recomputes the map from the depth of `in` (depth, previousDepth and blend bound by the caller
    /// at their render_layout.h points; the uniform blend is set here). GPU work only, no sync;
    /// visible to texture fetches that follow.
    void update(const RenderInputs& in, float blend);

    /// R8, W x H, linear filtering; texel centres are cell centres.
    const gl::Texture& texture() const { return texture_; }
    /// Bytes of GPU memory held.
    std::size_t bytes() const { return std::size_t(width_) * std::size_t(height_); }

private:
    ShoreMap() = default;

    gl::Program program_;
    gl::Texture texture_;
    int width_ = 0, height_ = 0;
};

}  // namespace sluice::render

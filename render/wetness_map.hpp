#pragma once
// How wet the ground is, one R8 texel per cell (1 byte per cell): 1 where water stands now, and where
// it has left, falling linearly to 0 over ViewSettings::wetDryingSeconds of simulated time, so banks
// a flood has left stay dark and dry back (shaders/render/wetness.comp, once per frame). The drying
// follows the simulation's clock (RenderInputs::timeSeconds), not the frame rate: the decrement is
// applied in whole 1/255 steps when enough simulated time has gathered, so 8 bits lose nothing to
// rounding. A clock that goes back (reset, undo, a new world) or a new grid starts over from the
// water drawn now. Reads the depth buffers only; owns its texture.
#include <cstdint>
#include <memory>
#include <vector>

#include "gl/gl_objects.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "render/render_inputs.hpp"

namespace sluice::render {

/// Wetness of one grid. Needs a current GL 4.5 context.
class WetnessMap {
public:
    /// Compiles the kernel. Errors name the shader.
    static Result<std::unique_ptr<WetnessMap>> create();

    /// Folds in the drawn depth of `in` (depth, previousDepth bound by the caller at their
    /// render_layout.h points; blend as drawn) at simulated time in.timeSeconds. GPU work only, no
    /// sync; visible to texture fetches that follow.
    void update(const RenderInputs& in, float blend, float dryingSeconds);

    /// R8, W x H, linear filtering; texel centres are cell centres.
    const gl::Texture& texture() const { return texture_; }
    /// Bytes of GPU memory held.
    std::size_t bytes() const { return std::size_t(width_) * std::size_t(height_); }
    /// Tests: wetness in [0, 1] of every cell, W*H row-major (blocks).
    std::vector<float> download() const;

private:
    WetnessMap() = default;

    gl::Program program_;
    gl::Texture texture_;
    int width_ = 0, height_ = 0;
    double lastTimeSeconds_ = 0;  // simulated time of the last update
    double pendingSeconds_ = 0;   // simulated time not yet turned into whole steps of drying
};

}  // namespace sluice::render

#pragma once
// A render-owned copy of the solver's depth field: the earlier state for surface interpolation
// (RenderInputs::previousDepth). 4 bytes per cell.
#include "gl/buffer.hpp"

namespace sluice::render {

/// Holds the depth as it was before the last simulation step. Usage per frame with fixed steps of dt:
/// before each step `snapshot.capture(solver.depthBuffer())`, then render with
/// previousDepth = &snapshot.buffer() and blend = (simulated time not yet stepped) / dt, in [0, 1).
class DepthSnapshot {
public:
    /// Copies `depth` (GPU to GPU, no sync; ordered before later GL commands that read the copy).
    /// Reallocates when the size changes.
    void capture(const gl::Buffer& depth);
    const gl::Buffer& buffer() const { return copy_; }
    /// True once something was captured.
    bool valid() const { return bool(copy_); }

private:
    gl::Buffer copy_;
};

}  // namespace sluice::render

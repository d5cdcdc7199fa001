#pragma once
// Per-cell history of the water, kept on the GPU for the "max depth" and "first wet" overlays: the
// deepest water each cell has held and the simulated time it first held more than 1 mm. One 32-bit
// word per cell (4 bytes; the app's budget is 48 bytes per cell, the solver takes 24): two half
// floats, see shaders/render/render_layout.h for the packing and its precision. Reads the solver's
// depth only; owns its own buffer.
#include <memory>
#include <vector>

#include "gl/buffer.hpp"
#include "gl/gpu_pass_timer.hpp"
#include "gl/program.hpp"
#include "render/render_inputs.hpp"
#include "gl/result.hpp"

namespace sluice::render {

/// The water history of one grid. Needs a current GL 4.5 context.
class WaterHistory {
public:
    /// Compiles the update kernel. The history is empty until the first update().
    static Result<std::unique_ptr<WaterHistory>> create();

    /// Forgets everything: the next update() starts from "never wet, max depth 0", and first-wet
    /// times count from timeOriginSeconds (simulated seconds).
    void reset(double timeOriginSeconds = 0.0);
    /// Folds the current depth (inputs.depth, W*H floats) in; simTimeSeconds is the solver's simulated
    /// time of that state. Call once per simulation step (exact first-wet times) or once per frame
    /// (times to within a frame). A grid of another size resets the history. GPU work only, no sync;
    /// visible to the renderer's draws that follow.
    void update(const RenderInputs& inputs, double simTimeSeconds);

    /// The packed words (uint per cell), for the renderer's overlays.
    const gl::Buffer& buffer() const { return buffer_; }
    int width() const { return width_; }
    int height() const { return height_; }
    /// True once update() has run since the last reset().
    bool valid() const { return updates_ > 0; }
    /// Simulated seconds from the origin to the last update: the top of the first-wet colour ramp.
    double elapsedSeconds() const { return lastTimeSeconds_ - originSeconds_; }
    /// GPU milliseconds of one recent update() (read a few updates late; 0 until one is available).
    double lastGpuMs() const;

    /// Unpacked history, downloaded (blocks; tests and tools).
    struct Cells {
        std::vector<float> maxDepthM;       ///< W*H, metres; never below any depth folded in
        std::vector<float> firstWetSeconds; ///< W*H, since the origin; +infinity where never wet
    };
    Cells download() const;

private:
    WaterHistory() : timer_(1) {}

    gl::Program update_;
    gl::Buffer buffer_;
    gl::GpuPassTimer timer_;
    int width_ = 0, height_ = 0;
    bool cleared_ = false;  // buffer_ holds "never wet" for every cell (or real records)
    long long updates_ = 0;
    double originSeconds_ = 0, lastTimeSeconds_ = 0;
};

}  // namespace sluice::render

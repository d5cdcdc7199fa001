#pragma once
// GPU time of consecutive passes within a frame from GL_TIMESTAMP queries (glQueryCounter). Unlike
// GL_TIME_ELAPSED (gpu_timer.hpp), timestamps never nest or conflict, so they may stand inside
// another timer's begin/end (the viewer's whole-frame timer). Results are read a few frames late,
// only once available, so reading never stalls. Move-only RAII.
#include <glad/gl.h>

#include <cstdint>
#include <vector>

namespace sluice::gl {

/// A ring of frames of passes + 1 timestamps each: pass k lasts from stamp k to stamp k + 1. A pass's
/// figure includes any time the GPU waited for the CPU to send its commands (it is the pass's cost
/// when the GPU is the bottleneck).
class GpuPassTimer {
public:
    /// `passes` intervals per frame (>= 1).
    explicit GpuPassTimer(int passes);
    ~GpuPassTimer();
    GpuPassTimer(GpuPassTimer&& o) noexcept;
    GpuPassTimer& operator=(GpuPassTimer&& o) noexcept;
    GpuPassTimer(const GpuPassTimer&) = delete;
    GpuPassTimer& operator=(const GpuPassTimer&) = delete;

    /// Collects finished frames, then stamps the start of a new frame. When that frame's ring slot is
    /// still in flight the frame is not timed (its stamps do nothing) rather than waited for.
    void beginFrame();
    /// Stamps the end of the current pass (call `passes` times per frame, in order).
    void endPass();
    /// Collects every finished frame without waiting (beginFrame() does it too; call it after a
    /// glFinish to have that frame's figures at once).
    void collect();

    /// Milliseconds per pass of the newest finished frame; empty until a frame has finished.
    const std::vector<double>& latestMs() const { return latestMs_; }
    /// How many beginFrame() calls ago that frame began (0 = the current frame).
    int latestAgeFrames() const { return latestMs_.empty() ? -1 : int(frame_ - latestFrame_); }
    int passes() const { return passes_; }

private:
    static constexpr int kRing = 4;  // frames in flight before a slot is reused
    struct Slot {
        std::vector<GLuint> queries;  // passes + 1 timestamps
        bool pending = false;
        std::uint64_t frame = 0;
    };
    void release();

    int passes_ = 0;
    std::vector<Slot> slots_;
    int current_ = -1;      // slot being stamped, -1 when this frame is not timed
    int nextStamp_ = 0;     // next timestamp index within the current slot
    std::uint64_t frame_ = 0, latestFrame_ = 0;
    std::vector<double> latestMs_;
};

}  // namespace sluice::gl

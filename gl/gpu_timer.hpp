#pragma once
// GPU time of a stretch of commands via GL_TIME_ELAPSED queries, read a few frames late so reading
// never stalls the pipeline. Move-only RAII, like the other gl/ wrappers.
#include <glad/gl.h>

#include <array>
#include <utility>

namespace sluice::gl {

/// Ring of timer queries: begin()/end() around GPU work once per frame; milliseconds() is the most
/// recent result that is already available (0 until one is).
class GpuTimer {
public:
    GpuTimer();
    ~GpuTimer();
    GpuTimer(const GpuTimer&) = delete;
    GpuTimer& operator=(const GpuTimer&) = delete;
    GpuTimer(GpuTimer&& o) noexcept;
    GpuTimer& operator=(GpuTimer&&) = delete;

    void begin();
    void end();
    double milliseconds() const { return lastMs_; }

private:
    static constexpr int kRing = 4;  // frames in flight before a result is read
    std::array<GLuint, kRing> ids_{};
    std::array<bool, kRing> pending_{};
    int next_ = 0;
    double lastMs_ = 0;
};

}  // namespace sluice::gl

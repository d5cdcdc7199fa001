#include "gl/gpu_timer.hpp"

namespace sluice::gl {

GpuTimer::GpuTimer() { glGenQueries(kRing, ids_.data()); }

GpuTimer::~GpuTimer() {
    if (ids_[0]) glDeleteQueries(kRing, ids_.data());
}

GpuTimer::GpuTimer(GpuTimer&& o) noexcept
    : ids_(std::exchange(o.ids_, {})), pending_(o.pending_), next_(o.next_), lastMs_(o.lastMs_) {}

void GpuTimer::begin() {
    // Collect whatever finished since last time (oldest first), without waiting.
    for (int k = 1; k <= kRing; ++k) {
        const int i = (next_ + k) % kRing;
        if (!pending_[std::size_t(i)]) continue;
        GLint ready = 0;
        glGetQueryObjectiv(ids_[std::size_t(i)], GL_QUERY_RESULT_AVAILABLE, &ready);
        if (!ready) continue;
        GLuint64 ns = 0;
        glGetQueryObjectui64v(ids_[std::size_t(i)], GL_QUERY_RESULT, &ns);
        lastMs_ = double(ns) * 1e-6;
        pending_[std::size_t(i)] = false;
    }
    if (pending_[std::size_t(next_)]) return;  // ring full: skip timing this frame rather than stall
    glBeginQuery(GL_TIME_ELAPSED, ids_[std::size_t(next_)]);
}

void GpuTimer::end() {
    if (pending_[std::size_t(next_)]) return;
    glEndQuery(GL_TIME_ELAPSED);
    pending_[std::size_t(next_)] = true;
    next_ = (next_ + 1) % kRing;
}

}  // namespace sluice::gl

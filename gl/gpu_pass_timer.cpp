#include "gl/gpu_pass_timer.hpp"

#include <cassert>
#include <utility>

namespace sluice::gl {

GpuPassTimer::GpuPassTimer(int passes) : passes_(passes), slots_(kRing) {
    assert(passes >= 1);
    for (Slot& s : slots_) {
        s.queries.resize(std::size_t(passes) + 1);
        glCreateQueries(GL_TIMESTAMP, GLsizei(s.queries.size()), s.queries.data());
    }
}

GpuPassTimer::~GpuPassTimer() { release(); }

GpuPassTimer::GpuPassTimer(GpuPassTimer&& o) noexcept
    : passes_(o.passes_), slots_(std::move(o.slots_)), current_(o.current_), nextStamp_(o.nextStamp_),
      frame_(o.frame_), latestFrame_(o.latestFrame_), latestMs_(std::move(o.latestMs_)) {
    o.slots_.clear();
}

GpuPassTimer& GpuPassTimer::operator=(GpuPassTimer&& o) noexcept {
    if (this != &o) {
        release();
        passes_ = o.passes_;
        slots_ = std::move(o.slots_);
        o.slots_.clear();
        current_ = o.current_;
        nextStamp_ = o.nextStamp_;
        frame_ = o.frame_;
        latestFrame_ = o.latestFrame_;
        latestMs_ = std::move(o.latestMs_);
    }
    return *this;
}

void GpuPassTimer::release() {
    for (Slot& s : slots_)
        if (!s.queries.empty()) glDeleteQueries(GLsizei(s.queries.size()), s.queries.data());
    slots_.clear();
}

void GpuPassTimer::collect() {
    for (Slot& s : slots_) {
        if (!s.pending) continue;
        // Timestamps complete in submission order, but ask for each: the spec does not promise it.
        bool ready = true;
        for (GLuint q : s.queries) {
            GLint available = 0;
            glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &available);
            ready = ready && available;
        }
        if (!ready) continue;
        s.pending = false;
        if (!latestMs_.empty() && s.frame < latestFrame_) continue;  // an older frame than the one held
        std::vector<GLuint64> ns(s.queries.size());
        for (std::size_t i = 0; i < ns.size(); ++i) glGetQueryObjectui64v(s.queries[i], GL_QUERY_RESULT, &ns[i]);
        latestMs_.assign(std::size_t(passes_), 0.0);
        for (int p = 0; p < passes_; ++p) {
            const std::size_t k = std::size_t(p);
            // A driver that runs some work out of order (software rasterisers flush draws late) may
            // report a later stamp first; such a pass counts as 0 rather than as a negative time.
            latestMs_[k] = ns[k + 1] > ns[k] ? double(ns[k + 1] - ns[k]) * 1e-6 : 0.0;
        }
        latestFrame_ = s.frame;
    }
}

void GpuPassTimer::beginFrame() {
    collect();
    ++frame_;
    const int slot = int(frame_ % kRing);
    current_ = slots_[std::size_t(slot)].pending ? -1 : slot;
    nextStamp_ = 0;
    if (current_ < 0) return;
    Slot& s = slots_[std::size_t(current_)];
    s.frame = frame_;
    glQueryCounter(s.queries[0], GL_TIMESTAMP);
    nextStamp_ = 1;
}

void GpuPassTimer::endPass() {
    if (current_ < 0 || nextStamp_ > passes_) return;
    Slot& s = slots_[std::size_t(current_)];
    glQueryCounter(s.queries[std::size_t(nextStamp_)], GL_TIMESTAMP);
    if (++nextStamp_ > passes_) {
        s.pending = true;  // all stamps issued: the frame is in flight
        current_ = -1;
    }
}

}  // namespace sluice::gl

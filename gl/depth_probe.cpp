#include "gl/depth_probe.hpp"

namespace sluice::gl {

DepthProbe::DepthProbe() {
    for (Slot& s : slots_) {
        glCreateBuffers(1, &s.pbo);
        glNamedBufferStorage(s.pbo, sizeof(float), nullptr, GL_MAP_READ_BIT);
    }
}

DepthProbe::~DepthProbe() {
    for (Slot& s : slots_) {
        if (s.fence) glDeleteSync(s.fence);
        if (s.pbo) glDeleteBuffers(1, &s.pbo);
    }
}

void DepthProbe::request(int x, int y, std::uint64_t tag) {
    Slot& s = slots_[std::size_t(next_)];
    if (s.fence) return;  // still in flight: drop this request rather than wait
    glBindBuffer(GL_PIXEL_PACK_BUFFER, s.pbo);
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);  // into the PBO, asynchronously
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    s.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    s.sample = Sample{x, y, 1.0f, tag};
    next_ = (next_ + 1) % kSlots;
}

std::optional<DepthProbe::Sample> DepthProbe::poll() {
    std::optional<Sample> newest;
    for (int k = 0; k < kSlots; ++k) {
        Slot& s = slots_[std::size_t((next_ + k) % kSlots)];  // oldest first
        if (!s.fence) continue;
        if (glClientWaitSync(s.fence, 0, 0) == GL_TIMEOUT_EXPIRED) continue;
        glDeleteSync(s.fence);
        s.fence = nullptr;
        glGetNamedBufferSubData(s.pbo, 0, sizeof(float), &s.sample.depth);  // complete: no stall
        if (!newest || s.sample.tag > newest->tag) newest = s.sample;
    }
    return newest;
}

}  // namespace sluice::gl

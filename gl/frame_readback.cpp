#include "gl/frame_readback.hpp"

#include <cassert>
#include <cstring>

namespace sluice::gl {

FrameReadback::FrameReadback(int width, int height, int slots) : width_(width), height_(height) {
    assert(width > 0 && height > 0 && slots >= 1);
    slots_.resize(std::size_t(slots));
    for (Slot& s : slots_) {
        glCreateBuffers(1, &s.pbo);
        // Written by the GPU (glReadPixels), read by the CPU through a mapping.
        glNamedBufferStorage(s.pbo, GLsizeiptr(frameBytes()), nullptr, GL_MAP_READ_BIT);
    }
}

FrameReadback::~FrameReadback() {
    for (Slot& s : slots_) {
        if (s.fence) glDeleteSync(s.fence);
        if (s.pbo) glDeleteBuffers(1, &s.pbo);
    }
}

void FrameReadback::request(GLuint framebuffer) {
    assert(!full());
    Slot& s = slots_[std::size_t((oldest_ + pending_) % int(slots_.size()))];
    GLint previousRead = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previousRead);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    if (framebuffer != 0) glNamedFramebufferReadBuffer(framebuffer, GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);  // RGBA8 rows are always 4-byte aligned: rows are packed
    glBindBuffer(GL_PIXEL_PACK_BUFFER, s.pbo);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // into the PBO, asynchronously
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(previousRead));
    s.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    // Submit the fence now so that polling it with a zero timeout can ever see it signalled.
    glFlush();
    ++pending_;
}

bool FrameReadback::oldestReady() {
    if (pending_ == 0) return false;
    Slot& s = slots_[std::size_t(oldest_)];
    const GLenum r = glClientWaitSync(s.fence, 0, 0);
    return r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED;
}

bool FrameReadback::collectOldest(std::vector<std::uint8_t>& rgbaTopRowFirst) {
    assert(pending_ > 0);
    Slot& s = slots_[std::size_t(oldest_)];
    // Waits only when the ring is full or the recording is being drained; 1 s per try, until done.
    for (;;) {
        const GLenum r = glClientWaitSync(s.fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ULL);
        if (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED || r == GL_WAIT_FAILED) break;
    }
    glDeleteSync(s.fence);
    s.fence = nullptr;

    const std::size_t rowBytes = std::size_t(width_) * 4;
    rgbaTopRowFirst.resize(frameBytes());
    const auto* mapped =
        static_cast<const std::uint8_t*>(glMapNamedBufferRange(s.pbo, 0, GLsizeiptr(frameBytes()), GL_MAP_READ_BIT));
    if (mapped) {
        // GL's row 0 is the bottom of the image.
        for (int y = 0; y < height_; ++y)
            std::memcpy(rgbaTopRowFirst.data() + std::size_t(y) * rowBytes,
                        mapped + std::size_t(height_ - 1 - y) * rowBytes, rowBytes);
        glUnmapNamedBuffer(s.pbo);
    }
    oldest_ = (oldest_ + 1) % int(slots_.size());
    --pending_;
    return mapped != nullptr;
}

}  // namespace sluice::gl

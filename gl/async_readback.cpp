#include "gl/async_readback.hpp"

#include <utility>

namespace sluice::gl {

AsyncReadback::AsyncReadback(std::size_t bytes, int slots) : bytes_(bytes), slots_(std::size_t(slots)) {
    // Persistent + coherent: the mapping stays valid while the GPU copies into it, and a copy is
    // visible to the CPU once its fence has signalled (no map/unmap per read).
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    for (Slot& s : slots_) {
        glCreateBuffers(1, &s.buffer);
        glNamedBufferStorage(s.buffer, GLsizeiptr(bytes > 0 ? bytes : 4), nullptr, flags | GL_CLIENT_STORAGE_BIT);
        s.mapped = glMapNamedBufferRange(s.buffer, 0, GLsizeiptr(bytes > 0 ? bytes : 4), flags);
    }
}

AsyncReadback::~AsyncReadback() { release(); }

AsyncReadback::AsyncReadback(AsyncReadback&& o) noexcept
    : bytes_(std::exchange(o.bytes_, 0)), slots_(std::exchange(o.slots_, {})) {}

AsyncReadback& AsyncReadback::operator=(AsyncReadback&& o) noexcept {
    if (this != &o) {
        release();
        bytes_ = std::exchange(o.bytes_, 0);
        slots_ = std::exchange(o.slots_, {});
    }
    return *this;
}

void AsyncReadback::release() {
    for (Slot& s : slots_) {
        if (s.fence) glDeleteSync(s.fence);
        if (s.buffer) {
            glUnmapNamedBuffer(s.buffer);
            glDeleteBuffers(1, &s.buffer);
        }
    }
    slots_.clear();
}

void AsyncReadback::request(int slot, const Buffer& src, std::uint64_t tag) {
    Slot& s = slots_[std::size_t(slot)];
    if (s.fence) ready(slot, true);  // the GPU must be done writing the old copy before a new one
    glCopyNamedBufferSubData(src.id(), s.buffer, 0, 0, GLsizeiptr(bytes_));
    glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
    s.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();  // submit the copy and the fence now, so that polling sees it signal without waiting
    s.tag = tag;
    s.used = true;
}

bool AsyncReadback::ready(int slot, bool wait) {
    Slot& s = slots_[std::size_t(slot)];
    if (!s.used) return false;
    if (!s.fence) return true;
    // The first wait flushes, so a fence still in the client's command queue is sure to signal.
    const GLuint64 timeoutNs = wait ? 10'000'000'000ull : 0;
    const GLenum r = glClientWaitSync(s.fence, wait ? GL_SYNC_FLUSH_COMMANDS_BIT : 0, timeoutNs);
    if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED) return false;
    glDeleteSync(s.fence);
    s.fence = nullptr;
    return true;
}

}  // namespace sluice::gl

#pragma once
// Reads a GPU buffer back on the CPU without stalling: each request copies the buffer into a ring
// slot's persistently mapped buffer and fences the copy; the CPU reads a slot once its fence has
// signalled (a frame or more later), or waits for it where it must. Move-only RAII.
#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "gl/buffer.hpp"

namespace sluice::gl {

/// A ring of `slots` read-back copies of `bytes` bytes each.
class AsyncReadback {
public:
    AsyncReadback() = default;
    AsyncReadback(std::size_t bytes, int slots);
    ~AsyncReadback();
    AsyncReadback(AsyncReadback&& o) noexcept;
    AsyncReadback& operator=(AsyncReadback&& o) noexcept;
    AsyncReadback(const AsyncReadback&) = delete;
    AsyncReadback& operator=(const AsyncReadback&) = delete;

    std::size_t bytes() const { return bytes_; }
    int slots() const { return int(slots_.size()); }

    /// Copies the first bytes() of src into `slot` and fences the copy; `tag` names it (e.g. the
    /// frame number). Shader writes to src must be made visible to buffer copies first
    /// (GL_BUFFER_UPDATE_BARRIER_BIT). If the slot's previous copy is still in flight it is waited for.
    void request(int slot, const Buffer& src, std::uint64_t tag);
    /// True when the slot holds a requested copy (landed or in flight).
    bool used(int slot) const { return slots_[std::size_t(slot)].used; }
    std::uint64_t tag(int slot) const { return slots_[std::size_t(slot)].tag; }
    /// True once the slot's copy has landed; polls, or blocks until it lands when `wait` is set.
    bool ready(int slot, bool wait);
    /// The slot's bytes; valid once ready() returned true, until the slot is requested again.
    const void* data(int slot) const { return slots_[std::size_t(slot)].mapped; }

private:
    struct Slot {
        GLuint buffer = 0;
        void* mapped = nullptr;
        GLsync fence = nullptr;
        std::uint64_t tag = 0;
        bool used = false;
    };
    void release();

    std::size_t bytes_ = 0;
    std::vector<Slot> slots_;
};

}  // namespace sluice::gl

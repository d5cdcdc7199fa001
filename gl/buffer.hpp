#pragma once
// Move-only RAII wrapper of a GL buffer object (immutable storage). Empty by default.
#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <utility>

namespace sluice::gl {

/// A GL buffer with immutable storage (glNamedBufferStorage). Deleted in the destructor.
class Buffer {
public:
    Buffer() = default;
    /// Allocates bytes of storage, optionally initialised from data; flags as glNamedBufferStorage.
    Buffer(std::size_t bytes, const void* data = nullptr, GLbitfield flags = GL_DYNAMIC_STORAGE_BIT);
    /// bytes of contents that start skewBytes into the storage (a multiple of 256: every GL's
    /// storage-buffer offset alignment): binding, uploads and downloads see the contents only. Fields
    /// that a kernel reads at one word number then lie at different offsets from their buffers'
    /// well-aligned bases.
    static Buffer skewed(std::size_t bytes, std::size_t skewBytes, const void* data = nullptr);
    ~Buffer();
    Buffer(Buffer&& o) noexcept
        : id_(std::exchange(o.id_, 0)), bytes_(std::exchange(o.bytes_, 0)), skew_(std::exchange(o.skew_, 0)) {}
    Buffer& operator=(Buffer&& o) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    GLuint id() const { return id_; }
    std::size_t bytes() const { return bytes_; }
    /// Bytes of storage before the contents (0 unless skewed); raw GL copies add it to their offsets.
    std::size_t skew() const { return skew_; }
    explicit operator bool() const { return id_ != 0; }

    /// Binds the contents to an indexed shader-storage binding point.
    void bindStorage(GLuint binding) const {
        if (skew_ == 0)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, id_);
        else
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, id_, GLintptr(skew_), GLsizeiptr(bytes_));
    }
    /// Uploads bytes at offset (needs GL_DYNAMIC_STORAGE_BIT).
    void upload(const void* data, std::size_t bytes, std::size_t offset = 0);
    /// Reads bytes back (blocks until the GPU has written them).
    void download(void* data, std::size_t bytes, std::size_t offset = 0) const;
    /// Fills with a repeated 32-bit value.
    void fill32(std::uint32_t value);

private:
    GLuint id_ = 0;
    std::size_t bytes_ = 0;
    std::size_t skew_ = 0;
};

}  // namespace sluice::gl

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
    ~Buffer();
    Buffer(Buffer&& o) noexcept : id_(std::exchange(o.id_, 0)), bytes_(std::exchange(o.bytes_, 0)) {}
    Buffer& operator=(Buffer&& o) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    GLuint id() const { return id_; }
    std::size_t bytes() const { return bytes_; }
    explicit operator bool() const { return id_ != 0; }

    /// Binds the whole buffer to an indexed shader-storage binding point.
    void bindStorage(GLuint binding) const { glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, id_); }
    /// Uploads bytes at offset (needs GL_DYNAMIC_STORAGE_BIT).
    void upload(const void* data, std::size_t bytes, std::size_t offset = 0);
    /// Reads bytes back (blocks until the GPU has written them).
    void download(void* data, std::size_t bytes, std::size_t offset = 0) const;
    /// Fills with a repeated 32-bit value.
    void fill32(std::uint32_t value);

private:
    GLuint id_ = 0;
    std::size_t bytes_ = 0;
};

}  // namespace sluice::gl

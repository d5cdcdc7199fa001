#include "gl/buffer.hpp"

#include <cassert>
#include <cstdint>

namespace sluice::gl {

Buffer::Buffer(std::size_t bytes, const void* data, GLbitfield flags) : bytes_(bytes) {
    glCreateBuffers(1, &id_);
    glNamedBufferStorage(id_, GLsizeiptr(bytes > 0 ? bytes : 4), data, flags);
}

Buffer::~Buffer() {
    if (id_) glDeleteBuffers(1, &id_);
}

Buffer& Buffer::operator=(Buffer&& o) noexcept {
    if (this != &o) {
        if (id_) glDeleteBuffers(1, &id_);
        id_ = std::exchange(o.id_, 0);
        bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
}

void Buffer::upload(const void* data, std::size_t bytes, std::size_t offset) {
    assert(offset + bytes <= bytes_);
    glNamedBufferSubData(id_, GLintptr(offset), GLsizeiptr(bytes), data);
}

void Buffer::download(void* data, std::size_t bytes, std::size_t offset) const {
    assert(offset + bytes <= bytes_);
    // Shader writes must be visible to the buffer read that follows.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(id_, GLintptr(offset), GLsizeiptr(bytes), data);
}

void Buffer::fill32(std::uint32_t value) {
    glClearNamedBufferData(id_, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &value);
}

}  // namespace sluice::gl

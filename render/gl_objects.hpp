#pragma once
// Move-only RAII wrappers of the GL objects the renderer owns besides buffers and programs (those are
// in render/gl/): textures, framebuffers and vertex arrays. All use direct state access (GL 4.5).
#include <glad/gl.h>

#include <utility>

namespace sluice::render {

/// A GL texture name of a fixed target, deleted in the destructor. Empty by default.
class Texture {
public:
    Texture() = default;
    /// Creates (glCreateTextures) a texture of `target`; storage is allocated by the caller.
    explicit Texture(GLenum target) { glCreateTextures(target, 1, &id_); }
    ~Texture() { reset(); }
    Texture(Texture&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Texture& operator=(Texture&& o) noexcept {
        if (this != &o) {
            reset();
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    /// Binds to a texture unit (glBindTextureUnit).
    void bind(GLuint unit) const { glBindTextureUnit(unit, id_); }
    void reset() {
        if (id_ != 0) glDeleteTextures(1, &id_);
        id_ = 0;
    }

private:
    GLuint id_ = 0;
};

/// A GL framebuffer object, deleted in the destructor. Empty by default.
class Framebuffer {
public:
    Framebuffer() = default;
    /// Tag constructor: creates the framebuffer name (glCreateFramebuffers).
    struct CreateTag {};
    explicit Framebuffer(CreateTag) { glCreateFramebuffers(1, &id_); }
    ~Framebuffer() { reset(); }
    Framebuffer(Framebuffer&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Framebuffer& operator=(Framebuffer&& o) noexcept {
        if (this != &o) {
            reset();
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    Framebuffer(const Framebuffer&) = delete;
    Framebuffer& operator=(const Framebuffer&) = delete;

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_ != 0) glDeleteFramebuffers(1, &id_);
        id_ = 0;
    }

private:
    GLuint id_ = 0;
};

/// A GL vertex array object (the renderer draws attribute-less meshes from gl_VertexID, but core
/// profile still needs a bound VAO to draw). Empty by default.
class VertexArray {
public:
    VertexArray() = default;
    /// Tag constructor: creates the vertex array name (glCreateVertexArrays).
    struct CreateTag {};
    explicit VertexArray(CreateTag) { glCreateVertexArrays(1, &id_); }
    ~VertexArray() { reset(); }
    VertexArray(VertexArray&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    VertexArray& operator=(VertexArray&& o) noexcept {
        if (this != &o) {
            reset();
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    VertexArray(const VertexArray&) = delete;
    VertexArray& operator=(const VertexArray&) = delete;

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void bind() const { glBindVertexArray(id_); }
    void reset() {
        if (id_ != 0) glDeleteVertexArrays(1, &id_);
        id_ = 0;
    }

private:
    GLuint id_ = 0;
};

}  // namespace sluice::render

#pragma once
// Move-only RAII wrappers of GL textures, framebuffers and vertex arrays (buffers and programs have
// files of their own). All use direct state access (GL 4.5).
#include <glad/gl.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace sluice::gl {

/// A GL object name deleted by Traits::destroy in the destructor; move-only, empty (0) by default.
/// Traits is a struct rather than a function pointer because glad's entry points are loaded at run
/// time and cannot be template arguments.
template <class Traits>
class GlName {
public:
    GlName() = default;
    ~GlName() { reset(); }
    GlName(GlName&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    GlName& operator=(GlName&& o) noexcept {
        if (this != &o) {
            reset();
            id_ = std::exchange(o.id_, 0);
        }
        return *this;
    }
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }
    void reset() {
        if (id_ != 0) Traits::destroy(id_);
        id_ = 0;
    }

protected:
    GLuint id_ = 0;
};

struct TextureTraits {
    static void destroy(GLuint id) { glDeleteTextures(1, &id); }
};
struct FramebufferTraits {
    static void destroy(GLuint id) { glDeleteFramebuffers(1, &id); }
};
struct VertexArrayTraits {
    static void destroy(GLuint id) { glDeleteVertexArrays(1, &id); }
};

/// A texture of a fixed target; storage is allocated by the caller.
class Texture : public GlName<TextureTraits> {
public:
    Texture() = default;
    /// Creates (glCreateTextures) a texture of `target`.
    explicit Texture(GLenum target) { glCreateTextures(target, 1, &id_); }
    /// Binds to a texture unit (glBindTextureUnit).
    void bind(GLuint unit) const { glBindTextureUnit(unit, id_); }
};

/// A 2-D texture with one level of `format` storage, `filter` for minification and magnification and
/// clamped to its edges.
inline Texture makeTexture2D(GLenum format, int w, int h, GLint filter) {
    Texture t(GL_TEXTURE_2D);
    glTextureStorage2D(t.id(), 1, format, w, h);
    glTextureParameteri(t.id(), GL_TEXTURE_MIN_FILTER, filter);
    glTextureParameteri(t.id(), GL_TEXTURE_MAG_FILTER, filter);
    glTextureParameteri(t.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(t.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}

/// Level 0 of an 8-bit texture as tightly packed bytes, rows of w * channels bytes (`format` GL_RED,
/// GL_RG, GL_RGB or GL_RGBA with 1 to 4 channels). Blocks until the GPU has written it; for tests.
inline std::vector<std::uint8_t> readTextureBytes(const Texture& t, GLenum format, int channels, int w, int h) {
    std::vector<std::uint8_t> texels(std::size_t(channels) * std::size_t(w) * std::size_t(h));
    GLint alignment = 4;
    glGetIntegerv(GL_PACK_ALIGNMENT, &alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows without padding
    glGetTextureImage(t.id(), 0, format, GL_UNSIGNED_BYTE, GLsizei(texels.size()), texels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, alignment);
    return texels;
}

/// A framebuffer object.
class Framebuffer : public GlName<FramebufferTraits> {
public:
    Framebuffer() = default;
    /// Tag constructor: creates the framebuffer name (glCreateFramebuffers).
    struct CreateTag {};
    explicit Framebuffer(CreateTag) { glCreateFramebuffers(1, &id_); }
};

/// A vertex array object (the renderer draws attribute-less meshes from gl_VertexID, but core
/// profile still needs a bound VAO to draw).
class VertexArray : public GlName<VertexArrayTraits> {
public:
    VertexArray() = default;
    /// Tag constructor: creates the vertex array name (glCreateVertexArrays).
    struct CreateTag {};
    explicit VertexArray(CreateTag) { glCreateVertexArrays(1, &id_); }
    void bind() const { glBindVertexArray(id_); }
};

}  // namespace sluice::gl

#include "render/body_shadow_map.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glad/gl.h>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace sluice::render {

BodyShadowMap::BodyShadowMap(int sizePx) : size_(sizePx), depth_(gl::makeTexture2D(GL_DEPTH_COMPONENT32F, sizePx, sizePx, GL_LINEAR)) {
    // Compared in the sampler (sampler2DShadow): lit where the fragment is no farther than the
    // nearest body; past the map's edge, lit.
    glTextureParameteri(depth_.id(), GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTextureParameteri(depth_.id(), GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glTextureParameteri(depth_.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTextureParameteri(depth_.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float far[4] = {1.0f, 1.0f, 1.0f, 1.0f};
    glTextureParameterfv(depth_.id(), GL_TEXTURE_BORDER_COLOR, far);
    fbo_ = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(fbo_.id(), GL_DEPTH_ATTACHMENT, depth_.id(), 0);
    glNamedFramebufferDrawBuffer(fbo_.id(), GL_NONE);
}

namespace {

// Whether a sphere (centre c, radius r, world metres) can reach into the view of `viewProj`: outside none of the six planes of the frustum (Gribb and Hartmann's, from the matrix rows).
bool sphereInView(const glm::mat4& viewProj, const glm::vec3& c, float r) {
    const glm::mat4 m = glm::transpose(viewProj);  // rows of viewProj as columns
    const glm::vec4 planes[6] = {m[3] + m[0], m[3] - m[0], m[3] + m[1], m[3] - m[1], m[3] + m[2], m[3] - m[2]};
    for (const glm::vec4& p : planes)
        if (glm::dot(glm::vec3(p), c) + p.w < -r * glm::length(glm::vec3(p))) return false;
    return true;
}

}  // namespace

void BodyShadowMap::update(const BodyPass& pass, const std::vector<sim::Body>& bodies, const glm::vec3& sunDir,
                           const glm::mat4& viewProj) {
    // The casters: every body whose sphere, stretched along the ground by the length of the shadow
    // it can cast (its height over the sun's elevation, at most 200 m), reaches into the view.
    const float sunUp = std::max(0.05f, sunDir.z);
    const float reachPerM = std::min(200.0f, std::sqrt(std::max(0.0f, 1.0f - sunUp * sunUp)) / sunUp);
    casters_.clear();
    for (const sim::Body& b : bodies) {
        const float r = 0.5f * glm::length(b.spec.sizeM);
        if (sphereInView(viewProj, b.state.positionM, r + std::min(200.0f, 2.0f * r * reachPerM)))
            casters_.push_back(b);
    }
    active_ = !casters_.empty();
    if (!active_) return;
    const std::vector<sim::Body>& casting = casters_;
    // The sun's frame: looking down -sunDir; any up that is not along it.
    const glm::vec3 up = std::abs(sunDir.z) > 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(0.0f, 0.0f, 1.0f);
    const glm::mat4 view = glm::lookAt(glm::vec3(0.0f), -sunDir, up);
    // Every body's bounding sphere in that frame (x, y across the map, -z away from the sun).
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const sim::Body& b : casting) {
        const glm::vec3 c = glm::vec3(view * glm::vec4(b.state.positionM, 1.0f));
        const float r = 0.5f * glm::length(b.spec.sizeM);
        lo = glm::min(lo, c - r);
        hi = glm::max(hi, c + r);
    }
    // A margin of a few texels so the filter's taps at the edge bodies stay inside.
    const float pad = 4.0f * std::max(hi.x - lo.x, hi.y - lo.y) / float(size_) + 0.1f;
    lo -= pad;
    hi += pad;
    // Depth from the sun: near = the highest (nearest) body point, far = the farthest; receivers past
    // the far plane compare at depth 1 (in shadow wherever a body stands in front of them).
    const glm::mat4 proj = glm::ortho(lo.x, hi.x, lo.y, hi.y, -hi.z, -lo.z);
    const glm::mat4 sunViewProj = proj * view;
    // Clip space [-1, 1] to the texture's [0, 1].
    const glm::mat4 bias = glm::translate(glm::mat4(1.0f), glm::vec3(0.5f)) * glm::scale(glm::mat4(1.0f), glm::vec3(0.5f));
    worldToMap_ = bias * sunViewProj;
    texelM_ = std::max(hi.x - lo.x, hi.y - lo.y) / float(size_);

    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo_.id());
    glViewport(0, 0, size_, size_);
    const float farDepth = 1.0f;
    glClearNamedFramebufferfv(fbo_.id(), GL_DEPTH, 0, &farDepth);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_CULL_FACE);
    // Pushed away from the sun by the slope: a body's sunlit faces do not shade themselves (acne).
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(2.0f, 2.0f);
    pass.drawDepth(casting, sunViewProj);
    glDisable(GL_POLYGON_OFFSET_FILL);
}

void BodyShadowMap::bindTo(const gl::Program& p, GLuint unit, bool on) const {
    p.set("uBodyShadows", on && active_ ? 1 : 0);
    p.set("uBodyShadowMap", int(unit));
    glProgramUniformMatrix4fv(p.id(), p.location("uBodyShadowMatrix"), 1, GL_FALSE, glm::value_ptr(worldToMap_));
    p.set("uBodyShadowTexel", 1.0f / float(size_));
    depth_.bind(unit);
}

}  // namespace sluice::render

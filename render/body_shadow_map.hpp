#pragma once
// The shadows the bodies cast, on the ground, the water and each other: the bodies' depth seen from
// the sun, drawn each frame into an orthographic map fitted around them (world metres, unexaggerated,
// along the same sun direction the heightfield's shadows are marched with). A fragment behind a body
// as seen from the sun is shaded (shaders/render/body_shadow.glsl, four filtered comparisons). Only
// bodies cast into it: the terrain's own shadows are the sun-shadow map's (sun_shadow_map.hpp).
// Reads the bodies; writes nothing of the simulation's.
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "gl/gl_objects.hpp"
#include "gl/program.hpp"
#include "render/body_pass.hpp"
#include "sim/bodies/body_world.hpp"

namespace sluice::render {

class BodyShadowMap {
public:
    /// A square map of `sizePx` texels a side (depth, 32-bit float, compared in the sampler).
    explicit BodyShadowMap(int sizePx = 2048);

    /// Draws the bodies that can shade what the camera sees (`viewProj`: world metres to clip space,
    /// heights exaggerated as drawn) seen from the sun (`sunDir`, unit, toward the sun, metres
    /// frame) into the map, fitted around them: a body out of view whose shadow cannot reach into it
    /// is left out, so the map's texels go to what is seen. With none the map is left empty
    /// (active() false). Changes the framebuffer, viewport and depth state: call before the frame's
    /// passes set theirs. The caller has bound the attribute-less vertex array.
    void update(const BodyPass& pass, const std::vector<sim::Body>& bodies, const glm::vec3& sunDir,
                const glm::mat4& viewProj);
    /// The bodies the last update() drew (tests).
    int castersLastUpdate() const { return int(casters_.size()); }

    bool active() const { return active_; }
    /// World metres to the map: x, y in [0, 1] across it, z the depth in [0, 1] from the sun.
    const glm::mat4& worldToMap() const { return worldToMap_; }
    /// Metres of the world a texel covers (the filter's reach).
    float texelM() const { return texelM_; }
    int sizePx() const { return size_; }
    /// Sets body_shadow.glsl's uniforms on `p` and binds the map to texture unit `unit`; `on` false
    /// (shadows off, or no bodies) makes every fragment lit.
    void bindTo(const gl::Program& p, GLuint unit, bool on) const;

private:
    int size_;
    std::vector<sim::Body> casters_;  // this frame's, reused
    gl::Texture depth_;
    gl::Framebuffer fbo_;
    glm::mat4 worldToMap_{1.0f};
    float texelM_ = 0.0f;
    bool active_ = false;
};

}  // namespace sluice::render

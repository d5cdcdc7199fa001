#pragma once
// The 3-D view of the simulation: terrain and water drawn straight from the solver's buffers (read
// only). Passes per frame: chunk bounds (compute, tiny readback) -> sky + terrain into an offscreen
// HDR target (colour + view distance + depth) -> water over a copy of it, sampling the terrain image
// for refraction -> tone-mapped resolve into the caller's framebuffer. Needs a current GL 4.5 context.
#include <memory>
#include <vector>

#include <glad/gl.h>

#include "render/camera.hpp"
#include "render/gl/buffer.hpp"
#include "render/gl/program.hpp"
#include "render/gl_objects.hpp"
#include "render/render_inputs.hpp"
#include "render/terrain_lod.hpp"
#include "sim/result.hpp"

namespace sluice::render {

/// Per-frame figures of the last render() (for overlays, tests and tuning).
struct RenderStats {
    int terrainChunks = 0, waterChunks = 0;  ///< chunks drawn after frustum culling
    long long terrainVertices = 0, waterVertices = 0;
    int finestStride = 0, coarsestStride = 0;  ///< over the terrain chunks drawn
};

/// Draws terrain and water. Owns its programs, the detail map and the offscreen targets (resized on
/// demand); holds no simulation state between frames.
class SceneRenderer {
public:
    /// Compiles the shaders and generates the detail normal map. Errors name the shader that failed.
    static Result<std::unique_ptr<SceneRenderer>> create();

    /// Renders the scene seen by `camera` into (0, 0, widthPx, heightPx) of targetFramebuffer
    /// (0 = default framebuffer); writes colour only. Leaves the viewport at that size, depth test
    /// off, no program and no vertex array bound.
    void render(const RenderInputs& inputs, const Camera& camera, const ViewSettings& settings, int widthPx,
                int heightPx, GLuint targetFramebuffer);

    /// Largest projected spacing of mesh vertices, pixels (larger = coarser and faster).
    void setMaxCellPixels(float px) { maxCellPx_ = px; }
    const RenderStats& lastStats() const { return stats_; }
    /// Framebuffer whose depth attachment holds the last frame's scene depth (window-space [0,1],
    /// the camera's projection): read by the viewer's picking, a frame late, without stalls.
    GLuint depthFramebuffer() const { return terrainFbo_.id(); }

private:
    SceneRenderer() = default;
    void ensureTargets(int widthPx, int heightPx);
    void updateBounds(const RenderInputs& inputs);
    void setCommonUniforms(const gl::Program& p, const RenderInputs& in, const Camera& cam, const glm::vec3& sunDir,
                           const glm::mat4& viewProj) const;
    long long drawChunks(const gl::Program& p, const std::vector<ChunkDraw>& chunks, const RenderInputs& in,
                         bool skirts) const;

    gl::Program sky_, terrain_, water_, resolve_, bounds_;
    Texture detail_;
    VertexArray vao_;
    // Offscreen targets: the terrain pass writes terrainColor_ + terrainDistance_ + depth_; the water
    // pass writes sceneColor_ (a copy of terrainColor_ first) with the same depth.
    Texture terrainColor_, terrainDistance_, sceneColor_, depth_;
    Framebuffer terrainFbo_, sceneFbo_;
    int targetW_ = 0, targetH_ = 0;
    gl::Buffer boundsBuffer_;
    std::vector<ChunkBounds> boundsCpu_;
    float minBed_ = 0, maxBed_ = 1;
    float maxCellPx_ = 3.0f;
    RenderStats stats_;
};

}  // namespace sluice::render

#pragma once
// The 3-D view of the simulation: terrain and water drawn straight from the solver's buffers (read
// only). Passes per frame: chunk bounds (compute, read back a frame or two late), the sun-shadow map
// (re-marched only where the bed or the sun changed) and the shore map -> terrain (nearest chunks
// first), then the sky where no terrain is, into an offscreen HDR target (colour + view distance +
// depth) -> water over a copy of it, sampling the terrain image for refraction -> tone-mapped resolve
// into the caller's framebuffer. The offscreen passes may run at a fraction of the output size
// (ViewSettings::renderScale); the resolve scales up. Needs a current GL 4.5 context.
#include <memory>
#include <vector>

#include <glad/gl.h>

#include "render/camera.hpp"
#include "render/chunk_bounds_reader.hpp"
#include "gl/buffer.hpp"
#include "gl/gpu_pass_timer.hpp"
#include "render/body_pass.hpp"
#include "render/body_shadow_map.hpp"
#include "gl/program.hpp"
#include "gl/gl_objects.hpp"
#include "render/render_inputs.hpp"
#include "render/scaled_target.hpp"
#include "render/shore_map.hpp"
#include "render/water_foam.hpp"
#include "render/sun_shadow_map.hpp"
#include "render/terrain_ao_map.hpp"
#include "render/wetness_map.hpp"
#include "render/terrain_lod.hpp"
#include "gl/result.hpp"

namespace sluice::render {

/// GPU milliseconds of each pass of one frame (GL_TIMESTAMP queries, read a few frames late).
struct RenderPassTimes {
    double boundsMs = 0;      ///< chunk-bounds reduction, its copy for readback, sun-shadow and shore maps
    double skyTerrainMs = 0;  ///< sky and terrain into the HDR target
    double waterMs = 0;       ///< copy of the terrain image, then the water
    double resolveMs = 0;     ///< tone-mapped resolve into the caller's framebuffer
    double totalMs() const { return boundsMs + skyTerrainMs + waterMs + resolveMs; }

    /// For tables (the viewer's Stats panel): pass k in [0, kCount) in frame order, its name and time.
    static constexpr int kCount = 4;
    static const char* name(int pass) {
        constexpr const char* kNames[kCount] = {"bounds + maps", "sky + terrain", "water", "resolve"};
        return pass >= 0 && pass < kCount ? kNames[pass] : "?";
    }
    double ms(int pass) const {
        const double all[kCount] = {boundsMs, skyTerrainMs, waterMs, resolveMs};
        return pass >= 0 && pass < kCount ? all[pass] : 0.0;
    }
};

/// Per-frame figures of the last render() (for overlays, tests and tuning).
struct RenderStats {
    int terrainChunks = 0, waterChunks = 0;  ///< chunks drawn after frustum culling
    long long terrainVertices = 0, waterVertices = 0;  ///< non-indexed: three per triangle
    long long bodyTriangles = 0;  ///< the bodies' (RenderInputs::bodies)
    int finestStride = 0, coarsestStride = 0;  ///< over the terrain chunks drawn
    int boundsLagFrames = 0;  ///< age of the chunk bounds culled with (0 = this frame's state)
    int internalWidthPx = 0, internalHeightPx = 0;  ///< size of the offscreen passes (renderScale applied)
    /// GPU memory the renderer holds per grid cell (sun-shadow and shore maps), bytes; the offscreen
    /// targets scale with the image instead and are not counted.
    std::size_t gridBytes = 0;
    double gridBytesPerCell = 0;
    /// Per-pass GPU time of the newest frame whose queries have finished, gpuFrameAge frames before
    /// this one (-1 and zeros until the first has; never waited for).
    RenderPassTimes gpu;
    int gpuFrameAge = -1;
    long long terrainTriangles() const { return terrainVertices / 3; }
    long long waterTriangles() const { return waterVertices / 3; }
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
    /// Figures of the last render(); stats.gpu is refreshed by each render() and collectGpuTimes().
    const RenderStats& lastStats() const { return stats_; }
    /// Takes in GPU pass times that have finished since the last render(), without waiting (after a
    /// glFinish that includes the last frame's own).
    void collectGpuTimes();
    /// Tests and measurements: cull with the chunk bounds of exactly `frames` frames ago (waiting for
    /// them); -1 (default) uses the newest that has arrived (ChunkBoundsReader).
    void forceBoundsLag(int frames) { bounds_.forceLag(frames); }
    /// Framebuffer whose depth attachment holds the last frame's scene depth (window-space [0,1],
    /// the camera's projection) at the internal size (RenderStats::internalWidthPx/HeightPx): read by
    /// the viewer's picking, a frame late, without stalls.
    GLuint depthFramebuffer() const { return terrainFbo_.id(); }
    /// Tests: the sun-shadow map (null before the first render() with shadows on).
    const SunShadowMap* sunShadowMap() const { return shadow_.get(); }
    const BodyShadowMap* bodyShadowMap() const { return bodyShadow_.get(); }
    /// Tests: the terrain's ambient-occlusion map and wetness map.
    const TerrainAoMap* terrainAoMap() const { return ao_.get(); }
    const WetnessMap* wetnessMap() const { return wetness_.get(); }

    /// The projection render() draws with: the camera's, with heights scaled by the settings'
    /// vertical exaggeration (world metres as stored in, clip space out). Its inverse unprojects the
    /// depth target to world points with the simulation's own heights (the viewer's picking).
    static glm::mat4 viewProjection(const Camera& camera, float aspect, const ViewSettings& settings);
    /// The settings' vertical exaggeration, clamped to [0.1, 20] (1 when not finite).
    static float verticalScale(const ViewSettings& settings);

private:
    SceneRenderer() : timer_(kPasses) {}
    static constexpr int kPasses = RenderPassTimes::kCount;  // one timestamp interval per pass
    void ensureTargets(int widthPx, int heightPx);
    void setCommonUniforms(const gl::Program& p, const RenderInputs& in, const Camera& cam, const glm::vec3& sunDir,
                           const glm::mat4& viewProj) const;
    void setOverlayUniforms(const gl::Program& p, const RenderInputs& in, const ViewSettings& s) const;
    float dioramaBaseZ(const RenderInputs& in) const;
    void drawEdgeWater(const RenderInputs& in, const Camera& camera, const glm::vec3& sunDir, const glm::mat4& viewProj,
                       const ViewSettings& s) const;
    long long drawChunks(const gl::Program& p, const std::vector<ChunkDraw>& chunks, const RenderInputs& in,
                         bool skirts) const;

    gl::Program sky_, terrain_, water_, resolve_;
    BodyPass bodies_;
    std::unique_ptr<BodyShadowMap> bodyShadow_;  // the shadows the bodies cast
    ChunkBoundsReader bounds_;
    std::unique_ptr<SunShadowMap> shadow_;
    std::unique_ptr<ShoreMap> shore_;
    // The terrain look's maps (per cell) and its detail texture; the edge water's program.
    std::unique_ptr<TerrainAoMap> ao_;
    std::unique_ptr<WetnessMap> wetness_;
    gl::Texture terrainDetail_;
    gl::Program edgeWater_;
    float verticalScale_ = 1.0f;   // of the frame being drawn (setCommonUniforms' eye)
    glm::vec3 sunLight_{0, 0, 1};  // unit vector toward the sun as drawn, this frame
    std::unique_ptr<WaterFoam> foam_;  // the water look's foam field (renderer state, not the simulation's)
    gl::Texture waterDetail_;         // render/water_detail.hpp: ripples, foam pattern, caustics
    gl::GpuPassTimer timer_;
    gl::VertexArray vao_;
    // Offscreen targets: the terrain pass writes terrainColor_ + terrainDistance_ + depth_; the water
    // pass writes sceneColor_ (a copy of terrainColor_ first) with the same depth. Below render scale
    // 1 the resolve writes display colours into display_ at the internal size, then scales them up
    // (cheaper than tone-mapping every output pixel).
    gl::Texture terrainColor_, terrainDistance_, sceneColor_, depth_;
    gl::Framebuffer terrainFbo_, sceneFbo_;
    ScaledTarget display_;
    int targetW_ = 0, targetH_ = 0;
    float maxCellPx_ = 3.0f;
    RenderStats stats_;
};

}  // namespace sluice::render

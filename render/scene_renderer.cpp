#include "render/scene_renderer.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/type_ptr.hpp>

#include "render/detail_map.hpp"
#include "render/erosion_fields.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "render/render_layout.hpp"
#include "render/water_history.hpp"

namespace sluice::render {

namespace {
constexpr int kDetailSize = 256;  // texels per side of the detail map

// Texture units (the storage bindings are in shaders/render/render_layout.h).
constexpr GLuint kUnitDetail = 0, kUnitTerrainColor = 1, kUnitTerrainDistance = 2, kUnitScene = 3, kUnitSunShadow = 4,
                 kUnitShore = 5;

void setMat4(const gl::Program& p, const char* name, const glm::mat4& m) {
    glProgramUniformMatrix4fv(p.id(), p.location(name), 1, GL_FALSE, glm::value_ptr(m));
}
void setVec3(const gl::Program& p, const char* name, const glm::vec3& v) {
    glProgramUniform3f(p.id(), p.location(name), v.x, v.y, v.z);
}

}  // namespace

Result<std::unique_ptr<SceneRenderer>> SceneRenderer::create() {
    std::unique_ptr<SceneRenderer> r(new SceneRenderer());
    auto sky = gl::Program::graphics("render/fullscreen.vert", "render/sky.frag");
    if (!sky) return sky.error();
    auto terrain = gl::Program::graphics("render/terrain.vert", "render/terrain.frag");
    if (!terrain) return terrain.error();
    auto water = gl::Program::graphics("render/water.vert", "render/water.frag");
    if (!water) return water.error();
    auto resolve = gl::Program::graphics("render/fullscreen.vert", "render/resolve.frag");
    if (!resolve) return resolve.error();
    auto bounds = ChunkBoundsReader::create();
    if (!bounds) return bounds.error();
    auto shadow = SunShadowMap::create();
    if (!shadow) return shadow.error();
    auto shore = ShoreMap::create();
    if (!shore) return shore.error();
    r->sky_ = std::move(*sky);
    r->terrain_ = std::move(*terrain);
    r->water_ = std::move(*water);
    r->resolve_ = std::move(*resolve);
    r->bounds_ = std::move(*bounds);
    r->shadow_ = std::move(*shadow);
    r->shore_ = std::move(*shore);
    auto display = ScaledTarget::create();
    if (!display) return display.error();
    r->display_ = std::move(*display);

    // Detail map: RGBA16F (signed slopes), repeating, mipmapped so distant water does not shimmer.
    const std::vector<float> texels = makeDetailMap(kDetailSize);
    const int levels = int(std::log2(double(kDetailSize))) + 1;
    r->detail_ = gl::Texture(GL_TEXTURE_2D);
    glTextureStorage2D(r->detail_.id(), levels, GL_RGBA16F, kDetailSize, kDetailSize);
    glTextureSubImage2D(r->detail_.id(), 0, 0, 0, kDetailSize, kDetailSize, GL_RGBA, GL_FLOAT, texels.data());
    glGenerateTextureMipmap(r->detail_.id());
    glTextureParameteri(r->detail_.id(), GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTextureParameteri(r->detail_.id(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(r->detail_.id(), GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTextureParameteri(r->detail_.id(), GL_TEXTURE_WRAP_T, GL_REPEAT);

    r->vao_ = gl::VertexArray(gl::VertexArray::CreateTag{});
    return r;
}

void SceneRenderer::ensureTargets(int w, int h) {
    if (w == targetW_ && h == targetH_ && terrainFbo_) return;
    targetW_ = w;
    targetH_ = h;
    terrainColor_ = gl::makeTexture2D(GL_RGBA16F, w, h, GL_LINEAR);
    terrainDistance_ = gl::makeTexture2D(GL_R32F, w, h, GL_NEAREST);
    sceneColor_ = gl::makeTexture2D(GL_RGBA16F, w, h, GL_LINEAR);
    depth_ = gl::makeTexture2D(GL_DEPTH_COMPONENT32F, w, h, GL_NEAREST);

    terrainFbo_ = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(terrainFbo_.id(), GL_COLOR_ATTACHMENT0, terrainColor_.id(), 0);
    glNamedFramebufferTexture(terrainFbo_.id(), GL_COLOR_ATTACHMENT1, terrainDistance_.id(), 0);
    glNamedFramebufferTexture(terrainFbo_.id(), GL_DEPTH_ATTACHMENT, depth_.id(), 0);
    const GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glNamedFramebufferDrawBuffers(terrainFbo_.id(), 2, both);

    sceneFbo_ = gl::Framebuffer(gl::Framebuffer::CreateTag{});
    glNamedFramebufferTexture(sceneFbo_.id(), GL_COLOR_ATTACHMENT0, sceneColor_.id(), 0);
    glNamedFramebufferTexture(sceneFbo_.id(), GL_DEPTH_ATTACHMENT, depth_.id(), 0);
    glNamedFramebufferDrawBuffer(sceneFbo_.id(), GL_COLOR_ATTACHMENT0);
}

namespace {
// Brush ring and source/drain markers (render_common.glsl's applyToolMarks).
void setToolMarks(const gl::Program& p, const ViewSettings& s) {
    glProgramUniform3f(p.id(), p.location("uBrushRing"), s.brushRing.x, s.brushRing.y, s.brushRing.z);
    const int count = int(std::min<std::size_t>(s.markers.size(), 32));
    p.set("uMarkerCount", count);
    if (count > 0) glProgramUniform4fv(p.id(), p.location("uMarkers"), count, &s.markers[0].x);
}
}  // namespace

void SceneRenderer::setCommonUniforms(const gl::Program& p, const RenderInputs& in, const Camera& cam,
                                      const glm::vec3& sunDir, const glm::mat4& viewProj) const {
    p.set("uGrid", in.width, in.height);
    p.set("uCellSize", in.cellSizeM);
    setVec3(p, "uEye", cam.position());
    setVec3(p, "uSunDir", sunDir);
    p.set("uHeightRange", bounds_.minBedM(), bounds_.maxBedM());
    p.set("uTime", in.timeSeconds);
    // Blend 1 reads the depth buffer only (bound at the previous-depth point too when not blending).
    p.set("uBlend", in.previousDepth ? std::clamp(in.blend, 0.0f, 1.0f) : 1.0f);  // 1 reads one buffer
    setMat4(p, "uViewProj", viewProj);
    // Haze reaches ~45 % at four world diagonals: visible on large maps, faint on small ones.
    const float world = std::max(float(in.width), float(in.height)) * in.cellSizeM;
    p.set("uHazePerM", 0.15f / std::max(world, 1.0f));
}

void SceneRenderer::setOverlayUniforms(const gl::Program& p, const RenderInputs& in, const ViewSettings& s) const {
    const bool history = in.history && in.history->valid() && in.history->width() == in.width &&
                         in.history->height() == in.height;
    // The same range the legends show (render/overlay_legend.hpp).
    const float range = overlayRange(s.overlay, s, history ? in.history->elapsedSeconds() : -1.0);
    p.set("uOverlay", s.overlay >= 0 && s.overlay < kOverlayCount ? s.overlay : int(kOverlayNone));
    p.set("uOverlayRange", range);
    p.set("uHistoryValid", history ? 1 : 0);
    // Erosion's fields: materials, turbid water and the erosion overlays.
    setErosionUniforms(p, in.erosion);
}

void SceneRenderer::collectGpuTimes() {
    timer_.collect();
    const std::vector<double>& ms = timer_.latestMs();
    if (ms.size() != std::size_t(kPasses)) return;
    stats_.gpu = RenderPassTimes{ms[0], ms[1], ms[2], ms[3]};
    stats_.gpuFrameAge = timer_.latestAgeFrames();
}

long long SceneRenderer::drawChunks(const gl::Program& p, const std::vector<ChunkDraw>& chunks, const RenderInputs& in,
                                    bool skirts) const {
    long long vertices = 0;
    p.set("uSkirtRing", skirts ? 1 : 0);
    for (const ChunkDraw& c : chunks) {
        const int x0 = c.chunkX * kChunkCells, y0 = c.chunkY * kChunkCells;
        const int x1 = std::min(x0 + kChunkCells, in.width - 1), y1 = std::min(y0 + kChunkCells, in.height - 1);
        const int span = std::max(std::max(x1 - x0, y1 - y0), 1);
        const int quads = (span + c.stride - 1) / c.stride;
        const int side = quads + (skirts ? 2 : 0);
        p.set("uChunkOrigin", x0, y0);
        p.set("uChunkEnd", x1, y1);
        p.set("uStride", c.stride);
        p.set("uQuads", quads);
        // Skirts hang deep enough to cover the height error of a coarse edge: slope up to ~2.
        p.set("uSkirtDepth", 2.0f * float(c.stride) * in.cellSizeM + 0.5f);
        const GLsizei count = GLsizei(side) * side * 6;
        glDrawArrays(GL_TRIANGLES, 0, count);
        vertices += count;
    }
    return vertices;
}

void SceneRenderer::render(const RenderInputs& in, const Camera& camera, const ViewSettings& s, int widthPx,
                           int heightPx, GLuint targetFramebuffer) {
    // GPU figures of earlier frames are kept: they arrive frames late.
    const RenderPassTimes gpu = stats_.gpu;
    const int gpuAge = stats_.gpuFrameAge;
    stats_ = {};
    stats_.gpu = gpu;
    stats_.gpuFrameAge = gpuAge >= 0 ? gpuAge + 1 : -1;
    if (widthPx <= 0 || heightPx <= 0 || in.width < 2 || in.height < 2 || !in.terrain || !in.depth || !in.flowX ||
        !in.flowY)
        return;
    // The offscreen passes run at the internal size; only the resolve writes widthPx x heightPx.
    const float scale = std::isfinite(s.renderScale) ? std::clamp(s.renderScale, 0.05f, 1.0f) : 1.0f;
    const int w = std::max(1, int(std::lround(float(widthPx) * scale)));
    const int h = std::max(1, int(std::lround(float(heightPx) * scale)));
    stats_.internalWidthPx = w;
    stats_.internalHeightPx = h;
    ensureTargets(w, h);
    timer_.beginFrame();
    collectGpuTimes();
    const std::vector<ChunkBounds>& bounds = bounds_.update(in);
    stats_.boundsLagFrames = bounds_.lagFrames();

    const glm::mat4 viewProj = camera.projection(float(widthPx) / float(heightPx)) * camera.view();
    const float ce = std::cos(s.sunElevationRad);
    const glm::vec3 sunDir = glm::normalize(
        glm::vec3(std::sin(s.sunAzimuthRad) * ce, std::cos(s.sunAzimuthRad) * ce, std::sin(s.sunElevationRad)));
    // Off, the map is left as it is: its hashes still tell what changed when shadows come back.
    if (s.shadows) shadow_->update(in, bounds_, sunDir);
    LodView lod;
    lod.viewProj = viewProj;
    lod.eye = camera.position();
    lod.fovYRad = camera.fovYRad;
    lod.heightPx = h;
    lod.maxCellPx = maxCellPx_;
    const float skirtMax = 2.0f * float(kChunkCells) * in.cellSizeM + 0.5f;
    const std::vector<ChunkDraw> terrainChunks = selectChunks(bounds, in.width, in.height, in.cellSizeM, lod, false, skirtMax);
    const std::vector<ChunkDraw> waterChunks = selectChunks(bounds, in.width, in.height, in.cellSizeM, lod, true, 0.0f);

    in.terrain->bindStorage(SLUICE_RBIND_TERRAIN);
    in.depth->bindStorage(SLUICE_RBIND_DEPTH);
    in.flowX->bindStorage(SLUICE_RBIND_FLOW_X);
    in.flowY->bindStorage(SLUICE_RBIND_FLOW_Y);
    (in.previousDepth ? in.previousDepth : in.depth)->bindStorage(SLUICE_RBIND_PREVIOUS_DEPTH);
    // Without a history the overlays never read the history binding; the depth buffer stands in.
    (in.history && in.history->valid() ? &in.history->buffer() : in.depth)->bindStorage(SLUICE_RBIND_HISTORY);
    bindErosionFields(in.erosion, *in.depth);  // likewise without erosion state
    // Blend 1 reads the depth buffer only (bound at the previous-depth point too when not blending).
    const float blend = in.previousDepth ? std::clamp(in.blend, 0.0f, 1.0f) : 1.0f;
    shore_->update(in, blend);
    stats_.gridBytes = shadow_->bytes() + shore_->bytes();
    stats_.gridBytesPerCell = double(stats_.gridBytes) / (double(in.width) * double(in.height));
    timer_.endPass();
    vao_.bind();
    glViewport(0, 0, w, h);

    // Pass 1: terrain, nearest chunks first (selectChunks' order) so that hidden fragments fail the
    // depth test before shading, then the sky only where no terrain was drawn (at the far plane).
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, terrainFbo_.id());
    const float farDepth = 1.0f;
    glClearNamedFramebufferfv(terrainFbo_.id(), GL_DEPTH, 0, &farDepth);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);  // skirts and chunk edges are seen from both sides
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    setCommonUniforms(terrain_, in, camera, sunDir, viewProj);
    terrain_.set("uShadows", s.shadows ? 1 : 0);
    terrain_.set("uSunShadow", int(kUnitSunShadow));
    terrain_.set("uShore", int(kUnitShore));
    setToolMarks(terrain_, s);
    setOverlayUniforms(terrain_, in, s);
    if (shadow_->texture()) shadow_->texture().bind(kUnitSunShadow);
    shore_->texture().bind(kUnitShore);
    terrain_.use();
    stats_.terrainVertices = drawChunks(terrain_, terrainChunks, in, true);
    stats_.terrainChunks = int(terrainChunks.size());
    for (const ChunkDraw& c : terrainChunks) {
        stats_.finestStride = stats_.finestStride == 0 ? c.stride : std::min(stats_.finestStride, c.stride);
        stats_.coarsestStride = std::max(stats_.coarsestStride, c.stride);
    }

    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    setCommonUniforms(sky_, in, camera, sunDir, viewProj);
    setMat4(sky_, "uInvViewProj", glm::inverse(viewProj));
    sky_.set("uDepthNdc", 1.0f);
    sky_.use();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    timer_.endPass();

    // Pass 2: water over a copy of the terrain image, depth-tested against the terrain.
    glCopyImageSubData(terrainColor_.id(), GL_TEXTURE_2D, 0, 0, 0, 0, sceneColor_.id(), GL_TEXTURE_2D, 0, 0, 0, 0,
                       w, h, 1);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, sceneFbo_.id());
    setCommonUniforms(water_, in, camera, sunDir, viewProj);
    water_.set("uDetail", int(kUnitDetail));
    water_.set("uTerrainColor", int(kUnitTerrainColor));
    water_.set("uTerrainDistance", int(kUnitTerrainDistance));
    water_.set("uViewport", float(w), float(h));
    setVec3(water_, "uAbsorption", s.absorptionPerM);
    setVec3(water_, "uScatter", s.scatterColor);
    water_.set("uShadows", s.shadows ? 1 : 0);
    water_.set("uNormalMaps", s.normalMaps ? 1 : 0);
    water_.set("uFoam", s.foam ? 1 : 0);
    water_.set("uDtSub", in.dtSubSeconds);
    water_.set("uGravity", in.gravity);
    setOverlayUniforms(water_, in, s);
    setToolMarks(water_, s);
    detail_.bind(kUnitDetail);
    terrainColor_.bind(kUnitTerrainColor);
    terrainDistance_.bind(kUnitTerrainDistance);
    water_.use();
    stats_.waterVertices = drawChunks(water_, waterChunks, in, false);
    stats_.waterChunks = int(waterChunks.size());
    timer_.endPass();

    // Pass 3: tone-mapped resolve into the caller's framebuffer; at a reduced internal size, into
    // the display target first and scaled up from there.
    const bool scaled = w != widthPx || h != heightPx;
    glDisable(GL_DEPTH_TEST);
    if (scaled) display_.ensure(w, h, 1.0f);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, scaled ? display_.framebuffer() : targetFramebuffer);
    resolve_.set("uScene", int(kUnitScene));
    resolve_.set("uExposure", 1.0f);
    sceneColor_.bind(kUnitScene);
    resolve_.use();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    if (scaled) display_.present(targetFramebuffer, widthPx, heightPx, kUnitScene);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, targetFramebuffer);
    glViewport(0, 0, widthPx, heightPx);
    timer_.endPass();

    glUseProgram(0);
    glBindVertexArray(0);
}

}  // namespace sluice::render

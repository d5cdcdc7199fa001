#include "render/scene_renderer.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "render/detail_map.hpp"
#include "render/erosion_fields.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "render/render_layout.hpp"
#include "render/water_chunks.hpp"
#include "render/water_detail.hpp"
#include "render/water_history.hpp"

namespace sluice::render {

namespace {

// Texture units (the storage bindings are in shaders/render/render_layout.h).
constexpr GLuint kUnitDetail = 0, kUnitTerrainColor = 1, kUnitTerrainDistance = 2, kUnitScene = 3, kUnitSunShadow = 4,
                 kUnitShore = 5;
// The water look's own textures (render/water_detail.hpp, render/water_foam.hpp).
constexpr GLuint kUnitWaterDetail = 6, kUnitFoam = 7;
constexpr int kWaterDetailSize = 256;  // texels per side of the water's detail map
// The terrain look's textures (render/terrain_ao_map.hpp, render/wetness_map.hpp, detail_map.hpp).
constexpr GLuint kUnitTerrainAo = 8, kUnitWetness = 9, kUnitTerrainDetail = 10;
constexpr GLuint kUnitBodyShadow = 11;  // render/body_shadow_map.hpp
constexpr int kTerrainDetailSize = 256;  // texels per side of the terrain's detail map

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
    auto bodies = BodyPass::create();
    if (!bodies) return bodies.error();
    r->bodies_ = std::move(*bodies);
    r->bodyShadow_ = std::make_unique<BodyShadowMap>();
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
    auto foam = WaterFoam::create();
    if (!foam) return foam.error();
    r->foam_ = std::move(*foam);
    r->waterDetail_ = makeWaterDetailTexture(kWaterDetailSize);
    // The terrain look: AO and wetness maps, the edge water's program, the detail texture (RGBA8,
    // repeating, mipmapped so distant ground does not shimmer).
    auto ao = TerrainAoMap::create();
    if (!ao) return ao.error();
    r->ao_ = std::move(*ao);
    auto wetness = WetnessMap::create();
    if (!wetness) return wetness.error();
    r->wetness_ = std::move(*wetness);
    auto edgeWater = gl::Program::graphics("render/edge_water.vert", "render/edge_water.frag");
    if (!edgeWater) return edgeWater.error();
    r->edgeWater_ = std::move(*edgeWater);
    {
        const std::vector<std::uint8_t> texels = makeTerrainDetailMap(kTerrainDetailSize);
        const int levels = int(std::log2(double(kTerrainDetailSize))) + 1;
        r->terrainDetail_ = gl::Texture(GL_TEXTURE_2D);
        const GLuint id = r->terrainDetail_.id();
        glTextureStorage2D(id, levels, GL_RGBA8, kTerrainDetailSize, kTerrainDetailSize);
        glTextureSubImage2D(id, 0, 0, 0, kTerrainDetailSize, kTerrainDetailSize, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
        glGenerateTextureMipmap(id);
        glTextureParameteri(id, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
        glTextureParameteri(id, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTextureParameteri(id, GL_TEXTURE_WRAP_S, GL_REPEAT);
        glTextureParameteri(id, GL_TEXTURE_WRAP_T, GL_REPEAT);
    }
    auto display = ScaledTarget::create();
    if (!display) return display.error();
    r->display_ = std::move(*display);

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
    p.set("uFieldLayout", int(in.fieldOrder));
    p.set("uCellSize", in.cellSizeM);
    // The eye in the heightfield's own metres (the projection exaggerates heights; fragment shaders
    // work unexaggerated), and the true sun for the look's lighting and sky (atmosphere.glsl).
    setVec3(p, "uEye", cam.position() / glm::vec3(1.0f, 1.0f, verticalScale_));
    setVec3(p, "uSunDir", sunDir);
    setVec3(p, "uSunLight", sunLight_);
    p.set("uVerticalScale", verticalScale_);
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

float SceneRenderer::verticalScale(const ViewSettings& s) {
    return std::isfinite(s.verticalExaggeration) ? std::clamp(s.verticalExaggeration, 0.1f, 20.0f) : 1.0f;
}

glm::mat4 SceneRenderer::viewProjection(const Camera& camera, float aspect, const ViewSettings& s) {
    return camera.projection(aspect) * camera.view() * glm::scale(glm::mat4(1.0f), glm::vec3(1.0f, 1.0f, verticalScale(s)));
}

float SceneRenderer::dioramaBaseZ(const RenderInputs& in) const {
    // Below the lowest bed by a fifth of the relief or 3 % of the world's width, at least 2 m: a slab
    // that reads as the world's thickness without dwarfing flat worlds.
    const float world = std::max(float(in.width), float(in.height)) * in.cellSizeM;
    const float relief = bounds_.maxBedM() - bounds_.minBedM();
    return bounds_.minBedM() - std::max({0.2f * relief, 0.03f * world, 2.0f});
}

void SceneRenderer::drawEdgeWater(const RenderInputs& in, const Camera& camera, const glm::vec3& sunDir,
                                  const glm::mat4& viewProj, const ViewSettings& s) const {
    // Four strips, one per side, between the edge cells' bed and water surface (collapsed where dry).
    setCommonUniforms(edgeWater_, in, camera, sunDir, viewProj);
    setVec3(edgeWater_, "uAbsorption", s.absorptionPerM);
    setVec3(edgeWater_, "uScatter", s.scatterColor);
    edgeWater_.use();
    for (int side = 0; side < 4; ++side) {
        const int cells = side < 2 ? in.width : in.height;
        edgeWater_.set("uSide", side);
        glDrawArrays(GL_TRIANGLES, 0, GLsizei(cells - 1) * 6);
    }
    terrain_.use();
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

    // Vertical exaggeration: the projection scales heights; everything per cell stays in the
    // simulation's metres. A direction d as drawn is (d.x, d.y, d.z / scale) in those metres, so
    // the sun direction the heightfield is marched and lit with (uSunDir) is the drawn sun's; the
    // look's lighting and sky use the drawn sun itself (uSunLight).
    verticalScale_ = verticalScale(s);
    const glm::mat4 viewProj = viewProjection(camera, float(widthPx) / float(heightPx), s);
    const float ce = std::cos(s.sunElevationRad);
    sunLight_ = glm::normalize(
        glm::vec3(std::sin(s.sunAzimuthRad) * ce, std::cos(s.sunAzimuthRad) * ce, std::sin(s.sunElevationRad)));
    const glm::vec3 sunDir = glm::normalize(sunLight_ / glm::vec3(1.0f, 1.0f, verticalScale_));
    // Off, the map is left as it is: its hashes still tell what changed when shadows come back.
    if (s.shadows) shadow_->update(in, bounds_, sunDir);
    if (s.ambientOcclusion) ao_->update(in, bounds_, verticalScale_);  // likewise
    LodView lod;
    lod.viewProj = viewProj;
    lod.eye = camera.position() / glm::vec3(1.0f, 1.0f, verticalScale_);
    lod.fovYRad = camera.fovYRad;
    lod.heightPx = h;
    lod.maxCellPx = maxCellPx_;
    // Skirts hang at most this far (drawChunks); on the world's edge the diorama's walls reach the base.
    const float baseZ = dioramaBaseZ(in);
    const float skirtMax = std::max(2.0f * float(kChunkCells) * in.cellSizeM + 0.5f,
                                    s.dioramaSides ? bounds_.maxBedM() - baseZ : 0.0f);
    const std::vector<ChunkDraw> terrainChunks = selectChunks(bounds, in.width, in.height, in.cellSizeM, lod, false, skirtMax);
    std::vector<ChunkDraw> waterChunks = selectChunks(bounds, in.width, in.height, in.cellSizeM, lod, true, 0.0f);
    matchTerrainStrides(waterChunks, terrainChunks);  // render/water_chunks.hpp: no terrain through the water

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
    foam_->update(in, blend);
    wetness_->update(in, blend, s.wetDryingSeconds);
    stats_.gridBytes = shadow_->bytes() + shore_->bytes() + foam_->bytes() + ao_->bytes() + wetness_->bytes();
    stats_.gridBytesPerCell = double(stats_.gridBytes) / (double(in.width) * double(in.height));
    vao_.bind();
    // The bodies' shadows: their depth from the sun, before the passes set their own targets.
    const bool bodyShadows = s.shadows && in.bodies && !in.bodies->empty();
    if (bodyShadows) bodyShadow_->update(bodies_, *in.bodies, sunDir, viewProj);
    timer_.endPass();
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
    // No sea: a level far below every bed, so no ground counts as beach or dune.
    terrain_.set("uSeaLevel", std::isfinite(in.seaLevelM) ? in.seaLevelM : -1e30f);
    // The water's optics, for the view from under water (underwater.glsl) in every pass.
    for (const gl::Program* p : {&terrain_, &sky_}) {
        setVec3(*p, "uAbsorption", s.absorptionPerM);
        setVec3(*p, "uScatter", s.scatterColor);
    }
    terrain_.set("uShadows", s.shadows ? 1 : 0);
    terrain_.set("uSunShadow", int(kUnitSunShadow));
    bodyShadow_->bindTo(terrain_, kUnitBodyShadow, bodyShadows);
    terrain_.set("uShore", int(kUnitShore));
    terrain_.set("uAmbientOcclusion", s.ambientOcclusion ? 1 : 0);
    terrain_.set("uTerrainAo", int(kUnitTerrainAo));
    terrain_.set("uWetness", int(kUnitWetness));
    terrain_.set("uTerrainDetail", int(kUnitTerrainDetail));
    terrain_.set("uDiorama", s.dioramaSides ? 1 : 0);
    terrain_.set("uBaseZ", baseZ);
    if (ao_->texture()) ao_->texture().bind(kUnitTerrainAo);
    wetness_->texture().bind(kUnitWetness);
    terrainDetail_.bind(kUnitTerrainDetail);
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
    if (s.dioramaSides) drawEdgeWater(in, camera, sunDir, viewProj, s);
    if (in.bodies && !in.bodies->empty()) {  // into the terrain's targets: the water pass sees them as it sees the bed
        setCommonUniforms(bodies_.program(), in, camera, sunDir, viewProj);
        setVec3(bodies_.program(), "uAbsorption", s.absorptionPerM);
        setVec3(bodies_.program(), "uScatter", s.scatterColor);
        bodies_.program().set("uShadows", s.shadows ? 1 : 0);
        bodyShadow_->bindTo(bodies_.program(), kUnitBodyShadow, bodyShadows);
        stats_.bodyTriangles = bodies_.draw(*in.bodies);
    }

    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    setCommonUniforms(sky_, in, camera, sunDir, viewProj);
    // The sky's rays are true view directions: the camera's own projection, not exaggerated.
    setMat4(sky_, "uInvViewProj", glm::inverse(camera.projection(float(widthPx) / float(heightPx)) * camera.view()));
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
    water_.set("uDetail", int(kUnitWaterDetail));
    water_.set("uFoamField", int(kUnitFoam));
    water_.set("uCaustics", s.caustics ? 1 : 0);
    water_.set("uReflections", s.reflections ? 1 : 0);
    water_.set("uTerrainColor", int(kUnitTerrainColor));
    water_.set("uTerrainDistance", int(kUnitTerrainDistance));
    water_.set("uViewport", float(w), float(h));
    setVec3(water_, "uAbsorption", s.absorptionPerM);
    setVec3(water_, "uScatter", s.scatterColor);
    water_.set("uShadows", s.shadows ? 1 : 0);
    bodyShadow_->bindTo(water_, kUnitBodyShadow, bodyShadows);
    water_.set("uNormalMaps", s.normalMaps ? 1 : 0);
    water_.set("uFoam", s.foam ? 1 : 0);
    water_.set("uDtSub", in.dtSubSeconds);
    water_.set("uGravity", in.gravity);
    setOverlayUniforms(water_, in, s);
    setToolMarks(water_, s);
    waterDetail_.bind(kUnitWaterDetail);
    foam_->texture().bind(kUnitFoam);
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

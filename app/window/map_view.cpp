#include "app/window/map_view.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "app/window/compare_view.hpp"
#include "render/erosion_fields.hpp"
#include "render/overlay.hpp"

namespace sluice::app {

namespace {
// Zoom limits: from half the fitted size (some context around the grid) to 64x (a few cells on screen).
constexpr float kMinZoom = 0.5f;
constexpr float kMaxZoom = 64.0f;
}  // namespace

Result<MapView> MapView::create(int gridW, int gridH, float cellSizeM, float minTerrainM, float maxTerrainM) {
    auto program = gl::Program::graphics("render/map_view.vert", "render/map_view.frag");
    if (!program) return program.error();
    MapView v;
    v.program_ = std::move(*program);
    glCreateVertexArrays(1, &v.vao_);
    v.gridW_ = gridW;
    v.gridH_ = gridH;
    v.cellSizeM_ = cellSizeM;
    v.minTerrainM_ = minTerrainM;
    // A flat scene still needs a non-empty range so the colour ramp does not divide by zero.
    v.maxTerrainM_ = std::max(maxTerrainM, minTerrainM + 1e-3f);
    v.resetCamera();
    return v;
}

MapView::MapView(MapView&& o) noexcept
    : style(o.style),
      erosion(o.erosion),
      overlay(o.overlay),
      overlayRange(o.overlayRange),
      program_(std::move(o.program_)),
      vao_(std::exchange(o.vao_, 0)),
      gridW_(o.gridW_),
      gridH_(o.gridH_),
      cellSizeM_(o.cellSizeM_),
      minTerrainM_(o.minTerrainM_),
      maxTerrainM_(o.maxTerrainM_),
      zoom_(o.zoom_),
      centerX_(o.centerX_),
      centerY_(o.centerY_),
      lastW_(o.lastW_),
      lastH_(o.lastH_) {}

MapView::~MapView() {
    if (vao_) glDeleteVertexArrays(1, &vao_);
}

float MapView::pixelsPerCell() const {
    const float fit = std::min(float(lastW_) / float(gridW_), float(lastH_) / float(gridH_));
    return fit * zoom_;
}

void MapView::draw(int viewportW, int viewportH, const gl::Buffer& terrain, const gl::Buffer& depth,
                   const gl::Buffer* compareDepth, float differenceScaleM, float renderScale) const {
    lastW_ = std::max(1, viewportW);
    lastH_ = std::max(1, viewportH);
    const float scale = std::clamp(renderScale, 0.05f, 1.0f);
    const int drawW = std::max(1, int(std::lround(float(lastW_) * scale)));
    const int drawH = std::max(1, int(std::lround(float(lastH_) * scale)));
    // The solver writes depth from compute shaders; make those writes visible to this draw's reads.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glViewport(0, 0, drawW, drawH);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    terrain.bindStorage(0);
    depth.bindStorage(1);
    (compareDepth ? *compareDepth : depth).bindStorage(2);
    program_.set("uDifference", compareDepth ? std::max(differenceScaleM, 1e-3f) : 0.0f);
    program_.set("uDifferenceDeadBand", kDifferenceDeadBand);
    // Erosion's fields (materials, muddy water, overlays); the depth buffer stands in without them.
    render::bindErosionFields(erosion, depth);
    render::setErosionUniforms(program_, erosion);
    program_.set("uOverlay", render::overlayShowsErosion(overlay) && !compareDepth ? overlay : 0);
    program_.set("uOverlayRange", std::max(overlayRange, 1e-6f));
    program_.set("uGrid", gridW_, gridH_);
    program_.set("uFieldLayout", int(fieldOrder));
    program_.set("uCenter", centerX_, centerY_);
    program_.set("uViewport", float(drawW), float(drawH));
    program_.set("uCellsPerPixel", float(lastW_) / (float(drawW) * pixelsPerCell()));
    program_.set("uCellSize", cellSizeM_);
    program_.set("uHeightRange", minTerrainM_, maxTerrainM_);
    program_.set("uRelief", style.reliefExaggeration);
    glProgramUniform3f(program_.id(), program_.location("uBrush"), brushX, brushY, brushRadius);
    const int count = int(std::min<std::size_t>(markers.size(), 32));
    program_.set("uMarkerCount", count);
    if (count > 0) glProgramUniform4fv(program_.id(), program_.location("uMarkers"), count, &markers[0].x);
    program_.use();
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
}

void MapView::zoomAt(float px, float py, float factor) {
    const float before = pixelsPerCell();
    const float gx = centerX_ + (px - 0.5f * float(lastW_)) / before;
    const float gy = centerY_ + (py - 0.5f * float(lastH_)) / before;
    zoom_ = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
    const float after = pixelsPerCell();
    centerX_ = gx - (px - 0.5f * float(lastW_)) / after;
    centerY_ = gy - (py - 0.5f * float(lastH_)) / after;
}

void MapView::panPixels(float dx, float dy) {
    const float ppc = pixelsPerCell();
    // Keep the centre on the grid so the map can never be dragged out of sight entirely.
    centerX_ = std::clamp(centerX_ - dx / ppc, 0.0f, float(gridW_));
    centerY_ = std::clamp(centerY_ - dy / ppc, 0.0f, float(gridH_));
}

void MapView::gridPointAt(float px, float py, float& gx, float& gy) const {
    const float ppc = pixelsPerCell();
    gx = centerX_ + (px - 0.5f * float(lastW_)) / ppc;
    gy = centerY_ + (py - 0.5f * float(lastH_)) / ppc;
}

void MapView::pixelAt(float gx, float gy, float& px, float& py) const {
    const float ppc = pixelsPerCell();
    px = (gx - centerX_) * ppc + 0.5f * float(lastW_);
    py = (gy - centerY_) * ppc + 0.5f * float(lastH_);
}

void MapView::resetCamera() {
    zoom_ = 1.0f;
    centerX_ = 0.5f * float(gridW_);
    centerY_ = 0.5f * float(gridH_);
}

}  // namespace sluice::app

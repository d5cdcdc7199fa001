#pragma once
// Top-down orthographic map of the grid: one full-viewport triangle whose fragment shader reads the
// solver's terrain and depth buffers (and erosion's fields) directly (no copies), so drawing costs
// no readback.
// Coordinates: "grid" space is in cells, x east, y north, cell (i, j) covering [i, i+1) x [j, j+1);
// "pixel" space is the drawable with its origin at the bottom-left (GL convention).
#include <glad/gl.h>

#include <vector>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "render/render_inputs.hpp"

namespace sluice::app {

/// Look settings of the map; all dimensionless.
struct MapStyle {
    float reliefExaggeration = 3.0f;  ///< vertical scale applied to slopes for hill shading only
};

/// Pan/zoom camera plus the shader that draws the map. Needs a current GL 4.5 context.
class MapView {
public:
    /// Compiles shaders/render/map_view.{vert,frag}. `gridW` x `gridH` cells of `cellSizeM` metres; the
    /// terrain range [minM, maxM] maps the height colour ramp.
    static Result<MapView> create(int gridW, int gridH, float cellSizeM, float minTerrainM, float maxTerrainM);

    MapView(MapView&& o) noexcept;
    MapView& operator=(MapView&&) = delete;
    MapView(const MapView&) = delete;
    MapView& operator=(const MapView&) = delete;
    ~MapView();

    /// Draws the map into the viewport (0, 0, w, h) pixels of the bound framebuffer. The buffers hold
    /// one float per cell (metres), index y * gridW + x.
    /// With `compareDepth` (run B of an A/B comparison) the water is replaced by the difference
    /// compareDepth - depth, saturating at `differenceScaleM` metres. With renderScale s < 1 the same
    /// picture is drawn at s times the resolution into (0, 0, round(s w), round(s h)), for the caller
    /// to scale up (software renderers); pan, zoom and picking stay in units of the full viewport.
    void draw(int viewportW, int viewportH, const gl::Buffer& terrain, const gl::Buffer& depth,
              const gl::Buffer* compareDepth = nullptr, float differenceScaleM = 0.5f, float renderScale = 1.0f) const;

    /// Multiplies the zoom by `factor` keeping the grid point under pixel (px, py) fixed.
    void zoomAt(float px, float py, float factor);
    /// Moves the map by (dx, dy) pixels (positive = content moves right / up).
    void panPixels(float dx, float dy);
    /// Whole grid visible again, centred.
    void resetCamera();
    /// Grid point (cells) under drawable pixel (px, py) (origin bottom-left), as of the last draw.
    void gridPointAt(float px, float py, float& gx, float& gy) const;
    /// gridPointAt's inverse: the drawable pixel of grid point (gx, gy), as of the last draw.
    void pixelAt(float gx, float gy, float& px, float& py) const;

    /// Overlays drawn on the map: the brush ring and source/drain markers (cells).
    struct Marker {
        float x, y, radius, kind;  ///< kind: +1 source, -1 drain, 2 selected
    };
    float brushX = 0, brushY = 0, brushRadius = 0;  ///< radius <= 0: no ring
    std::vector<Marker> markers;

    /// Shading settings, read at every draw (the viewer's panel edits them).
    MapStyle style;

    /// Erosion's fields of the run drawn, set before each draw (empty without erosion state): the
    /// ground shows its materials (bedrock, sand, carved soil) and the water its suspended load, as
    /// in the 3-D view.
    render::ErosionInputs erosion;
    /// The layout of the run's fields (render::RenderInputs::fieldOrder), set before each draw.
    sim::FieldOrder fieldOrder = sim::FieldOrder::Rows;
    /// An erosion overlay over the map (render/overlay.hpp: sediment, soft layer or bed change, in
    /// the 3-D view's ramps, nearest cell; other codes draw none) and the value at the top of its
    /// ramp (render::overlayRange; either end for bed change). Without erosion state the grid turns
    /// grey, and dry cells under sediment.
    int overlay = 0;
    float overlayRange = 1;

private:
    MapView() = default;
    /// Pixels per cell at the current zoom in a viewport of the last drawn size.
    float pixelsPerCell() const;

    gl::Program program_;
    GLuint vao_ = 0;  // empty: core profile needs one bound for attribute-less draws
    int gridW_ = 0, gridH_ = 0;
    float cellSizeM_ = 1.0f, minTerrainM_ = 0.0f, maxTerrainM_ = 1.0f;
    float zoom_ = 1.0f;                  // 1 = whole grid fits the viewport (letterboxed)
    float centerX_ = 0, centerY_ = 0;    // grid point at the viewport centre (cells)
    mutable int lastW_ = 1, lastH_ = 1;  // viewport of the last draw, for mouse mapping (pixels)
};

}  // namespace sluice::app

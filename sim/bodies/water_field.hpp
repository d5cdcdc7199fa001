#pragma once
// The water as the bodies feel it: the surface, depth and depth-averaged velocity at any point of the
// plane, from a grid of cells (a patch of a solver's grid, or arrays a test makes). Values at cell
// centres ((i + 1/2) dx, (j + 1/2) dx), bilinear between them over the wet cells only, so a dry bank's
// bed does not bend the surface beside it.
#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "sim/bodies/body_water_math.hpp"

namespace sluice::sim {

struct WaterPatch;

namespace water_field_detail {
// Depth below which a cell counts as dry for the bodies (1 mm: a film carries nothing).
constexpr float kWetM = SLUICE_BODY_WET_M;
}  // namespace water_field_detail

/// The water at one point.
struct WaterAt {
    float surfaceM = 0.0f;    ///< water surface elevation (m); the bed where dry
    float depthM = 0.0f;      ///< 0 where dry
    glm::vec2 velocityMPerS{0.0f};
    glm::vec2 surfaceSlope{0.0f};  ///< d(surface)/dx, d(surface)/dy (m/m) over the wet cells
    float wetShare = 0.0f;         ///< the bilinear weight of the wet cells around the point, 0..1
};

/// The water at one point and the gradient of the pressure head at one elevation there
/// (WaterField::probe).
struct WaterProbe {
    WaterAt water;
    glm::vec2 headSlope{0.0f};
};

class WaterField {
public:
    WaterField() = default;
    /// Cells' bed (m), depth (m) and velocity (m/s), width * height each, row-major from the south.
    WaterField(int width, int height, float cellSizeM, std::vector<float> bedM, std::vector<float> depthM,
               std::vector<glm::vec2> velocityMPerS);
    /// Over one patch of a grid of gridWidth x gridHeight cells (Solver::readWater): the water around
    /// one body. The cell velocity is the mean of the face velocities on either side of it along each
    /// axis (the shallow-water model's; for the pipe model, flow over the face's mean depth, the depth
    /// inside where the patch ends). Look-ups past the patch read its edge cells, as look-ups past the
    /// grid read the grid's. With the bodies' load on the water (`loadM`, per cell of the grid; empty:
    /// none), the surface is the level the water stands at around them: bed + load + depth
    /// (docs/BODIES.md).
    static WaterField fromPatch(const WaterPatch& p, int gridWidth, int gridHeight, float cellSizeM,
                                const std::vector<float>& loadM = {});

    /// The water at (x, y) (m, world frame); dry outside the grid.
    WaterAt at(float xM, float yM) const;
    /// The gradient (m/m) at (x, y) of the water's pressure head at elevation z, bilinear between the
    /// cell centres, where a cell's head is its surface above z when wet and 0 when dry. Over open
    /// water it is the surface slope; across a body that stands dry on one side and in water on the
    /// other it is what pushes the body away from the water (a dam's load).
    glm::vec2 headSlope(float xM, float yM, float zM) const;
    /// at(x, y) (without its surfaceSlope, left 0) and headSlope(x, y, z) from one look-up of the
    /// cells around the point: what the water's forces read per volume sample.
    WaterProbe probe(float xM, float yM, float zM) const;

    int width() const { return width_; }
    int height() const { return height_; }
    float cellSizeM() const { return dx_; }
    /// Whether cell (x, y) of the grid is in the field's window (all of the grid but for fromPatch).
    bool holds(int x, int y) const { return x >= x0_ && y >= y0_ && x < x0_ + w_ && y < y0_ + h_; }
    /// The bed without the bodies' load (m) and the depth (m) of cell (x, y), clamped to the window.
    float bareBedM(int x, int y) const { return bare_[clamped(x, y)]; }
    float depthM(int x, int y) const { return cells_[clamped(x, y)].depthM; }
    /// The highest water surface (m) of the window's wet cells (bed + load + depth; -infinity where
    /// all are dry): nothing above it feels the water.
    float highestSurfaceM() const { return highestSurfaceM_; }
    /// The fastest flow (m/s) over the window's wet cells (0 where all are dry).
    float fastestMPerS() const { return fastestMPerS_; }

    /// One cell as the look-ups read it, its values side by side (a look-up reads four of them; a
    /// sample's ~60 ns was mostly four arrays read twice). 16 bytes: the GPU's forces read them as vec4.
    struct Cell {
        float bedM;  ///< with the load
        float depthM;
        glm::vec2 velocityMPerS;
    };
    /// The window of the grid the field covers (all of it but for fromPatch) and its cells, row-major
    /// from its south-west cell: what the GPU's forces upload (sim/gpu_body_forces.hpp).
    int windowX0() const { return x0_; }
    int windowY0() const { return y0_; }
    int windowWidth() const { return w_; }
    int windowHeight() const { return h_; }
    const std::vector<Cell>& cells() const { return cells_; }

private:
    // The window [x0_, x0_ + w_) x [y0_, y0_ + h_) of the grid the arrays cover (w_ * h_ each).
    std::size_t local(int x, int y) const { return std::size_t(y - y0_) * std::size_t(w_) + std::size_t(x - x0_); }
    // The array index of grid cell (x, y), clamped to the window (which lies inside the grid).
    int clampX(int x) const { return x < x0_ ? x0_ : x >= x0_ + w_ ? x0_ + w_ - 1 : x; }
    int clampY(int y) const { return y < y0_ ? y0_ : y >= y0_ + h_ ? y0_ + h_ - 1 : y; }
    std::size_t clamped(int x, int y) const { return local(clampX(x), clampY(y)); }
    // The water at (x, y) and the head's gradient at elevation z there, from the four cell centres
    // around the point (clamped to the window); with kSlope also the surface slope. Dry outside
    // the grid.
    template <bool kSlope>
    WaterProbe look(float xM, float yM, float zM) const;
    int width_ = 0, height_ = 0;
    float dx_ = 1.0f;
    int x0_ = 0, y0_ = 0, w_ = 0, h_ = 0;
    std::vector<Cell> cells_;
    std::vector<float> bare_;
    float highestSurfaceM_ = -std::numeric_limits<float>::infinity();
    float fastestMPerS_ = 0.0f;
    void findExtremes();  // highestSurfaceM_ and fastestMPerS_
};

// The look-up, inline: the water's forces make ~150 of them per body and physics substep. Its
// formulas are shaders/sim/body_water_math.h's, which the GPU's forces share (same bits).
template <bool kSlope>
inline WaterProbe WaterField::look(float xM, float yM, float zM) const {
    WaterProbe out;
    if (width_ <= 0 || height_ <= 0) return out;
    int x0 = 0, y0 = 0;
    float fx = 0.0f, fy = 0.0f;
    if (!bmath::bodyCellCoords(xM, yM, dx_, width_, height_, x0, y0, fx, fy)) return out;
    const std::size_t xa = std::size_t(clampX(x0) - x0_), xb = std::size_t(clampX(x0 + 1) - x0_);
    const Cell* south = cells_.data() + std::size_t(clampY(y0) - y0_) * std::size_t(w_);
    const Cell* north = cells_.data() + std::size_t(clampY(y0 + 1) - y0_) * std::size_t(w_);
    const Cell& c00 = south[xa];
    const Cell& c01 = south[xb];
    const Cell& c10 = north[xa];
    const Cell& c11 = north[xb];
    const auto v4 = [](const Cell& c) { return glm::vec4(c.bedM, c.depthM, c.velocityMPerS.x, c.velocityMPerS.y); };
    const bmath::BodyProbe p = bmath::bodyProbe(v4(c00), v4(c01), v4(c10), v4(c11), fx, fy, zM, dx_);
    out.headSlope = p.headSlope;
    WaterAt& w = out.water;
    w.surfaceM = p.surface;
    w.depthM = p.depth;
    w.velocityMPerS = p.velocity;
    w.wetShare = p.wetShare;
    if constexpr (kSlope) {
        if (!(w.depthM > 0.0f)) return out;
        // Slope along each axis from the pairs of wet centres across it (either row / column).
        using water_field_detail::kWetM;
        const float z00 = c00.bedM + c00.depthM, z01 = c01.bedM + c01.depthM;
        const float z10 = c10.bedM + c10.depthM, z11 = c11.bedM + c11.depthM;
        const bool wet00 = c00.depthM > kWetM, wet01 = c01.depthM > kWetM;
        const bool wet10 = c10.depthM > kWetM, wet11 = c11.depthM > kWetM;
        float sx = 0.0f, nx = 0.0f, sy = 0.0f, ny = 0.0f;
        if (wet00 && wet01) {
            sx += (1.0f - fy) * (z01 - z00);
            nx += 1.0f - fy;
        }
        if (wet10 && wet11) {
            sx += fy * (z11 - z10);
            nx += fy;
        }
        if (wet00 && wet10) {
            sy += (1.0f - fx) * (z10 - z00);
            ny += 1.0f - fx;
        }
        if (wet01 && wet11) {
            sy += fx * (z11 - z01);
            ny += fx;
        }
        w.surfaceSlope = glm::vec2(nx > 0.0f ? sx / (nx * dx_) : 0.0f, ny > 0.0f ? sy / (ny * dx_) : 0.0f);
    }
    return out;
}

inline WaterProbe WaterField::probe(float xM, float yM, float zM) const { return look<false>(xM, yM, zM); }

}  // namespace sluice::sim

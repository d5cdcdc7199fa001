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

namespace sluice::sim {

struct WaterPatch;

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
    // One cell, its values side by side: a look-up reads four of them (a sample's ~60 ns was
    // mostly four arrays read twice).
    struct Cell {
        float bedM;    // with the load
        float depthM;
        glm::vec2 velocityMPerS;
    };
    int width_ = 0, height_ = 0;
    float dx_ = 1.0f;
    int x0_ = 0, y0_ = 0, w_ = 0, h_ = 0;
    std::vector<Cell> cells_;
    std::vector<float> bare_;
    float highestSurfaceM_ = -std::numeric_limits<float>::infinity();
    float fastestMPerS_ = 0.0f;
    void findExtremes();  // highestSurfaceM_ and fastestMPerS_
};

// The look-up, inline: the water's forces make ~150 of them per body and physics substep. Straight-
// line and scalar, the samples' chains of divisions overlap; written over small arrays and structs
// it went through the stack and stalled on every sample (measured: a sample 46 -> 38 ns here).
namespace water_field_detail {
// Depth below which a cell counts as dry for the bodies (1 mm: a film carries nothing).
constexpr float kWetM = 1e-3f;
}  // namespace water_field_detail

template <bool kSlope>
inline WaterProbe WaterField::look(float xM, float yM, float zM) const {
    WaterProbe out;
    if (width_ <= 0 || height_ <= 0) return out;
    // Cell-centre coordinates; the four centres around the point, clamped at the edges.
    const float gx = xM / dx_ - 0.5f, gy = yM / dx_ - 0.5f;
    if (!(gx > -1.0f && gy > -1.0f && gx < float(width_) && gy < float(height_))) return out;
    // floor() by truncation (the point is past -1, inside int's range): no call to floorf.
    int x0 = int(gx), y0 = int(gy);
    if (float(x0) > gx) --x0;
    if (float(y0) > gy) --y0;
    const float fx = gx - float(x0), fy = gy - float(y0);
    const std::size_t xa = std::size_t(clampX(x0) - x0_), xb = std::size_t(clampX(x0 + 1) - x0_);
    const Cell* south = cells_.data() + std::size_t(clampY(y0) - y0_) * std::size_t(w_);
    const Cell* north = cells_.data() + std::size_t(clampY(y0 + 1) - y0_) * std::size_t(w_);
    const Cell& c00 = south[xa];
    const Cell& c01 = south[xb];
    const Cell& c10 = north[xa];
    const Cell& c11 = north[xb];
    // Bilinear weights; the wet cells' (a dry one adds +0, leaving every sum's bits as they are).
    const float w00 = (1.0f - fx) * (1.0f - fy), w01 = fx * (1.0f - fy), w10 = (1.0f - fx) * fy, w11 = fx * fy;
    const float z00 = c00.bedM + c00.depthM, z01 = c01.bedM + c01.depthM;
    const float z10 = c10.bedM + c10.depthM, z11 = c11.bedM + c11.depthM;
    using water_field_detail::kWetM;
    const bool wet00 = c00.depthM > kWetM, wet01 = c01.depthM > kWetM;
    const bool wet10 = c10.depthM > kWetM, wet11 = c11.depthM > kWetM;
    const float m00 = wet00 ? w00 : 0.0f, m01 = wet01 ? w01 : 0.0f, m10 = wet10 ? w10 : 0.0f, m11 = wet11 ? w11 : 0.0f;
    float bed = 0.0f, bedW = 0.0f, wSum = 0.0f, surface = 0.0f, vx = 0.0f, vy = 0.0f;
    bed += w00 * c00.bedM;
    bed += w01 * c01.bedM;
    bed += w10 * c10.bedM;
    bed += w11 * c11.bedM;
    bedW += w00;
    bedW += w01;
    bedW += w10;
    bedW += w11;
    wSum += m00;
    wSum += m01;
    wSum += m10;
    wSum += m11;
    surface += m00 * z00;
    surface += m01 * z01;
    surface += m10 * z10;
    surface += m11 * z11;
    vx += m00 * c00.velocityMPerS.x;
    vx += m01 * c01.velocityMPerS.x;
    vx += m10 * c10.velocityMPerS.x;
    vx += m11 * c11.velocityMPerS.x;
    vy += m00 * c00.velocityMPerS.y;
    vy += m01 * c01.velocityMPerS.y;
    vy += m10 * c10.velocityMPerS.y;
    vy += m11 * c11.velocityMPerS.y;

    // The pressure head above z at each centre (0 where dry). A grid edge is a wall: the clamped
    // neighbour repeats the edge cell, so no push across it.
    const float p00 = wet00 ? std::max(0.0f, z00 - zM) : 0.0f, p01 = wet01 ? std::max(0.0f, z01 - zM) : 0.0f;
    const float p10 = wet10 ? std::max(0.0f, z10 - zM) : 0.0f, p11 = wet11 ? std::max(0.0f, z11 - zM) : 0.0f;
    const float dpx = (1.0f - fy) * (p01 - p00) + fy * (p11 - p10);
    const float dpy = (1.0f - fx) * (p10 - p00) + fx * (p11 - p01);
    out.headSlope = glm::vec2(dpx / dx_, dpy / dx_);

    WaterAt& w = out.water;
    const float bedAt = bed / bedW;
    if (!(wSum > 1e-6f)) {
        w.surfaceM = bedAt;
        return out;
    }
    w.wetShare = wSum / bedW;
    w.surfaceM = surface / wSum;
    w.depthM = std::max(0.0f, w.surfaceM - bedAt);
    if (w.depthM <= 0.0f) return out;
    w.velocityMPerS = glm::vec2(vx / wSum, vy / wSum);
    if constexpr (kSlope) {
        // Slope along each axis from the pairs of wet centres across it (either row / column).
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

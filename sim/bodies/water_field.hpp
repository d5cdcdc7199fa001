#pragma once
// The water as the bodies feel it: the surface, depth and depth-averaged velocity at any point of the
// plane, from a grid of cells (a patch of a solver's grid, or arrays a test makes). Values at cell
// centres ((i + 1/2) dx, (j + 1/2) dx), bilinear between them over the wet cells only, so a dry bank's
// bed does not bend the surface beside it.
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
    float depthM(int x, int y) const { return depth_[clamped(x, y)]; }

private:
    // The window [x0_, x0_ + w_) x [y0_, y0_ + h_) of the grid the arrays cover (w_ * h_ each).
    std::size_t local(int x, int y) const { return std::size_t(y - y0_) * std::size_t(w_) + std::size_t(x - x0_); }
    // The array index of grid cell (x, y), clamped to the window (which lies inside the grid).
    std::size_t clamped(int x, int y) const {
        return local(x < x0_ ? x0_ : x >= x0_ + w_ ? x0_ + w_ - 1 : x, y < y0_ ? y0_ : y >= y0_ + h_ ? y0_ + h_ - 1 : y);
    }
    // The four cell centres around a point (their array indices) and the point's place between
    // them; false outside the grid.
    struct Corners {
        float fx = 0.0f, fy = 0.0f;
        std::size_t cell[2][2] = {{0, 0}, {0, 0}};
    };
    bool corners(float xM, float yM, Corners& c) const;
    WaterAt waterAt(const Corners& c, bool slope) const;  // slope: also surfaceSlope
    glm::vec2 headSlopeAt(const Corners& c, float zM) const;
    int width_ = 0, height_ = 0;
    float dx_ = 1.0f;
    int x0_ = 0, y0_ = 0, w_ = 0, h_ = 0;
    std::vector<float> bed_, bare_, depth_;  // bed_: with the load
    std::vector<glm::vec2> velocity_;
};

}  // namespace sluice::sim

#pragma once
// The water as the bodies feel it: the surface, depth and depth-averaged velocity at any point of the
// plane, from a grid of cells (a solver's FieldSnapshot, or arrays a test makes). Values at cell
// centres ((i + 1/2) dx, (j + 1/2) dx), bilinear between them over the wet cells only, so a dry bank's
// bed does not bend the surface beside it.
#include <vector>

#include <glm/vec2.hpp>

namespace sluice::sim {

struct FieldSnapshot;

/// The water at one point.
struct WaterAt {
    float surfaceM = 0.0f;    ///< water surface elevation (m); the bed where dry
    float depthM = 0.0f;      ///< 0 where dry
    glm::vec2 velocityMPerS{0.0f};
    glm::vec2 surfaceSlope{0.0f};  ///< d(surface)/dx, d(surface)/dy (m/m) over the wet cells
    float wetShare = 0.0f;         ///< the bilinear weight of the wet cells around the point, 0..1
};

class WaterField {
public:
    WaterField() = default;
    /// Cells' bed (m), depth (m) and velocity (m/s), width * height each, row-major from the south.
    WaterField(int width, int height, float cellSizeM, std::vector<float> bedM, std::vector<float> depthM,
               std::vector<glm::vec2> velocityMPerS);
    /// From a solver's state: the cell velocity is the mean of the face velocities on either side of it
    /// along each axis (the shallow-water model's; for the pipe model, flow over the face's mean depth).
    /// With the bodies' load on the water (`loadM`, per cell; empty: none), the surface is the level
    /// the water stands at around them: bed + load + depth (docs/BODIES.md).
    static WaterField fromSnapshot(const FieldSnapshot& s, const std::vector<float>& loadM = {});

    /// The water at (x, y) (m, world frame); dry outside the grid.
    WaterAt at(float xM, float yM) const;
    /// The gradient (m/m) at (x, y) of the water's pressure head at elevation z, bilinear between the
    /// cell centres, where a cell's head is its surface above z when wet and 0 when dry. Over open
    /// water it is the surface slope; across a body that stands dry on one side and in water on the
    /// other it is what pushes the body away from the water (a dam's load).
    glm::vec2 headSlope(float xM, float yM, float zM) const;

    int width() const { return width_; }
    int height() const { return height_; }
    float cellSizeM() const { return dx_; }

private:
    int width_ = 0, height_ = 0;
    float dx_ = 1.0f;
    std::vector<float> bed_, depth_;
    std::vector<glm::vec2> velocity_;
};

}  // namespace sluice::sim

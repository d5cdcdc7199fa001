#pragma once
// Orbit camera over the terrain. World space: x east, y north, z up, metres; the grid's cell (i, j)
// has its centre at ((i + 0.5) dx, (j + 0.5) dx). Pure math, no GL: unit-tested on its own.
#include <glm/glm.hpp>

namespace sluice::render {

/// An orbit camera: looks at target from distanceM away, yaw around +z (0 = looking north), pitch
/// down from the horizon (radians, clamped to (0.05, 1.55)).
struct Camera {
    glm::vec3 target{0.0f};
    float yawRad = 0.6f;
    float pitchRad = 0.7f;
    float distanceM = 500.0f;
    float fovYRad = 0.9f;
    float nearM = 0.5f;
    float farM = 20000.0f;

    glm::vec3 position() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
    /// World-space ray through a pixel (x right, y down, in pixels of a viewport w x h).
    void rayThroughPixel(float px, float py, float w, float h, glm::vec3& origin, glm::vec3& dir) const;
    /// Frames a world of the given size (metres) and height range in view.
    void frame(float worldWidthM, float worldHeightM, float minZ, float maxZ);
    /// Orbit by mouse deltas (radians), zoom by a factor (>1 moves away), pan by a screen-space
    /// delta in fractions of the viewport height.
    void orbit(float dYaw, float dPitch);
    void zoom(float factor);
    void pan(float dxFraction, float dyFraction);
    /// Moves the target in the ground plane relative to the view direction (WASD), metres.
    void moveGround(float forwardM, float rightM, float upM);
};

}  // namespace sluice::render

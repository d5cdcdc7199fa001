#pragma once
// Framing a box in an orbit camera's view: the distance and target that put every corner of the box
// on screen, with a margin, its projection centred. Camera::frame fits a sphere about the world instead,
// which ignores the view's aspect and pitch: at a 16:9 view and a steep pitch it cut corners of the
// terrain off while a quarter of the image stayed sky (issue 15). Pure math, no GL.
#include <glm/glm.hpp>

#include "render/camera.hpp"

namespace sluice::render {

/// Moves `camera`'s target and distance (its yaw, pitch and field of view stay) so that the box
/// [lo, hi] (metres) fills a viewport of `aspect` (width / height) with `margin` (a fraction of the
/// half-extent, 0..0.5) left free on the tighter axis, its projected bounds centred. The target lies
/// on the view axis no lower than the box's mid-height, so orbiting or zooming about it stays above
/// the box. Also widens near / far to hold the box.
void fitCameraToBox(Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect, float margin = 0.04f);

/// Keeps `camera`'s target (the point it orbits about) and moves only its distance, the least that
/// shows every corner of the box [lo, hi] with `margin` left free: the interactive view's fit, where
/// the world's centre stays the pivot of orbiting and the centre of the view.
void fitCameraDistance(Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect, float margin = 0.04f);

/// The projected bounds of the box's corners in normalised device coordinates (-1..1 on screen):
/// min x, min y, max x, max y. What fitCameraToBox centres and sizes, and what its tests check.
glm::vec4 projectedBounds(const Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect);

}  // namespace sluice::render

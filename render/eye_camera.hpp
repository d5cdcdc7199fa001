#pragma once
// First-person views on top of the orbit camera (issue 17): fly (move along the view direction, look
// around with the mouse) and walk (the eye kept at eye height above the ground under it, inside the
// world's footprint), the switches between them and the orbit view, the Home framing and the smooth
// move to a bookmarked view. Pure math, no GL: unit-tested on its own (tests/render/test_eye_camera).
//
// A render::Camera describes every mode: in fly and walk its position() is the eye and its target a
// fixed kEyeLookDistanceM ahead, so the renderer, picking and saved poses need nothing new. The
// camera lives in drawn space: x and y as stored, z times the view's vertical exaggeration
// (render::SceneRenderer::viewProjection scales the world, not the camera).
#include <functional>

#include <glm/glm.hpp>

#include "render/camera.hpp"

namespace sluice::render {

/// How the 3-D view's camera moves: orbit about a target, fly freely, or walk on the ground.
enum class CameraMode { Orbit, Fly, Walk };

/// Walk mode's eye height above the ground, metres of the world (drawn times the exaggeration).
inline constexpr float kEyeHeightM = 1.7f;
/// In fly and walk modes the camera's target lies this far ahead of the eye (view() needs two points).
inline constexpr float kEyeLookDistanceM = 1.0f;
/// Fly and walk look from nearly straight up to nearly straight down (radians, pitch down > 0).
inline constexpr float kEyePitchLimitRad = 1.5f;
/// The orbit camera's pitch range (Camera::orbit clamps to it).
inline constexpr float kOrbitPitchMinRad = 0.05f, kOrbitPitchMaxRad = 1.55f;

/// The unit vector the camera looks along (from position() towards target).
glm::vec3 viewDirection(const Camera& camera);

/// Puts the eye at `eye` looking along yaw and pitch (pitch clamped to +-kEyePitchLimitRad), the
/// target kEyeLookDistanceM ahead. The lens (field of view, near, far) stays.
void placeEye(Camera& camera, glm::vec3 eye, float yawRad, float pitchRad);

/// Orbit -> fly or walk: the same eye and the same direction, the target moved up to the eye.
void enterEyeMode(Camera& camera);

/// Orbit -> walk: the walker stands where the orbit looked (the target's x and y; walkMove then puts
/// the eye at eye height there), facing the same heading, looking kWalkStartPitchRad down.
void enterWalkFromOrbit(Camera& camera);
/// Where a walk started from orbit looks: a little below the horizon (radians).
inline constexpr float kWalkStartPitchRad = 0.15f;

/// Fly or walk -> orbit: the eye stays where it is and the target is placed `targetDistanceM` (> 0)
/// ahead of it. A pitch outside the orbit's range is clamped into it (the view turns by no more than
/// that); within the range the direction is kept exactly.
void leaveEyeMode(Camera& camera, float targetDistanceM);

/// Turns the view about the eye (mouse look): yaw to the right, pitch down, by these radians.
void lookAround(Camera& camera, float dYawRad, float dPitchRad);

/// Fly: moves the eye `forwardM` along the view direction (its pitch included), `rightM` along the
/// horizontal right of it and `upM` along +z (metres, drawn space).
void flyMove(Camera& camera, float forwardM, float rightM, float upM);

/// Fly mode's closest approach to the bed, metres of the world: flying into a hill stops this far above
/// it (into water it goes on: the view from under water).
inline constexpr float kFlyClearanceM = 0.5f;

/// The world's footprint on the ground, metres: x in [0, widthM], y in [0, heightM].
struct Footprint {
    float widthM = 0, heightM = 0;
};

/// The height (stored metres, without the exaggeration) of the ground under world point (x, y):
/// the bed or the water surface over it, whichever is higher.
using GroundHeight = std::function<float(float xM, float yM)>;

/// Fly's ground collision: lifts the eye (and the target with it, so the direction stays) to
/// (bed(x, y) + kFlyClearanceM) * verticalScale when it is lower; otherwise leaves the camera alone.
/// `bed` gives the bed height (stored metres) without the water. Returns whether it lifted.
bool keepAboveBed(Camera& camera, const GroundHeight& bed, float verticalScale);

/// Walk: moves the eye `forwardM` along the horizontal heading and `rightM` to its right, keeps it
/// inside the footprint, then puts it kEyeHeightM above the ground at its new place:
/// z = (ground(x, y) + kEyeHeightM) * verticalScale. The direction stays.
void walkMove(Camera& camera, float forwardM, float rightM, const Footprint& world, const GroundHeight& ground,
              float verticalScale);

/// Fly and walk speed for a world whose larger side is `worldExtentM` metres: fly crosses it in
/// about 12 s, walk in about a minute (never slower than 1.4 m/s, a walker's pace); `fast` (Shift)
/// is four times that. Metres per real second.
float eyeSpeedMPerS(CameraMode mode, float worldExtentM, bool fast);

/// The Home view: orbit about the centre of the box [lo, hi] (drawn space) at `yawRad` and
/// `pitchRad` (clamped to the orbit's range), at the least distance that shows every corner of the
/// box in a viewport of `aspect` (render/camera_fit's fitCameraDistance). `lens` gives the field of
/// view; near and far are widened for the box.
Camera homeView(const Camera& lens, glm::vec3 lo, glm::vec3 hi, float aspect, float yawRad, float pitchRad);

/// A smooth move from view `a` to view `b`, `t` in [0, 1] (eased: no jump in speed at either end):
/// the target moves in a straight line, yaw turns the short way, pitch and the log of the distance
/// are interpolated. t <= 0 gives a, t >= 1 gives b exactly. The lens is b's.
Camera blendViews(const Camera& a, const Camera& b, float t);

}  // namespace sluice::render

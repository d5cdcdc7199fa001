#include "render/eye_camera.hpp"

#include <algorithm>
#include <cmath>

#include "render/camera_fit.hpp"

namespace sluice::render {

namespace {

constexpr float kTwoPi = 6.283185307f;

glm::vec3 directionOf(float yawRad, float pitchRad) {
    const float cp = std::cos(pitchRad);
    return {std::sin(yawRad) * cp, std::cos(yawRad) * cp, -std::sin(pitchRad)};
}

/// Horizontal right of the heading (Camera::moveGround's).
glm::vec3 rightOf(float yawRad) { return {std::cos(yawRad), -std::sin(yawRad), 0.0f}; }

}  // namespace

glm::vec3 viewDirection(const Camera& camera) { return directionOf(camera.yawRad, camera.pitchRad); }

void placeEye(Camera& camera, glm::vec3 eye, float yawRad, float pitchRad) {
    camera.yawRad = std::remainder(yawRad, kTwoPi);
    camera.pitchRad = std::clamp(pitchRad, -kEyePitchLimitRad, kEyePitchLimitRad);
    camera.distanceM = kEyeLookDistanceM;
    camera.target = eye + directionOf(camera.yawRad, camera.pitchRad) * kEyeLookDistanceM;
}

void enterEyeMode(Camera& camera) { placeEye(camera, camera.position(), camera.yawRad, camera.pitchRad); }

void enterWalkFromOrbit(Camera& camera) { placeEye(camera, camera.target, camera.yawRad, kWalkStartPitchRad); }

void leaveEyeMode(Camera& camera, float targetDistanceM) {
    const glm::vec3 eye = camera.position();
    camera.pitchRad = std::clamp(camera.pitchRad, kOrbitPitchMinRad, kOrbitPitchMaxRad);
    camera.distanceM = std::max(targetDistanceM, 1e-3f);
    camera.target = eye + viewDirection(camera) * camera.distanceM;
}

void lookAround(Camera& camera, float dYawRad, float dPitchRad) {
    placeEye(camera, camera.position(), camera.yawRad + dYawRad, camera.pitchRad + dPitchRad);
}

void flyMove(Camera& camera, float forwardM, float rightM, float upM) {
    const glm::vec3 eye = camera.position() + viewDirection(camera) * forwardM + rightOf(camera.yawRad) * rightM +
                          glm::vec3(0.0f, 0.0f, upM);
    placeEye(camera, eye, camera.yawRad, camera.pitchRad);
}

bool keepAboveBed(Camera& camera, const GroundHeight& bed, float verticalScale) {
    const glm::vec3 eye = camera.position();
    const float floorZ = (bed(eye.x, eye.y) + kFlyClearanceM) * verticalScale;
    if (!(eye.z < floorZ)) return false;
    placeEye(camera, glm::vec3(eye.x, eye.y, floorZ), camera.yawRad, camera.pitchRad);
    return true;
}

void walkMove(Camera& camera, float forwardM, float rightM, const Footprint& world, const GroundHeight& ground,
              float verticalScale) {
    const glm::vec3 heading(std::sin(camera.yawRad), std::cos(camera.yawRad), 0.0f);
    glm::vec3 eye = camera.position() + heading * forwardM + rightOf(camera.yawRad) * rightM;
    eye.x = std::clamp(eye.x, 0.0f, world.widthM);
    eye.y = std::clamp(eye.y, 0.0f, world.heightM);
    eye.z = (ground(eye.x, eye.y) + kEyeHeightM) * verticalScale;
    placeEye(camera, eye, camera.yawRad, camera.pitchRad);
}

float eyeSpeedMPerS(CameraMode mode, float worldExtentM, bool fast) {
    const float base = mode == CameraMode::Walk ? std::max(1.4f, worldExtentM / 60.0f) : std::max(2.0f, worldExtentM / 12.0f);
    return fast ? 4.0f * base : base;
}

Camera homeView(const Camera& lens, glm::vec3 lo, glm::vec3 hi, float aspect, float yawRad, float pitchRad) {
    Camera c = lens;
    c.yawRad = std::remainder(yawRad, kTwoPi);
    c.pitchRad = std::clamp(pitchRad, kOrbitPitchMinRad, kOrbitPitchMaxRad);
    c.target = 0.5f * (lo + hi);
    fitCameraDistance(c, lo, hi, aspect);
    return c;
}

Camera blendViews(const Camera& a, const Camera& b, float t) {
    if (t <= 0.0f) return a;
    if (t >= 1.0f) return b;
    const float s = t * t * (3.0f - 2.0f * t);  // smoothstep: starts and stops at rest
    Camera c = b;
    c.target = glm::mix(a.target, b.target, s);
    c.yawRad = std::remainder(a.yawRad + std::remainder(b.yawRad - a.yawRad, kTwoPi) * s, kTwoPi);
    c.pitchRad = a.pitchRad + (b.pitchRad - a.pitchRad) * s;
    c.distanceM = std::exp(std::log(a.distanceM) + (std::log(b.distanceM) - std::log(a.distanceM)) * s);
    // Neither end's near plane may clip what the move passes close to; the far plane holds both ends.
    c.nearM = std::min(a.nearM, b.nearM);
    c.farM = std::max(a.farM, b.farM);
    return c;
}

}  // namespace sluice::render

#include "render/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace sluice::render {

glm::vec3 Camera::position() const {
    const float cp = std::cos(pitchRad), sp = std::sin(pitchRad);
    // Looking direction has heading yaw (0 = +y/north) and points down by pitch.
    const glm::vec3 forward(std::sin(yawRad) * cp, std::cos(yawRad) * cp, -sp);
    return target - forward * distanceM;
}

glm::mat4 Camera::view() const { return glm::lookAt(position(), target, glm::vec3(0, 0, 1)); }

glm::mat4 Camera::projection(float aspect) const { return glm::perspective(fovYRad, aspect, nearM, farM); }

void Camera::rayThroughPixel(float px, float py, float w, float h, glm::vec3& origin, glm::vec3& dir) const {
    const glm::vec2 ndc(2.0f * px / w - 1.0f, 1.0f - 2.0f * py / h);
    const glm::mat4 inv = glm::inverse(projection(w / h) * view());
    glm::vec4 nearP = inv * glm::vec4(ndc, -1.0f, 1.0f);
    glm::vec4 farP = inv * glm::vec4(ndc, 1.0f, 1.0f);
    nearP /= nearP.w;
    farP /= farP.w;
    origin = glm::vec3(nearP);
    dir = glm::normalize(glm::vec3(farP - nearP));
}

void Camera::frame(float worldWidthM, float worldHeightM, float minZ, float maxZ) {
    target = glm::vec3(0.5f * worldWidthM, 0.5f * worldHeightM, 0.5f * (minZ + maxZ));
    const float radius = 0.5f * std::sqrt(worldWidthM * worldWidthM + worldHeightM * worldHeightM);
    distanceM = radius / std::tan(0.5f * fovYRad) * 0.9f;
    farM = std::max(farM, distanceM * 4.0f + radius * 2.0f);
    nearM = std::max(0.1f, distanceM * 0.001f);
}

void Camera::orbit(float dYaw, float dPitch) {
    yawRad = std::remainder(yawRad + dYaw, 6.283185307f);
    pitchRad = std::clamp(pitchRad + dPitch, 0.05f, 1.55f);
}

void Camera::zoom(float factor) { distanceM = std::clamp(distanceM * factor, 1.0f, farM * 0.5f); }

void Camera::pan(float dxFraction, float dyFraction) {
    // One viewport height at the target's distance spans 2 d tan(fov/2) metres.
    const float span = 2.0f * distanceM * std::tan(0.5f * fovYRad);
    const glm::vec3 right(std::cos(yawRad), -std::sin(yawRad), 0.0f);
    const glm::vec3 forward(std::sin(yawRad), std::cos(yawRad), 0.0f);
    target += (-dxFraction * right + dyFraction * forward) * span;
}

void Camera::moveGround(float forwardM, float rightM, float upM) {
    const glm::vec3 right(std::cos(yawRad), -std::sin(yawRad), 0.0f);
    const glm::vec3 forward(std::sin(yawRad), std::cos(yawRad), 0.0f);
    target += forward * forwardM + right * rightM + glm::vec3(0, 0, upM);
}

}  // namespace sluice::render

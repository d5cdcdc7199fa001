#include "render/camera_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace sluice::render {

namespace {

std::array<glm::vec3, 8> corners(glm::vec3 lo, glm::vec3 hi) {
    std::array<glm::vec3, 8> c;
    for (int i = 0; i < 8; ++i) c[std::size_t(i)] = glm::vec3(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
    return c;
}

}  // namespace

glm::vec4 projectedBounds(const Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect) {
    const glm::mat4 m = camera.projection(aspect) * camera.view();
    glm::vec4 b(1e30f, 1e30f, -1e30f, -1e30f);
    for (const glm::vec3& p : corners(lo, hi)) {
        const glm::vec4 clip = m * glm::vec4(p, 1.0f);
        const glm::vec2 ndc = glm::vec2(clip) / std::max(clip.w, 1e-6f);
        b = glm::vec4(std::min(b.x, ndc.x), std::min(b.y, ndc.y), std::max(b.z, ndc.x), std::max(b.w, ndc.y));
    }
    return b;
}

void fitCameraToBox(Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect, float margin) {
    // Camera axes: forward (towards the target), right and up on screen; the corners in those axes.
    const float cp = std::cos(camera.pitchRad), sp = std::sin(camera.pitchRad);
    const glm::vec3 forward(std::sin(camera.yawRad) * cp, std::cos(camera.yawRad) * cp, -sp);
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 0, 1)));
    const glm::vec3 up = glm::cross(right, forward);
    std::array<glm::vec3, 8> q;  // (along right, along up, along forward)
    const std::array<glm::vec3, 8> box = corners(lo, hi);
    for (std::size_t i = 0; i < 8; ++i) q[i] = glm::vec3(glm::dot(box[i], right), glm::dot(box[i], up), glm::dot(box[i], forward));
    // For one screen axis (0 across, 1 up) and a half-angle tangent k, the two frustum planes that
    // touch the box: a point at lateral offset a and depth c lies inside while |a - x| <= k (c - z),
    // so the planes through the extreme corners meet at lateral x and depth z, where the camera sits.
    struct Apex {
        float lateral, depth;
    };
    auto apex = [&](int axis, float k) {
        float plus = -1e30f, minus = -1e30f;
        for (const glm::vec3& p : q) {
            plus = std::max(plus, p[axis] - k * p.z);
            minus = std::max(minus, -p[axis] - k * p.z);
        }
        return Apex{0.5f * (plus - minus), -(plus + minus) / (2.0f * k)};
    };
    const float limit = 1.0f - std::clamp(margin, 0.0f, 0.5f);
    const float tanY = std::tan(0.5f * camera.fovYRad);
    const float k[2] = {limit * tanY * aspect, limit * tanY};
    const Apex h = apex(0, k[0]), v = apex(1, k[1]);
    // The axis that needs the camera further back is the tight one; the other is centred by the
    // narrower angle whose apex lies at the same depth (the apex depth grows with the angle).
    const int slack = h.depth <= v.depth ? 1 : 0;
    const float depth = std::min(h.depth, v.depth);
    float kLo = 1e-6f, kHi = k[slack];
    for (int i = 0; i < 60; ++i) {
        const float mid = 0.5f * (kLo + kHi);
        (apex(slack, mid).depth < depth ? kLo : kHi) = mid;
    }
    const Apex centred = apex(slack, 0.5f * (kLo + kHi));
    const float x = slack == 0 ? centred.lateral : h.lateral, y = slack == 1 ? centred.lateral : v.lateral;
    const glm::vec3 position = x * right + y * up + depth * forward;
    // The orbit target: on the view axis at the depth of the box's centre, or sooner where the axis
    // already reaches the height of the box's centre. Seen from above, the axis passes the centre's
    // depth far below the box (81 m under a 25 m high world framed at 40 degrees), and an orbit about
    // such a target at a shorter distance (`--camera yaw,pitch,150`) put the camera under the ground.
    const glm::vec3 centre = 0.5f * (lo + hi);
    float along = glm::dot(centre, forward) - depth;
    if (forward.z < -1e-4f) along = std::min(along, (position.z - centre.z) / -forward.z);
    camera.distanceM = std::max(along, 1.0f);
    camera.target = position + forward * camera.distanceM;
    const float radius = 0.5f * glm::length(hi - lo);
    camera.nearM = std::max(0.1f, 0.001f * camera.distanceM);
    camera.farM = std::max(camera.farM, camera.distanceM * 4.0f + 2.0f * radius);
}

void fitCameraDistance(Camera& camera, glm::vec3 lo, glm::vec3 hi, float aspect, float margin) {
    const float cp = std::cos(camera.pitchRad), sp = std::sin(camera.pitchRad);
    const glm::vec3 forward(std::sin(camera.yawRad) * cp, std::cos(camera.yawRad) * cp, -sp);
    const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0, 0, 1)));
    const glm::vec3 up = glm::cross(right, forward);
    const float limit = 1.0f - std::clamp(margin, 0.0f, 0.5f);
    const float tanY = std::tan(0.5f * camera.fovYRad) * limit, tanX = tanY * aspect;
    // A corner at offset (x, y, z) from the target along (right, up, forward) is on screen while
    // |x| <= (d + z) tanX and |y| <= (d + z) tanY.
    float need = 1.0f;
    for (const glm::vec3& p : corners(lo, hi)) {
        const glm::vec3 o = p - camera.target;
        const float z = glm::dot(o, forward);
        need = std::max({need, std::abs(glm::dot(o, right)) / tanX - z, std::abs(glm::dot(o, up)) / tanY - z});
    }
    camera.distanceM = need;
    camera.nearM = std::max(0.1f, 0.001f * need);
    camera.farM = std::max(camera.farM, need * 4.0f + glm::length(hi - lo));
}

}  // namespace sluice::render

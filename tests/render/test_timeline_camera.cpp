// Camera flights of recording timelines (render/camera_path): the path passes through its keys, holds
// before the first and after the last, turns the short way, eases at the ends and moves without
// jumps in position or velocity across inner keys.
#include <gtest/gtest.h>

#include <cmath>

#include "render/camera_path.hpp"

namespace sluice::test {
namespace {

constexpr float kPi = 3.14159265f;

render::CameraKeyframe key(double t, float yawDeg, float pitchDeg, float distance, glm::vec3 target) {
    return render::CameraKeyframe{t, yawDeg * kPi / 180.0f, pitchDeg * kPi / 180.0f, distance, target};
}

/// Angle difference folded into [-pi, pi].
float angleDiff(float a, float b) { return std::remainder(a - b, 2.0f * kPi); }

TEST(TimelineCamera, PassesThroughKeysAndHoldsOutsideThem) {
    const render::CameraPath path({key(1, 10, 30, 100, {0, 0, 0}), key(3, 50, 60, 400, {10, 20, 5}),
                                   key(4, 90, 45, 200, {-5, 0, 1})});
    render::Camera base;
    base.fovYRad = 0.7f;
    for (const auto& k : path.keys()) {
        const render::Camera c = path.at(k.timeSeconds, base);
        EXPECT_NEAR(angleDiff(c.yawRad, k.yawRad), 0.0f, 1e-5f);
        EXPECT_NEAR(c.pitchRad, k.pitchRad, 1e-5f);
        EXPECT_NEAR(c.distanceM, k.distanceM, 1e-3f * k.distanceM);
        EXPECT_NEAR(glm::length(c.target - k.target), 0.0f, 1e-4f);
        EXPECT_EQ(c.fovYRad, 0.7f) << "the lens comes from the base camera";
    }
    EXPECT_NEAR(path.at(0.0, base).distanceM, 100.0f, 1e-3f);
    EXPECT_NEAR(path.at(99.0, base).distanceM, 200.0f, 1e-3f);
    EXPECT_NEAR(path.at(99.0, base).target.x, -5.0f, 1e-5f);
}

TEST(TimelineCamera, YawTurnsTheShortWay) {
    // 350 deg -> 10 deg: through 0, never through 180.
    const render::CameraPath path({key(0, 350, 30, 100, {}), key(1, 10, 30, 100, {})});
    render::Camera base;
    for (int i = 0; i <= 10; ++i) {
        const float yaw = path.at(0.1 * i, base).yawRad;
        EXPECT_LE(std::abs(angleDiff(yaw, 0.0f)), 10.0f * kPi / 180.0f + 1e-5f) << "at t=" << 0.1 * i;
    }
    EXPECT_NEAR(angleDiff(path.at(0.5, base).yawRad, 0.0f), 0.0f, 1e-5f) << "halfway is north";
}

TEST(TimelineCamera, EasesAtTheEndsAndIsSmoothAcrossInnerKeys) {
    const render::CameraPath path({key(0, 0, 30, 100, {0, 0, 0}), key(2, 0, 30, 100, {100, 0, 0}),
                                   key(3, 0, 30, 100, {200, 0, 0})});
    render::Camera base;
    auto x = [&](double t) { return double(path.at(t, base).target.x); };
    const double h = 1e-3;
    // Zero velocity at the first and last key (ease in/out), non-zero in between.
    EXPECT_NEAR((x(h) - x(0)) / h, 0.0, 0.5);
    EXPECT_NEAR((x(3) - x(3 - h)) / h, 0.0, 0.5);
    EXPECT_GT((x(1 + h) - x(1 - h)) / (2 * h), 20.0);
    // At the inner key the velocity from both sides agrees (Catmull-Rom tangent: 200 m / 3 s).
    const double left = (x(2) - x(2 - h)) / h, right = (x(2 + h) - x(2)) / h;
    EXPECT_NEAR(left, 200.0 / 3.0, 0.5);
    EXPECT_NEAR(right, 200.0 / 3.0, 0.5);
}

TEST(TimelineCamera, DistanceStaysPositiveAndPitchInRange) {
    const render::CameraPath path({key(0, 0, 5, 1, {}), key(0.1, 0, 85, 5000, {}), key(0.2, 0, 3, 1, {})});
    render::Camera base;
    for (int i = 0; i <= 200; ++i) {
        const render::Camera c = path.at(0.001 * i, base);
        EXPECT_GT(c.distanceM, 0.0f);
        EXPECT_GE(c.pitchRad, 0.05f);
        EXPECT_LE(c.pitchRad, 1.55f);
        EXPECT_GE(c.farM, c.distanceM * 4.0f) << "the target must stay inside the far plane";
    }
}

}  // namespace
}  // namespace sluice::test

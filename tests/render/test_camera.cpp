// Camera math: the ray through the centre pixel hits the target; orbit/pan/zoom keep invariants.
#include <gtest/gtest.h>

#include <glm/glm.hpp>

#include "render/camera.hpp"

using sluice::render::Camera;

TEST(Camera, CentrePixelRayPassesThroughTarget) {
    Camera c;
    c.target = {100, 200, 5};
    c.yawRad = 1.1f;
    c.pitchRad = 0.5f;
    c.distanceM = 300;
    glm::vec3 o, d;
    c.rayThroughPixel(640, 400, 1280, 800, o, d);
    const glm::vec3 toTarget = c.target - o;
    const float along = glm::dot(toTarget, d);
    EXPECT_LT(glm::length(toTarget - along * d), 1e-2f);
    EXPECT_NEAR(glm::length(c.position() - c.target), 300.0f, 1e-2f);
}

TEST(Camera, LooksDownAtPositivePitch) {
    Camera c;
    c.pitchRad = 0.8f;
    EXPECT_GT(c.position().z, c.target.z);
    c.orbit(0, 10);  // clamped below straight down
    EXPECT_LE(c.pitchRad, 1.55f);
    c.orbit(0, -10);
    EXPECT_GE(c.pitchRad, 0.05f);
}

TEST(Camera, ZoomAndPanMoveAsExpected) {
    Camera c;
    c.distanceM = 100;
    c.zoom(2.0f);
    EXPECT_NEAR(c.distanceM, 200.0f, 1e-3f);
    const glm::vec3 before = c.target;
    c.pan(0.1f, 0.0f);  // drag right: the world moves right, the target moves left (-right vector)
    EXPECT_NEAR(glm::length(c.target - before), 0.1f * 2.0f * 200.0f * std::tan(0.5f * c.fovYRad), 1e-2f);
    EXPECT_EQ(c.target.z, before.z);
}

TEST(Camera, FrameKeepsTheWorldInView) {
    Camera c;
    c.frame(2048, 1024, 0, 50);
    EXPECT_NEAR(c.target.x, 1024.0f, 1e-3f);
    EXPECT_NEAR(c.target.y, 512.0f, 1e-3f);
    const glm::mat4 vp = c.projection(1.6f) * c.view();
    for (glm::vec3 corner : {glm::vec3(0, 0, 0), glm::vec3(2048, 0, 0), glm::vec3(0, 1024, 50), glm::vec3(2048, 1024, 50)}) {
        glm::vec4 p = vp * glm::vec4(corner, 1.0f);
        p /= p.w;
        EXPECT_LE(std::abs(p.x), 1.0f);
        EXPECT_LE(std::abs(p.y), 1.0f);
    }
}

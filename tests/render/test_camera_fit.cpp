// Framing a box (render/camera_fit.hpp): every corner on screen, the box centred, and the tighter axis
// filled up to the margin, at any yaw, pitch and aspect. Camera::frame's sphere fit is the contrast:
// at 16:9 and a low pitch it leaves much of the view empty or cuts corners (issue 15).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "render/camera.hpp"
#include "render/camera_fit.hpp"

namespace sluice::render {
namespace {

struct Check {
    bool allInside;
    float fill;    ///< largest of the box's projected half-extents (1: touches the edge)
    float offset;  ///< the projected bounds' centre from the screen's centre (NDC)
};

Check check(const Camera& c, glm::vec3 lo, glm::vec3 hi, float aspect) {
    const glm::vec4 b = projectedBounds(c, lo, hi, aspect);
    const bool inside = b.x >= -1.0f && b.y >= -1.0f && b.z <= 1.0f && b.w <= 1.0f;
    const float fill = std::max(0.5f * (b.z - b.x), 0.5f * (b.w - b.y));
    const float offset = std::max(std::abs(0.5f * (b.x + b.z)), std::abs(0.5f * (b.y + b.w)));
    return {inside, fill, offset};
}

TEST(CameraFit, EveryCornerOnScreenCentredAndFilled) {
    const glm::vec3 lo(0, 0, -20), hi(2048, 1024, 180);  // a 2:1 world with relief
    for (float aspect : {16.0f / 9.0f, 1.0f, 0.6f, 2.4f})
        for (float pitch : {0.1f, 0.45f, 0.9f, 1.5f})
            for (float yaw : {0.0f, 0.6f, 2.0f, -2.8f}) {
                Camera c;
                c.yawRad = yaw;
                c.pitchRad = pitch;
                fitCameraToBox(c, lo, hi, aspect, 0.04f);
                const Check k = check(c, lo, hi, aspect);
                SCOPED_TRACE(testing::Message() << "aspect " << aspect << " pitch " << pitch << " yaw " << yaw);
                EXPECT_TRUE(k.allInside);
                EXPECT_LT(k.offset, 0.01f);
                EXPECT_GT(k.fill, 0.93f);  // margin 0.04: the tighter axis reaches 0.96
                EXPECT_LE(k.fill, 0.961f);
                EXPECT_GT(c.farM, glm::length(c.position() - 0.5f * (lo + hi)) + glm::length(hi - lo));
            }
}

// The orbit target is where `--camera yaw,pitch,distance` and timelines orbit about: it must lie no
// lower than the box's mid-height (it used to sit on the view axis at the depth of the box's centre,
// 81 m below a 25 m high world seen at 40 degrees, so a closer camera ended up under the ground and
// rendered only sky), and over the world for the pitches the views use.
TEST(CameraFit, TargetIsInsideTheWorldNotUnderIt) {
    const glm::vec3 lo(0, 0, 0), hi(512, 512, 25);  // the default world: 512 m wide, 25 m of relief
    for (float pitch : {0.1f, 0.45f, 0.7f, 1.2f})
        for (float yaw : {0.0f, 0.6f, 2.0f, -2.8f}) {
            Camera c;
            c.yawRad = yaw;
            c.pitchRad = pitch;
            fitCameraToBox(c, lo, hi, 16.0f / 9.0f, 0.04f);
            SCOPED_TRACE(testing::Message() << "pitch " << pitch << " yaw " << yaw);
            EXPECT_GE(c.target.z, 0.5f * (lo.z + hi.z) - 0.01f);
            if (pitch >= 0.45f) {
                EXPECT_TRUE(c.target.x >= lo.x && c.target.x <= hi.x && c.target.y >= lo.y && c.target.y <= hi.y)
                    << c.target.x << ", " << c.target.y;
                c.distanceM = 150.0f;  // `--camera 30,35,150`-like: closer, same target
                EXPECT_GT(c.position().z, hi.z) << "a closer orbit stays above the ground";
            }
        }
}

TEST(CameraFit, DistanceOnlyKeepsTheTargetAndShowsEveryCorner) {
    const glm::vec3 lo(0, 0, -20), hi(2048, 1024, 180);
    for (float aspect : {16.0f / 9.0f, 0.6f})
        for (float pitch : {0.2f, 0.7f, 1.4f}) {
            Camera c;
            c.pitchRad = pitch;
            c.target = 0.5f * (lo + hi);
            fitCameraDistance(c, lo, hi, aspect, 0.04f);
            SCOPED_TRACE(testing::Message() << "aspect " << aspect << " pitch " << pitch);
            EXPECT_EQ(c.target, 0.5f * (lo + hi));
            const Check k = check(c, lo, hi, aspect);
            EXPECT_TRUE(k.allInside);
            const glm::vec4 b = projectedBounds(c, lo, hi, aspect);
            // The least distance: some corner touches the margin on its axis.
            EXPECT_GT(std::max({-b.x, b.z, -b.y, b.w}), 0.955f);
        }
}

TEST(CameraFit, TheSphereFitDidNotFrameTheView) {
    // What `render`'s default view did before (Camera::frame): at 16:9 and the default pitch the
    // world's projection missed the centre and filled far less of the view than the fit does.
    const glm::vec3 lo(0, 0, 0), hi(512, 512, 40);
    Camera sphere;
    sphere.frame(512, 512, 0, 40);
    Camera fitted = sphere;
    fitCameraToBox(fitted, lo, hi, 16.0f / 9.0f);
    const Check before = check(sphere, lo, hi, 16.0f / 9.0f), after = check(fitted, lo, hi, 16.0f / 9.0f);
    EXPECT_GT(after.fill, before.fill + 0.05f);
    EXPECT_LT(after.offset, 0.01f);
}

}  // namespace
}  // namespace sluice::render

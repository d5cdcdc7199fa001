// Fly and walk camera math (render/eye_camera.hpp): fly moves along the view direction by the
// distance asked, walk keeps the eye at eye height over a sloped ground sampled where it lands and
// stays inside the footprint, orbit <-> fly keeps the eye and the direction, mouse look turns about
// the eye, Home gives the fitted framing, and a bookmark move starts and ends exactly on its views.
#include <gtest/gtest.h>

#include <cmath>

#include <glm/glm.hpp>

#include "render/camera_fit.hpp"
#include "render/eye_camera.hpp"

using namespace sluice::render;

namespace {

void expectNear(glm::vec3 a, glm::vec3 b, float tol, const char* what) {
    EXPECT_LT(glm::length(a - b), tol) << what << ": (" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", "
                                       << b.y << ", " << b.z << ")";
}

Camera orbitAt(glm::vec3 target, float yaw, float pitch, float distance) {
    Camera c;
    c.target = target;
    c.yawRad = yaw;
    c.pitchRad = pitch;
    c.distanceM = distance;
    return c;
}

/// A plane tilted up towards +x and +y: 0.3 m per metre east, 0.1 per metre north, 20 m at the origin.
float slope(float x, float y) { return 20.0f + 0.3f * x + 0.1f * y; }

}  // namespace

TEST(EyeCamera, EnteringFlyKeepsTheEyeAndTheDirection) {
    Camera c = orbitAt({500, 400, 30}, 0.8f, 0.6f, 250.0f);
    const glm::vec3 eye = c.position(), dir = viewDirection(c);
    enterEyeMode(c);
    expectNear(c.position(), eye, 1e-3f, "eye");
    expectNear(viewDirection(c), dir, 1e-6f, "direction");
    EXPECT_FLOAT_EQ(c.distanceM, kEyeLookDistanceM);
}

TEST(EyeCamera, FlyMovesAlongTheViewDirectionBySpeedTimesTime) {
    Camera c = orbitAt({500, 400, 30}, 2.2f, 0.35f, 250.0f);
    enterEyeMode(c);
    const glm::vec3 eye = c.position(), dir = viewDirection(c);
    const float speed = eyeSpeedMPerS(CameraMode::Fly, 1024.0f, false), dt = 0.016f;
    // A few frames of W held: each moves speed * dt along the direction, which never changes.
    for (int i = 0; i < 10; ++i) flyMove(c, speed * dt, 0.0f, 0.0f);
    expectNear(c.position(), eye + dir * (10.0f * speed * dt), 1e-2f, "after 10 frames of W");
    expectNear(viewDirection(c), dir, 1e-6f, "direction");
    // Looking down, forward also descends (fly follows the pitch, it is not a ground move).
    EXPECT_LT(c.position().z, eye.z - 1.0f);
    // Strafe and rise: along the horizontal right and +z only.
    const glm::vec3 before = c.position();
    flyMove(c, 0.0f, 5.0f, 2.0f);
    expectNear(c.position(), before + glm::vec3(std::cos(c.yawRad), -std::sin(c.yawRad), 0.0f) * 5.0f + glm::vec3(0, 0, 2),
               1e-3f, "strafe 5 m right, 2 m up");
}

TEST(EyeCamera, SpeedScalesWithTheWorldAndShift) {
    EXPECT_FLOAT_EQ(eyeSpeedMPerS(CameraMode::Fly, 2048.0f, false), 2.0f * eyeSpeedMPerS(CameraMode::Fly, 1024.0f, false));
    EXPECT_FLOAT_EQ(eyeSpeedMPerS(CameraMode::Fly, 1024.0f, true), 4.0f * eyeSpeedMPerS(CameraMode::Fly, 1024.0f, false));
    EXPECT_LT(eyeSpeedMPerS(CameraMode::Walk, 1024.0f, false), eyeSpeedMPerS(CameraMode::Fly, 1024.0f, false));
    EXPECT_GE(eyeSpeedMPerS(CameraMode::Walk, 10.0f, false), 1.4f) << "no slower than a walker on a tiny world";
}

TEST(EyeCamera, WalkKeepsEyeHeightOverTheGroundWhereItLands) {
    Camera c;
    placeEye(c, {100, 100, 500}, 0.4f, -0.2f);  // looking a little up: walking stays horizontal
    const Footprint world{1000, 800};
    for (float scale : {1.0f, 3.0f}) {
        placeEye(c, {100, 100, 500}, 0.4f, -0.2f);
        walkMove(c, 30.0f, -4.0f, world, slope, scale);
        const glm::vec3 expectXY = glm::vec3(100, 100, 0) + glm::vec3(std::sin(0.4f), std::cos(0.4f), 0) * 30.0f -
                                   glm::vec3(std::cos(0.4f), -std::sin(0.4f), 0) * 4.0f;
        const glm::vec3 eye = c.position();
        EXPECT_NEAR(eye.x, expectXY.x, 1e-3f);
        EXPECT_NEAR(eye.y, expectXY.y, 1e-3f);
        // Sampled at the new place, not the old one (the slope differs by metres between them).
        EXPECT_NEAR(eye.z, (slope(eye.x, eye.y) + kEyeHeightM) * scale, 1e-3f) << "vertical exaggeration " << scale;
        EXPECT_NEAR(c.pitchRad, -0.2f, 1e-6f) << "walking keeps the view's direction";
    }
}

TEST(EyeCamera, FlyingIntoAHillStopsJustAboveIt) {
    for (float scale : {1.0f, 2.5f}) {
        Camera c;
        // 3 m above the slope, diving 40 m along a steep downward view: the path goes into the hill.
        const float x0 = 200, y0 = 300;
        placeEye(c, {x0, y0, (slope(x0, y0) + 3.0f) * scale}, 0.3f, 1.2f);
        flyMove(c, 40.0f, 0.0f, 0.0f);
        ASSERT_LT(c.position().z, slope(c.position().x, c.position().y) * scale) << "the move alone ends underground";
        const float yaw = c.yawRad, pitch = c.pitchRad;
        EXPECT_TRUE(keepAboveBed(c, slope, scale));
        const glm::vec3 eye = c.position();
        EXPECT_NEAR(eye.z, (slope(eye.x, eye.y) + kFlyClearanceM) * scale, 1e-3f);
        EXPECT_FLOAT_EQ(c.yawRad, yaw);
        EXPECT_FLOAT_EQ(c.pitchRad, pitch);
        // High above it nothing changes.
        placeEye(c, {x0, y0, (slope(x0, y0) + 50.0f) * scale}, 0.3f, 0.2f);
        const glm::vec3 high = c.position();
        EXPECT_FALSE(keepAboveBed(c, slope, scale));
        EXPECT_EQ(c.position(), high);
    }
}

TEST(EyeCamera, WalkStaysInsideTheFootprint) {
    Camera c;
    const Footprint world{256, 128};
    placeEye(c, {250, 120, 50}, 0.7f, 0.1f);  // heading north-east, near that corner
    walkMove(c, 500.0f, 0.0f, world, slope, 1.0f);
    EXPECT_FLOAT_EQ(c.position().x, 256.0f);
    EXPECT_FLOAT_EQ(c.position().y, 128.0f);
    EXPECT_NEAR(c.position().z, slope(256, 128) + kEyeHeightM, 1e-3f);
    placeEye(c, {5, 5, 50}, 0.7f + 3.14159265f, 0.1f);  // south-west, off the other corner
    walkMove(c, 500.0f, 0.0f, world, slope, 1.0f);
    EXPECT_FLOAT_EQ(c.position().x, 0.0f);
    EXPECT_FLOAT_EQ(c.position().y, 0.0f);
}

TEST(EyeCamera, WalkFromOrbitStandsWhereTheOrbitLooked) {
    Camera c = orbitAt({300, 200, 40}, 1.2f, 0.9f, 800.0f);  // the eye far outside a 512 m world
    enterWalkFromOrbit(c);
    walkMove(c, 0.0f, 0.0f, Footprint{512, 512}, slope, 1.0f);
    EXPECT_NEAR(c.position().x, 300.0f, 1e-3f);
    EXPECT_NEAR(c.position().y, 200.0f, 1e-3f);
    EXPECT_NEAR(c.position().z, slope(300, 200) + kEyeHeightM, 1e-3f);
    EXPECT_NEAR(c.yawRad, 1.2f, 1e-6f) << "same heading";
    EXPECT_FLOAT_EQ(c.pitchRad, kWalkStartPitchRad);
}

TEST(EyeCamera, LeavingFlyKeepsTheEyeAndPutsTheTargetAhead) {
    Camera c;
    placeEye(c, {300, 200, 80}, -1.1f, 0.45f);
    const glm::vec3 eye = c.position(), dir = viewDirection(c);
    leaveEyeMode(c, 120.0f);
    expectNear(c.position(), eye, 1e-3f, "eye");
    expectNear(viewDirection(c), dir, 1e-6f, "direction");
    expectNear(c.target, eye + dir * 120.0f, 1e-3f, "target 120 m ahead");
    // Orbit -> fly -> orbit is the same view.
    Camera o = orbitAt({10, 20, 5}, 0.3f, 0.9f, 77.0f);
    Camera round = o;
    enterEyeMode(round);
    leaveEyeMode(round, 77.0f);
    expectNear(round.target, o.target, 1e-3f, "target after a round trip");
    EXPECT_NEAR(round.yawRad, o.yawRad, 1e-6f);
    EXPECT_NEAR(round.pitchRad, o.pitchRad, 1e-6f);
}

TEST(EyeCamera, LeavingFlyLookingUpClampsOnlyThePitch) {
    Camera c;
    placeEye(c, {300, 200, 80}, 1.0f, -0.6f);  // looking up: the orbit cannot look up
    const glm::vec3 eye = c.position();
    leaveEyeMode(c, 50.0f);
    expectNear(c.position(), eye, 1e-3f, "eye");
    EXPECT_FLOAT_EQ(c.pitchRad, kOrbitPitchMinRad);
    EXPECT_FLOAT_EQ(c.yawRad, 1.0f);
}

TEST(EyeCamera, MouseLookTurnsAboutTheEye) {
    Camera c;
    placeEye(c, {40, 50, 60}, 0.0f, 0.0f);
    lookAround(c, 0.5f, -0.25f);  // right and up
    expectNear(c.position(), {40, 50, 60}, 1e-4f, "eye");
    EXPECT_NEAR(c.yawRad, 0.5f, 1e-6f);
    EXPECT_NEAR(c.pitchRad, -0.25f, 1e-6f);
    EXPECT_GT(viewDirection(c).x, 0.0f) << "turned right (east) from north";
    EXPECT_GT(viewDirection(c).z, 0.0f) << "looks up";
    lookAround(c, 0.0f, -10.0f);
    EXPECT_FLOAT_EQ(c.pitchRad, -kEyePitchLimitRad) << "never over the top";
}

TEST(EyeCamera, HomeIsTheFittedFramingOfTheWorld) {
    Camera lens;
    lens.fovYRad = 0.8f;
    const glm::vec3 lo(0, 0, -5), hi(1024, 512, 120);
    const Camera home = homeView(lens, lo, hi, 16.0f / 9.0f, 2.0f, 0.7f);
    EXPECT_FLOAT_EQ(home.fovYRad, 0.8f);
    expectNear(home.target, 0.5f * (lo + hi), 1e-3f, "target: the world's centre");
    Camera fitted = home;
    fitCameraDistance(fitted, lo, hi, 16.0f / 9.0f);
    EXPECT_FLOAT_EQ(home.distanceM, fitted.distanceM);
    // Every corner on screen, and one touching the margin (not framed from needlessly far).
    const glm::vec4 b = projectedBounds(home, lo, hi, 16.0f / 9.0f);
    EXPECT_GE(b.x, -1.0f);
    EXPECT_GE(b.y, -1.0f);
    EXPECT_LE(b.z, 1.0f);
    EXPECT_LE(b.w, 1.0f);
    EXPECT_GT(std::max({-b.x, -b.y, b.z, b.w}), 0.9f);
    // From a fly view looking up, Home is still an orbit looking down.
    const Camera fromUp = homeView(lens, lo, hi, 1.5f, 0.0f, -0.8f);
    EXPECT_FLOAT_EQ(fromUp.pitchRad, kOrbitPitchMinRad);
}

TEST(EyeCamera, BookmarkMoveEndsExactlyOnTheStoredView) {
    const Camera a = orbitAt({100, 100, 10}, 3.0f, 0.5f, 400.0f);
    Camera b;
    placeEye(b, {700, 300, 40}, -3.0f, -0.1f);  // yaw -3 is 0.28 rad from 3 the short way
    const Camera start = blendViews(a, b, 0.0f), end = blendViews(a, b, 1.0f);
    expectNear(start.position(), a.position(), 1e-3f, "t = 0");
    expectNear(end.position(), b.position(), 1e-3f, "t = 1");
    EXPECT_EQ(end.yawRad, b.yawRad);
    EXPECT_EQ(end.distanceM, b.distanceM);
    const Camera mid = blendViews(a, b, 0.5f);
    EXPECT_NEAR(std::abs(std::remainder(mid.yawRad - 3.0f, 6.2831853f)), 0.5f * (6.2831853f - 6.0f), 1e-4f)
        << "yaw turns the short way";
    EXPECT_NEAR(mid.distanceM, std::sqrt(400.0f * kEyeLookDistanceM), 1e-2f) << "distance halfway in log space";
    // Eased: the first tenth of the time covers less than a tenth of the way.
    const Camera early = blendViews(a, b, 0.1f);
    EXPECT_LT(glm::length(early.target - a.target), 0.1f * glm::length(b.target - a.target));
}

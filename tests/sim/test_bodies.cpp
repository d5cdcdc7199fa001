// Bodies in the water (docs/BODIES.md): the volume samples, the water's forces on a body, and the
// dynamics on Bullet against Archimedes' draft, a current's speed, the bed's height and a sloping
// surface's push.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "sim/bodies/body.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/bodies/water_field.hpp"
#include "sim/bodies/water_forces.hpp"

namespace sluice::sim {
namespace {

// A W x H grid of dx-metre cells with a flat bed at 0 under water `depth` deep (or the bed and depth
// a function gives), moving at `velocity` everywhere wet.
WaterField uniformWater(int W, int H, float dx, float depth, glm::vec2 velocity = glm::vec2(0.0f)) {
    const std::size_t n = std::size_t(W) * std::size_t(H);
    return WaterField(W, H, dx, std::vector<float>(n, 0.0f), std::vector<float>(n, depth),
                      std::vector<glm::vec2>(n, velocity));
}

BodySpec boxAt(glm::vec3 position, float density, glm::vec3 size = glm::vec3(1.0f)) {
    BodySpec b;
    b.shape = BodyShape::Box;
    b.sizeM = size;
    b.densityKgPerM3 = density;
    b.positionM = position;
    return b;
}

float sumVolume(const std::vector<BodySample>& samples) {
    float v = 0.0f;
    for (const BodySample& s : samples) v += s.volumeM3;
    return v;
}

TEST(BodyShapes, BodySamplesAddUpToTheShape) {
    BodySpec box = boxAt(glm::vec3(0.0f), 500.0f, glm::vec3(2.0f, 1.0f, 0.5f));
    EXPECT_NEAR(sumVolume(volumeSamples(box)), 1.0f, 1e-5f);
    EXPECT_FLOAT_EQ(bodyVolumeM3(box), 2.0f * 1.0f * 0.5f);
    BodySpec log = box;
    log.shape = BodyShape::Log;
    log.sizeM = glm::vec3(4.0f, 0.5f, 0.5f);
    const float cylinder = std::numbers::pi_v<float> * 0.25f * 0.25f * 4.0f;
    EXPECT_NEAR(bodyVolumeM3(log), cylinder, 0.03f * cylinder);
    BodySpec boat = box;
    boat.shape = BodyShape::Boat;
    boat.sizeM = glm::vec3(4.0f, 1.6f, 0.8f);
    const float hull = bodyVolumeM3(boat);
    EXPECT_LT(hull, 0.9f * 4.0f * 1.6f * 0.8f);  // the bow and the keel take their share off the box
    EXPECT_GT(hull, 0.6f * 4.0f * 1.6f * 0.8f);
    // At least four layers along z, so a draft comes out of the samples linearly.
    for (const BodySpec& s : {box, log, boat}) {
        const auto samples = volumeSamples(s);
        ASSERT_FALSE(samples.empty());
        EXPECT_LE(samples.front().halfM.z * 2.0f * 4.0f, s.sizeM.z + 1e-5f) << bodyShapeName(s.shape);
    }
}

TEST(BodyShapes, BadBodiesAreRefusedNamingTheField) {
    BodySpec b = boxAt(glm::vec3(5.0f), 500.0f);
    EXPECT_FALSE(bodyProblem(b).has_value());
    b.sizeM.z = -1.0f;
    ASSERT_TRUE(bodyProblem(b).has_value());
    EXPECT_NE(bodyProblem(b)->find("size[2]"), std::string::npos) << *bodyProblem(b);
    b.sizeM.z = 1.0f;
    b.densityKgPerM3 = 0.0f;
    ASSERT_TRUE(bodyProblem(b).has_value());
    EXPECT_NE(bodyProblem(b)->find("density"), std::string::npos) << *bodyProblem(b);
    b.densityKgPerM3 = 500.0f;
    b.positionM.y = std::nanf("");
    ASSERT_TRUE(bodyProblem(b).has_value());
    EXPECT_NE(bodyProblem(b)->find("position[1]"), std::string::npos) << *bodyProblem(b);
    EXPECT_EQ(bodyShapeFromName("raft"), std::nullopt);
    EXPECT_EQ(bodyShapeFromName("log"), BodyShape::Log);
}

// The forces alone: a box half under a still surface is held up by the weight of the water it
// displaces, and a surface sloping down toward +x pushes it toward +x with rho g V_sub times the slope.
TEST(WaterForces, BuoyancyIsTheDisplacedWeightAndASlopePushesDownhill) {
    const WaterField still = uniformWater(16, 16, 1.0f, 3.0f);
    const BodySpec box = boxAt(glm::vec3(8.0f, 8.0f, 3.0f), 500.0f);
    const auto samples = volumeSamples(box);
    const HydroParams p;
    const HydroForces f = waterForces(box, samples, 500.0f, initialState(box), still, p, 1.0f / 120.0f);
    EXPECT_NEAR(f.submergedVolumeM3, 0.5f, 1e-4f);
    EXPECT_NEAR(f.forceN.z, p.waterDensityKgPerM3 * p.gravity * 0.5f, 1.0f);
    EXPECT_NEAR(glm::length(glm::vec2(f.forceN)), 0.0f, 1e-3f);
    EXPECT_NEAR(glm::length(f.torqueNm), 0.0f, 1e-2f);

    // Surface 3 m at x = 0 falling 1 cm per metre.
    std::vector<float> bed(16 * 16, 0.0f), depth(16 * 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) depth[std::size_t(y * 16 + x)] = 3.0f - 0.01f * (float(x) + 0.5f);
    const WaterField sloping(16, 16, 1.0f, bed, depth, std::vector<glm::vec2>(16 * 16, glm::vec2(0.0f)));
    BodySpec deep = box;
    deep.positionM = glm::vec3(8.0f, 8.0f, 1.0f);  // wholly under
    const HydroForces g = waterForces(deep, samples, 500.0f, initialState(deep), sloping, p, 1.0f / 120.0f);
    EXPECT_NEAR(g.forceN.x, p.waterDensityKgPerM3 * p.gravity * 1.0f * 0.01f, 0.5f);
    EXPECT_NEAR(g.forceN.y, 0.0f, 1e-3f);
}

// Lift across the current: a submerged 3 x 0.4 x 0.4 m box turned 45 degrees to a 1 m/s current is
// pushed across it as well as along it, as a keel or a yawed log is. The drag of each body axis,
// 1/2 rho Cd A |u| u with A the face across it (0.16 m^2 at the ends, 1.2 on the side), leaves
// 1/2 rho Cd u^2 (A_x - A_y) cos 45 sin^2 45 = -184 N across the flow (toward -y); the linear part is
// the same along every axis and pushes along the flow only. Turned along the current, nothing across.
TEST(WaterForces, AYawedBodyIsPushedAcrossTheCurrent) {
    const WaterField current = uniformWater(16, 16, 1.0f, 3.0f, glm::vec2(1.0f, 0.0f));
    BodySpec log = boxAt(glm::vec3(8.0f, 8.0f, 1.0f), 500.0f, glm::vec3(3.0f, 0.4f, 0.4f));
    const HydroParams p;
    const float mass = 500.0f * 0.48f;
    const auto across = [&](float yawDeg) {
        log.yawDeg = yawDeg;
        return waterForces(log, volumeSamples(log), mass, initialState(log), current, p, 1.0f / 60.0f).forceN;
    };
    const float s = std::sqrt(0.5f);
    const float lift = 0.5f * p.waterDensityKgPerM3 * p.dragCoefficient * (0.16f - 1.2f) * s * s * s;
    EXPECT_NEAR(across(45.0f).y, lift, 0.03f * std::abs(lift));
    EXPECT_NEAR(across(-45.0f).y, -lift, 0.03f * std::abs(lift)) << "turned the other way, pushed the other way";
    EXPECT_NEAR(across(0.0f).y, 0.0f, 1e-2f);
    EXPECT_GT(across(45.0f).x, 0.0f) << "and along the current";
}

class Dynamics : public ::testing::Test {
protected:
    void SetUp() override {
        if (!BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    }
    static std::unique_ptr<BodyWorld> world(int W, int H, float dx, const std::vector<float>& bed) {
        auto w = BodyWorld::create(W, H, dx, bed);
        EXPECT_TRUE(w) << (w ? "" : w.error().message);
        return w ? std::move(*w) : nullptr;
    }
};

// Archimedes: a box floats with the fraction of its height under water that its density is of the
// water's, within 3 %, and comes to rest there, upright (2 x 2 x 1 m boxes: wide enough to be stable
// at every density). A cube of a quarter of the water's density is not stable upright (its
// metacentre lies below its centre of mass while (B/H)^2 < 6 s (1 - s)) and rolls over onto an edge.
TEST_F(Dynamics, BoxesFloatAtArchimedesDraft) {
    const int W = 24, H = 24;
    const WaterField water = uniformWater(W, H, 1.0f, 3.0f);
    auto w = world(W, H, 1.0f, std::vector<float>(std::size_t(W * H), 0.0f));
    ASSERT_TRUE(w);
    const float densities[] = {250.0f, 500.0f, 800.0f};
    for (int i = 0; i < 3; ++i)  // dropped from half a metre above the surface
        ASSERT_TRUE(w->add(boxAt(glm::vec3(6.0f + 6.0f * float(i), 8.0f, 4.0f), densities[i], glm::vec3(2.0f, 2.0f, 1.0f))));
    BodySpec cube = boxAt(glm::vec3(12.0f, 17.0f, 4.0f), 250.0f);
    cube.yawDeg = 10.0f;
    ASSERT_TRUE(w->add(cube));
    for (int s = 0; s < 300; ++s) w->step(0.1f, water);  // 30 s
    ASSERT_EQ(w->bodies().size(), 4u);
    for (int i = 0; i < 3; ++i) {
        const Body& b = w->bodies()[std::size_t(i)];
        const float draft = 3.0f - (b.state.positionM.z - 0.5f);
        const float expected = densities[i] / 1000.0f;
        EXPECT_NEAR(draft, expected, 0.03f * expected) << "density " << densities[i];
        EXPECT_NEAR(b.submergedFraction, expected, 0.03f * expected);
        EXPECT_LT(glm::length(b.state.velocityMPerS), 0.01f) << "density " << densities[i];
        EXPECT_GT((glm::mat3_cast(b.state.orientation) * glm::vec3(0, 0, 1)).z, 0.99f) << "density " << densities[i];
    }
    const Body& rolled = w->bodies()[3];
    EXPECT_LT(std::abs((glm::mat3_cast(rolled.state.orientation) * glm::vec3(0, 0, 1)).z), std::cos(glm::radians(20.0f)));
    EXPECT_NEAR(rolled.submergedFraction, 0.25f, 0.03f * 0.25f);  // Archimedes whatever its pose
}

// Small, light bodies dropped half a metre into still water come to rest floating at their draft:
// a 5 cm cube of 20 kg/m^3 or 250 kg/m^3 and a 20 x 20 x 5 cm tile of 100 kg/m^3 are stiff on their
// waterline for their mass, and drag or damping of more than stops them within a physics substep
// once flung such bodies out of the water (the 20 kg/m^3 cube to 4 km up).
// A body at rest on the bed sleeps (Bullet skips it and the water's forces are not computed) and
// wakes when the water around it changes: a 1 m cube of 1100 kg/m^3 in 2 m of still water rests;
// the water rising 0.5 m wakes it, and it rests again once nothing moves; the water flowing at 1 m/s
// wakes it and slides it downstream (its drag beats friction on its 1 kN of weight in water). A log
// floating beside it never sleeps: the water holds it up.
TEST_F(Dynamics, ABodyAtRestSleepsAndWakesWhenTheWaterChanges) {
    const int W = 24, H = 24;
    auto w = world(W, H, 1.0f, std::vector<float>(std::size_t(W * H), 0.0f));
    ASSERT_TRUE(w);
    ASSERT_TRUE(w->add(boxAt(glm::vec3(8.0f, 12.0f, 0.5f), 1100.0f)));
    BodySpec log = boxAt(glm::vec3(16.0f, 12.0f, 2.0f), 700.0f, glm::vec3(3.0f, 0.4f, 0.4f));
    log.shape = BodyShape::Log;
    ASSERT_TRUE(w->add(log));
    const WaterField still = uniformWater(W, H, 1.0f, 2.0f);
    for (int s = 0; s < 200; ++s) w->step(0.1f, still);  // 20 s
    EXPECT_TRUE(w->bodies()[0].resting) << "on the bed in still water";
    EXPECT_NEAR(w->bodies()[0].state.positionM.z, 0.5f, 0.01f);
    EXPECT_FALSE(w->bodies()[1].resting) << "the floating log";

    const WaterField risen = uniformWater(W, H, 1.0f, 2.5f);
    w->step(0.1f, risen);
    EXPECT_FALSE(w->bodies()[0].resting) << "the water rose around it";
    for (int s = 0; s < 200; ++s) w->step(0.1f, risen);
    EXPECT_TRUE(w->bodies()[0].resting) << "and it rests again";

    const WaterField flowing = uniformWater(W, H, 1.0f, 2.5f, glm::vec2(1.0f, 0.0f));
    for (int s = 0; s < 50; ++s) w->step(0.1f, flowing);
    EXPECT_FALSE(w->bodies()[0].resting) << "the water began to flow";
    EXPECT_GT(w->bodies()[0].state.positionM.x, 8.5f) << "and slid it downstream";
}

TEST_F(Dynamics, SmallLightBodiesDroppedInSettleAtTheirDraft) {
    const int W = 12, H = 12;
    const WaterField water = uniformWater(W, H, 1.0f, 2.0f);
    auto w = world(W, H, 1.0f, std::vector<float>(std::size_t(W * H), 0.0f));
    ASSERT_TRUE(w);
    const glm::vec3 cube(0.05f), tile(0.2f, 0.2f, 0.05f);
    const struct {
        glm::vec3 size;
        float density;
    } bodies[] = {{cube, 20.0f}, {cube, 250.0f}, {tile, 100.0f}};
    for (int i = 0; i < 3; ++i)
        ASSERT_TRUE(w->add(boxAt(glm::vec3(3.0f + 3.0f * float(i), 6.0f, 2.5f), bodies[i].density, bodies[i].size)));
    for (int s = 0; s < 300; ++s) w->step(0.1f, water);  // 30 s
    ASSERT_EQ(w->bodies().size(), 3u);
    for (int i = 0; i < 3; ++i) {
        const Body& b = w->bodies()[std::size_t(i)];
        const float ratio = bodies[i].density / 1000.0f;
        // Its bottom under the surface by the draft, within 1 cm (a few per cent of a cube's side).
        const float bottom = b.state.positionM.z - 0.5f * bodies[i].size.z;
        EXPECT_NEAR(bottom, 2.0f - ratio * bodies[i].size.z, 0.01f) << "density " << bodies[i].density;
        EXPECT_LT(glm::length(b.state.velocityMPerS), 0.05f) << "density " << bodies[i].density;
    }
}

// A log dropped into a uniform current is carried at the current's speed.
TEST_F(Dynamics, ALogReachesTheSpeedOfTheCurrent) {
    const int W = 200, H = 20;
    const glm::vec2 current(1.5f, 0.0f);
    const WaterField water = uniformWater(W, H, 1.0f, 2.0f, current);
    auto w = world(W, H, 1.0f, std::vector<float>(std::size_t(W * H), 0.0f));
    ASSERT_TRUE(w);
    BodySpec log;
    log.shape = BodyShape::Log;
    log.sizeM = glm::vec3(4.0f, 0.5f, 0.5f);
    log.densityKgPerM3 = 700.0f;
    log.positionM = glm::vec3(20.0f, 10.0f, 2.1f);
    log.yawDeg = 30.0f;
    ASSERT_TRUE(w->add(log));
    for (int s = 0; s < 200; ++s) w->step(0.1f, water);  // 20 s: ~30 m downstream
    ASSERT_EQ(w->bodies().size(), 1u);
    const Body& b = w->bodies()[0];
    EXPECT_NEAR(b.state.velocityMPerS.x, current.x, 0.03f * current.x);
    EXPECT_NEAR(b.state.velocityMPerS.y, 0.0f, 0.05f);
    EXPECT_GT(b.state.positionM.x, 20.0f + 0.7f * 20.0f * current.x);
}

// On dry land a box rests on the bed where it lies (the height field's heights sit at the cells'
// centres): on a 5 m plateau in the grid's north-east quarter and on a plain rising 0.1 m a cell
// eastward (5 % with 2 m cells), at the centre of cell 6, whose bed is 0.6 m (half a cell off, it
// would rest 5 cm higher or lower).
TEST_F(Dynamics, BoxesRestOnTheBedWhereTheyLie) {
    const int W = 32, H = 32;
    std::vector<float> bed(std::size_t(W * H), 0.0f);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) bed[std::size_t(y * W + x)] = y >= 16 && x >= 16 ? 5.0f : 0.1f * float(x);
    const WaterField dry = uniformWater(W, H, 2.0f, 0.0f);
    auto w = world(W, H, 2.0f, bed);
    ASSERT_TRUE(w);
    ASSERT_TRUE(w->add(boxAt(glm::vec3(48.0f, 48.0f, 8.0f), 600.0f)));  // over the plateau (x, y > 32 m)
    ASSERT_TRUE(w->add(boxAt(glm::vec3(13.0f, 13.0f, 1.2f), 600.0f)));  // just over the plain, cell (6, 6)
    for (int s = 0; s < 50; ++s) w->step(0.1f, dry);
    ASSERT_EQ(w->bodies().size(), 2u);
    EXPECT_NEAR(w->bodies()[0].state.positionM.z, 5.5f, 0.02f);
    EXPECT_NEAR(w->bodies()[1].state.positionM.x, 13.0f, 0.1f);  // friction holds it on the 5 % slope
    EXPECT_NEAR(w->bodies()[1].state.positionM.z, 0.6f + 0.5f, 0.02f);

    // The collider follows an edit of the bed: the plain rises 2 m under the second box.
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) bed[std::size_t(y * W + x)] = 2.0f;
    w->setTerrain(bed);
    for (int s = 0; s < 30; ++s) w->step(0.1f, dry);
    EXPECT_NEAR(w->bodies()[1].state.positionM.z, 2.5f, 0.1f);
}

TEST(BodyWorldErrors, ABedThatDoesNotMatchTheGridIsRefused) {
    auto w = BodyWorld::create(8, 8, 1.0f, std::vector<float>(10, 0.0f));
    ASSERT_FALSE(w);
    EXPECT_NE(w.error().message.find(BodyWorld::available() ? "does not match" : "SLUICE_BODIES"), std::string::npos)
        << w.error().message;
}

}  // namespace
}  // namespace sluice::sim

namespace sluice::sim {
namespace {

// A walled edge stops a body as it stops the water; past an open edge the body leaves the world.
TEST(BodyWalls, AWalledEdgeStopsALogThatAnOpenOneLetsGo) {
    if (!BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    const int W = 40, H = 12;
    const WaterField water = uniformWater(W, H, 1.0f, 2.0f, glm::vec2(1.5f, 0.0f));  // flowing east
    for (const bool walled : {true, false}) {
        auto w = BodyWorld::create(W, H, 1.0f, std::vector<float>(std::size_t(W * H), 0.0f));
        ASSERT_TRUE(w);
        (*w)->setWalls({true, walled, true, true});
        BodySpec log;
        log.shape = BodyShape::Log;
        log.sizeM = glm::vec3(3.0f, 0.5f, 0.5f);
        log.densityKgPerM3 = 700.0f;
        log.positionM = glm::vec3(30.0f, 6.0f, 2.1f);
        ASSERT_TRUE((*w)->add(log));
        for (int s = 0; s < 150; ++s) (*w)->step(0.1f, water);  // 15 s: 20 m at the current's speed
        if (!walled) {
            EXPECT_TRUE((*w)->bodies().empty()) << "an open edge lets the log go";
            continue;
        }
        ASSERT_EQ((*w)->bodies().size(), 1u) << "the wall did not hold the log";
        const Body& b = (*w)->bodies()[0];
        EXPECT_LE(b.state.positionM.x, float(W) - 1.5f + 0.05f) << "it rests against the wall, not through it";
        EXPECT_GT(b.state.positionM.x, float(W) - 2.5f) << "it drifted up to the wall";
    }
}

}  // namespace
}  // namespace sluice::sim

namespace sluice::sim {
namespace {

// Where a body is wet (body_wetness.hpp): below the water's line on it; once the water falls, below
// the highest line it reached, drying down from there at kDryingMPerS; the line turns with the body.
TEST(BodyWetness, TheWaterLineStaysAndDriesDownOnceTheWaterFalls) {
    const BodySpec cube = boxAt(glm::vec3(5.0f, 5.0f, 0.5f), 2400.0f);  // 1 m, standing on the bed at 0
    const BodyState s = initialState(cube);
    glm::vec4 wet = kDryPlane;
    EXPECT_EQ(wetShare(cube.sizeM, wet), 0.0f);
    wet = nextWetPlane(cube, s, wet, uniformWater(10, 10, 1.0f, 0.75f), 0.1f);
    EXPECT_NEAR(wetShare(cube.sizeM, wet), 0.75f, 1e-5f) << "wet to the surface, 0.75 m up";
    // The water falls to 0.2 m: the line stays, drying 1 cm a second.
    const WaterField low = uniformWater(10, 10, 1.0f, 0.2f);
    for (int i = 0; i < 100; ++i) wet = nextWetPlane(cube, s, wet, low, 0.1f);
    EXPECT_NEAR(wetShare(cube.sizeM, wet), 0.75f - 10.0f * kDryingMPerS, 1e-4f);
    // Long after, it has dried down to the water's line, and no further while the water stands there.
    for (int i = 0; i < 1000; ++i) wet = nextWetPlane(cube, s, wet, low, 0.1f);
    EXPECT_NEAR(wetShare(cube.sizeM, wet), 0.2f, 1e-4f);
    // Out of the water altogether it dries off completely.
    const WaterField dry = uniformWater(10, 10, 1.0f, 0.0f);
    for (int i = 0; i < 300; ++i) wet = nextWetPlane(cube, s, wet, dry, 0.1f);
    EXPECT_EQ(wetShare(cube.sizeM, wet), 0.0f);

    // A log lying turned a quarter about its length: the world's up is its own +y or -y.
    BodySpec log = cube;
    log.shape = BodyShape::Log;
    log.sizeM = glm::vec3(3.0f, 0.4f, 0.4f);
    BodyState turned = initialState(log);
    turned.orientation = glm::angleAxis(glm::radians(90.0f), glm::vec3(1.0f, 0.0f, 0.0f));
    turned.positionM.z = 0.2f;
    const glm::vec4 side = nextWetPlane(log, turned, kDryPlane, uniformWater(10, 10, 1.0f, 0.3f), 0.1f);
    EXPECT_NEAR(std::abs(side.y), 1.0f, 1e-5f) << side.x << " " << side.y << " " << side.z;
    EXPECT_NEAR(wetShare(log.sizeM, side), 0.75f, 1e-4f) << "0.3 m of its 0.4 m";
}

}  // namespace
}  // namespace sluice::sim

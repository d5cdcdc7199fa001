// Bodies and water acting on each other (docs/BODIES.md): the bodies' load (body_load.hpp) set on a
// solver each step by stepBodies, with the dynamics on Bullet. A box lowered into a closed basin
// floats at its draft and raises the level by its submerged volume over the basin's area, with the
// ledger exact; a wall of blocks across a channel holds the water back, the blocks stay put until the
// water overtops them, and then it breaks.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/bodies/body_load.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/bodies/water_forces.hpp"
#include "sim/solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

std::size_t at(const sim::Scene& s, int x, int y) { return std::size_t(y) * std::size_t(s.width) + std::size_t(x); }

sim::BodySpec box(glm::vec3 position, float density, glm::vec3 size) {
    sim::BodySpec b;
    b.shape = sim::BodyShape::Box;
    b.sizeM = size;
    b.densityKgPerM3 = density;
    b.positionM = position;
    return b;
}

class BodiesInWater : public ::testing::Test {
protected:
    void SetUp() override {
        if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    }
};

}  // namespace

// A 2 x 2 x 1 m box of 500 kg/m^3 let go with its bottom at the surface of a closed 30 x 30 m basin
// 2 m deep: it settles at half its height under water, the load it puts on the water is its 2 m^3
// of displacement, and the level far from it rises by 2 m^3 / 900 m^2 = 2.2 mm. The water's volume
// never changes to the unit.
TEST_F(BodiesInWater, ABoxLoweredIntoABasinRaisesTheLevelByItsDisplacement) {
    sim::Scene scene = test::flatScene(30, 30, 1.0f);
    for (float& h : scene.depthM) h = 2.0f;
    scene.params.model = sim::WaterModel::Swe;
    scene.params.frictionLaw = sim::defaultFrictionLaw(scene.params.model);
    scene.params.viscosity = 0.2f;  // damps the waves the box makes
    scene.bodies.push_back({box({15.0f, 15.0f, 2.5f}, 500.0f, {2.0f, 2.0f, 1.0f}), {}});
    scene.bodies.back().state = sim::initialState(scene.bodies.back().spec);
    auto solver = test::makeSolver("cpu", scene);
    auto world = sim::bodyWorldFor(scene);
    ASSERT_TRUE(world && *world);
    sim::BodyWorld& bodies = **world;
    const std::int64_t units0 = solver->depthStats().volumeUnits;
    sim::loadWater(bodies, *solver);
    for (int i = 0; i < 2000; ++i) {  // 100 s: the waves it made have died down by 80 s
        solver->step(0.05f);
        sim::stepBodies(bodies, *solver, 0.05f, false);
    }
    ASSERT_EQ(bodies.bodies().size(), 1u);
    const sim::Body& b = bodies.bodies()[0];
    const sim::FieldSnapshot f = solver->download();
    const double displaced = sim::displacedVolumeM3(solver->bodyLoad(), 1.0f);
    const double rise = 2.0 / 900.0;
    EXPECT_NEAR(displaced, 2.0, 0.03 * 2.0);
    for (auto [x, y] : {std::pair{0, 0}, {29, 0}, {0, 29}, {5, 25}})
        EXPECT_NEAR(f.depthM[at(scene, x, y)], 2.0 + rise, 0.05 * rise) << x << "," << y;
    const float surface = 2.0f + float(rise);
    EXPECT_NEAR(surface - (b.state.positionM.z - 0.5f), 0.5f, 0.03f * 0.5f) << "draft";
    EXPECT_NEAR(b.submergedFraction, 0.5f, 0.03f * 0.5f);
    EXPECT_EQ(solver->depthStats().volumeUnits, units0);
    EXPECT_EQ(solver->ledger().residualUnits, 0);
}

// A row of concrete blocks (2400 kg/m^3, 1.5 m high) across a 10 m channel holds back water 1 m deep:
// the far side stays dry, the blocks do not move; when the lake rises a metre above them the water
// pours over and the wall breaks.
TEST_F(BodiesInWater, AWallOfBlocksHoldsBackTheWaterAndBreaksWhenOvertopped) {
    sim::Scene scene = test::flatScene(40, 10, 1.0f);
    for (int y = 0; y < scene.height; ++y)
        for (int x = 0; x < 20; ++x) scene.depthM[at(scene, x, y)] = 1.0f;
    scene.params.model = sim::WaterModel::Swe;
    scene.params.frictionLaw = sim::defaultFrictionLaw(scene.params.model);
    for (int y = 0; y < scene.height; ++y) {
        sim::BodySpec block = box({20.5f, float(y) + 0.5f, 0.75f}, 2400.0f, {0.98f, 0.98f, 1.5f});
        block.shape = sim::BodyShape::Block;
        scene.bodies.push_back({block, sim::initialState(block)});
    }
    auto solver = test::makeSolver("cpu", scene);
    auto world = sim::bodyWorldFor(scene);
    ASSERT_TRUE(world && *world);
    sim::BodyWorld& bodies = **world;
    sim::loadWater(bodies, *solver);
    for (int i = 0; i < 600; ++i) {  // 30 s
        solver->step(0.05f);
        sim::stepBodies(bodies, *solver, 0.05f, false);
    }
    const sim::FieldSnapshot f = solver->download();
    for (int y = 0; y < scene.height; ++y) {
        EXPECT_NEAR(f.depthM[at(scene, 15, y)], 1.0f, 0.02f) << "upstream row " << y;
        for (int x = 22; x < scene.width; ++x) ASSERT_LT(f.depthM[at(scene, x, y)], 1e-3f) << x << "," << y;
    }
    ASSERT_EQ(bodies.bodies().size(), std::size_t(scene.height));
    // Resting on Bullet's contacts the blocks shift a few centimetres either way as they settle (2-5 cm
    // over these 30 s, as often upstream as down); pushed by the water they would slide downstream, as
    // all of them do by metres once overtopped (below).
    float meanDownstream = 0;
    for (const sim::Body& b : bodies.bodies()) {
        EXPECT_LT(glm::length(b.state.positionM - b.spec.positionM), 0.1f) << "block " << b.id << " moved";
        meanDownstream += (b.state.positionM.x - b.spec.positionM.x) / float(scene.height);
    }
    EXPECT_LT(meanDownstream, 0.01f) << "the wall was pushed downstream";
    EXPECT_EQ(solver->ledger().residualUnits, 0);

    // The lake rises to 2.5 m (a level held at the west edge): the water pours over the wall.
    sim::Boundaries high = solver->boundaries();
    high.west = sim::BoundarySide::of(sim::BoundaryKind::Level, 2.5);
    solver->setBoundaries(high);
    float pushed = 0.0f;
    for (int i = 0; i < 600; ++i) {  // 30 s
        solver->step(0.05f);
        sim::stepBodies(bodies, *solver, 0.05f, false);
    }
    for (const sim::Body& b : bodies.bodies()) pushed = std::max(pushed, b.state.positionM.x - b.spec.positionM.x);
    std::printf("overtopped: downstream depth %.3f m, blocks pushed up to %.2f m\n", solver->download().depthM[at(scene, 30, 5)], pushed);
    EXPECT_GT(solver->download().depthM[at(scene, 30, 5)], 0.1f);
    // Under a metre of water over their tops the blocks' push (~30 kN a block) beats their friction
    // on the bed (~11 kN with the water's uplift): the wall breaks and the blocks are carried off.
    EXPECT_GT(pushed, 1.0f);
    EXPECT_EQ(solver->ledger().residualUnits, 0);
}

// Where the body tools put bodies (docs/BODIES.md, "Tools"): the body under the cursor, the height a
// new body starts at (on the bed, on other bodies, on the water for a light one) and the blocks
// brush's lattice, whose walls have no corner gaps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "sim/bodies/body_placing.hpp"
#include "sim/solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

sim::PlacedBody placed(glm::vec3 size, glm::vec3 at, float yawDeg = 0.0f, float density = 2400.0f) {
    sim::BodySpec b;
    b.shape = sim::BodyShape::Block;
    b.sizeM = size;
    b.positionM = at;
    b.yawDeg = yawDeg;
    b.densityKgPerM3 = density;
    return {b, sim::initialState(b)};
}

}  // namespace

TEST(BodyPlacing, BoundsOfATurnedBodySwapItsSides) {
    const auto b = placed({4, 1, 2}, {10, 10, 1}, 90.0f);
    const sim::BodyBounds box = sim::bodyBounds(b.spec, b.state);
    EXPECT_NEAR(box.minM.x, 9.5f, 1e-5f);
    EXPECT_NEAR(box.maxM.y, 12.0f, 1e-5f);
    EXPECT_NEAR(box.maxM.z, 2.0f, 1e-5f);
    const auto d = placed({2, 2, 2}, {0, 0, 0}, 45.0f);
    EXPECT_NEAR(sim::bodyBounds(d.spec, d.state).maxM.x, std::sqrt(2.0f), 1e-5f);
}

TEST(BodyPlacing, TheBodyUnderThePointIsTheTopOneOfAStack) {
    std::vector<sim::PlacedBody> bodies = {placed({2, 2, 1}, {5, 5, 0.5f}), placed({2, 2, 1}, {5, 5, 1.5f}),
                                           placed({4, 0.5f, 0.5f}, {20, 20, 0.25f}, 90.0f)};
    EXPECT_EQ(sim::bodyUnder(bodies, {5.5f, 4.2f}), 1);
    EXPECT_EQ(sim::bodyUnder(bodies, {6.5f, 5.0f}), -1);
    EXPECT_EQ(sim::bodyUnder(bodies, {6.5f, 5.0f}, 0.6f), 1) << "a margin grows the footprint";
    // The turned log lies north-south: 1.5 m north of its centre is on it, 1.5 m east is not.
    EXPECT_EQ(sim::bodyUnder(bodies, {20.0f, 21.5f}), 2);
    EXPECT_EQ(sim::bodyUnder(bodies, {21.5f, 20.0f}), -1);
}

TEST(BodyPlacing, ANewBodyRestsOnTheBedOnBodiesOrOnTheWater) {
    const sim::Ground ground{1.0f, 3.0f};  // bed 1 m, water up to 3 m
    sim::BodySpec block = placed({2, 2, 1}, {5, 5, 0}).spec;
    EXPECT_NEAR(sim::restingCentreZ(block, ground, {}), 1.0f + sim::kRestGapM + 0.5f, 1e-6f) << "dense: on the bed";
    const std::vector<sim::PlacedBody> under = {placed({2, 2, 1}, {5.5f, 5.5f, 1.5f})};
    EXPECT_NEAR(sim::restingCentreZ(block, ground, under), 2.0f + sim::kRestGapM + 0.5f, 1e-6f) << "on the body under it";
    const std::vector<sim::PlacedBody> beside = {placed({2, 2, 1}, {7.0f + 0.02f, 5.0f, 1.5f})};
    EXPECT_NEAR(sim::restingCentreZ(block, ground, beside), 1.0f + sim::kRestGapM + 0.5f, 1e-6f) << "a neighbour is not under it";
    sim::BodySpec log = placed({3, 0.4f, 0.4f}, {5, 5, 0}, 30.0f, 700.0f).spec;
    EXPECT_NEAR(sim::restingCentreZ(log, ground, {}), 3.0f + sim::kRestGapM + 0.2f, 1e-6f) << "light: on the surface";
}

TEST(BodyPlacing, AStrokeLaysSlotsWithoutCornerGaps) {
    EXPECT_EQ(sim::blockSlotAt(5.5f, 3.9f, 2), (sim::BlockSlot{2, 1}));
    EXPECT_EQ(sim::blockSlotAt(-0.5f, 0.0f, 1), (sim::BlockSlot{-1, 0}));
    for (const auto& [from, to] : {std::pair<sim::BlockSlot, sim::BlockSlot>{{0, 0}, {5, 3}}, {{4, 9}, {0, 0}}, {{2, 2}, {2, -4}}}) {
        const auto path = sim::blockSlotPath(from, to);
        ASSERT_EQ(path.size(), std::size_t(std::abs(to.i - from.i) + std::abs(to.j - from.j)));
        EXPECT_EQ(path.back(), to);
        sim::BlockSlot prev = from;
        for (const sim::BlockSlot& s : path) {
            EXPECT_EQ(std::abs(s.i - prev.i) + std::abs(s.j - prev.j), 1) << "each slot shares a side with the one before";
            prev = s;
        }
    }
    // Along the diagonal the path stays within half a slot of the line.
    for (const sim::BlockSlot& s : sim::blockSlotPath({0, 0}, {6, 6})) EXPECT_LE(std::abs(s.i - s.j), 1);
    EXPECT_TRUE(sim::blockSlotPath({3, 3}, {3, 3}).empty());
}

TEST(BodyPlacing, TheBlocksBrushStacksItsLayers) {
    sim::BlockBrush brush;
    brush.cellsPerBlock = 2;
    brush.heightM = 0.5f;
    brush.layers = 3;
    const std::vector<sim::PlacedBody> existing = {placed({1.9f, 1.9f, 1.0f}, {3, 1, 0.5f})};  // in slot (1, 0)
    const auto blocks = sim::blocksForSlots({{0, 0}, {1, 0}}, {{0.0f, 0.0f}, {0.0f, 0.0f}}, brush, 1.0f, existing);
    ASSERT_EQ(blocks.size(), 6u);
    for (const sim::BodySpec& b : blocks) {
        EXPECT_EQ(b.shape, sim::BodyShape::Block);
        EXPECT_FALSE(sim::bodyProblem(b));
        EXPECT_NEAR(b.sizeM.x, 2.0f - sim::kBlockGapM, 1e-6f);
    }
    EXPECT_EQ(blocks[0].positionM.x, 1.0f);
    EXPECT_EQ(blocks[3].positionM.x, 3.0f);
    for (int layer = 0; layer < 3; ++layer) {
        EXPECT_NEAR(blocks[std::size_t(layer)].positionM.z, 0.25f + float(layer) * (0.5f + sim::kRestGapM) + sim::kRestGapM, 1e-5f);
        EXPECT_NEAR(blocks[std::size_t(3 + layer)].positionM.z, 1.25f + float(layer) * (0.5f + sim::kRestGapM) + sim::kRestGapM, 1e-5f)
            << "on the block that stood there";
    }
}

TEST(BodyPlacing, TheGroundIsReadFromTheSolver) {
    sim::Scene s = test::flatScene(20, 10, 2.0f);
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 20; ++x) {
            s.terrainM[std::size_t(y * 20 + x)] = 0.1f * float(x);
            s.depthM[std::size_t(y * 20 + x)] = x < 10 ? 3.0f - 0.1f * float(x) : 0.0f;  // a lake level at 3 m
        }
    for (const char* backend : {"cpu", "gpu"}) {
        SCOPED_TRACE(backend);
        auto solver = test::makeSolver(backend, s);
        // Metres 10..14 by 4..6: cells 5, 6 (wet) and the bed's highest there is cell 6's 0.6 m.
        const sim::Ground g = sim::groundUnder(*solver, {10.0f, 4.0f}, {14.0f, 6.0f});
        EXPECT_FLOAT_EQ(g.bedTopM, 0.6f);
        EXPECT_NEAR(g.surfaceTopM, 3.0f, 1e-5f);
        const sim::Ground dry = sim::groundUnderSlot(*solver, {6, 0}, 2);  // metres 24..28, cells 12, 13: dry
        EXPECT_FLOAT_EQ(dry.bedTopM, 0.1f * 13.0f);
        EXPECT_FLOAT_EQ(dry.surfaceTopM, dry.bedTopM);
    }
}

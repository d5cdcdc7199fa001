// Sculpting and water brushes (Solver::applyBrush), one test body run on every backend, plus a
// CPU/GPU comparison. Small grids (40 x 32, three by two 16x16 work groups) keep llvmpipe fast.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "sim/brush.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;
using sluice::test::flatScene;

namespace {

class Brush : public ::testing::TestWithParam<std::string> {
protected:
    std::unique_ptr<sim::Solver> make(const sim::Scene& s) { return test::makeSolver(GetParam(), s); }
};

std::size_t idx(const sim::Scene& s, int x, int y) { return std::size_t(y) * std::size_t(s.width) + std::size_t(x); }

// Distance (cells) from the stroke's centre to the centre of cell (x, y), as the solvers compute it.
float distanceTo(const sim::BrushStroke& b, int x, int y) {
    const float rx = (float(x) + 0.5f) - b.x, ry = (float(y) + 0.5f) - b.y;
    return std::sqrt(rx * rx + ry * ry);
}

// A deterministic bumpy bed in [-0.5, 0.5] m, rough from cell to cell.
float noise(int x, int y) {
    std::uint32_t v = std::uint32_t(x) * 73856093u ^ std::uint32_t(y) * 19349663u;
    v ^= v >> 13;
    v *= 0x5bd1e995u;
    v ^= v >> 15;
    return float(v % 10007u) / 10006.0f - 0.5f;
}

sim::Scene noisyScene(int w, int h, float dx) {
    sim::Scene s = flatScene(w, h, dx);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) s.terrainM[idx(s, x, y)] = noise(x, y);
    return s;
}

double sum(const std::vector<float>& v) {
    double t = 0;
    for (float f : v) t += double(f);
    return t;
}

sim::BrushStroke stroke(sim::BrushKind kind, float x, float y, float radius, float strength, float falloff, float dt) {
    sim::BrushStroke b;
    b.kind = kind;
    b.x = x;
    b.y = y;
    b.radiusCells = radius;
    b.strength = strength;
    b.falloff = falloff;
    b.dtSeconds = dt;
    return b;
}

}  // namespace

TEST(BrushWeight, ProfileIsOneInTheCoreCosineOnTheRampZeroOutside) {
    sim::BrushStroke b = stroke(sim::BrushKind::Raise, 0, 0, 10.0f, 1.0f, 0.4f, 1.0f);
    EXPECT_EQ(sim::brushWeight(b, 0.0f), 1.0f);
    EXPECT_EQ(sim::brushWeight(b, 6.0f), 1.0f);  // the core edge (1 - 0.4) * 10
    EXPECT_EQ(sim::brushWeight(b, 10.0f), 0.0f);
    EXPECT_EQ(sim::brushWeight(b, 12.0f), 0.0f);
    for (float r = 6.0f; r < 10.0f; r += 0.125f) {
        const double expected = 0.5 + 0.5 * std::cos(3.14159265358979 * (double(r) - 6.0) / 4.0);
        EXPECT_NEAR(sim::brushWeight(b, r), expected, 1e-6) << "r = " << r;
    }
    b.falloff = 0.0f;  // hard disc
    EXPECT_EQ(sim::brushWeight(b, 9.999f), 1.0f);
    EXPECT_EQ(sim::brushWeight(b, 10.0f), 0.0f);
    b.falloff = 1.0f;  // smooth bump: half height at half radius
    EXPECT_NEAR(sim::brushWeight(b, 5.0f), 0.5, 1e-6);
}

// (a) A raise on flat ground adds exactly the brush integral, and only inside the radius.
TEST_P(Brush, RaiseAddsTheBrushIntegralOnlyInsideTheRadius) {
    const float dx = 2.0f;
    sim::Scene s = flatScene(40, 32, dx);
    auto solver = make(s);
    ASSERT_TRUE(solver);
    const sim::BrushStroke b = stroke(sim::BrushKind::Raise, 17.3f, 14.6f, 7.5f, 2.0f, 0.5f, 0.05f);
    solver->applyBrush(b);
    const sim::FieldSnapshot f = solver->download();
    double expected = 0;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const float r = distanceTo(b, x, y);
            const double w = sim::brushWeight(b, r);
            expected += double(b.strength) * w * double(b.dtSeconds) * double(dx) * double(dx);
            const float bed = f.terrainM[idx(s, x, y)];
            if (r >= b.radiusCells) {
                EXPECT_EQ(bed, 0.0f) << "cell " << x << "," << y << " outside the radius changed";
            } else if (w > 0) {
                EXPECT_GT(bed, 0.0f) << "cell " << x << "," << y << " inside the radius did not rise";
            }
        }
    const double actual = sum(f.terrainM) * double(dx) * double(dx);
    ASSERT_GT(expected, 0.0);
    EXPECT_NEAR(actual, expected, 1e-5 * expected);
    // Terrain brushes leave the water alone.
    for (float h : f.depthM) EXPECT_EQ(h, 0.0f);
}

// (b) Digging under a lake keeps its water volume bitwise; the ledger stays balanced afterwards.
TEST_P(Brush, DigUnderALakeKeepsTheWaterVolumeExactly) {
    sim::Scene s = flatScene(40, 32, 1.0f);
    std::fill(s.depthM.begin(), s.depthM.end(), 1.0f);
    auto solver = make(s);
    ASSERT_TRUE(solver);
    const sim::Ledger before = solver->ledger();
    const std::vector<float> depthBefore = solver->download().depthM;
    solver->applyBrush(stroke(sim::BrushKind::Dig, 16.0f, 16.0f, 9.0f, 3.0f, 0.5f, 0.1f));
    const sim::Ledger after = solver->ledger();
    const sim::FieldSnapshot f = solver->download();
    EXPECT_EQ(after.volumeM3, before.volumeM3);
    EXPECT_EQ(after.addedM3, 0.0);
    EXPECT_EQ(after.removedM3, 0.0);
    EXPECT_EQ(f.depthM, depthBefore);
    EXPECT_LT(*std::min_element(f.terrainM.begin(), f.terrainM.end()), -0.29f);  // the pit is there
    // The surface now has a dip; the water flows into it without gaining or losing volume.
    for (int i = 0; i < 20; ++i) solver->step(0.05f);
    const sim::Ledger l = solver->ledger();
    EXPECT_EQ(l.residualUnits, 0);
    EXPECT_GE(solver->depthStats().minDepthM, 0.0f);
}

// (c) Water brushes book exactly what they change; removing never goes below zero.
TEST_P(Brush, AddAndRemoveWaterAreBookedInTheLedger) {
    const float dx = 0.5f;
    sim::Scene s = noisyScene(40, 32, dx);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) s.depthM[idx(s, x, y)] = x < 20 ? std::max(0.0f, 0.1f - s.terrainM[idx(s, x, y)]) : 0.0f;
    auto solver = make(s);
    ASSERT_TRUE(solver);
    const sim::Ledger l0 = solver->ledger();

    solver->applyBrush(stroke(sim::BrushKind::AddWater, 20.0f, 15.0f, 10.0f, 1.5f, 0.5f, 0.1f));
    const sim::Ledger l1 = solver->ledger();
    const double addedVolume = l1.volumeM3 - l0.volumeM3;
    EXPECT_GT(addedVolume, 0.0);
    EXPECT_NEAR(l1.addedM3, addedVolume, 1e-9 * l1.volumeM3);
    EXPECT_EQ(l1.removedM3, 0.0);
    EXPECT_EQ(l1.residualUnits, 0);

    // Asks for 2 m, far more than is anywhere: takes what is there, never more.
    solver->applyBrush(stroke(sim::BrushKind::RemoveWater, 14.0f, 18.0f, 8.0f, 20.0f, 0.3f, 0.1f));
    const sim::Ledger l2 = solver->ledger();
    const double removedVolume = l1.volumeM3 - l2.volumeM3;
    EXPECT_GT(removedVolume, 0.0);
    EXPECT_NEAR(l2.removedM3, removedVolume, 1e-9 * l1.volumeM3);
    EXPECT_NEAR(l2.addedM3, l1.addedM3, 1e-12 * l1.addedM3);
    EXPECT_EQ(l2.residualUnits, 0);
    const sim::FieldSnapshot f = solver->download();
    EXPECT_GE(*std::min_element(f.depthM.begin(), f.depthM.end()), 0.0f);
    EXPECT_EQ(f.depthM[idx(s, 14, 18)], 0.0f);  // the core was emptied

    for (int i = 0; i < 10; ++i) solver->step(0.05f);
    const sim::Ledger l3 = solver->ledger();
    EXPECT_EQ(l3.residualUnits, 0);
    EXPECT_GE(solver->depthStats().minDepthM, 0.0f);

    // After an odd number of substeps the GPU's current depth is the other ping-pong buffer; a
    // stroke must change that one (else the volume would not move while the ledger books it).
    solver->stepFixed(0.01f, 1);
    const sim::Ledger l4 = solver->ledger();
    solver->applyBrush(stroke(sim::BrushKind::AddWater, 30.0f, 8.0f, 5.0f, 1.0f, 0.5f, 0.1f));
    const sim::Ledger l5 = solver->ledger();
    EXPECT_GT(l5.volumeM3 - l4.volumeM3, 0.0);
    EXPECT_NEAR(l5.addedM3 - l4.addedM3, l5.volumeM3 - l4.volumeM3, 1e-9 * l5.volumeM3);
    EXPECT_EQ(l5.residualUnits, 0);
}

// (d) Smooth lowers the roughness inside the radius and nothing outside; flatten approaches the
// target and, at full strength, lands on it.
TEST_P(Brush, SmoothReducesRoughnessAndFlattenReachesTheTarget) {
    sim::Scene s = noisyScene(40, 32, 1.0f);
    auto solver = make(s);
    ASSERT_TRUE(solver);
    const sim::BrushStroke smooth = stroke(sim::BrushKind::Smooth, 20.0f, 16.0f, 9.0f, 5.0f, 0.3f, 0.1f);
    solver->applyBrush(smooth);
    const sim::FieldSnapshot f = solver->download();
    auto variance = [&](const std::vector<float>& b) {
        double m = 0, m2 = 0;
        int n = 0;
        for (int y = 0; y < s.height; ++y)
            for (int x = 0; x < s.width; ++x) {
                if (distanceTo(smooth, x, y) >= 0.5f * smooth.radiusCells) continue;
                const double v = b[idx(s, x, y)];
                m += v;
                m2 += v * v;
                ++n;
            }
        m /= n;
        return m2 / n - m * m;
    };
    EXPECT_LT(variance(f.terrainM), 0.5 * variance(s.terrainM));
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
            if (distanceTo(smooth, x, y) >= smooth.radiusCells) {
                EXPECT_EQ(f.terrainM[idx(s, x, y)], s.terrainM[idx(s, x, y)]) << "cell " << x << "," << y;
            }
    for (float h : f.depthM) EXPECT_EQ(h, 0.0f);

    // A partial flatten moves every cell toward the target without overshooting it.
    sim::BrushStroke flat = stroke(sim::BrushKind::Flatten, 12.0f, 12.0f, 7.0f, 1.0f, 0.5f, 0.3f);
    flat.targetHeightM = 0.2f;
    solver->applyBrush(flat);
    const sim::FieldSnapshot g = solver->download();
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = idx(s, x, y);
            const float d0 = f.terrainM[i] - flat.targetHeightM, d1 = g.terrainM[i] - flat.targetHeightM;
            EXPECT_LE(std::abs(d1), std::abs(d0)) << "cell " << x << "," << y;
            if (d0 != 0.0f) {
                EXPECT_GE(d1 * d0, 0.0f) << "overshoot at " << x << "," << y;
            }
            if (distanceTo(flat, x, y) < 0.5f * flat.radiusCells) {
                EXPECT_LT(std::abs(d1), 0.71f * std::abs(d0) + 1e-6f) << "cell " << x << "," << y;
            }
        }

    // Full strength: strength * dt >= 1 puts the hard core exactly on the target.
    sim::BrushStroke full = stroke(sim::BrushKind::Flatten, 28.0f, 18.0f, 6.0f, 1.0f, 0.5f, 2.0f);
    full.targetHeightM = -0.3f;
    solver->applyBrush(full);
    const sim::FieldSnapshot h = solver->download();
    int core = 0;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x)
            if (distanceTo(full, x, y) <= 0.5f * full.radiusCells) {  // the weight-1 core
                EXPECT_EQ(h.terrainM[idx(s, x, y)], full.targetHeightM) << "cell " << x << "," << y;
                ++core;
            }
    EXPECT_GT(core, 20);
}

// (f) Strokes scale with real time: ten frames of 0.01 s raise as much as one of 0.1 s.
TEST_P(Brush, RaiseIsFrameRateIndependent) {
    sim::Scene s = flatScene(40, 32, 1.0f);
    auto many = make(s);
    auto one = make(s);
    ASSERT_TRUE(many && one);
    const sim::BrushStroke small = stroke(sim::BrushKind::Raise, 21.0f, 13.0f, 8.0f, 3.0f, 0.6f, 0.01f);
    for (int i = 0; i < 10; ++i) many->applyBrush(small);
    sim::BrushStroke big = small;
    big.dtSeconds = 0.1f;
    one->applyBrush(big);
    const sim::FieldSnapshot a = many->download(), b = one->download();
    const double va = sum(a.terrainM), vb = sum(b.terrainM);
    ASSERT_GT(vb, 0.0);
    EXPECT_NEAR(va, vb, 1e-5 * vb);
    EXPECT_LT(test::maxAbsDiff(a.terrainM, b.terrainM), 1e-5f * 0.3f);
}

INSTANTIATE_TEST_SUITE_P(Backends, Brush, ::testing::Values(std::string("cpu"), std::string("gpu")),
                         [](const auto& paramInfo) { return paramInfo.param; });

// (e) The same strokes give the same field on both backends, including strokes that cross work-group
// boundaries and the grid edge, and the same ledger: on a 40 x 32 grid with the GPU's fields in rows,
// and on one 150 x 32 with them in tiles or strips (shaders/sim/field_layout.h), the strokes moved
// across the tiles' (strips') border at x = 128.
class BrushBackends : public ::testing::TestWithParam<std::string> {};

TEST_P(BrushBackends, GpuMatchesCpu) {
    const bool tiles = GetParam() != "gpu";
    const float shift = tiles ? 110.0f : 0.0f;
    sim::Scene s = noisyScene(tiles ? 150 : 40, 32, 0.5f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) s.depthM[idx(s, x, y)] = std::max(0.0f, 0.05f - s.terrainM[idx(s, x, y)]);
    auto cpu = test::makeSolver("cpu", s);
    auto gpu = test::makeSolver(GetParam(), s);
    ASSERT_TRUE(cpu && gpu);
    std::vector<sim::BrushStroke> strokes = {
        stroke(sim::BrushKind::Raise, 16.2f, 15.7f, 6.0f, 1.3f, 0.5f, 0.07f),
        stroke(sim::BrushKind::Dig, 2.0f, 30.0f, 5.0f, 2.0f, 0.2f, 0.05f),  // off the corner
        stroke(sim::BrushKind::Smooth, 30.5f, 10.0f, 12.0f, 4.0f, 0.7f, 0.1f),
        stroke(sim::BrushKind::Smooth, 0.0f, 0.0f, 4.0f, 20.0f, 0.0f, 0.1f),  // full-strength, clipped
        stroke(sim::BrushKind::Flatten, 20.0f, 20.0f, 9.0f, 2.0f, 0.4f, 0.2f),
        stroke(sim::BrushKind::AddWater, 16.0f, 16.0f, 10.0f, 0.8f, 0.5f, 0.1f),
        stroke(sim::BrushKind::RemoveWater, 35.0f, 5.0f, 8.0f, 3.0f, 0.5f, 0.1f),
        stroke(sim::BrushKind::AddWater, 39.9f, 31.9f, 3.0f, 0.5f, 1.0f, 0.1f),
        stroke(sim::BrushKind::RemoveWater, 10.0f, 12.0f, 14.0f, 0.05f, 0.2f, 0.1f),
        stroke(sim::BrushKind::Raise, -50.0f, 10.0f, 5.0f, 1.0f, 0.5f, 0.1f),  // misses the grid
    };
    strokes[4].targetHeightM = 0.15f;
    for (sim::BrushStroke& b : strokes) {
        if (b.x > 2.5f) b.x += shift;  // the corner strokes stay at the corner
        cpu->applyBrush(b);
        gpu->applyBrush(b);
    }
    const sim::FieldSnapshot c = cpu->download(), g = gpu->download();
    EXPECT_LT(test::maxAbsDiff(c.terrainM, g.terrainM), 1e-5f);
    EXPECT_LT(test::maxAbsDiff(c.depthM, g.depthM), 1e-5f);
    const sim::Ledger lc = cpu->ledger(), lg = gpu->ledger();
    EXPECT_GT(lc.addedM3, 0.0);
    EXPECT_GT(lc.removedM3, 0.0);
    EXPECT_NEAR(lg.addedM3, lc.addedM3, 1e-5 * lc.addedM3);
    EXPECT_NEAR(lg.removedM3, lc.removedM3, 1e-5 * lc.removedM3);
    EXPECT_EQ(lc.residualUnits, 0);
    EXPECT_EQ(lg.residualUnits, 0);
}

INSTANTIATE_TEST_SUITE_P(Layouts, BrushBackends, ::testing::Values(std::string("gpu"), std::string("gpu-tiles"), std::string("gpu-strips")),
                         [](const auto& p) { return test::backendTestName(p.param); });

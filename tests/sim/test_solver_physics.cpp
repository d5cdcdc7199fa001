// Physical behaviour of the pipe model, one test body run on every backend (CPU reference and GPU).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tests/support/backends.hpp"

using namespace sluice;
using sluice::test::flatScene;

namespace {

class Physics : public ::testing::TestWithParam<std::string> {
protected:
    std::unique_ptr<sim::Solver> make(const sim::Scene& s) { return test::makeSolver(GetParam(), s); }
};

std::size_t idx(const sim::Scene& s, int x, int y) { return std::size_t(y) * std::size_t(s.width) + std::size_t(x); }

// A bumpy bed with islands poking above z, filled to the flat surface z.
sim::Scene lakeScene(float z) {
    sim::Scene s = flatScene(40, 36, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            float b = 0.6f * std::sin(0.37f * float(x)) * std::cos(0.23f * float(y)) + 0.3f * std::sin(1.7f * float(x + y));
            if ((x - 12) * (x - 12) + (y - 20) * (y - 20) < 16) b = z + 0.8f;  // an island
            s.terrainM[idx(s, x, y)] = b;
            s.depthM[idx(s, x, y)] = std::max(0.0f, z - b);
        }
    return s;
}

// Water-surface elevation of the wettest row-average, for wave tracking in a 1-D channel.
std::vector<float> surfaceAlongX(const sim::FieldSnapshot& f) {
    std::vector<float> eta(std::size_t(f.width), 0.0f);
    for (int x = 0; x < f.width; ++x) {
        float sum = 0;
        for (int y = 0; y < f.height; ++y) {
            const std::size_t i = std::size_t(y) * std::size_t(f.width) + std::size_t(x);
            sum += f.terrainM[i] + f.depthM[i];
        }
        eta[std::size_t(x)] = sum / float(f.height);
    }
    return eta;
}

// Crest position (cells, sub-cell by parabola) of the maximum of eta in [from, to).
double crestPosition(const std::vector<float>& eta, int from, int to) {
    int best = from;
    for (int x = from; x < to; ++x)
        if (eta[std::size_t(x)] > eta[std::size_t(best)]) best = x;
    const double a = eta[std::size_t(best - 1)], b = eta[std::size_t(best)], c = eta[std::size_t(best + 1)];
    const double denom = a - 2 * b + c;
    return best + (denom != 0 ? 0.5 * (a - c) / denom : 0.0);
}

}  // namespace

TEST_P(Physics, LakeAtRestStaysStillOverBumpyBed) {
    const float z = 1.0f;
    sim::Scene s = lakeScene(z);
    s.params.dtSeconds = 0.1f;
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 300; ++i) solver->step(0.1f);
    const sim::FieldSnapshot f = solver->download();
    float worstSurface = 0, worstFlow = 0;
    for (std::size_t i = 0; i < f.depthM.size(); ++i)
        if (f.depthM[i] > 0) worstSurface = std::max(worstSurface, std::abs(f.terrainM[i] + f.depthM[i] - z));
    for (float q : f.flowXM3PerS) worstFlow = std::max(worstFlow, std::abs(q));
    for (float q : f.flowYM3PerS) worstFlow = std::max(worstFlow, std::abs(q));
    EXPECT_LT(worstSurface, 1e-5f) << "the surface of a lake at rest moved";
    EXPECT_LT(worstFlow, 1e-5f) << "a lake at rest developed flow";
    // The island stays dry.
    EXPECT_EQ(f.depthM[idx(s, 12, 20)], 0.0f);
}

TEST_P(Physics, SmallWavesTravelAtShallowWaterCelerity) {
    const float h0 = 1.0f, g = 9.81f;
    sim::Scene s = flatScene(400, 3, 1.0f);
    s.params.gravity = g;
    for (int x = 0; x < s.width; ++x) {
        const float r = (float(x) + 0.5f - 200.0f) / 8.0f;
        for (int y = 0; y < s.height; ++y) s.depthM[idx(s, x, y)] = h0 + 0.005f * std::exp(-r * r);
    }
    auto solver = make(s);
    ASSERT_TRUE(solver);
    const float dt = 0.05f;  // Courant ~0.16
    solver->stepFixed(dt, 200);  // t = 10 s: the crest is ~31 cells out
    const double x1 = crestPosition(surfaceAlongX(solver->download()), 205, 395);
    solver->stepFixed(dt, 400);  // t = 30 s
    const double x2 = crestPosition(surfaceAlongX(solver->download()), 205, 395);
    const double speed = (x2 - x1) / 20.0;
    const double expected = std::sqrt(g * h0);
    EXPECT_NEAR(speed, expected, 0.03 * expected) << "crest at " << x1 << " then " << x2;
}

TEST_P(Physics, ClosedDomainConservesVolume) {
    sim::Scene s = flatScene(48, 40, 2.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            s.terrainM[idx(s, x, y)] = 0.5f * std::sin(0.3f * float(x)) + 0.02f * float(y);
            s.depthM[idx(s, x, y)] = x < 16 ? 2.0f : 0.0f;  // dam break onto a dry, bumpy bed
        }
    s.params.friction = 0.01f;
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 3000; ++i) solver->step(0.05f);
    const sim::Ledger l = solver->ledger();
    EXPECT_GT(l.initialVolumeM3, 1000.0);
    EXPECT_EQ(l.addedM3, 0.0);
    EXPECT_EQ(l.removedM3, 0.0);
    EXPECT_EQ(l.residualUnits, 0);
    EXPECT_GE(solver->depthStats().minDepthM, 0.0f);
}

TEST_P(Physics, LedgerBalancesWithSourcesDrainsRainEvaporationAndOpenBoundary) {
    sim::Scene s = flatScene(48, 32, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) s.terrainM[idx(s, x, y)] = 0.02f * float(s.width - x);  // slopes to east
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.01f);
    s.params.rainMPerS = 1e-4f;
    s.params.evaporationMPerS = 2e-5f;
    s.params.friction = 0.05f;
    sim::Emitter source;
    source.x = 10;
    source.y = 16;
    source.radiusCells = 3;
    source.rateM3PerS = 2.0f;
    sim::Emitter drain;
    drain.x = 30;
    drain.y = 8;
    drain.radiusCells = 2;
    drain.rateM3PerS = 0.5f;
    sim::Emitter levelDrain;
    levelDrain.x = 30;
    levelDrain.y = 24;
    levelDrain.radiusCells = 2;
    levelDrain.mode = sim::EmitterMode::Level;
    levelDrain.levelM = 0.4f;
    s.sources = {source};
    s.drains = {drain, levelDrain};
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 1500; ++i) solver->step(0.1f);
    const sim::Ledger l = solver->ledger();
    const double t = solver->counters().timeSeconds;
    // Sources, rain and inflow add at least the source's and rain's volume; something left.
    EXPECT_GT(l.addedM3, 2.0 * t * 0.999);
    EXPECT_GT(l.removedM3, 0.1 * l.addedM3);
    EXPECT_GT(l.volumeM3, 0.0);
    EXPECT_EQ(l.residualUnits, 0);
    EXPECT_GE(solver->depthStats().minDepthM, 0.0f);
}

TEST_P(Physics, RateSourceAddsExactlyItsRate) {
    sim::Scene s = flatScene(24, 24, 1.5f);
    sim::Emitter src;
    src.x = 12;
    src.y = 12;
    src.radiusCells = 2.5f;
    src.rateM3PerS = 3.0f;
    s.sources = {src};
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 400; ++i) solver->step(0.05f);
    const sim::Ledger l = solver->ledger();
    const double expected = 3.0 * solver->counters().timeSeconds;
    EXPECT_NEAR(l.addedM3, expected, 1e-4 * expected);
    EXPECT_NEAR(l.volumeM3, expected, 1e-4 * expected);
}

TEST_P(Physics, HugeTimeStepNeverGoesNegativeOrNaN) {
    sim::Scene s = flatScene(32, 32, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            s.terrainM[idx(s, x, y)] = 0.3f * std::sin(0.9f * float(x * y));
            s.depthM[idx(s, x, y)] = (x < 8 && y < 8) ? 5.0f : 0.01f;
        }
    s.params.maxSubsteps = 2;  // the guard cannot save it: the limiter must
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 200; ++i) {
        solver->step(50.0f);
        const sim::DepthStats d = solver->depthStats();
        ASSERT_GE(d.minDepthM, 0.0f) << "step " << i;
        ASSERT_TRUE(std::isfinite(d.maxDepthM) && std::isfinite(d.volumeM3)) << "step " << i;
    }
    const sim::FieldSnapshot f = solver->download();
    for (float q : f.flowXM3PerS) ASSERT_TRUE(std::isfinite(q));
    for (float q : f.flowYM3PerS) ASSERT_TRUE(std::isfinite(q));
    const sim::Ledger l = solver->ledger();
    EXPECT_EQ(l.residualUnits, 0);
}

TEST_P(Physics, CflGuardSubstepsLargeTimeSteps) {
    sim::Scene s = flatScene(32, 32, 1.0f);
    for (float& h : s.depthM) h = 2.0f;  // sqrt(g h) = 4.4 m/s
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 5; ++i) solver->step(2.0f);
    // C = 0.5: dt_sub <= 0.5 * 1 / 4.4 => at least 18 substeps for 2 s.
    EXPECT_GE(solver->counters().lastSubsteps, 18);
    EXPECT_LE(solver->lastCourant(), 0.5f + 1e-3f);
    EXPECT_GT(solver->lastCourant(), 0.3f);
}

TEST_P(Physics, MirrorSymmetricSceneStaysSymmetric) {
    sim::Scene s = flatScene(42, 42, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const float rx = std::abs(float(x) + 0.5f - 21.0f), ry = std::abs(float(y) + 0.5f - 21.0f);
            s.terrainM[idx(s, x, y)] = 0.01f * (rx * rx + ry * ry);
            s.depthM[idx(s, x, y)] = std::max(0.0f, 3.0f - 0.2f * (rx + ry)) + 0.1f;
        }
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 300; ++i) solver->step(0.05f);
    const sim::FieldSnapshot f = solver->download();
    float worst = 0, maxDepth = 0;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const float h = f.depthM[idx(s, x, y)];
            maxDepth = std::max(maxDepth, h);
            worst = std::max(worst, std::abs(h - f.depthM[idx(s, s.width - 1 - x, y)]));
            worst = std::max(worst, std::abs(h - f.depthM[idx(s, x, s.height - 1 - y)]));
            worst = std::max(worst, std::abs(h - f.depthM[idx(s, y, x)]));  // diagonal too
        }
    EXPECT_GT(maxDepth, 0.5f);
    EXPECT_LT(worst, 1e-5f);
}

TEST_P(Physics, OpenBoundaryDrainsAndNeverLetsWaterIn) {
    sim::Scene s = flatScene(30, 20, 1.0f);
    for (float& h : s.depthM) h = 0.5f;
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Open);
    auto solver = make(s);
    ASSERT_TRUE(solver);
    double previous = solver->ledger().volumeM3;
    for (int k = 0; k < 10; ++k) {
        for (int i = 0; i < 50; ++i) solver->step(0.1f);
        const sim::Ledger l = solver->ledger();
        EXPECT_LE(l.volumeM3, previous + 1e-6);
        previous = l.volumeM3;
        EXPECT_EQ(l.addedM3, 0.0);
        EXPECT_EQ(l.residualUnits, 0);
    }
    EXPECT_LT(previous, 0.8 * 300.0);  // a good part of the 300 m^3 left through the west side
    const sim::FieldSnapshot f = solver->download();
    for (int y = 0; y < s.height; ++y) EXPECT_LE(f.flowXM3PerS[std::size_t(y) * 31], 0.0f);
}

TEST_P(Physics, TerrainEditMovesTheSurfaceNotTheVolume) {
    sim::Scene s = flatScene(32, 24, 1.0f);
    for (float& h : s.depthM) h = 0.8f;
    auto solver = make(s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 20; ++i) solver->step(0.1f);
    const double before = solver->ledger().volumeM3;
    sim::FieldSnapshot f = solver->download();
    for (int y = 8; y < 16; ++y)
        for (int x = 10; x < 20; ++x) f.terrainM[idx(s, x, y)] += 1.0f;  // raise a block under the water
    solver->setTerrain(f.terrainM);
    const sim::FieldSnapshot g = solver->download();
    EXPECT_EQ(solver->ledger().volumeM3, before);
    EXPECT_NEAR(g.terrainM[idx(s, 12, 10)] + g.depthM[idx(s, 12, 10)], 1.8f, 1e-5f);  // surface lifted
    for (int i = 0; i < 300; ++i) solver->step(0.1f);
    const sim::Ledger l = solver->ledger();
    EXPECT_LT(std::abs(l.volumeM3 - before) / before, 1e-5);  // the mound spreads, nothing is lost
    const sim::FieldSnapshot h = solver->download();
    EXPECT_LT(h.terrainM[idx(s, 12, 10)] + h.depthM[idx(s, 12, 10)], 1.5f);  // and it did spread
}

INSTANTIATE_TEST_SUITE_P(Backends, Physics, ::testing::Values(std::string("cpu"), std::string("gpu")),
                         [](const auto& paramInfo) { return paramInfo.param; });

TEST(SubstepPolicy, ChoosesEnoughSubsteps) {
    EXPECT_EQ(sim::planSubsteps(0.1f, 0.0f, 1.0f, 0.5f, 64).n, 1);
    EXPECT_EQ(sim::planSubsteps(1.0f, 1.0f, 1.0f, 0.5f, 64).n, 2);
    EXPECT_EQ(sim::planSubsteps(1.0f, 1.1f, 1.0f, 0.5f, 64).n, 3);
    EXPECT_FLOAT_EQ(sim::planSubsteps(1.0f, 1.1f, 1.0f, 0.5f, 64).dtSub, 1.0f / 3.0f);
    EXPECT_FALSE(sim::planSubsteps(1.0f, 1.1f, 1.0f, 0.5f, 64).capped);
}

TEST(SubstepPolicy, ACappedStepCoversLessTimeAtTheCourantTarget) {
    // 100 s at 10 m/s over 1 m cells needs 2000 substeps of Courant 0.5; with 64 allowed the step
    // runs 64 substeps of 0.05 s (Courant exactly 0.5) and covers 3.2 s, never a Courant above 0.5.
    const sim::SubstepPlan p = sim::planSubsteps(100.0f, 10.0f, 1.0f, 0.5f, 64);
    EXPECT_EQ(p.n, 64);
    EXPECT_TRUE(p.capped);
    EXPECT_FLOAT_EQ(p.dtSub, 0.05f);
    EXPECT_LE(p.dtSub * 10.0f / 1.0f, 0.5f);
    // A speed that is not finite: the shortest substeps the step allows (the kernels hold each face
    // to the target).
    const sim::SubstepPlan q = sim::planSubsteps(1.0f, INFINITY, 1.0f, 0.5f, 64);
    EXPECT_EQ(q.n, 64);
    EXPECT_TRUE(q.capped);
    EXPECT_FLOAT_EQ(q.dtSub, 1.0f / 64.0f);
}

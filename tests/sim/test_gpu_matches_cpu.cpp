// The GPU kernels compute the same function as the CPU reference (same formulas, same order; GPU
// division/sqrt may differ in the last bits, so compared with tolerances, never bitwise).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sim/emitter.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

// A non-square grid that is not a multiple of the work-group size, with every feature switched on.
sim::Scene busyScene() {
    sim::Scene s = test::flatScene(37, 29, 1.5f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            s.terrainM[i] = 0.4f * std::sin(0.21f * float(x)) + 0.3f * std::cos(0.33f * float(y)) + 0.01f * float(x);
            s.depthM[i] = (x > 20 && y > 10) ? 1.0f : 0.05f;
        }
    s.params.friction = 0.02f;
    s.params.viscosity = 0.01f;
    s.params.rainMPerS = 2e-4f;
    s.params.evaporationMPerS = 1e-5f;
    s.boundary.north = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.boundary.south = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.02f);
    sim::Emitter src;
    src.x = 6.3f;
    src.y = 20.7f;
    src.radiusCells = 2.2f;
    src.rateM3PerS = 1.5f;
    sim::Emitter levelSrc;
    levelSrc.x = 30;
    levelSrc.y = 5;
    levelSrc.radiusCells = 0.3f;  // between centres: acts on one cell
    levelSrc.mode = sim::EmitterMode::Level;
    levelSrc.levelM = 1.2f;
    levelSrc.maxRateM3PerS = 0.5f;
    sim::Emitter drain;
    drain.x = 25;
    drain.y = 20;
    drain.radiusCells = 3;
    drain.rateM3PerS = 0.8f;
    s.sources = {src, levelSrc};
    s.drains = {drain};
    return s;
}

}  // namespace

// Both layouts of the GPU's fields (shaders/sim/field_layout.h); the busy scene's 37 x 29 cells span
// two tile rows.
class GpuMatchesCpu : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuMatchesCpu, BusySceneAgreesAfterManySteps) {
    const sim::Scene scene = busyScene();
    auto cpu = test::makeSolver("cpu", scene);
    auto gpu = test::makeSolver(GetParam(), scene);
    ASSERT_TRUE(cpu && gpu);
    for (int i = 0; i < 150; ++i) {
        cpu->step(0.1f);
        gpu->step(0.1f);
        ASSERT_EQ(cpu->counters().lastSubsteps, gpu->counters().lastSubsteps) << "step " << i;
    }
    const sim::FieldSnapshot a = cpu->download(), b = gpu->download();
    float maxDepth = 0;
    for (float h : a.depthM) maxDepth = std::max(maxDepth, h);
    EXPECT_GT(maxDepth, 0.5f);
    EXPECT_LT(test::maxAbsDiff(a.depthM, b.depthM), 2e-4f * maxDepth);
    EXPECT_LT(test::maxAbsDiff(a.flowXM3PerS, b.flowXM3PerS), 2e-3f);
    EXPECT_LT(test::maxAbsDiff(a.flowYM3PerS, b.flowYM3PerS), 2e-3f);
    EXPECT_EQ(test::maxAbsDiff(a.terrainM, b.terrainM), 0.0f);
    const sim::Ledger la = cpu->ledger(), lb = gpu->ledger();
    EXPECT_NEAR(la.addedM3, lb.addedM3, 1e-4 * la.addedM3);
    EXPECT_NEAR(la.removedM3, lb.removedM3, 1e-3 * la.removedM3 + 1e-6);
    EXPECT_NEAR(la.volumeM3, lb.volumeM3, 1e-4 * la.volumeM3);
}

TEST_P(GpuMatchesCpu, FirstSubstepIsNearlyBitwise) {
    const sim::Scene scene = busyScene();
    auto cpu = test::makeSolver("cpu", scene);
    auto gpu = test::makeSolver(GetParam(), scene);
    ASSERT_TRUE(cpu && gpu);
    cpu->stepFixed(0.02f, 1);
    gpu->stepFixed(0.02f, 1);
    const sim::FieldSnapshot a = cpu->download(), b = gpu->download();
    EXPECT_LT(test::maxAbsDiff(a.depthM, b.depthM), 1e-6f);
    EXPECT_LT(test::maxAbsDiff(a.flowXM3PerS, b.flowXM3PerS), 1e-6f);
    EXPECT_LT(test::maxAbsDiff(a.flowYM3PerS, b.flowYM3PerS), 1e-6f);
}

INSTANTIATE_TEST_SUITE_P(Layouts, GpuMatchesCpu, ::testing::Values(std::string("gpu-rows"), std::string("gpu-tiles"), std::string("gpu-strips")),
                         [](const auto& p) { return p.param.substr(4); });

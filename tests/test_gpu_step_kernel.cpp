// The GPU step kernels: the two-pass step (pipe_flux.comp + pipe_depth.comp), the tiled step
// (pipe_step.comp) with every way of cutting substeps into dispatches (temporal blocking) and with
// dry-tile skipping, and the automatic choice between them must all give bit-identical depths and
// flows; water must cross tile borders as the CPU reference moves it; skipping must really skip.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "sim/builtin_scenes.hpp"
#include "sim/emitter.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

// Several tiles (the last row and column partial), a dry slope that a source and an inflow edge wet
// over several tiles, a pond in one corner, an open edge and a drain: the halo, the tile edges, the
// domain edges and the skipping rule all matter.
sim::Scene multiTileScene() {
    sim::Scene s = test::flatScene(83, 71, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            s.terrainM[i] = 0.02f * float(x) + 0.3f * std::sin(0.19f * float(y)) + 0.1f * std::cos(0.27f * float(x));
            s.depthM[i] = (x > 62 && y > 50) ? 1.2f : 0.0f;
        }
    s.params.friction = 0.03f;
    s.params.viscosity = 0.005f;
    s.params.evaporationMPerS = 1e-5f;
    s.boundary.west.kind = sim::BoundaryKind::Open;
    s.boundary.north = {sim::BoundaryKind::Inflow, 0.05f};
    sim::Emitter src;
    src.x = 35.5f;  // 3 cells east of the first tile border, on a slope down to the west
    src.y = 20.2f;
    src.radiusCells = 2.5f;
    src.rateM3PerS = 6.0f;
    sim::Emitter drain;
    drain.x = 10;
    drain.y = 35;
    drain.radiusCells = 3;
    drain.rateM3PerS = 0.5f;
    s.sources = {src};
    s.drains = {drain};
    return s;
}

using Kernel = sim::GpuSolver::Kernel;

std::unique_ptr<sim::GpuSolver> gpuSolver(const sim::Scene& scene, int substepsPerDispatch, bool skip,
                                          Kernel kernel = Kernel::Tiled) {
    std::unique_ptr<sim::Solver> base = test::makeSolver("gpu", scene);
    auto* gpu = dynamic_cast<sim::GpuSolver*>(base.get());
    if (!gpu) return nullptr;
    base.release();
    std::unique_ptr<sim::GpuSolver> solver(gpu);
    sim::GpuSolver::Tuning t;
    t.kernel = kernel;
    t.substepsPerDispatch = substepsPerDispatch;
    t.skipDryTiles = skip;
    t.countTiles = true;
    solver->setTuning(t);
    return solver;
}

bool bitwiseEqual(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

TEST(GpuStepKernel, AllKernelsGiveIdenticalBits) {
    const sim::Scene scene = multiTileScene();
    auto reference = gpuSolver(scene, 1, false, Kernel::TwoPass);
    ASSERT_TRUE(reference);
    const int maxS = reference->availableSubstepsPerDispatch();
    ASSERT_EQ(maxS, sim::GpuSolver::kMaxSubstepsPerDispatch) << "the tiled kernel needs only 29 KiB of shared memory";
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    for (int s = 1; s <= maxS; ++s)
        for (bool skip : {false, true}) variants.push_back(gpuSolver(scene, s, skip));
    variants.push_back(gpuSolver(scene, 1, true, Kernel::TwoPass));
    // Steps with CFL substeps (1 to 4 here), so blocked variants also run remainders. One solver
    // switches kernels every step (its skipping flags start over each time).
    int maxSubsteps = 0;
    variants.push_back(gpuSolver(scene, 2, true, Kernel::TwoPass));
    sim::GpuSolver* switching = variants.back().get();
    for (int step = 0; step < 16; ++step) {
        reference->step(0.1f);
        maxSubsteps = std::max(maxSubsteps, reference->counters().lastSubsteps);
        for (auto& v : variants) {
            v->step(0.1f);
            ASSERT_EQ(v->counters().lastSubsteps, reference->counters().lastSubsteps);
        }
        sim::GpuSolver::Tuning t = switching->tuning();
        t.kernel = step % 2 == 0 ? Kernel::Tiled : Kernel::TwoPass;
        switching->setTuning(t);
    }
    EXPECT_GE(maxSubsteps, 2);
    const sim::FieldSnapshot a = reference->download();
    float maxDepth = 0;
    for (float h : a.depthM) maxDepth = std::max(maxDepth, h);
    ASSERT_GT(maxDepth, 0.5f);
    for (auto& v : variants) {
        const sim::FieldSnapshot b = v->download();
        const std::string name = std::string(v.get() == switching ? "switching " : v->tuning().kernel == Kernel::TwoPass ? "two-pass " : "tiled ") + "S=" +
                                 std::to_string(v->tuning().substepsPerDispatch) +
                                 (v->tuning().skipDryTiles ? " skip" : " all");
        EXPECT_TRUE(bitwiseEqual(a.depthM, b.depthM)) << name << " max diff " << test::maxAbsDiff(a.depthM, b.depthM);
        EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS)) << name;
        EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS)) << name;
        EXPECT_EQ(reference->currentMaxSpeed(), v->currentMaxSpeed()) << name;
        const sim::Ledger la = reference->ledger(), lb = v->ledger();
        EXPECT_NEAR(la.addedM3, lb.addedM3, 1e-6 * la.addedM3) << name;
        EXPECT_NEAR(la.removedM3, lb.removedM3, 1e-6 * la.removedM3 + 1e-9) << name;
        EXPECT_LT(std::abs(lb.residual()), 1e-5 * lb.volumeM3) << name;
    }
}

TEST(GpuStepKernel, WaterCrossesTileBordersAsOnTheCpu) {
    const sim::Scene scene = multiTileScene();
    auto cpu = test::makeSolver("cpu", scene);
    auto gpu = gpuSolver(scene, 2, true);
    ASSERT_TRUE(cpu && gpu);
    for (int i = 0; i < 60; ++i) {
        cpu->step(0.1f);
        gpu->step(0.1f);
        ASSERT_EQ(cpu->counters().lastSubsteps, gpu->counters().lastSubsteps) << "step " << i;
    }
    const sim::FieldSnapshot a = cpu->download(), b = gpu->download();
    // The source's water has run out of its tile (x 32..63, y 0..31) across a tile border by now.
    int wetBeyond = 0;
    for (int y = 0; y < 44; ++y)
        for (int x = 20; x < 52; ++x)
            if ((x < 32 || y >= 32) && a.depthM[std::size_t(y) * std::size_t(scene.width) + std::size_t(x)] > 1e-3f)
                ++wetBeyond;
    EXPECT_GT(wetBeyond, 20);
    float maxDepth = 0;
    for (float h : a.depthM) maxDepth = std::max(maxDepth, h);
    EXPECT_LT(test::maxAbsDiff(a.depthM, b.depthM), 2e-4f * maxDepth);
    EXPECT_LT(test::maxAbsDiff(a.flowXM3PerS, b.flowXM3PerS), 2e-3f);
    EXPECT_LT(test::maxAbsDiff(a.flowYM3PerS, b.flowYM3PerS), 2e-3f);
    const sim::Ledger la = cpu->ledger(), lb = gpu->ledger();
    EXPECT_NEAR(la.addedM3, lb.addedM3, 1e-4 * la.addedM3);
    EXPECT_NEAR(la.volumeM3, lb.volumeM3, 1e-4 * la.volumeM3);
    // Each backend balances its own books exactly; what the drain and the open edge take depends on
    // where the front is, which drifts with the last bits of division and sqrt (3e-3 apart on an
    // H200, 0 on llvmpipe), so that is compared at 1 %.
    EXPECT_LT(std::abs(la.residual()), 1e-5 * la.volumeM3);
    EXPECT_LT(std::abs(lb.residual()), 1e-5 * lb.volumeM3);
    EXPECT_NEAR(la.removedM3, lb.removedM3, 1e-2 * la.removedM3);
}

// Tiles of `side` cells holding water (these must run), and tiles with water within `reach` cells
// (the most that may run), in a size x size field.
void countWetTiles(const std::vector<float>& depth, int size, int side, int reach, int& wet, int& nearWet) {
    const int n = (size + side - 1) / side;
    auto anyWet = [&](int x0, int y0, int x1, int y1) {
        for (int y = std::max(0, y0); y < std::min(size, y1); ++y)
            for (int x = std::max(0, x0); x < std::min(size, x1); ++x)
                if (depth[std::size_t(y) * std::size_t(size) + std::size_t(x)] != 0.0f) return true;
        return false;
    };
    wet = nearWet = 0;
    for (int ty = 0; ty < n; ++ty)
        for (int tx = 0; tx < n; ++tx) {
            const int x0 = tx * side, y0 = ty * side;
            wet += anyWet(x0, y0, x0 + side, y0 + side) ? 1 : 0;
            nearWet += anyWet(x0 - reach, y0 - reach, x0 + side + reach, y0 + side + reach) ? 1 : 0;
        }
}

class DryTiles : public ::testing::TestWithParam<Kernel> {};

TEST_P(DryTiles, AreSkippedAndEditsWakeThem) {
    // 256^2 cells, about 3 % wet in one basin in the middle; two-pass groups of 16 (halo 2), or
    // tiles of 24 with two substeps per dispatch (halo 4).
    const int size = 256;
    const sim::Scene scene = sim::benchDryScene(size, 0.03f);
    const bool twoPass = GetParam() == Kernel::TwoPass;
    auto skip = gpuSolver(scene, 2, true, GetParam());
    auto all = gpuSolver(scene, 2, false, GetParam());
    ASSERT_TRUE(skip && all);
    const int side = twoPass ? 16 : sim::GpuSolver::stepTileSide(2);
    const int dispatches = twoPass ? 20 : 10;
    const int tiles = skip->tileCount();
    ASSERT_EQ(tiles, ((size + side - 1) / side) * ((size + side - 1) / side));
    for (auto* s : {skip.get(), all.get()}) {
        s->stepFixed(0.05f, 8);  // the first two dispatches after creation compute every tile
        s->resetTileCount();
        s->stepFixed(0.05f, 20);
    }
    // The basin holds its water, so the wet cells stay put: the tiles holding them run, and at most
    // those within one group (two-pass) or the halo plus a flag block (tiled) of water.
    int wet = 0, nearWet = 0;
    countWetTiles(skip->download().depthM, size, side, twoPass ? 16 : 8, wet, nearWet);
    EXPECT_GT(wet, 0);
    EXPECT_LT(nearWet, tiles / 2);
    EXPECT_EQ(all->tilesRun(), std::uint32_t(dispatches * tiles));
    EXPECT_GE(skip->tilesRun(), std::uint32_t(dispatches * wet));
    EXPECT_LE(skip->tilesRun(), std::uint32_t(dispatches * nearWet));

    // A water brush far from the basin wakes its tiles; both runs still agree bit for bit.
    sim::BrushStroke stroke;
    stroke.kind = sim::BrushKind::AddWater;
    stroke.x = 20;
    stroke.y = 230;
    stroke.radiusCells = 6;
    stroke.strength = 2.0f;
    stroke.dtSeconds = 0.5f;
    for (auto* s : {skip.get(), all.get()}) {
        s->applyBrush(stroke);
        s->stepFixed(0.05f, 30);
    }
    const sim::FieldSnapshot a = all->download(), b = skip->download();
    EXPECT_GT(a.depthM[std::size_t(230) * 256 + 20], 0.0f);
    EXPECT_TRUE(bitwiseEqual(a.depthM, b.depthM)) << test::maxAbsDiff(a.depthM, b.depthM);
    EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS));
    EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS));
}

INSTANTIATE_TEST_SUITE_P(Kernels, DryTiles, ::testing::Values(Kernel::TwoPass, Kernel::Tiled),
                         [](const auto& info) { return info.param == Kernel::TwoPass ? "TwoPass" : "Tiled"; });

TEST(GpuStepKernel, ReportsMemoryPerCell) {
    const sim::Scene scene = sim::benchScene(256);
    auto gpu = gpuSolver(scene, 2, true);
    ASSERT_TRUE(gpu);
    // Bed, two depths, two pairs of flows (28 B), two flag words per 16 cells (0.5 B), ledger slots.
    EXPECT_GE(gpu->bytesPerCell(), 28.5);
    EXPECT_LT(gpu->bytesPerCell(), 28.7);
    EXPECT_DOUBLE_EQ(sim::GpuSolver::bytesPerCellStep(2), 14.0);
}

TEST(GpuStepKernel, TileThatDriesUpIsClearedInBothBuffers) {
    // Several tiles; a film in the far corner evaporates within the first substep (its edges push
    // flows out once). Later dispatches skip the tiles, so both ping-pong copies must already hold
    // their dry state.
    sim::Scene scene = test::flatScene(96, 96, 1.0f);
    for (int y = 70; y < 90; ++y)
        for (int x = 70; x < 90; ++x) scene.depthM[std::size_t(y) * 96 + std::size_t(x)] = 2e-4f;
    scene.params.evaporationMPerS = 0.05f;  // 1e-3 m per 0.02 s substep: more than the film
    for (int s : {0, 1, 2}) {  // 0: the two-pass step
        auto skip = gpuSolver(scene, std::max(s, 1), true, s == 0 ? Kernel::TwoPass : Kernel::Tiled);
        ASSERT_TRUE(skip);
        for (int i = 0; i < 7; ++i) skip->stepFixed(0.02f, 1);
        const sim::FieldSnapshot f = skip->download();
        float maxDepth = 0;
        for (float h : f.depthM) maxDepth = std::max(maxDepth, h);
        EXPECT_EQ(maxDepth, 0.0f) << "S=" << s;
        // The film's edge pushed flows out in the first substep; they stop once both sides are dry.
        float maxFlow = 0;
        for (float q : f.flowXM3PerS) maxFlow = std::max(maxFlow, std::abs(q));
        for (float q : f.flowYM3PerS) maxFlow = std::max(maxFlow, std::abs(q));
        EXPECT_EQ(maxFlow, 0.0f) << "S=" << s;
        EXPECT_LT(skip->tilesRun(), std::uint32_t(7 * skip->tileCount())) << "S=" << s;
    }
}

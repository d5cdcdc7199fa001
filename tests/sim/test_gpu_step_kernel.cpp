// The GPU step kernels: the two-pass step (pipe_flux.comp + pipe_depth.comp) and the stream step
// (pipe_stream.comp) with one or two substeps per dispatch (temporal blocking), several tile heights
// and dry-tile skipping must all give bit-identical depths and flows; water must cross tile borders
// as the CPU reference moves it; skipping must really skip.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "sim/builtin_scenes.hpp"
#include "sim/emitter.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

// Several stream tiles (three columns of 124 or 120 cells, the last partial; rows of 8 or 12, the
// last partial), a dry slope that a source and an inflow edge wet over several tiles, a pond in one
// corner, an open edge and a drain: the halo, the tile edges, the domain edges and the skipping rule
// all matter.
sim::Scene multiTileScene() {
    sim::Scene s = test::flatScene(263, 71, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            s.terrainM[i] = 0.02f * float(x) + 0.3f * std::sin(0.19f * float(y)) + 0.1f * std::cos(0.27f * float(x));
            s.depthM[i] = (x > 242 && y > 50) ? 1.2f : 0.0f;
        }
    s.params.friction = 0.03f;
    s.params.viscosity = 0.005f;
    s.params.evaporationMPerS = 1e-5f;
    s.boundary.west.kind = sim::BoundaryKind::Open;
    s.boundary.north = {sim::BoundaryKind::Inflow, 0.05f};
    sim::Emitter src;
    src.x = 127.5f;  // 3 / 7 cells east of the first tile border (S = 1 / 2), on a slope down to the west
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
                                          Kernel kernel = Kernel::Stream, int streamRows = 8) {
    std::unique_ptr<sim::Solver> base = test::makeSolver("gpu", scene);
    auto* gpu = dynamic_cast<sim::GpuSolver*>(base.get());
    if (!gpu) return nullptr;
    base.release();
    std::unique_ptr<sim::GpuSolver> solver(gpu);
    sim::GpuSolver::Tuning t;
    t.kernel = kernel;
    t.substepsPerDispatch = substepsPerDispatch;
    t.streamRows = streamRows;
    t.skipDryTiles = skip;
    t.countTiles = true;
    solver->setTuning(t);
    return solver;
}

bool bitwiseEqual(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The two-pass step in skewed sweeps over strips of `stripRows`, `sweepSubsteps` substeps a sweep.
std::unique_ptr<sim::GpuSolver> sweepingSolver(const sim::Scene& scene, int stripRows, int sweepSubsteps, bool skip) {
    auto solver = gpuSolver(scene, 1, skip, Kernel::TwoPass);
    sim::GpuSolver::Tuning t = solver->tuning();
    t.stripRows = stripRows;
    t.sweepSubsteps = sweepSubsteps;
    solver->setTuning(t);
    return solver;
}

float maxDepthOf(const sim::FieldSnapshot& s) {
    float m = 0;
    for (float h : s.depthM) m = std::max(m, h);
    return m;
}

// Depths and flows bit for bit, the ledger to rounding.
void expectSameState(sim::GpuSolver& reference, const sim::FieldSnapshot& a, sim::GpuSolver& v, const std::string& name) {
    const sim::FieldSnapshot b = v.download();
    EXPECT_TRUE(bitwiseEqual(a.depthM, b.depthM)) << name << " max diff " << test::maxAbsDiff(a.depthM, b.depthM);
    EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS)) << name;
    EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS)) << name;
    const sim::Ledger la = reference.ledger(), lb = v.ledger();
    EXPECT_NEAR(la.addedM3, lb.addedM3, 1e-6 * la.addedM3) << name;
    EXPECT_NEAR(la.removedM3, lb.removedM3, 1e-6 * la.removedM3 + 1e-9) << name;
}

}  // namespace

TEST(GpuStepKernel, AllKernelsGiveIdenticalBits) {
    const sim::Scene scene = multiTileScene();
    auto reference = gpuSolver(scene, 1, false, Kernel::TwoPass);
    ASSERT_TRUE(reference);
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    for (int s = 1; s <= sim::GpuSolver::kMaxSubstepsPerDispatch; ++s)
        for (bool skip : {false, true}) variants.push_back(gpuSolver(scene, s, skip));
    variants.push_back(gpuSolver(scene, 2, true, Kernel::Stream, 12));
    variants.push_back(gpuSolver(scene, 2, true, Kernel::Stream, 0));  // rows chosen by grid size
    for (int width : {32, 64, 256})  // other work-group widths: more or fewer tiles across
        for (int s = 1; s <= 2; ++s) {
            variants.push_back(gpuSolver(scene, s, true));
            sim::GpuSolver::Tuning t = variants.back()->tuning();
            t.streamWidth = width;
            variants.back()->setTuning(t);
        }
    variants.push_back(gpuSolver(scene, 1, true, Kernel::TwoPass));
    // Two-pass in skewed sweeps over strips of rows: strips of 8 / 10 / 30 rows (the last one partial),
    // 1 to 4 substeps per sweep (remainders included), with and without the skipping request.
    for (int strip : {8, 10, 30})
        for (int sweep : {2, 3})
            for (bool skip : {false, true})
                if (strip != 8 || sweep != 3) variants.push_back(sweepingSolver(scene, strip, sweep, skip));
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
        t.kernel = step % 2 == 0 ? Kernel::Stream : Kernel::TwoPass;
        switching->setTuning(t);
    }
    EXPECT_GE(maxSubsteps, 2);
    const sim::FieldSnapshot a = reference->download();
    ASSERT_GT(maxDepthOf(a), 0.5f);
    for (auto& v : variants) {
        const std::string name = std::string(v.get() == switching ? "switching " : v->tuning().kernel == Kernel::TwoPass ? "two-pass " : "stream ") + "S=" +
                                 std::to_string(v->tuning().substepsPerDispatch) + " rows " + std::to_string(v->streamRows()) +
                                 " width " + std::to_string(v->streamWidth()) + " strip " +
                                 std::to_string(v->tuning().stripRows) + "x" + std::to_string(v->tuning().sweepSubsteps) +
                                 (v->tuning().skipDryTiles ? " skip" : " all");
        expectSameState(*reference, a, *v, name);
        EXPECT_EQ(reference->currentMaxSpeed(), v->currentMaxSpeed()) << name;
        EXPECT_LT(std::abs(v->ledger().residual()), 1e-5 * v->ledger().volumeM3) << name;
    }
}

// Skewed sweeps (several substeps strip by strip) against the whole grid per substep, over runs of
// 7 fixed substeps so that every sweep length and remainder occurs: the strip boundaries move two rows
// a substep, and a wrong shift, ping-pong parity or raw-flow offset changes bits.
TEST(GpuStepKernel, SkewedSweepsGiveIdenticalBits) {
    const sim::Scene scene = multiTileScene();
    auto reference = gpuSolver(scene, 1, false, Kernel::TwoPass);
    ASSERT_TRUE(reference);
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    for (int strip : {8, 12, 30, 64})
        for (int sweep : {1, 2, 3, 5}) variants.push_back(sweepingSolver(scene, strip, sweep, true));
    const float dt = 0.02f;
    for (int n : {7, 7, 1, 7}) {  // a single substep runs the whole grid, between sweeps
        reference->stepFixed(dt, n);
        for (auto& v : variants) v->stepFixed(dt, n);
    }
    const sim::FieldSnapshot a = reference->download();
    ASSERT_GT(maxDepthOf(a), 0.5f);
    for (auto& v : variants)
        expectSameState(*reference, a, *v, "strip " + std::to_string(v->tuning().stripRows) + " x " +
                                               std::to_string(v->tuning().sweepSubsteps));
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
    // The source's water has run out of its tile (x 120..239, y 16..23) across tile borders by now.
    int wetBeyond = 0;
    for (int y = 0; y < 44; ++y)
        for (int x = 100; x < 140; ++x)
            if ((x < 120 || y < 16 || y >= 24) && a.depthM[std::size_t(y) * std::size_t(scene.width) + std::size_t(x)] > 1e-3f)
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

// Tiles of sideX x sideY cells holding water (these must run), and tiles with water within reachX
// columns and reachY rows (the most that may run), in a size x size field.
void countWetTiles(const std::vector<float>& depth, int size, int sideX, int sideY, int reachX, int reachY, int& wet,
                   int& nearWet) {
    const int nx = (size + sideX - 1) / sideX, ny = (size + sideY - 1) / sideY;
    auto anyWet = [&](int x0, int y0, int x1, int y1) {
        for (int y = std::max(0, y0); y < std::min(size, y1); ++y)
            for (int x = std::max(0, x0); x < std::min(size, x1); ++x)
                if (depth[std::size_t(y) * std::size_t(size) + std::size_t(x)] != 0.0f) return true;
        return false;
    };
    wet = nearWet = 0;
    for (int ty = 0; ty < ny; ++ty)
        for (int tx = 0; tx < nx; ++tx) {
            const int x0 = tx * sideX, y0 = ty * sideY;
            wet += anyWet(x0, y0, x0 + sideX, y0 + sideY) ? 1 : 0;
            nearWet += anyWet(x0 - reachX, y0 - reachY, x0 + sideX + reachX, y0 + sideY + reachY) ? 1 : 0;
        }
}

class DryTiles : public ::testing::TestWithParam<Kernel> {};

TEST_P(DryTiles, AreSkippedAndEditsWakeThem) {
    // 256^2 cells, about 3 % wet in one basin in the middle; two-pass groups (halo 2), or
    // stream tiles of 120 x 8 with two substeps per dispatch (halo 4).
    const int size = 256;
    const sim::Scene scene = sim::benchDryScene(size, 0.03f);
    const bool twoPass = GetParam() == Kernel::TwoPass;
    auto skip = gpuSolver(scene, 2, true, GetParam());
    auto all = gpuSolver(scene, 2, false, GetParam());
    ASSERT_TRUE(skip && all);
    const int sideX = twoPass ? SLUICE_PASS_GROUP_X : sim::GpuSolver::streamTileWidth(skip->streamWidth(), 2);
    const int sideY = twoPass ? SLUICE_PASS_GROUP_Y : 8;
    const int dispatches = twoPass ? 20 : 10;
    const int tiles = skip->tileCount();
    ASSERT_EQ(tiles, ((size + sideX - 1) / sideX) * ((size + sideY - 1) / sideY));
    for (auto* s : {skip.get(), all.get()}) {
        s->stepFixed(0.05f, 8);  // the first two dispatches after creation compute every tile
        s->resetTileCount();
        s->stepFixed(0.05f, 20);
    }
    // The basin holds its water, so the wet cells stay put: the tiles holding them run, and at most
    // those within one group (two-pass) or the halo plus a flag block (stream) of water.
    int wet = 0, nearWet = 0;
    countWetTiles(skip->download().depthM, size, sideX, sideY, twoPass ? sideX : 8, twoPass ? sideY : 8, wet, nearWet);
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

INSTANTIATE_TEST_SUITE_P(Kernels, DryTiles, ::testing::Values(Kernel::TwoPass, Kernel::Stream),
                         [](const auto& p) { return p.param == Kernel::TwoPass ? "TwoPass" : "Stream"; });

TEST(GpuStepKernel, ReportsMemoryPerCell) {
    const sim::Scene scene = sim::benchScene(256);
    auto gpu = gpuSolver(scene, 2, true);
    ASSERT_TRUE(gpu);
    // Bed, two depths, two pairs of flows (28 B), two flag words per 16 cells (0.5 B), ledger slots.
    EXPECT_GE(gpu->bytesPerCell(), 28.5);
    EXPECT_LT(gpu->bytesPerCell(), 28.7);
    EXPECT_DOUBLE_EQ(sim::GpuSolver::streamBytesPerCellStep(2), 14.0);
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
        auto skip = gpuSolver(scene, std::max(s, 1), true, s == 0 ? Kernel::TwoPass : Kernel::Stream);
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

TEST(GpuStepKernel, AutomaticChoiceFollowsTheWetShareAndKeepsTheBits) {
    // A mostly dry world switches to the stream kernel once the flags show how little runs; a wet one
    // stays on the two-pass step. Either way every bit equals the two-pass step's. The same with the
    // two-pass steps in skewed sweeps (as Kernel::Auto runs grids of kAutoSweepCells and more), where
    // every group runs and the share comes from the groups that hold water.
    const int size = 256;
    for (const bool sweeps : {false, true})
        for (const bool dry : {true, false}) {
            const std::string name = std::string(dry ? "dry" : "wet") + (sweeps ? ", sweeps" : "");
            const sim::Scene scene = dry ? sim::benchDryScene(size, 0.03f) : sim::benchScene(size);
            auto reference = gpuSolver(scene, 1, true, Kernel::TwoPass);
            std::unique_ptr<sim::Solver> base = test::makeSolver("gpu", scene);
            auto* autoSolver = dynamic_cast<sim::GpuSolver*>(base.get());
            ASSERT_TRUE(reference && autoSolver);
            EXPECT_EQ(autoSolver->tuning().kernel, Kernel::Auto) << "the default";
            EXPECT_EQ(autoSolver->activeKernel(), Kernel::TwoPass) << "grids below kAutoSweepCells start two-pass";
            if (sweeps) {
                sim::GpuSolver::Tuning t = autoSolver->tuning();
                t.stripRows = 64;
                t.sweepSubsteps = 4;
                autoSolver->setTuning(t);
            }
            // Steps of several substeps, so that the sweeps run.
            const float dt = sweeps ? 0.4f : 0.05f;
            bool usedStream = false;
            int maxSubsteps = 0;
            for (int i = 0; i < 8; ++i) {
                reference->step(dt);
                autoSolver->step(dt);
                usedStream = usedStream || autoSolver->activeKernel() == Kernel::Stream;
                maxSubsteps = std::max(maxSubsteps, autoSolver->counters().lastSubsteps);
            }
            EXPECT_EQ(usedStream, dry) << name;
            if (sweeps) {
                EXPECT_GE(maxSubsteps, 2) << name;
            }
            const sim::FieldSnapshot a = reference->download(), b = autoSolver->download();
            EXPECT_TRUE(bitwiseEqual(a.depthM, b.depthM)) << name << " " << test::maxAbsDiff(a.depthM, b.depthM);
            EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS)) << name;
            EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS)) << name;
        }
}

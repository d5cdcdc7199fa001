// The GPU step in two passes (pipe_flux.comp or swe_flux.comp, then step_depth.comp) over the whole
// grid or (the pipe model) in skewed sweeps of several strip shapes, or fused into one pass
// (step_fused.comp) with tiles of several heights, with and without dry-group skipping, must give
// bit-identical depths, flows and ledgers; water must cross group and tile borders as the CPU
// reference moves it, to the bit on llvmpipe; skipping must really skip.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <tuple>
#include <utility>

#include "gl/renderer_info.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/emitter.hpp"
#include "sim/field_layout.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/water_scenes.hpp"

using namespace sluice;

namespace {

// Several stream tiles (three columns of 124 or 120 cells, the last partial; rows of 8 or 12, the
// last partial), a dry slope that a source and an inflow edge wet over several tiles, a pond in one
// corner, an open edge and a drain: the halo, the tile edges, the domain edges and the skipping rule
// all matter. At 256 x 70 pass 1 has a column and a row of groups more than pass 2 (the east and
// north edge faces).
sim::Scene multiTileScene(sim::WaterModel model = sim::WaterModel::Pipes, int width = 263, int height = 71) {
    sim::Scene s = test::flatScene(width, height, 1.0f);
    s.params.model = model;
    s.params.frictionLaw = sim::defaultFrictionLaw(model);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            s.terrainM[i] = 0.02f * float(x) + 0.3f * std::sin(0.19f * float(y)) + 0.1f * std::cos(0.27f * float(x));
            s.depthM[i] = (x > 242 && y > 50) ? 1.2f : 0.0f;
        }
    s.params.friction = 0.03f;
    s.params.viscosity = 0.005f;
    s.params.evaporationMPerS = 1e-5f;
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.boundary.north = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.05f);
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

// fusedRows: 0 the two passes, else the fused kernel with that many cell rows per invocation (tiles
// of 128 x 4 fusedRows cells). fields: the fields' layout (shaders/sim/field_layout.h); rows, as the
// tests' grids take them by default.
std::unique_ptr<sim::GpuSolver> gpuSolver(const sim::Scene& scene, bool skip, int stripRows = -1, int sweepSubsteps = 8,
                                          int fusedRows = 0, sim::FieldOrder fields = sim::FieldOrder::Rows) {
    std::unique_ptr<sim::Solver> base = test::makeSolver(std::string("gpu-") + sim::fieldOrderName(fields), scene);
    auto* gpu = dynamic_cast<sim::GpuSolver*>(base.get());
    if (!gpu) return nullptr;
    base.release();
    std::unique_ptr<sim::GpuSolver> solver(gpu);
    sim::GpuSolver::Tuning t;
    t.stripRows = stripRows;
    t.sweepSubsteps = sweepSubsteps;
    t.skipDryTiles = skip;
    t.countTiles = true;
    t.fused = fusedRows > 0;
    t.fusedCellRows = fusedRows > 0 ? fusedRows : 2;
    solver->setTuning(t);
    return solver;
}

std::unique_ptr<sim::GpuSolver> fusedSolver(const sim::Scene& scene, bool skip, int rows, int threadRows = 4,
                                            sim::FieldOrder fields = sim::FieldOrder::Rows) {
    auto solver = gpuSolver(scene, skip, -1, 8, 0, fields);
    sim::GpuSolver::Tuning t = solver->tuning();
    t.fused = true;
    t.fusedCellRows = rows;
    t.fusedThreadRows = threadRows;
    solver->setTuning(t);
    // A shape too large for the device's shared memory keeps the kernels built before: not this test's.
    EXPECT_EQ(solver->tuning().fusedThreadRows, threadRows);
    EXPECT_EQ(solver->tuning().fusedCellRows, rows);
    return solver;
}

// Two passes, pass 2 in the fused kernel's tiles of 128 x 4 rows cells.
std::unique_ptr<sim::GpuSolver> tiledSolver(const sim::Scene& scene, bool skip, int rows,
                                            sim::FieldOrder fields = sim::FieldOrder::Rows) {
    auto solver = gpuSolver(scene, skip, -1, 8, 0, fields);
    sim::GpuSolver::Tuning t = solver->tuning();
    t.tiledPass2 = true;
    t.fusedCellRows = rows;
    solver->setTuning(t);
    return solver;
}

// The temporally blocked step (step_blocked.comp): tiles of x x threadRows * cellRows slots, up to
// `substeps` substeps a dispatch. Shapes within llvmpipe's 32 KB of shared memory (20 bytes a slot).
std::unique_ptr<sim::GpuSolver> blockedSolver(const sim::Scene& scene, bool skip, int substeps, int threadRows = 8,
                                              int cellRows = 2, int x = 64, sim::FieldOrder fields = sim::FieldOrder::Rows) {
    auto solver = gpuSolver(scene, skip, -1, 8, 0, fields);
    sim::GpuSolver::Tuning t = solver->tuning();
    t.blockedSubsteps = substeps;
    t.blockedTileX = x;
    t.blockedThreadRows = threadRows;
    t.blockedCellRows = cellRows;
    solver->setTuning(t);
    EXPECT_EQ(solver->tuning().blockedSubsteps, substeps) << "the blocked kernel did not compile (stderr)";
    return solver;
}

std::string variantName(const sim::GpuSolver& v) {
    const sim::GpuSolver::Tuning& t = v.tuning();
    const std::string skip = t.skipDryTiles ? " skip" : " all";
    if (t.blockedSubsteps > 0)
        return "blocked " + std::to_string(t.blockedTileX) + "x" + std::to_string(t.blockedThreadRows * t.blockedCellRows) + " s" +
               std::to_string(t.blockedSubsteps) + skip + ", fields in " + sim::fieldOrderName(v.fieldLayout().order());
    const std::string tile = std::to_string(t.fusedThreadRows) + "x" + std::to_string(t.fusedCellRows);
    const std::string fields = std::string(", fields in ") + sim::fieldOrderName(v.fieldLayout().order());
    if (t.fused) return "fused " + tile + skip + fields;
    if (t.tiledPass2) return "tiled pass 2 " + tile + skip + fields;
    return "strip " + std::to_string(t.stripRows) + "x" + std::to_string(t.sweepSubsteps) + skip + fields;
}

template <class T>
bool bitwiseEqual(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

float maxDepthOf(const sim::FieldSnapshot& s) {
    float m = 0;
    for (float h : s.depthM) m = std::max(m, h);
    return m;
}

// Depths, flows and the ledger bit for bit.
void expectSameState(sim::GpuSolver& reference, const sim::FieldSnapshot& a, sim::GpuSolver& v, const std::string& name) {
    const sim::FieldSnapshot b = v.download();
    EXPECT_TRUE(bitwiseEqual(a.depthUnits, b.depthUnits)) << name << " max diff " << test::maxAbsDiff(a.depthM, b.depthM);
    EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS)) << name;
    EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS)) << name;
    EXPECT_TRUE(bitwiseEqual(a.faceVelocityXMS, b.faceVelocityXMS)) << name;
    EXPECT_TRUE(bitwiseEqual(a.faceVelocityYMS, b.faceVelocityYMS)) << name;
    const sim::Ledger la = reference.ledger(), lb = v.ledger();
    EXPECT_EQ(la.addedM3, lb.addedM3) << name;
    EXPECT_EQ(la.removedM3, lb.removedM3) << name;
    EXPECT_EQ(lb.residualUnits, 0) << name;
}

}  // namespace

TEST(GpuStepKernel, AllVariantsGiveIdenticalBits) {
    const sim::Scene scene = multiTileScene();
    auto reference = gpuSolver(scene, false);
    ASSERT_TRUE(reference);
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    variants.push_back(gpuSolver(scene, true));
    // Skewed sweeps over strips of 8 / 10 / 30 rows (the last one partial), 2 or 3 substeps per sweep
    // (remainders included), with and without the skipping request.
    for (int strip : {8, 10, 30})
        for (int sweep : {2, 3})
            for (bool skip : {false, true})
                if (strip != 8 || sweep != 3) variants.push_back(gpuSolver(scene, skip, strip, sweep));
    // The fused kernel with tiles of 128 x 4 and 128 x 8 cells: 71 rows and 263 columns leave partial
    // tiles at the north and east edges.
    for (int rows : {1, 2})
        for (bool skip : {false, true}) {
            variants.push_back(fusedSolver(scene, skip, rows));
            variants.push_back(tiledSolver(scene, skip, rows));
        }
    // Groups of 128 x 2 invocations: tiles of 128 x 2 (one pass group) and 128 x 8 cells (larger
    // groups need more than llvmpipe's 32 KB of shared memory).
    variants.push_back(fusedSolver(scene, true, 1, 2));
    variants.push_back(fusedSolver(scene, false, 4, 2));
    // With the fields in tiles of 128 x 16 (shaders/sim/field_layout.h; 263 x 71 cells span three
    // tile columns and five tile rows, the last ones partial), one of each kind: the whole grid,
    // sweeps whose raw-transfer scratch starts at rows inside a tile row, the fused kernel, pass 2 in
    // the fused kernel's tiles.
    variants.push_back(gpuSolver(scene, true, -1, 8, 0, sim::FieldOrder::Tiles));
    variants.push_back(gpuSolver(scene, true, 10, 3, 0, sim::FieldOrder::Tiles));
    variants.push_back(fusedSolver(scene, true, 1, 4, sim::FieldOrder::Tiles));
    variants.push_back(tiledSolver(scene, false, 2, sim::FieldOrder::Tiles));
    // With the fields in strips of 128 columns (three, the last partial), whose groups the whole-grid
    // passes walk column by column: the whole grid with and without skipping, the fused kernel, pass 2
    // in the fused kernel's tiles. (Strips never sweep.)
    variants.push_back(gpuSolver(scene, true, -1, 8, 0, sim::FieldOrder::Strips));
    variants.push_back(gpuSolver(scene, false, -1, 8, 0, sim::FieldOrder::Strips));
    variants.push_back(fusedSolver(scene, true, 1, 4, sim::FieldOrder::Strips));
    variants.push_back(tiledSolver(scene, false, 2, sim::FieldOrder::Strips));
    // The temporally blocked step, 1 to 3 substeps a dispatch (tiles of 64 x 16 slots writing 60 x 12,
    // 56 x 8; 64 x 24 writing 52 x 12; 128 x 12 writing 124 x 8): the source sits across tile
    // borders, the inner parts do not line up with the pass groups, the last tiles are partial.
    for (bool skip : {false, true}) {
        variants.push_back(blockedSolver(scene, skip, 1));
        variants.push_back(blockedSolver(scene, skip, 2));
        variants.push_back(blockedSolver(scene, skip, 3, 6, 4));
    }
    variants.push_back(blockedSolver(scene, true, 1, 6, 2, 128));
    variants.push_back(blockedSolver(scene, true, 2, 8, 2, 64, sim::FieldOrder::Tiles));
    // Steps with CFL substeps (1 to 4 here), so the sweeps also run remainders.
    int maxSubsteps = 0;
    for (int step = 0; step < 16; ++step) {
        reference->step(0.1f);
        maxSubsteps = std::max(maxSubsteps, reference->counters().lastSubsteps);
        for (auto& v : variants) {
            v->step(0.1f);
            ASSERT_EQ(v->counters().lastSubsteps, reference->counters().lastSubsteps);
        }
    }
    EXPECT_GE(maxSubsteps, 2);
    const sim::FieldSnapshot a = reference->download();
    ASSERT_GT(maxDepthOf(a), 0.5f);
    for (auto& v : variants) {
        const std::string name = variantName(*v);
        expectSameState(*reference, a, *v, name);
        EXPECT_EQ(reference->currentMaxSpeed(), v->currentMaxSpeed()) << name;
    }
}

// The temporally blocked step computes the CPU reference's function, with 1 to 4 substeps a dispatch
// (runs of fixed substeps that leave every remainder), skipping dry tiles or not, fields in rows and
// in tiles: the depth, the depth before the last substep (which the other copy holds for snapshots
// and transmissive edges), the flows, the ledger and the CFL speeds agree to the bit on llvmpipe,
// within a unit's drift elsewhere (as CrossesBorders). (On llvmpipe it fails with the halo one cell
// short at 1 substep a dispatch, without the depth before the last substep kept, without the tiles
// that water is poured into waking, and with the walls' faces given flow.)
void expectBlockedMatchesCpu(const sim::Scene& scene, float minDepth, float dt) {
    auto cpu = test::makeSolver("cpu", scene);
    ASSERT_TRUE(cpu);
    std::vector<std::unique_ptr<sim::GpuSolver>> gpus;
    gpus.push_back(blockedSolver(scene, true, 1));
    gpus.push_back(blockedSolver(scene, true, 2));
    gpus.push_back(blockedSolver(scene, true, 3, 6, 4));
    gpus.push_back(blockedSolver(scene, true, 4, 6, 4));
    gpus.push_back(blockedSolver(scene, false, 2, 8, 2, 64, sim::FieldOrder::Tiles));
    // 13 substeps; then a source and an inflow edge appear where the grid is dry (the tiles around
    // them must wake), 41 more; then rain (every tile runs), 19 more. The last run ends on a dispatch
    // of several substeps in each shape (8 = 2 + 2 + 2 + 2 = 3 + 3 + 2 = 4 + 4).
    std::vector<sim::Solver*> all{cpu.get()};
    for (auto& g : gpus) all.push_back(g.get());
    const std::vector<int> runs{7, 1, 5, 7, 13, 8, 13, 11, 8};
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (r == 3) {
            sim::Emitter source;
            source.x = 0.15f * float(scene.width);
            source.y = 0.1f * float(scene.height);
            source.radiusCells = 2.0f;
            source.rateM3PerS = 2.0f;
            std::vector<sim::Emitter> sources = scene.sources;
            sources.push_back(source);
            sim::Boundaries edges = scene.boundary;
            edges.east = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.02f);
            for (sim::Solver* solver : all) {
                solver->setEmitters(sources, scene.drains);
                solver->setBoundaries(edges);
            }
        }
        if (r == 7) {
            sim::SimParams rain = scene.params;
            rain.rainMPerS = 2e-4f;
            for (sim::Solver* solver : all) solver->setParams(rain);
        }
        const int n = runs[r];
        for (sim::Solver* solver : all) solver->stepFixed(dt, n);
    }
    const sim::FieldSnapshot a = cpu->download();
    ASSERT_GT(maxDepthOf(a), minDepth);
    for (auto& g : gpus) {
        const std::string name = variantName(*g);
        const sim::FieldSnapshot b = g->download();
        const sim::Ledger la = cpu->ledger(), lb = g->ledger();
        EXPECT_EQ(lb.residualUnits, 0) << name;
        if (gl::isSoftwareRenderer()) {
            EXPECT_TRUE(bitwiseEqual(a.depthUnits, b.depthUnits)) << name << " max diff " << test::maxAbsDiff(a.depthM, b.depthM);
            EXPECT_TRUE(bitwiseEqual(a.prevDepthUnits, b.prevDepthUnits)) << name;
            EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS)) << name;
            EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS)) << name;
            EXPECT_EQ(la.addedM3, lb.addedM3) << name;
            EXPECT_EQ(la.removedM3, lb.removedM3) << name;
            EXPECT_EQ(cpu->currentMaxSpeed(), g->currentMaxSpeed()) << name;
        } else {
            EXPECT_LT(test::maxAbsDiff(a.depthM, b.depthM), 2e-4f * maxDepthOf(a)) << name;
            EXPECT_NEAR(la.addedM3, lb.addedM3, 1e-4 * la.addedM3) << name;
        }
    }
}

// Sources, drains, an open, an inflow and a level edge across several tiles; then the shorelines.
TEST(GpuStepKernel, BlockedStepMatchesTheCpu) {
    sim::Scene scene = multiTileScene();
    scene.boundary.south = sim::BoundarySide::of(sim::BoundaryKind::Level, 0.4f);
    expectBlockedMatchesCpu(scene, 0.5f, 0.02f);
    // The limiter binds at the shorelines, so a cell's new depth depends on cells two away.
    const sim::Scene shore = test::shorelineScene(sim::WaterModel::Pipes);
    expectBlockedMatchesCpu(shore, 0.5f, test::shorelineSubstep(shore));
}

// Where the blocked kernel steps aside (the shallow-water model, erosion, a transmissive edge) the
// run takes the two passes, with their bits; a shape that leaves too small an inner part is refused.
TEST(GpuStepKernel, BlockedStepStepsAsideWhereItDoesNotApply) {
    sim::Scene scene = multiTileScene(sim::WaterModel::Swe);
    auto reference = gpuSolver(scene, true);
    auto blocked = blockedSolver(scene, true, 2);
    sim::Scene transmissive = multiTileScene();
    transmissive.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Transmissive);
    auto referenceT = gpuSolver(transmissive, true);
    auto blockedT = blockedSolver(transmissive, true, 2);
    ASSERT_TRUE(reference && blocked && referenceT && blockedT);
    for (int i = 0; i < 5; ++i) {
        for (sim::GpuSolver* g : {reference.get(), blocked.get(), referenceT.get(), blockedT.get()}) g->stepFixed(0.02f, 3);
    }
    const sim::FieldSnapshot a = reference->download(), aT = referenceT->download();
    ASSERT_GT(maxDepthOf(a), 0.5f);
    expectSameState(*reference, a, *blocked, "shallow water");
    expectSameState(*referenceT, aT, *blockedT, "transmissive edge");
    EXPECT_TRUE(bitwiseEqual(aT.prevDepthUnits, blockedT->download().prevDepthUnits));
    sim::GpuSolver::Tuning t = blocked->tuning();
    t.blockedSubsteps = 4;
    t.blockedThreadRows = 8;  // 64 x 16 slots, 4 substeps: 48 x 0 written
    blocked->setTuning(t);
    EXPECT_EQ(blocked->tuning().blockedSubsteps, 0);
}

// Skewed sweeps (several substeps strip by strip) against the whole grid per substep, over runs of
// 7 fixed substeps so that every sweep length and remainder occurs: the strip boundaries move two rows
// a substep, and a wrong shift, ping-pong parity or raw-flow offset changes bits.
TEST(GpuStepKernel, SkewedSweepsGiveIdenticalBits) {
    const sim::Scene scene = multiTileScene();
    auto reference = gpuSolver(scene, false);
    ASSERT_TRUE(reference);
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    for (int strip : {8, 12, 30, 64})
        for (int sweep : {1, 2, 3, 5}) variants.push_back(gpuSolver(scene, true, strip, sweep));
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

// The shallow-water model has no sweeps: skipping dry groups and the fused kernel must still keep
// every bit.
TEST(GpuStepKernel, ShallowWaterSkippingKeepsTheBits) {
    const sim::Scene scene = multiTileScene(sim::WaterModel::Swe);
    auto reference = gpuSolver(scene, false);
    ASSERT_TRUE(reference);
    std::vector<std::unique_ptr<sim::GpuSolver>> variants;
    variants.push_back(gpuSolver(scene, true));
    for (int rows : {1, 2})
        for (bool skip : {false, true}) {
            variants.push_back(fusedSolver(scene, skip, rows));
            variants.push_back(tiledSolver(scene, skip, rows));
        }
    variants.push_back(fusedSolver(scene, true, 1, 2));
    variants.push_back(fusedSolver(scene, false, 4, 2));
    for (int step = 0; step < 16; ++step) {
        reference->step(0.1f);
        for (auto& v : variants) {
            v->step(0.1f);
            ASSERT_EQ(v->counters().lastSubsteps, reference->counters().lastSubsteps) << variantName(*v);
        }
    }
    const sim::FieldSnapshot a = reference->download();
    ASSERT_GT(maxDepthOf(a), 0.5f);
    for (auto& v : variants) {
        expectSameState(*reference, a, *v, "swe " + variantName(*v));
        EXPECT_EQ(reference->currentMaxSpeed(), v->currentMaxSpeed()) << variantName(*v);
        if (v->tuning().skipDryTiles) EXPECT_LT(v->tilesRun(), reference->tilesRun()) << variantName(*v);
    }
}

// Dry skipping by lists (dry_list.comp: only the groups that run are dispatched) against every group
// voting and the dry ones returning: the same groups run and the same bits come out, with a source,
// an inflow edge and an open edge wetting and draining groups as the run goes, in both models, on a
// grid where pass 1 has as many groups as pass 2 and on one where it has a column and a row more.
TEST(GpuStepKernel, GroupListsRunTheGroupsVotingWould) {
    // The fields in rows on the first grid, in tiles on the second, in strips (whose lists go column
    // by column) on either.
    using sim::FieldOrder;
    for (auto [model, width, height, fields] :
         {std::tuple{sim::WaterModel::Pipes, 263, 71, FieldOrder::Rows}, std::tuple{sim::WaterModel::Swe, 263, 71, FieldOrder::Rows},
          std::tuple{sim::WaterModel::Pipes, 256, 70, FieldOrder::Tiles}, std::tuple{sim::WaterModel::Swe, 256, 70, FieldOrder::Tiles},
          std::tuple{sim::WaterModel::Pipes, 263, 71, FieldOrder::Strips}, std::tuple{sim::WaterModel::Swe, 256, 70, FieldOrder::Strips}}) {
        const sim::Scene scene = multiTileScene(model, width, height);
        auto lists = gpuSolver(scene, true, -1, 8, 0, fields), votes = gpuSolver(scene, true, -1, 8, 0, fields);
        auto all = gpuSolver(scene, false, -1, 8, 0, fields);
        ASSERT_TRUE(lists && votes && all);
        sim::GpuSolver::Tuning t = votes->tuning();
        t.groupLists = false;
        votes->setTuning(t);
        ASSERT_TRUE(lists->tuning().groupLists);
        for (int step = 0; step < 16; ++step)
            for (sim::GpuSolver* s : {lists.get(), votes.get(), all.get()}) s->step(0.1f);
        const sim::FieldSnapshot a = all->download();
        ASSERT_GT(maxDepthOf(a), 0.5f);
        const std::string name = std::string(model == sim::WaterModel::Swe ? "swe " : "pipes ") + std::to_string(width) + " " +
                                 sim::fieldOrderName(fields);
        expectSameState(*all, a, *lists, name + " lists");
        expectSameState(*all, a, *votes, name + " votes");
        EXPECT_EQ(lists->currentMaxSpeed(), all->currentMaxSpeed()) << name;
        EXPECT_EQ(lists->tilesRun(), votes->tilesRun()) << name;
        EXPECT_LT(lists->tilesRun(), all->tilesRun()) << name;
    }
}

// The CPU reference computes the same function: with the same substeps, the same integer depths, flows
// and ledger. On llvmpipe (IEEE float everywhere) every bit agrees; a GPU whose division or square root
// rounds differently may move a face's transfer by a unit, so there the comparison allows that much
// drift.
// The fields in rows, and in tiles (shaders/sim/field_layout.h), whose borders the water crosses too.
class CrossesBorders : public ::testing::TestWithParam<std::tuple<sim::WaterModel, bool, sim::FieldOrder>> {};

TEST_P(CrossesBorders, WaterCrossesGroupBordersAsOnTheCpu) {
    const sim::Scene scene = multiTileScene(std::get<0>(GetParam()));
    auto cpu = test::makeSolver("cpu", scene);
    const sim::FieldOrder fields = std::get<2>(GetParam());
    auto gpu = std::get<1>(GetParam()) ? fusedSolver(scene, true, 2, 4, fields) : gpuSolver(scene, true, -1, 8, 0, fields);
    ASSERT_TRUE(cpu && gpu);
    for (int i = 0; i < 60; ++i) {
        cpu->step(0.1f);
        gpu->step(0.1f);
        ASSERT_EQ(cpu->counters().lastSubsteps, gpu->counters().lastSubsteps) << "step " << i;
    }
    const sim::FieldSnapshot a = cpu->download(), b = gpu->download();
    if (gl::isSoftwareRenderer()) {
        EXPECT_TRUE(bitwiseEqual(a.depthUnits, b.depthUnits)) << test::maxAbsDiff(a.depthM, b.depthM);
        EXPECT_TRUE(bitwiseEqual(a.prevDepthUnits, b.prevDepthUnits));
        EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS));
        EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS));
        EXPECT_TRUE(bitwiseEqual(a.faceVelocityXMS, b.faceVelocityXMS));
        EXPECT_TRUE(bitwiseEqual(a.faceVelocityYMS, b.faceVelocityYMS));
        EXPECT_EQ(cpu->currentMaxSpeed(), gpu->currentMaxSpeed());
        EXPECT_EQ(cpu->lastCourant(), gpu->lastCourant());
    }
    // The source's water has run across the pass groups' borders (128 x 2 cells) by now.
    int wetBeyond = 0;
    for (int y = 0; y < 44; ++y)
        for (int x = 100; x < 140; ++x)
            if ((x < 128 || y < 18 || y >= 22) && a.depthM[std::size_t(y) * std::size_t(scene.width) + std::size_t(x)] > 1e-3f)
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
    // Each backend balances its own books exactly, in whole units.
    EXPECT_EQ(la.residualUnits, 0);
    EXPECT_EQ(lb.residualUnits, 0);
    EXPECT_NEAR(la.removedM3, lb.removedM3, 1e-2 * la.removedM3);
}

INSTANTIATE_TEST_SUITE_P(Models, CrossesBorders,
                         ::testing::Combine(::testing::Values(sim::WaterModel::Pipes, sim::WaterModel::Swe), ::testing::Bool(),
                                            ::testing::Values(sim::FieldOrder::Rows, sim::FieldOrder::Tiles)),
                         [](const auto& p) {
                             return std::string(sim::toString(std::get<0>(p.param))) + (std::get<1>(p.param) ? "_fused" : "_two_pass") +
                                    "_" + sim::fieldOrderName(std::get<2>(p.param));
                         });

// Strips (an opt-in layout, GpuSolver::fieldOrderFor) with the two passes, whose groups walk column by
// column.
INSTANTIATE_TEST_SUITE_P(Strips, CrossesBorders,
                         ::testing::Combine(::testing::Values(sim::WaterModel::Pipes, sim::WaterModel::Swe), ::testing::Values(false),
                                            ::testing::Values(sim::FieldOrder::Strips)),
                         [](const auto& p) { return std::string(sim::toString(std::get<0>(p.param))) + "_two_pass_strips"; });

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

// A water brush far from the basin of a 256^2 dry world wakes its groups (or tiles); the run that
// skips and the one that does not still agree bit for bit.
void expectFarBrushWakesThem(sim::GpuSolver& skip, sim::GpuSolver& all) {
    sim::BrushStroke stroke;
    stroke.kind = sim::BrushKind::AddWater;
    stroke.x = 20;
    stroke.y = 230;
    stroke.radiusCells = 6;
    stroke.strength = 2.0f;
    stroke.dtSeconds = 0.5f;
    for (sim::GpuSolver* s : {&skip, &all}) {
        s->applyBrush(stroke);
        s->stepFixed(0.05f, 30);
    }
    const sim::FieldSnapshot a = all.download(), b = skip.download();
    EXPECT_GT(a.depthM[std::size_t(230) * 256 + 20], 0.0f);
    EXPECT_TRUE(bitwiseEqual(a.depthUnits, b.depthUnits)) << test::maxAbsDiff(a.depthM, b.depthM);
    EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS));
    EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS));
}

// Two passes (0) or the fused kernel with tiles of 128 x 8 cells (2).
class DryGroups : public ::testing::TestWithParam<int> {};

TEST_P(DryGroups, AreSkippedAndEditsWakeThem) {
    const int fusedRows = GetParam();
    // 256^2 cells, about 3 % wet in one basin in the middle; pass groups of 128 x 2 (halo 2).
    const int size = 256;
    const sim::Scene scene = sim::benchDryScene(size, 0.03f);
    auto skip = gpuSolver(scene, true, -1, 8, fusedRows);
    auto all = gpuSolver(scene, false, -1, 8, fusedRows);
    ASSERT_TRUE(skip && all);
    const int sideX = SLUICE_PASS_GROUP_X, sideY = SLUICE_PASS_GROUP_Y;
    const int dispatches = 20;
    const int tiles = skip->tileCount();
    ASSERT_EQ(tiles, ((size + sideX - 1) / sideX) * ((size + sideY - 1) / sideY));
    for (auto* s : {skip.get(), all.get()}) {
        s->stepFixed(0.05f, 8);  // the first two dispatches after creation compute every group
        s->resetTileCount();
        s->stepFixed(0.05f, 20);
    }
    // The basin holds its water, so the wet cells stay put: the groups holding them run, and at most
    // those within one group of water; the fused kernel counts every pass group of a tile that runs,
    // and a tile runs when one of its groups would.
    int wet = 0, nearWet = 0;
    countWetTiles(skip->download().depthM, size, sideX, sideY, sideX, sideY, wet, nearWet);
    if (fusedRows > 0) {
        const int tileRows = 4 * fusedRows, groupsPerTile = tileRows / sideY;
        int wetTiles = 0, nearWetTiles = 0;
        countWetTiles(skip->download().depthM, size, sideX, tileRows, sideX, sideY, wetTiles, nearWetTiles);
        nearWet = nearWetTiles * groupsPerTile;
    }
    EXPECT_GT(wet, 0);
    EXPECT_LT(nearWet, tiles / 2);
    EXPECT_EQ(all->tilesRun(), std::uint32_t(dispatches * tiles));
    EXPECT_GE(skip->tilesRun(), std::uint32_t(dispatches * wet));
    EXPECT_LE(skip->tilesRun(), std::uint32_t(dispatches * nearWet));
    expectFarBrushWakesThem(*skip, *all);
}

INSTANTIATE_TEST_SUITE_P(Kernels, DryGroups, ::testing::Values(0, 2),
                         [](const auto& p) { return p.param > 0 ? std::string("fused") : std::string("two_pass"); });

// The blocked step skips the tiles with nothing wet within their halo: on a world 3 % wet it computes
// fewer than half the tiles, at least those holding water, and a water brush far away wakes its
// tiles with every bit as when nothing skips.
TEST(GpuStepKernel, BlockedTilesSkipTheDryAndEditsWakeThem) {
    const int size = 256;
    sim::Scene scene = sim::benchDryScene(size, 0.03f);
    scene.params.model = sim::WaterModel::Pipes;
    scene.params.frictionLaw = sim::defaultFrictionLaw(sim::WaterModel::Pipes);
    auto skip = blockedSolver(scene, true, 2);
    auto all = blockedSolver(scene, false, 2);
    ASSERT_TRUE(skip && all);
    for (auto* s : {skip.get(), all.get()}) {
        s->stepFixed(0.05f, 8);  // the first two dispatches after creation compute every tile
        s->resetTileCount();
        s->stepFixed(0.05f, 20);  // 10 dispatches
    }
    // Tiles of 64 x 16 slots write 56 x 8 cells: 5 x 32 of them.
    int wet = 0, nearWet = 0;
    countWetTiles(skip->download().depthM, size, 56, 8, 0, 0, wet, nearWet);
    EXPECT_GT(wet, 0);
    EXPECT_EQ(all->tilesRun(), std::uint32_t(10 * 5 * 32));
    EXPECT_GE(skip->tilesRun(), std::uint32_t(10 * wet));
    EXPECT_LT(skip->tilesRun(), all->tilesRun() / 2);
    expectFarBrushWakesThem(*skip, *all);
}

TEST(GpuStepKernel, ReportsMemoryPerCell) {
    const sim::Scene scene = sim::benchScene(256);
    auto gpu = gpuSolver(scene, true);
    ASSERT_TRUE(gpu);
    // Bed, two depths, two pairs of flows, the shallow-water model's face velocities: nine fields of
    // 4 B words, each with room for 257 x 257 cells and faces (in rows at this size: 4.03 B per grid
    // cell and field, 36.3 B in all), then two flag words per 256-cell
    // group and ledger slots (16 B per group and per 1024-cell brush tile).
    ASSERT_EQ(gpu->fieldLayout().order(), sim::FieldOrder::Rows);
    const double fieldBytes = 4.0 * 257.0 * 257.0 / (256.0 * 256.0);
    EXPECT_GE(gpu->bytesPerCell(), 9 * fieldBytes);
    EXPECT_LT(gpu->bytesPerCell(), 9 * fieldBytes + 0.3);
    // The fused kernel writes the velocities to a second copy (two fields more), made when it first
    // runs.
    sim::GpuSolver::Tuning t = gpu->tuning();
    t.fused = true;
    gpu->setTuning(t);
    gpu->stepFixed(0.05f, 1);
    EXPECT_GE(gpu->bytesPerCell(), 11 * fieldBytes);
    EXPECT_LT(gpu->bytesPerCell(), 11 * fieldBytes + 0.3);
    // In tiles of 128 x 16 each field has room for 384 x 272 words at this size (57.4 B per grid cell
    // for the nine; 1.6x the rows', none of it read or written by the step); in strips of 128
    // columns for 384 x 257 (54.2 B).
    for (auto [order, words] : {std::pair{sim::FieldOrder::Tiles, 384u * 272u}, std::pair{sim::FieldOrder::Strips, 384u * 257u}}) {
        auto laid = gpuSolver(scene, true, -1, 8, 0, order);
        ASSERT_TRUE(laid && laid->fieldLayout().order() == order);
        ASSERT_EQ(laid->fieldLayout().words(), words);
        const double fieldWordsBytes = 4.0 * double(words) / (256.0 * 256.0);
        EXPECT_GE(laid->bytesPerCell(), 9 * fieldWordsBytes) << sim::fieldOrderName(order);
        EXPECT_LT(laid->bytesPerCell(), 9 * fieldWordsBytes + 0.3) << sim::fieldOrderName(order);
    }
}

TEST(GpuStepKernel, GroupThatDriesUpIsClearedInBothBuffers) {
    // Several groups; a film in the far corner evaporates within the first substep (its edges push
    // flows out once). Later dispatches skip the groups, so both ping-pong copies must already hold
    // their dry state.
    sim::Scene scene = test::flatScene(96, 96, 1.0f);
    for (int y = 70; y < 90; ++y)
        for (int x = 70; x < 90; ++x) scene.depthM[std::size_t(y) * 96 + std::size_t(x)] = 2e-4f;
    scene.params.evaporationMPerS = 0.05f;  // 1e-3 m per 0.02 s substep: more than the film
    auto skip = gpuSolver(scene, true);
    ASSERT_TRUE(skip);
    for (int i = 0; i < 7; ++i) skip->stepFixed(0.02f, 1);
    const sim::FieldSnapshot f = skip->download();
    float maxDepth = 0;
    for (float h : f.depthM) maxDepth = std::max(maxDepth, h);
    EXPECT_EQ(maxDepth, 0.0f);
    // The film's edge pushed flows out in the first substep; they stop once both sides are dry.
    float maxFlow = 0;
    for (float q : f.flowXM3PerS) maxFlow = std::max(maxFlow, std::abs(q));
    for (float q : f.flowYM3PerS) maxFlow = std::max(maxFlow, std::abs(q));
    EXPECT_EQ(maxFlow, 0.0f);
    EXPECT_LT(skip->tilesRun(), std::uint32_t(7 * skip->tileCount()));
}

// The same with the temporally blocked step, 1 and 4 substeps a step, and a film deep enough that
// its edges push flows out in the first substep while it evaporates: the next dispatch leaves no water
// or flow, the one after must still run to clear the flows in the other copy (a tile whose inner
// groups' other copy was wet runs), and then every tile skips; neither the state nor the depth
// before the last substep holds water or flow.
TEST(GpuStepKernel, BlockedTilesThatDryUpAreClearedAndSkipped) {
    sim::Scene scene = test::flatScene(150, 96, 1.0f);
    for (int y = 70; y < 90; ++y)
        for (int x = 70; x < 90; ++x) scene.depthM[std::size_t(y) * 150 + std::size_t(x)] = 0.2f;
    scene.params.evaporationMPerS = 10.0f;  // 0.2 m per substep: the whole film
    scene.params.model = sim::WaterModel::Pipes;
    scene.params.frictionLaw = sim::defaultFrictionLaw(sim::WaterModel::Pipes);
    for (int n : {1, 4}) {  // 4: two dispatches of 2, the last keeping the depth before it
        auto blocked = blockedSolver(scene, true, 2);
        ASSERT_TRUE(blocked);
        for (int i = 0; i < 4; ++i) blocked->stepFixed(0.02f, n);
        blocked->resetTileCount();
        blocked->stepFixed(0.02f, n);
        EXPECT_EQ(blocked->tilesRun(), 0u) << n << " substeps a step";
        const sim::FieldSnapshot f = blocked->download();
        for (const std::vector<float>* field : {&f.depthM, &f.flowXM3PerS, &f.flowYM3PerS})
            for (float v : *field) ASSERT_EQ(v, 0.0f) << n << " substeps a step";
        for (std::int32_t h : f.prevDepthUnits) ASSERT_EQ(h, 0) << n << " substeps a step";
    }
}

TEST(GpuStepKernel, SweepsOnlyWhenAskedAndKeepTheBits) {
    // The default tuning never sweeps (docs/PERFORMANCE.md: a race on NVIDIA); a forced sweep gives
    // the same bits as the whole grid, also on a mostly dry world (where a sweep computes every group).
    EXPECT_EQ(sim::GpuSolver::Tuning{}.stripRows, 0);
    EXPECT_LT(double(sim::GpuSolver::autoStripRows(8192)), 8192.0);
    for (const bool dry : {true, false}) {
        sim::Scene scene = dry ? sim::benchDryScene(256, 0.03f) : sim::benchScene(256);
        scene.params.model = sim::WaterModel::Pipes;  // only the pipe model sweeps
        auto whole = gpuSolver(scene, true);
        auto swept = gpuSolver(scene, true, 64, 4);
        ASSERT_TRUE(whole && swept);
        for (int i = 0; i < 8; ++i) {
            whole->step(0.4f);
            swept->step(0.4f);
        }
        EXPECT_GE(swept->counters().lastSubsteps, 2);
        const sim::FieldSnapshot a = whole->download(), b = swept->download();
        EXPECT_TRUE(bitwiseEqual(a.depthUnits, b.depthUnits)) << (dry ? "dry" : "wet") << " " << test::maxAbsDiff(a.depthM, b.depthM);
        EXPECT_TRUE(bitwiseEqual(a.flowXM3PerS, b.flowXM3PerS));
        EXPECT_TRUE(bitwiseEqual(a.flowYM3PerS, b.flowYM3PerS));
    }
}

// Erosion rides on pass 2, which the fused kernel and the tiled pass 2 run from shared memory: the
// sediment, the soft layer, the bed and the sediment ledger must come out as the two passes leave
// them.
TEST(GpuStepKernel, FusedKernelErodesAsTheTwoPassesDo) {
    sim::Scene scene = multiTileScene(sim::WaterModel::Swe);
    scene.params.erosion.enabled = true;
    scene.erosionSetUp = true;
    auto twoPass = gpuSolver(scene, true);
    ASSERT_TRUE(twoPass);
    for (int step = 0; step < 16; ++step) twoPass->step(0.1f);
    const sim::FieldSnapshot a = twoPass->download();
    const sim::SedimentLedger la = twoPass->sedimentLedger();
    EXPECT_GT(la.erodedM3, 0.0);
    for (bool tiled : {false, true}) {
        auto fused = tiled ? tiledSolver(scene, true, 2) : fusedSolver(scene, true, 2);
        ASSERT_TRUE(fused);
        for (int step = 0; step < 16; ++step) fused->step(0.1f);
        expectSameState(*twoPass, a, *fused, variantName(*fused) + " with erosion");
        const sim::FieldSnapshot b = fused->download();
        ASSERT_FALSE(a.erosion.empty());
        EXPECT_TRUE(bitwiseEqual(a.erosion.sedimentUnits, b.erosion.sedimentUnits));
        EXPECT_TRUE(bitwiseEqual(a.erosion.softUnits, b.erosion.softUnits));
        EXPECT_TRUE(bitwiseEqual(a.erosion.bedChangeUnits, b.erosion.bedChangeUnits));
        EXPECT_TRUE(bitwiseEqual(a.terrainM, b.terrainM));
        const sim::SedimentLedger lb = fused->sedimentLedger();
        EXPECT_EQ(la.erodedM3, lb.erodedM3);
        EXPECT_EQ(la.depositedM3, lb.depositedM3);
        EXPECT_EQ(la.removedM3, lb.removedM3);
        EXPECT_EQ(lb.residualUnits, 0);
        EXPECT_EQ(lb.bedResidualUnits, 0);
    }
}

// Exact conservation (issue 14): depth is stored in whole units of 2^-20 m, water moves between cells
// as integer transfers, and rain, sources, drains and edges move whole units with the fractions
// carried on the host. The ledger therefore balances to the unit, exactly, over any run; and what is
// added is what was asked, to the unit, even when each substep adds far less than one unit or the water
// is deep (where float32 depths used to round small increments away).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "gl/renderer_info.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/face_velocities.hpp"
#include "sim/snapshot.hpp"
#include "sim/substep_constants.hpp"
#include "tests/support/backends.hpp"

namespace sluice::sim {
namespace {

using test::makeSolver;

/// A walled flat basin of w x h cells of 1 m under `depthM` metres of still water.
Scene basin(int w, int h, float depthM) {
    Scene s = test::flatScene(w, h, 1.0f);
    for (float& d : s.depthM) d = depthM;
    return s;
}

class WaterLedger : public ::testing::TestWithParam<std::string> {};

// The case: 5.4e-6 m/s of rain on 64 x 32 cells under 22 m of water for 1000 s should add 11.06
// m^3. With float32 depths it added nothing (22 m has an ulp of 2e-6 m, each substep's 5.4e-7 m rounded
// away) and the ledger booked 0, so it balanced while the rain vanished.
TEST_P(WaterLedger, RainOnDeepWaterAddsExactlyWhatWasAsked) {
    Scene s = basin(64, 32, 22.0f);
    s.params.rainMPerS = 5.4e-6f;
    s.params.dtSeconds = 0.1f;
    auto solver = makeSolver(GetParam(), s);
    ASSERT_TRUE(solver);
    const Ledger before = solver->ledger();
    // Steps of 1 s, each split by the CFL limit of 22 m of water into 30 substeps of 0.033 s that add
    // 1.8e-7 m (0.19 units) each. The GPU, which computes the CPU's function bit for bit
    // (test_gpu_matches_cpu), runs the first 100 s of the case: 3000 substeps cost 14 s on llvmpipe.
    const bool full = GetParam() == "cpu";
    const int steps = full ? 1000 : 100;
    for (int i = 0; i < steps; ++i) solver->step(1.0f);
    EXPECT_GE(solver->counters().substeps, 29 * steps);
    const Ledger after = solver->ledger();
    const double seconds = solver->counters().timeSeconds;
    EXPECT_NEAR(seconds, double(steps), 1e-3);
    const double asked = double(s.params.rainMPerS) * seconds * 64.0 * 32.0;
    // What was added is what was asked, less at most the carried fraction of one unit per cell.
    EXPECT_LE(after.addedM3, asked);
    EXPECT_GT(after.addedM3, asked - 64.0 * 32.0 * kDepthUnitM);
    EXPECT_NEAR(after.addedM3, 11.06 * double(steps) / 1000.0, 0.01);
    // And the water is really there: the volume grew by exactly what the ledger booked.
    EXPECT_EQ(after.volumeM3 - before.volumeM3, after.addedM3);
    EXPECT_EQ(after.residualUnits, 0);
    EXPECT_EQ(after.residual(), 0.0);
}

// Far less than a unit per substep still accumulates: 5e-10 m/s for 2000 s is 1e-6 m, about one unit,
// in some 4000 substeps (the CFL limit of 0.1 m of water) of 2.5e-10 m, a 4000th of a unit, each.
TEST_P(WaterLedger, IncrementsFarBelowOneUnitAccumulate) {
    Scene s = basin(8, 8, 0.1f);
    s.params.rainMPerS = 5e-10f;  // 1e-6 m (about one unit) in 2000 s
    auto solver = makeSolver(GetParam(), s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 400; ++i) solver->step(5.0f);
    EXPECT_GE(solver->counters().substeps, 3900);
    const Ledger l = solver->ledger();
    EXPECT_EQ(l.residualUnits, 0);
    // 5e-10 m/s x 2000 s = 1.0e-6 m = 1.048576 units per cell: exactly one whole unit each so far.
    EXPECT_EQ(l.addedM3, 64.0 * kDepthUnitM);
}

// A closed basin with sloshing water, rain far above what one substep can carry at the CFL limit (dt 66
// times the stable step: the solver substeps), a source, a drain and evaporation: the books balance to
// the unit after every step, not only at the end.
TEST_P(WaterLedger, BusyBasinBalancesToTheUnitEveryStep) {
    Scene s = defaultScene(48);
    s.boundary.north = BoundarySide::of(BoundaryKind::Wall);
    s.params.rainMPerS = 2e-5f;
    s.params.evaporationMPerS = 3e-6f;
    s.params.dtSeconds = 6.6f;
    Emitter drain;
    drain.x = 30;
    drain.y = 26;
    drain.radiusCells = 2;
    drain.rateM3PerS = 0.3f;
    s.drains.push_back(drain);
    auto solver = makeSolver(GetParam(), s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 30; ++i) {
        solver->step(6.6f);
        ASSERT_EQ(solver->ledger().residualUnits, 0) << "step " << i;
    }
    EXPECT_GT(solver->counters().substeps, 60);  // the CFL policy split the long steps
    const Ledger l = solver->ledger();
    EXPECT_GT(l.addedM3, 0.0);
    EXPECT_GT(l.removedM3, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Backends, WaterLedger, ::testing::Values("cpu", "gpu"));

// Snapshots written before depth was stored in units (format version 1: float depths, m^3 ledger)
// still load: depths to the nearest unit, the run continues, and from then on the books are exact.
TEST(WaterLedgerSnapshots, VersionOneSnapshotsLoadAndContinueExactly) {
    const std::filesystem::path file = std::filesystem::path(SLUICE_TEST_DATA_DIR) / "snapshots" / "v1-default-48.sluice";
    auto snap = readSnapshotFile(file);
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_EQ(snap->state.counters.steps, 20);
    EXPECT_EQ(snap->state.field.width, 48);
    double volume = 0;
    for (float d : snap->state.field.depthM) volume += double(d) * 4.0;
    EXPECT_NEAR(volume, 786.786, 1e-3);  // as the version-1 run printed it
    for (const std::string backend : {"cpu", "gpu"}) {
        auto solver = makeSolver(backend, sceneFromSnapshot(*snap));
        ASSERT_TRUE(solver) << backend;
        const std::int64_t carriedOver = solver->ledger().residualUnits;  // the old float books, rounded
        EXPECT_LE(std::abs(carriedOver), 48 * 48) << backend;
        for (int i = 0; i < 10; ++i) solver->step(0.1f);
        EXPECT_EQ(solver->counters().steps, 30);
        EXPECT_EQ(solver->ledger().residualUnits, carriedOver) << backend << ": exact from the load on";
        EXPECT_NEAR(solver->ledger().volumeM3, 787.536, 0.01) << backend;  // the version-1 run's volume after 30 steps
    }
}

// A version-3 snapshot (the shallow-water model before face depths were saved; written by that build
// from builtin:default:48 after 40 steps): it loads, the face velocities are derived, both backends
// continue it to the same bits with the books exact, and a save of the continued run in the current
// version resumes bit-identically.
TEST(WaterLedgerSnapshots, VersionThreeSnapshotsLoadAndContinue) {
    const std::filesystem::path file = std::filesystem::path(SLUICE_TEST_DATA_DIR) / "snapshots" / "v3-default-48.sluice";
    auto snap = readSnapshotFile(file);
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_EQ(snap->state.counters.steps, 40);
    EXPECT_EQ(snap->state.params.model, WaterModel::Swe);
    EXPECT_TRUE(snap->state.field.faceVelocityXMS.empty());
    std::vector<FieldSnapshot> ends;
    for (const std::string backend : {"cpu", "gpu"}) {
        auto solver = makeSolver(backend, sceneFromSnapshot(*snap));
        ASSERT_TRUE(solver) << backend;
        ASSERT_TRUE(solver->restoreState(snap->state)) << backend;
        for (int i = 0; i < 20; ++i) solver->step(0.1f);
        EXPECT_EQ(solver->ledger().residualUnits, 0) << backend;
        ends.push_back(solver->download());
        // Saved in the current version and resumed: the same bits as going on.
        const auto mid = decodeSnapshot(encodeSnapshot(Snapshot{"mid", solver->saveState(), std::nullopt}), "mid.sluice");
        ASSERT_TRUE(mid) << mid.error().message;
        EXPECT_FALSE(mid->state.field.faceVelocityXMS.empty());
        for (int i = 0; i < 10; ++i) solver->step(0.1f);
        auto again = makeSolver(backend, sceneFromSnapshot(*snap));
        ASSERT_TRUE(again && again->restoreState(mid->state));
        for (int i = 0; i < 10; ++i) again->step(0.1f);
        EXPECT_EQ(again->download().depthUnits, solver->download().depthUnits) << backend;
        EXPECT_EQ(again->download().flowXM3PerS, solver->download().flowXM3PerS) << backend;
    }
    ASSERT_EQ(ends.size(), 2u);
    if (!gl::isSoftwareRenderer()) return;  // a GPU may round a division differently (test_gpu_matches_cpu)
    EXPECT_EQ(ends[0].depthUnits, ends[1].depthUnits);
    EXPECT_EQ(ends[0].faceVelocityXMS, ends[1].faceVelocityXMS);
    EXPECT_EQ(ends[0].faceVelocityYMS, ends[1].faceVelocityYMS);
    double moving = 0;
    for (float q : ends[0].flowXM3PerS) moving = std::max(moving, double(std::abs(q)));
    EXPECT_GT(moving, 0.01) << "the river flows on";
}

// A version-5 snapshot (face depths, before the velocities were stored; written by that build from
// builtin:default:48 after 40 steps) loads and continues on both backends with exact books, to the
// same bits on both. It no longer reaches that build's bits 20 steps later
// (v5-default-48-plus20.sluice, `sluice simulate v5-default-48.sluice --steps 20 --backend cpu
// --save ...`): the face depth is now the mean over the water that crosses the face in a substep
// (swe_math.h, sweFaceDepth), not its value at the face. The river there ends within a millimetre of
// where that build left it.
TEST(WaterLedgerSnapshots, VersionFiveSnapshotsContinue) {
    const auto dir = std::filesystem::path(SLUICE_TEST_DATA_DIR) / "snapshots";
    auto snap = readSnapshotFile(dir / "v5-default-48.sluice");
    auto later = readSnapshotFile(dir / "v5-default-48-plus20.sluice");
    ASSERT_TRUE(snap) << snap.error().message;
    ASSERT_TRUE(later) << later.error().message;
    EXPECT_EQ(later->state.counters.steps, snap->state.counters.steps + 20);
    EXPECT_FALSE(snap->state.field.faceVelocityXMS.empty());
    const FieldSnapshot& want = later->state.field;
    std::vector<FieldSnapshot> ends;
    for (const std::string backend : {"cpu", "gpu"}) {
        auto solver = makeSolver(backend, sceneFromSnapshot(*snap));
        ASSERT_TRUE(solver) << backend;
        ASSERT_TRUE(solver->restoreState(snap->state)) << backend;
        for (int i = 0; i < 20; ++i) solver->step(snap->state.params.dtSeconds);
        const FieldSnapshot got = solver->download();
        EXPECT_EQ(solver->ledger().residualUnits, 0) << backend;
        double worst = 0, wet = 0;
        for (std::size_t k = 0; k < got.depthUnits.size(); ++k) {
            const double d = double(unitsToDepth(got.depthUnits[k])), w = double(unitsToDepth(want.depthUnits[k]));
            worst = std::max(worst, std::abs(d - w));
            wet = std::max(wet, w);
        }
        std::printf("%s: largest depth difference from the version-5 build %.4f m (deepest %.3f m)\n", backend.c_str(),
                    worst, wet);
        EXPECT_LT(worst, 0.001) << backend;  // 0.1 mm measured
        EXPECT_NE(got.depthUnits, want.depthUnits) << backend << ": the face depths' change reaches the river";
        ends.push_back(got);
    }
    if (!gl::isSoftwareRenderer()) return;  // a GPU may round a division differently (test_gpu_matches_cpu)
    EXPECT_EQ(ends[0].depthUnits, ends[1].depthUnits);
    EXPECT_EQ(ends[0].faceVelocityXMS, ends[1].faceVelocityXMS);
}

// What a load derives for a snapshot without face velocities (the depth at each face, Courant
// number 0) is what pass 2 stored, bit for bit on both backends, after a substep that started from
// velocities of 0 (walls, open and inflow edges; at a level edge the level's time may differ);
// otherwise, where each face's depth is the mean over the water that crossed it, within a few per
// cent (the Courant number times the limited slope's share of the depth).
TEST(WaterLedgerSnapshots, DerivedFaceVelocitiesAreTheStoredOnes) {
    Scene s = defaultScene(48);
    s.boundary.west = BoundarySide::of(BoundaryKind::Open);
    s.boundary.south = BoundarySide::of(BoundaryKind::Inflow, 0.05);
    for (const std::string backend : {"cpu", "gpu"}) {
        auto solver = makeSolver(backend, s);
        ASSERT_TRUE(solver);
        for (int i = 0; i < 30; ++i) solver->step(0.1f);
        FieldSnapshot stored = solver->download();
        FieldSnapshot derived = stored;
        deriveFaceVelocities(derived, solver->boundaries(), solver->counters().timeSeconds);
        // The valley's water runs mostly north, along its channel.
        double worst = 0;
        int moving = 0, differ = 0;
        for (std::size_t k = 0; k < stored.faceVelocityYMS.size(); ++k) {
            const double a = stored.faceVelocityYMS[k], b = derived.faceVelocityYMS[k];
            moving += a != 0.0 ? 1 : 0;
            differ += a != b ? 1 : 0;
            if (a != 0.0) worst = std::max(worst, std::abs(a - b) / std::abs(a));
        }
        std::printf("%s: %d of %d moving faces differ, by %.4f of their velocity at most\n", backend.c_str(), differ,
                    moving, worst);
        EXPECT_GT(moving, 100) << backend;
        EXPECT_GT(differ, 0) << backend << ": the mean over the crossing water is what pass 2 stores";
        EXPECT_LT(worst, 0.05) << backend;  // 0.0125 measured

        // One substep from the same flows with every velocity set to 0.
        SolverState state = solver->saveState();
        std::fill(state.field.faceVelocityXMS.begin(), state.field.faceVelocityXMS.end(), 0.0f);
        std::fill(state.field.faceVelocityYMS.begin(), state.field.faceVelocityYMS.end(), 0.0f);
        ASSERT_TRUE(solver->restoreState(state)) << backend;
        solver->stepFixed(solver->counters().lastDtSubSeconds, 1);
        stored = solver->download();
        derived = stored;
        deriveFaceVelocities(derived, solver->boundaries(), solver->counters().timeSeconds);
        moving = 0;
        for (float u : stored.faceVelocityXMS) moving += u != 0.0f ? 1 : 0;
        for (float u : stored.faceVelocityYMS) moving += u != 0.0f ? 1 : 0;
        EXPECT_GT(moving, 100) << backend;
        EXPECT_EQ(derived.faceVelocityXMS, stored.faceVelocityXMS) << backend;
        EXPECT_EQ(derived.faceVelocityYMS, stored.faceVelocityYMS) << backend;
    }
}

}  // namespace
}  // namespace sluice::sim

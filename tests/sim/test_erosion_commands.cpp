// Erosion as commands and brushes (issue 16): the material brushes paint the soft layer and the
// bedrock's hardness without moving the bed surface or touching a ledger, bit for bit alike on both
// backends; undo takes an erosion run back in one step and redo forward again; paint strokes undo
// tile by tile. (A session log with both replays exactly: tests/cli/test_cli_erosion_commands.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "sim/kernel_math.hpp"
#include "sim/session.hpp"
#include "tests/support/backends.hpp"

namespace sluice::sim {
namespace {

template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    static_assert(sizeof(T) == 4);
    // (Empty vectors may hold no storage: memcmp must not see their null pointers.)
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

/// 40 x 24 cells of 1 m: a bed tilting down +x by 6 cm per cell with a shallow groove along the
/// middle row, a source at the top, an open east side; erosion's state set up (a 0.5 m soft layer)
/// and running when `erosionOn`.
Scene slopeScene(bool erosionState, bool erosionOn) {
    const int W = 40, H = 24;
    Scene s = test::flatScene(W, H, 1.0f);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            s.terrainM[std::size_t(y) * W + std::size_t(x)] = 0.06f * float(W - x) + 0.02f * std::abs(float(y) - 11.5f);
    s.params.dtSeconds = 0.1f;
    s.boundary.side(1) = BoundarySide::of(BoundaryKind::Open);
    s.sources.push_back(Emitter{.x = 4.0f, .y = 12.0f, .radiusCells = 2.0f, .rateM3PerS = 0.3f});
    s.params.erosion.enabled = erosionOn;
    s.params.erosion.softThicknessM = 0.5f;
    s.params.erosion.timeScale = 5.0f;
    s.erosionSetUp = erosionState;
    return s;
}

BrushStroke paint(BrushKind kind, float x, float y, float strength, float target = 0.0f) {
    BrushStroke b;
    b.kind = kind;
    b.x = x;
    b.y = y;
    b.radiusCells = 5.0f;
    b.strength = strength;
    b.falloff = 0.5f;
    b.targetHeightM = target;
    b.dtSeconds = 0.25f;
    return b;
}

/// Everything a run holds, as saved: compared field by field, bit for bit.
void expectSameState(const SolverState& a, const SolverState& b, const std::string& what) {
    const FieldSnapshot &fa = a.field, &fb = b.field;
    EXPECT_TRUE(sameBits(fa.terrainM, fb.terrainM)) << what << ": terrain";
    EXPECT_EQ(fa.depthUnits, fb.depthUnits) << what << ": depth";
    EXPECT_TRUE(sameBits(fa.flowXM3PerS, fb.flowXM3PerS)) << what << ": flow x";
    EXPECT_TRUE(sameBits(fa.flowYM3PerS, fb.flowYM3PerS)) << what << ": flow y";
    EXPECT_EQ(fa.erosion.empty(), fb.erosion.empty()) << what << ": erosion state";
    EXPECT_TRUE(sameBits(fa.erosion.baseM, fb.erosion.baseM)) << what << ": bed base";
    EXPECT_EQ(fa.erosion.bedChangeUnits, fb.erosion.bedChangeUnits) << what << ": bed change";
    EXPECT_EQ(fa.erosion.softUnits, fb.erosion.softUnits) << what << ": soft layer";
    EXPECT_EQ(fa.erosion.sedimentUnits, fb.erosion.sedimentUnits) << what << ": sediment";
    EXPECT_TRUE(sameBits(fa.erosion.hardness, fb.erosion.hardness)) << what << ": hardness";
    EXPECT_EQ(a.ledger.initial, b.ledger.initial) << what;
    EXPECT_EQ(a.ledger.added, b.ledger.added) << what << ": water added";
    EXPECT_EQ(a.ledger.removed, b.ledger.removed) << what << ": water removed";
    EXPECT_EQ(a.sediment.eroded, b.sediment.eroded) << what << ": eroded";
    EXPECT_EQ(a.sediment.deposited, b.sediment.deposited) << what << ": deposited";
    EXPECT_EQ(a.sediment.removed, b.sediment.removed) << what << ": sediment removed";
    EXPECT_EQ(a.counters.steps, b.counters.steps) << what << ": steps";
    EXPECT_EQ(a.params.erosion, b.params.erosion) << what << ": erosion parameters";
}

class MaterialBrush : public ::testing::TestWithParam<std::string> {};

// Paint soft layer: each cell under the brush gains round(strength * weight * dt / unit) units, the
// bed surface, the water and both ledgers stay exactly as they were; removing never goes below zero.
TEST_P(MaterialBrush, PaintSoftMovesOnlyTheSoftLayer) {
    auto solver = test::makeSolver(GetParam(), slopeScene(true, true));
    ASSERT_TRUE(solver && solver->hasErosionState());
    for (int i = 0; i < 30; ++i) solver->step(0.1f);
    const SolverState before = solver->saveState();
    const BrushStroke add = paint(BrushKind::PaintSoft, 20.0f, 12.0f, 0.8f);
    solver->applyBrush(add);
    const SolverState after = solver->saveState();
    EXPECT_TRUE(sameBits(before.field.terrainM, after.field.terrainM)) << "the bed surface stays";
    EXPECT_TRUE(sameBits(before.field.erosion.baseM, after.field.erosion.baseM));
    EXPECT_EQ(before.field.erosion.bedChangeUnits, after.field.erosion.bedChangeUnits);
    EXPECT_EQ(before.field.erosion.sedimentUnits, after.field.erosion.sedimentUnits);
    EXPECT_EQ(before.field.depthUnits, after.field.depthUnits);
    EXPECT_EQ(before.sediment.eroded, after.sediment.eroded);
    EXPECT_EQ(before.sediment.deposited, after.sediment.deposited);
    EXPECT_EQ(before.ledger.added, after.ledger.added);
    const int W = before.field.width;
    int changed = 0;
    for (std::size_t i = 0; i < after.field.erosion.softUnits.size(); ++i) {
        const int x = int(i % std::size_t(W)), y = int(i / std::size_t(W));
        const float w = brushWeight(add, kmath::brushDistance(x, y, add.x, add.y));
        const int expected =
            before.field.erosion.softUnits[i] + (w > 0.0f ? kmath::metresToUnits(kmath::brushAmount(0.8f, w, 0.25f)) : 0);
        EXPECT_EQ(after.field.erosion.softUnits[i], expected) << "cell " << x << ", " << y;
        changed += after.field.erosion.softUnits[i] != before.field.erosion.softUnits[i] ? 1 : 0;
    }
    EXPECT_GT(changed, 50);
    EXPECT_EQ(after.field.erosion.softUnits[12 * W + 20] - before.field.erosion.softUnits[12 * W + 20],
              kmath::metresToUnits(0.2f)) << "0.8 m/s for 0.25 s at the core";
    EXPECT_EQ(solver->sedimentLedger().residualUnits, 0);
    EXPECT_EQ(solver->sedimentLedger().bedResidualUnits, 0);

    // Removing 40 m where there is about 0.7 m leaves none, never less; the bed still stays.
    BrushStroke remove = paint(BrushKind::PaintSoft, 20.0f, 12.0f, -160.0f);
    remove.falloff = 0.0f;
    solver->applyBrush(remove);
    const FieldSnapshot gone = solver->download();
    EXPECT_EQ(gone.erosion.softUnits[12 * W + 20], 0);
    for (int v : gone.erosion.softUnits) EXPECT_GE(v, 0);
    EXPECT_TRUE(sameBits(before.field.terrainM, gone.terrainM));
    // And the most a cell can hold is 1024 m.
    BrushStroke heap = paint(BrushKind::PaintSoft, 20.0f, 12.0f, 4000.0f);
    heap.dtSeconds = 1.0f;
    solver->applyBrush(heap);
    EXPECT_EQ(solver->download().erosion.softUnits[12 * W + 20], kMaxDepthUnits);
    // Erosion goes on from the painted layer with both ledgers exact.
    for (int i = 0; i < 20; ++i) solver->step(0.1f);
    EXPECT_EQ(solver->sedimentLedger().residualUnits, 0);
    EXPECT_EQ(solver->sedimentLedger().bedResidualUnits, 0);
    EXPECT_EQ(solver->ledger().residualUnits, 0);
}

// Paint hardness: toward the target at rate strength * weight, exactly onto it when the fraction
// reaches 1, within [0, 1] always; nothing else changes.
TEST_P(MaterialBrush, PaintHardnessMovesTowardTheTarget) {
    Scene scene = slopeScene(true, false);
    scene.params.erosion.rockHardness = 0.9f;
    auto solver = test::makeSolver(GetParam(), scene);
    ASSERT_TRUE(solver);
    const FieldSnapshot before = solver->download();
    solver->applyBrush(paint(BrushKind::PaintHardness, 10.0f, 8.0f, 2.0f, 0.1f));  // fraction 0.5 at the core
    const FieldSnapshot half = solver->download();
    const int W = before.width;
    EXPECT_EQ(half.erosion.hardness[8 * W + 10], kmath::brushHardness(0.9f, 0.5f, 0.1f));
    EXPECT_NEAR(half.erosion.hardness[8 * W + 10], 0.5f, 1e-6f) << "half way from 0.9 to 0.1";
    for (std::size_t i = 0; i < half.erosion.hardness.size(); ++i) {  // every cell, ramp included: the shared formula
        const int x = int(i % std::size_t(W)), y = int(i / std::size_t(W));
        const float w = kmath::brushWeightAt(5.0f, 0.5f, kmath::brushDistance(x, y, 10.0f, 8.0f));
        const float expected = w > 0.0f ? kmath::brushHardness(0.9f, kmath::brushAmount(2.0f, w, 0.25f), 0.1f) : 0.9f;
        EXPECT_EQ(half.erosion.hardness[i], expected) << "cell " << x << ", " << y;
    }
    EXPECT_EQ(half.erosion.hardness[0], 0.9f) << "outside the brush";
    EXPECT_TRUE(sameBits(before.terrainM, half.terrainM));
    EXPECT_EQ(before.erosion.softUnits, half.erosion.softUnits);
    solver->applyBrush(paint(BrushKind::PaintHardness, 10.0f, 8.0f, 8.0f, 0.1f));  // fraction 2: lands on it
    EXPECT_EQ(solver->download().erosion.hardness[8 * W + 10], 0.1f);
    for (float h : solver->download().erosion.hardness) {
        EXPECT_GE(h, 0.0f);
        EXPECT_LE(h, 1.0f);
    }
}

// Without erosion state the material brushes do nothing: the solver paints nothing, and a session
// neither logs nor keeps an undo entry for them.
TEST_P(MaterialBrush, WithoutErosionStateNothingHappens) {
    auto solver = test::makeSolver(GetParam(), slopeScene(false, false));
    ASSERT_TRUE(solver);
    ASSERT_FALSE(solver->hasErosionState());
    const SolverState before = solver->saveState();
    solver->applyBrush(paint(BrushKind::PaintSoft, 20.0f, 12.0f, 1.0f));
    solver->applyBrush(paint(BrushKind::PaintHardness, 20.0f, 12.0f, 1.0f, 0.5f));
    EXPECT_FALSE(solver->hasErosionState());
    expectSameState(before, solver->saveState(), "after painting without erosion");
    Session session(std::move(solver));
    session.apply(ApplyBrush{paint(BrushKind::PaintSoft, 20.0f, 12.0f, 1.0f)});
    EXPECT_FALSE(session.canUndo());
    EXPECT_TRUE(session.log().empty());
}

// Paint strokes are undone as one gesture each, the layers restored bit for bit; redo paints again.
TEST_P(MaterialBrush, PaintStrokesUndoAndRedoBitwise) {
    auto solver = test::makeSolver(GetParam(), slopeScene(true, true));
    ASSERT_TRUE(solver);
    Session s(std::move(solver));
    for (int i = 0; i < 5; ++i) s.step();
    const FieldSnapshot start = s.solver().download();
    for (int i = 0; i < 6; ++i) {  // one drag, with erosion running in between
        s.apply(ApplyBrush{paint(BrushKind::PaintSoft, 8.0f + 3.0f * float(i), 12.0f, 1.5f)}, i > 0);
        s.step();
    }
    EXPECT_EQ(s.undoEntries(), 1u);
    EXPECT_EQ(s.undoLabel(), "paint-soft");
    s.apply(ApplyBrush{paint(BrushKind::PaintHardness, 30.0f, 6.0f, 3.0f, 0.2f)});
    const FieldSnapshot painted = s.solver().download();
    EXPECT_EQ(s.undoLabel(), "paint-hardness");
    ASSERT_TRUE(s.undo());
    EXPECT_TRUE(sameBits(s.solver().download().erosion.hardness, start.erosion.hardness));
    ASSERT_TRUE(s.redo());
    EXPECT_TRUE(sameBits(s.solver().download().erosion.hardness, painted.erosion.hardness));
    ASSERT_TRUE(s.undo());
    // The soft-layer drag: cells the drag never touched keep what erosion did since; those it
    // touched go back to their values before the drag only where erosion left them alone, so check
    // the far corner (untouched by brush and water) and that the layer lost the painted volume.
    const FieldSnapshot beforeUndo = s.solver().download();
    ASSERT_TRUE(s.undo());
    const FieldSnapshot undone = s.solver().download();
    std::int64_t paintedUnits = 0, undoneUnits = 0;
    for (std::size_t i = 0; i < undone.erosion.softUnits.size(); ++i) {
        paintedUnits += beforeUndo.erosion.softUnits[i];
        undoneUnits += undone.erosion.softUnits[i];
    }
    EXPECT_LT(double(undoneUnits - paintedUnits) * kDepthUnitM, -10.0) << "m^3 of soft layer taken away again";
    EXPECT_TRUE(sameBits(undone.terrainM, beforeUndo.terrainM)) << "undoing paint leaves the bed surface";
    EXPECT_EQ(undone.erosion.bedChangeUnits, beforeUndo.erosion.bedChangeUnits);
    ASSERT_TRUE(s.redo());
    EXPECT_EQ(s.solver().download().erosion.softUnits, beforeUndo.erosion.softUnits);
}

// Switching erosion on is an undoable "erosion run": undo restores terrain, water, soft layer,
// sediment and both ledgers exactly as they were before, redo the state as it was at the undo.
TEST_P(MaterialBrush, UndoOfAnErosionRunRestoresEverything) {
    for (const bool stateBefore : {false, true}) {
        SCOPED_TRACE(stateBefore ? "erosion state set up but off" : "no erosion state");
        auto solver = test::makeSolver(GetParam(), slopeScene(stateBefore, false));
        ASSERT_TRUE(solver);
        Session s(std::move(solver));
        for (int i = 0; i < 10; ++i) s.step();
        const SolverState before = s.solver().saveState();
        SimParams on = s.solver().params();
        on.erosion.enabled = true;
        s.apply(SetParams{on});
        EXPECT_EQ(s.undoLabel(), "erosion run");
        // Tuning while it runs (a slider drag) stays in the same entry... and a separate one after.
        for (int i = 0; i < 3; ++i) {
            SimParams p = s.solver().params();
            p.erosion.capacity = 0.5f + 0.5f * float(i);
            s.apply(SetParams{p}, true);
        }
        EXPECT_EQ(s.undoEntries(), 1u);
        for (int i = 0; i < 60; ++i) s.step();
        ASSERT_GT(s.solver().sedimentLedger().erodedM3, 0.0) << "the run must have carved something";
        const SolverState atUndo = s.solver().saveState();
        EXPECT_GE(s.historyBytes(), before.field.terrainM.size() * 4 * 5) << "the checkpoint counts its bytes";
        ASSERT_TRUE(s.undo());
        expectSameState(before, s.solver().saveState(), "undo");
        EXPECT_EQ(s.solver().hasErosionState(), stateBefore);
        EXPECT_FALSE(s.solver().params().erosion.enabled);
        for (int i = 0; i < 4; ++i) s.step();  // the world runs on between undo and redo
        ASSERT_TRUE(s.redo());
        expectSameState(atUndo, s.solver().saveState(), "redo");
        EXPECT_EQ(s.solver().ledger().residualUnits, 0);
        EXPECT_EQ(s.solver().sedimentLedger().residualUnits, 0);
        // And undo once more lands on the state before erosion again (the 4 steps after the undo
        // were swapped into the entry by redo, so it holds those now).
        ASSERT_TRUE(s.undo());
        EXPECT_FALSE(s.solver().params().erosion.enabled);
        EXPECT_EQ(s.solver().counters().steps, before.counters.steps + 4);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, MaterialBrush, ::testing::Values("cpu", "gpu"));

// The GPU paints what the CPU reference paints, bit for bit: with the water running and erosion
// off (the brushes alone), and with erosion running on the painted layers.
TEST(MaterialBrushBackends, GpuMatchesCpu) {
    const BrushStroke strokes[] = {
        paint(BrushKind::PaintSoft, 12.3f, 11.7f, 2.0f), paint(BrushKind::PaintSoft, 25.0f, 13.1f, -1.3f),
        paint(BrushKind::PaintHardness, 18.6f, 12.2f, 1.7f, 0.05f), paint(BrushKind::PaintHardness, 30.1f, 9.4f, 0.3f, 1.0f)};
    for (const bool eroding : {false, true}) {
        SCOPED_TRACE(eroding ? "erosion running" : "erosion off");
        const Scene scene = slopeScene(true, eroding);
        auto cpu = test::makeSolver("cpu", scene);
        auto gpu = test::makeSolver("gpu", scene);
        ASSERT_TRUE(cpu && gpu);
        for (int i = 0; i < 40; ++i) {
            if (i % 10 == 5) {
                cpu->applyBrush(strokes[i / 10]);
                gpu->applyBrush(strokes[i / 10]);
            }
            cpu->step(0.1f);
            gpu->step(0.1f);
        }
        const SolverState a = cpu->saveState(), b = gpu->saveState();
        expectSameState(a, b, "cpu vs gpu");
        EXPECT_EQ(a.sediment.eroded > 0, eroding);
    }
}

// Session undo limits count an erosion run's checkpoint: with room for less than two, the older
// entries go, the newest stays.
TEST(ErosionRunUndo, CheckpointBytesCountAgainstTheLimit) {
    auto solver = test::makeSolver("cpu", slopeScene(false, false));
    const std::size_t cells = 40 * 24;
    Session s(std::move(solver), UndoLimits{200, cells * 4 * 6});
    SimParams p = s.solver().params();
    p.rainMPerS = 1e-5f;
    s.apply(SetParams{p});
    p.erosion.enabled = true;
    s.apply(SetParams{p});
    EXPECT_EQ(s.undoEntries(), 1u) << "the checkpoint alone passes the limit: the older entry is dropped";
    EXPECT_GT(s.historyBytes(), cells * 4 * 6);
    EXPECT_EQ(s.undoLabel(), "erosion run");
}

// Commands in the log: paint strokes round-trip (a negative paint-soft strength, a hardness target)
// and are checked like any brush.
TEST(ErosionCommandJson, PaintStrokesRoundTripAndBadOnesNameTheField) {
    const Command strokes[] = {ApplyBrush{paint(BrushKind::PaintSoft, 3.5f, 4.5f, -2.5f)},
                               ApplyBrush{paint(BrushKind::PaintHardness, 3.5f, 4.5f, 1.0f, 0.75f)}};
    for (const Command& c : strokes) {
        const nlohmann::json j = commandToJson(c);
        auto back = commandFromJson(nlohmann::json::parse(j.dump()), "log", 16, 16);
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(commandToJson(*back), j);
    }
    EXPECT_EQ(commandToJson(strokes[0])["kind"], "paint-soft");
    EXPECT_EQ(commandToJson(strokes[1])["kind"], "paint-hardness");
    auto error = [](const std::string& text) {
        auto r = commandFromJson(nlohmann::json::parse(text), "run.log:4", 16, 16);
        return r ? std::string() : r.error().message;
    };
    const std::string head = R"({"type":"brush","x":1,"y":1,"radius":2,"falloff":0,"dt":0.1,)";
    EXPECT_NE(error(head + R"("kind":"paint-hardness","strength":1,"target":1.5})").find("target"), std::string::npos);
    EXPECT_NE(error(head + R"("kind":"dig","strength":-1})").find("strength"), std::string::npos)
        << "only paint-soft takes a negative strength";
    EXPECT_EQ(error(head + R"("kind":"paint-soft","strength":-1})"), "");
    EXPECT_NE(error(head + R"("kind":"paint-sand","strength":1})").find("paint-hardness"), std::string::npos)
        << "the message lists the brushes";
}

}  // namespace
}  // namespace sluice::sim

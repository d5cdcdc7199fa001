// Erosion through the command paths of the CLI (issue 16): timeline `params` events take a nested
// "erosion" object (checked when the timeline is read, merged onto what is in force when played);
// timeline brush events paint the soft layer; and `sluice replay` re-runs a session log with erosion
// switched on mid-run and paint strokes to the same bits as the session that wrote it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>

#include "app/record/timeline.hpp"
#include "app/record/timeline_player.hpp"
#include "sim/scene_loader.hpp"
#include "sim/session.hpp"
#include "sim/session_log.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::app {
namespace {

namespace fs = std::filesystem;

/// 36 x 16 cells of 1 m: a ramp 2 m high down to an open east side, a source near the top, dt 0.1 s;
/// no erosion state (a timeline or a command switches it on).
sim::Scene tiltedBed() {
    auto parsed = sim::parseSceneJson(R"({
      "name": "tilted",
      "grid": {"width": 36, "height": 16, "cell_size": 1.0},
      "terrain": {"procedural": {"seed": 5, "kind": "ramp", "amplitude": 2}},
      "params": {"dt": 0.1},
      "boundary": {"east": "open"},
      "sources": [{"x": 3, "y": 8, "radius": 2, "rate": 0.25}]
    })",
                                      "tilted.json", ".");
    EXPECT_TRUE(parsed) << (parsed ? "" : parsed.error().message);
    return parsed ? parsed->scene : sim::Scene{};
}

std::string parseError(const std::string& events) {
    auto t = parseTimelineJson(R"({"events": [)" + events + "]}", "t.json", tiltedBed());
    return t ? std::string() : t.error().message;
}

// A params event with a nested erosion object switches erosion on at its time with the values given,
// the others kept from what is in force; the session can undo it as one erosion run.
TEST(TimelineErosion, ParamsEventNestsErosionAndIsMergedWhenPlayed) {
    const sim::Scene scene = tiltedBed();
    auto t = parseTimelineJson(R"({"events": [
        {"time": 1, "params": {"erosion": {"enabled": true, "capacity": 2.5, "time_scale": 8}}},
        {"time": 2, "params": {"rain": 1e-5, "erosion": {"thermal_rate": 0.7}}},
        {"time": 2.5, "brush": {"kind": "paint-soft", "from": [10, 8], "to": [20, 8], "radius": 3, "strength": 2, "duration": 0.5}}
    ]})",
                               "t.json", scene);
    ASSERT_TRUE(t) << t.error().message;
    auto solver = test::makeSolver("cpu", scene);
    ASSERT_TRUE(solver);
    sim::Session session(std::move(solver));
    TimelinePlayer player(t->events, session);
    for (int i = 0; i < 35; ++i) {
        ASSERT_TRUE(player.beforeStep(session));
        if (i == 9) {
            EXPECT_FALSE(session.solver().params().erosion.enabled) << "not before 1 s";
        }
        session.step();
    }
    const sim::ErosionParams& e = session.solver().params().erosion;
    EXPECT_TRUE(e.enabled);
    EXPECT_EQ(e.capacity, 2.5f);
    EXPECT_EQ(e.timeScale, 8.0f);
    EXPECT_EQ(e.thermalRate, 0.7f);
    EXPECT_EQ(e.dissolve, sim::ErosionParams{}.dissolve) << "keys left out keep what is in force";
    EXPECT_EQ(session.solver().params().rainMPerS, 1e-5f);
    ASSERT_TRUE(session.solver().hasErosionState());
    EXPECT_GT(session.solver().sedimentLedger().erodedM3, 0.0);
    // The paint-soft stroke: one application per step of its 0.5 s, each covering that step's dt.
    int strokes = 0;
    for (const sim::LoggedCommand& c : session.log()) {
        const auto* b = std::get_if<sim::ApplyBrush>(&c.command);
        if (!b) continue;
        EXPECT_EQ(b->stroke.kind, sim::BrushKind::PaintSoft);
        EXPECT_EQ(b->stroke.strength, 2.0f);
        EXPECT_EQ(b->stroke.dtSeconds, 0.1f);
        ++strokes;
    }
    EXPECT_EQ(strokes, 5);
    EXPECT_EQ(session.solver().sedimentLedger().residualUnits, 0);
    // Undo the stroke, the parameter change, then the erosion run: back to no erosion at all.
    EXPECT_EQ(session.undoLabel(), "paint-soft");
    ASSERT_TRUE(session.undo());
    ASSERT_TRUE(session.undo());
    EXPECT_EQ(session.undoLabel(), "erosion run");
    ASSERT_TRUE(session.undo());
    EXPECT_FALSE(session.solver().hasErosionState());
    EXPECT_FALSE(session.solver().params().erosion.enabled);
}

// Erosion keys are checked when the timeline is read, like every other parameter.
TEST(TimelineErosion, BadErosionChangesAreRefusedWithThePath) {
    EXPECT_EQ(parseError(R"({"time": 0, "params": {"erosion": {"enabled": true}}})"), "");
    const std::string unknown = parseError(R"({"time": 0, "params": {"erosion": {"capacty": 1}}})");
    EXPECT_NE(unknown.find("t.json"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("erosion.capacty"), std::string::npos) << unknown;
    const std::string angle = parseError(R"({"time": 0, "params": {"erosion": {"talus_angle": 120}}})");
    EXPECT_NE(angle.find("erosion.talus_angle"), std::string::npos) << angle;
    const std::string field = parseError(R"({"time": 0, "params": {"erosion": {"soft_thickness": {"npy": "s.npy"}}}})");
    EXPECT_NE(field.find("scene files only"), std::string::npos) << field;
    const std::string notObject = parseError(R"({"time": 0, "params": {"erosion": 3}})");
    EXPECT_NE(notObject.find("erosion"), std::string::npos) << notObject;
}

template <class T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// `sluice replay` of a log where erosion was switched on mid-run, the soft layer painted and a
// hardness stroke undone and redone: the state it saves is the session's, bit for bit.
TEST(ReplayErosion, LogWithErosionOnMidRunAndPaintReplaysBitIdentically) {
    for (const char* backend : {"cpu", "gpu"}) {
        SCOPED_TRACE(backend);
        auto solver = test::makeSolver(backend, tiltedBed());
        ASSERT_TRUE(solver);
        sim::Session s(std::move(solver));
        for (int i = 0; i < 6; ++i) s.step();
        sim::SimParams p = s.solver().params();
        p.erosion.enabled = true;
        p.erosion.timeScale = 6.0f;
        s.apply(sim::SetParams{p});
        for (int i = 0; i < 12; ++i) s.step();
        sim::BrushStroke b{.kind = sim::BrushKind::PaintSoft, .y = 8.0f, .radiusCells = 4.0f, .strength = 1.5f, .dtSeconds = 0.2f};
        for (int i = 0; i < 5; ++i) {  // a drag down the slope
            b.x = 8.0f + 3.0f * float(i);
            s.apply(sim::ApplyBrush{b}, i > 0);
            s.step();
        }
        b.kind = sim::BrushKind::PaintHardness;
        b.targetHeightM = 0.2f;
        s.apply(sim::ApplyBrush{b});
        s.undo();
        s.step();
        s.redo();
        for (int i = 0; i < 15; ++i) s.step();
        const sim::SolverState expected = s.solver().saveState();
        ASSERT_GT(expected.sediment.eroded, 0);

        test::TempDir dir;
        ASSERT_TRUE(sim::writeSessionLog(dir / "erosion.log", s, "tilted", std::nullopt));
        const auto r = test::runSluice("replay '" + (dir / "erosion.log").string() + "' --backend " + backend + " --save '" +
                                       (dir / "end.sluice").string() + "' --out '" + (dir / "out").string() + "'");
        ASSERT_EQ(r.exitCode, 0) << r.output;
        auto snap = sim::readSnapshotFile(dir / "end.sluice");
        ASSERT_TRUE(snap) << snap.error().message;
        const sim::SolverState& got = snap->state;
        EXPECT_TRUE(sameBits(got.field.terrainM, expected.field.terrainM));
        EXPECT_EQ(got.field.depthUnits, expected.field.depthUnits);
        EXPECT_TRUE(sameBits(got.field.flowXM3PerS, expected.field.flowXM3PerS));
        EXPECT_TRUE(sameBits(got.field.flowYM3PerS, expected.field.flowYM3PerS));
        EXPECT_EQ(got.field.erosion.softUnits, expected.field.erosion.softUnits);
        EXPECT_EQ(got.field.erosion.sedimentUnits, expected.field.erosion.sedimentUnits);
        EXPECT_EQ(got.field.erosion.bedChangeUnits, expected.field.erosion.bedChangeUnits);
        EXPECT_TRUE(sameBits(got.field.erosion.hardness, expected.field.erosion.hardness));
        EXPECT_TRUE(sameBits(got.field.erosion.baseM, expected.field.erosion.baseM));
        EXPECT_EQ(got.sediment.eroded, expected.sediment.eroded);
        EXPECT_EQ(got.sediment.deposited, expected.sediment.deposited);
        EXPECT_EQ(got.sediment.removed, expected.sediment.removed);
        EXPECT_EQ(got.counters.steps, expected.counters.steps);
        EXPECT_TRUE(fs::exists(dir / "out" / "soft.npy"));
        const std::string summary = test::readText(dir / "out" / "summary.json");
        EXPECT_NE(summary.find("\"sediment_residual\": 0"), std::string::npos) << summary;
    }
}

}  // namespace
}  // namespace sluice::app

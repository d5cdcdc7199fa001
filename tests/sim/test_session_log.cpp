// Session logs: a session written out and replayed from its start snapshot ends bit-identical.
#include <gtest/gtest.h>

#include <cstring>

#include "sim/builtin_scenes.hpp"
#include "sim/session_log.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::sim {
namespace {

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

class SessionLogReplay : public ::testing::TestWithParam<std::string> {};

TEST_P(SessionLogReplay, ReplayReachesTheSameState) {
    const Scene scene = defaultScene(48);
    auto solver = test::makeSolver(GetParam(), scene);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 3; ++i) solver->step(scene.params.dtSeconds);  // the log starts mid-run
    Session s(std::move(solver));
    BrushStroke dig;
    dig.kind = BrushKind::Dig;
    dig.radiusCells = 4;
    dig.strength = 3;
    dig.dtSeconds = 0.05f;
    for (int i = 0; i < 6; ++i) {
        dig.x = 10.0f + 3.0f * float(i);
        dig.y = 20;
        s.apply(ApplyBrush{dig}, i > 0);
        s.step();
    }
    SimParams p = s.solver().params();
    p.friction = 0.2f;
    s.apply(SetParams{p});
    for (int i = 0; i < 4; ++i) s.step();
    std::vector<Emitter> sources = s.solver().sources();
    sources[0].rateM3PerS *= 3;
    s.apply(SetEmitters{sources, s.solver().drains()});
    std::vector<float> bed = s.solver().download().terrainM;
    for (float& b : bed) b += 0.25f;
    s.apply(ReplaceTerrain{bed});
    s.step();
    s.undo();  // the terrain import
    s.step();
    s.apply(ResetRun{});
    s.step();
    s.undo();  // the reset
    for (int i = 0; i < 5; ++i) s.step();
    const FieldSnapshot expected = s.solver().download();

    test::TempDir dir;
    ASSERT_TRUE(writeSessionLog(dir / "run.log", s, "valley", ViewPose{{1, 2, 3}, 0.1f, 0.2f, 99}));
    auto log = readSessionLog(dir / "run.log");
    ASSERT_TRUE(log) << log.error().message;
    EXPECT_EQ(log->commands.size(), s.log().size());
    EXPECT_EQ(log->endStep, s.solver().counters().steps);
    ASSERT_TRUE(log->start.camera);
    auto replaySolver = test::makeSolver(GetParam(), sceneFromSnapshot(log->start));
    ASSERT_TRUE(replaySolver);
    Session replay(std::move(replaySolver), log->limits);
    int stepsSeen = 0;
    ASSERT_TRUE(replaySessionLog(replay, *log, [&](Session&) { ++stepsSeen; }));
    const FieldSnapshot got = replay.solver().download();
    EXPECT_TRUE(sameBits(expected.terrainM, got.terrainM));
    EXPECT_TRUE(sameBits(expected.depthM, got.depthM));
    EXPECT_TRUE(sameBits(expected.flowXM3PerS, got.flowXM3PerS));
    EXPECT_EQ(replay.solver().params().friction, 0.2f);
    EXPECT_EQ(replay.solver().ledger().addedM3, s.solver().ledger().addedM3);
    EXPECT_GT(stepsSeen, 15);
    EXPECT_EQ(replay.undoLabel(), s.undoLabel());
}

INSTANTIATE_TEST_SUITE_P(Backends, SessionLogReplay, ::testing::Values("cpu", "gpu"));

TEST(SessionLogFile, DamagedLogsNameFileAndLine) {
    test::TempDir dir;
    auto solver = test::makeSolver("cpu", defaultScene(32));
    Session s(std::move(solver));
    s.step();
    ASSERT_TRUE(writeSessionLog(dir / "ok.log", s, "x", std::nullopt));
    test::writeText(dir / "bad1.log", "hello\n");
    test::writeText(dir / "bad2.log", test::readText(dir / "ok.log") + "{\"step\": 3, \"apply\": {\"type\": \"warp\"}}\n");
    test::writeText(dir / "bad3.log", "{\"sluice_log\": 1, \"start\": \"missing.sluice\"}\n");
    for (const char* name : {"bad1.log", "bad2.log", "bad3.log"}) {
        auto r = readSessionLog(dir / name);
        ASSERT_FALSE(r) << name;
        EXPECT_NE(r.error().message.find(name[3] == '3' ? "missing.sluice" : name), std::string::npos)
            << r.error().message;
    }
    auto bad2 = readSessionLog(dir / "bad2.log");
    EXPECT_NE(bad2.error().message.find("bad2.log:3: apply.type: unknown command"), std::string::npos) << bad2.error().message;
}

}  // namespace
}  // namespace sluice::sim

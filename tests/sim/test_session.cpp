// Sessions: undo/redo restore the world bitwise with bounded memory; commands round-trip through JSON.
#include <gtest/gtest.h>

#include <cstring>

#include <nlohmann/json.hpp>

#include "sim/builtin_scenes.hpp"
#include "sim/session.hpp"
#include "tests/support/backends.hpp"

namespace sluice::sim {
namespace {

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

ApplyBrush dig(float x, float y, float radius = 6) {
    BrushStroke s;
    s.kind = BrushKind::Dig;
    s.x = x;
    s.y = y;
    s.radiusCells = radius;
    s.strength = 2.0f;
    s.dtSeconds = 0.1f;
    return ApplyBrush{s};
}

class SessionUndo : public ::testing::TestWithParam<std::string> {
protected:
    std::unique_ptr<Session> make(int size = 64, UndoLimits limits = {}) {
        auto solver = test::makeSolver(GetParam(), defaultScene(size));
        if (!solver) return nullptr;
        return std::make_unique<Session>(std::move(solver), limits);
    }
};

TEST_P(SessionUndo, DragUndoesAsOneAndRedoRestoresBitwise) {
    auto s = make();
    ASSERT_TRUE(s);
    for (int i = 0; i < 5; ++i) s->step();
    const std::vector<float> before = s->solver().download().terrainM;
    // One drag: a trench across the grid in merged applications, with water moving in between.
    for (int i = 0; i < 12; ++i) {
        s->apply(dig(8.0f + 4.0f * float(i), 30.0f), i > 0);
        s->step();
    }
    const std::vector<float> dug = s->solver().download().terrainM;
    ASSERT_FALSE(sameBits(before, dug));
    EXPECT_EQ(s->undoEntries(), 1u);
    EXPECT_EQ(s->undoLabel(), "dig");
    const double volume = s->solver().depthStats().volumeM3;
    ASSERT_TRUE(s->undo());
    EXPECT_TRUE(sameBits(before, s->solver().download().terrainM));
    EXPECT_EQ(s->solver().depthStats().volumeM3, volume) << "undoing a terrain edit must not change the water";
    EXPECT_FALSE(s->canUndo());
    ASSERT_TRUE(s->redo());
    EXPECT_TRUE(sameBits(dug, s->solver().download().terrainM));
}

TEST_P(SessionUndo, HundredFiftySeparateEditsAllUndo) {
    auto s = make();
    ASSERT_TRUE(s);
    const std::vector<float> original = s->solver().download().terrainM;
    for (int i = 0; i < 150; ++i) s->apply(dig(float(5 + (i * 7) % 54), float(5 + (i * 13) % 54), 3.0f));
    EXPECT_EQ(s->undoEntries(), 150u);
    int undone = 0;
    while (s->undo()) ++undone;
    EXPECT_EQ(undone, 150);
    EXPECT_TRUE(sameBits(original, s->solver().download().terrainM));
}

TEST_P(SessionUndo, MemoryFollowsTheEditedAreaAndStaysBounded) {
    UndoLimits limits;
    limits.maxBytes = 64 * 1024;
    auto s = make(256, limits);
    ASSERT_TRUE(s);
    s->apply(dig(100, 100, 5));  // touches at most 2x2 tiles of 32x32
    EXPECT_LE(s->historyBytes(), 4u * 32 * 32 * 4 + 4 * 64);
    EXPECT_LT(s->historyBytes(), 256u * 256 * 4 / 10) << "a small stroke must not copy the terrain";
    for (int i = 0; i < 40; ++i) s->apply(dig(float(20 + 5 * i), 60, 5));
    EXPECT_LE(s->historyBytes(), limits.maxBytes);
    EXPECT_LT(s->undoEntries(), 41u);
    EXPECT_GT(s->undoEntries(), 3u);
}

TEST_P(SessionUndo, WaterBrushUndoKeepsTheLedgerBalanced) {
    auto s = make();
    ASSERT_TRUE(s);
    ApplyBrush add = dig(20, 20, 5);
    add.stroke.kind = BrushKind::AddWater;
    add.stroke.strength = 1.0f;
    const std::vector<float> before = s->solver().download().depthM;
    s->apply(add);
    ASSERT_FALSE(sameBits(before, s->solver().download().depthM));
    ASSERT_TRUE(s->undo());
    EXPECT_TRUE(sameBits(before, s->solver().download().depthM));
    const Ledger l = s->solver().ledger();
    EXPECT_GT(l.removedM3, 0.0) << "the undone water is booked as removed";
    EXPECT_EQ(l.residualUnits, 0);
}

TEST_P(SessionUndo, SliderDragIsOneEntryAndResetIsUndoable) {
    auto s = make();
    ASSERT_TRUE(s);
    const SimParams original = s->solver().params();
    for (int i = 1; i <= 10; ++i) {
        SimParams p = s->solver().params();
        p.friction = 0.01f * float(i);
        s->apply(SetParams{p}, i > 1);
    }
    EXPECT_EQ(s->undoEntries(), 1u);
    EXPECT_EQ(s->solver().params().friction, 0.01f * 10.0f);
    for (int i = 0; i < 10; ++i) s->step();
    const std::vector<float> running = s->solver().download().depthM;
    const auto steps = s->solver().counters().steps;
    s->apply(ResetRun{});
    EXPECT_EQ(s->solver().counters().steps, 0);
    EXPECT_EQ(s->solver().params().friction, 0.01f * 10.0f) << "reset keeps the user's parameters";
    ASSERT_TRUE(s->undo());
    EXPECT_EQ(s->solver().counters().steps, steps);
    EXPECT_TRUE(sameBits(running, s->solver().download().depthM));
    ASSERT_TRUE(s->undo());
    EXPECT_EQ(s->solver().params().friction, original.friction);
    ASSERT_EQ(s->log().size(), 13u);  // 10 params, reset, 2 undos
    EXPECT_EQ(s->log().back().kind, LoggedCommand::Kind::Undo);
    EXPECT_EQ(s->log()[10].step, 10);
}

INSTANTIATE_TEST_SUITE_P(Backends, SessionUndo, ::testing::Values("cpu", "gpu"));

TEST(CommandJson, EveryKindRoundTrips) {
    Emitter e;
    e.x = 3;
    e.y = 4;
    e.mode = EmitterMode::Level;
    e.levelM = 2.5f;
    SimParams p;
    p.viscosity = 0.125f;
    Boundaries b;
    b.north = BoundarySide::of(BoundaryKind::Inflow, 0.5f);
    ApplyBrush brush = dig(1.5f, 2.5f);
    brush.stroke.kind = BrushKind::Flatten;
    brush.stroke.targetHeightM = 7.25f;
    const Command all[] = {brush, SetParams{p}, SetEmitters{{e}, {}}, SetBoundaries{b}, ResetRun{}};
    for (const Command& c : all) {
        const nlohmann::json j = commandToJson(c);
        auto back = commandFromJson(nlohmann::json::parse(j.dump()), "log", 16, 16);
        ASSERT_TRUE(back) << back.error().message;
        EXPECT_EQ(back->index(), c.index());
        EXPECT_EQ(commandToJson(*back), j);
    }
}

TEST(CommandJson, BadCommandsNameTheField) {
    auto bad = [](const char* text) {
        auto r = commandFromJson(nlohmann::json::parse(text), "log.jsonl:3", 16, 16);
        EXPECT_FALSE(r) << text;
        return r ? std::string() : r.error().message;
    };
    EXPECT_NE(bad(R"({"type":"brush","kind":"bulldoze","x":1,"y":1,"radius":2,"strength":1,"falloff":0,"dt":0.1})")
                  .find("kind"),
              std::string::npos);
    EXPECT_NE(bad(R"({"type":"brush","kind":"dig","x":1,"y":1,"radius":-2,"strength":1,"falloff":0,"dt":0.1})")
                  .find("radius"),
              std::string::npos);
    EXPECT_NE(bad(R"({"type":"params","params":{"dt":-1}})").find("params.dt"), std::string::npos);
    EXPECT_NE(bad(R"({"type":"emitters","sources":[{"x":99,"y":1,"rate":1}]})").find("outside the grid"),
              std::string::npos);
    EXPECT_NE(bad(R"({"type":"teleport"})").find("unknown command"), std::string::npos);
}

}  // namespace
}  // namespace sluice::sim

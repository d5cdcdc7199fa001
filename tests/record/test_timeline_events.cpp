// Timeline world events played into a session: a boundary event opens a side to a lower level (water
// leaves, the ledger books it) and a later one closes it again; bad boundary events are refused when
// the timeline is read, naming the file and the path.
#include <gtest/gtest.h>

#include <cmath>
#include <variant>

#include "app/record/timeline.hpp"
#include "app/record/timeline_player.hpp"
#include "sim/bodies/body_load.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/session.hpp"
#include "tests/support/backends.hpp"

namespace sluice::app {
namespace {

/// 32 x 8 flat basin, 1 m cells, 0.5 m of still water, walls.
sim::Scene stillBasin() {
    sim::Scene s = test::flatScene(32, 8, 1.0f);
    s.depthM.assign(s.terrainM.size(), 0.5f);
    s.params.dtSeconds = 0.05f;
    return s;
}

constexpr const char* kOpenThenClose = R"({
  "events": [
    { "time": 1, "boundary": { "east": { "type": "level", "level": 0.2 } } },
    { "time": 3, "boundary": { "east": "wall" } }
  ]
})";

/// Plays `timeline` for `steps` steps and returns the volume after each step.
std::vector<double> play(const std::string& backend, const char* timeline, int steps, sim::Session*& out,
                         std::unique_ptr<sim::Session>& keep) {
    const sim::Scene scene = stillBasin();
    auto t = parseTimelineJson(timeline, "t.json", scene);
    EXPECT_TRUE(t) << (t ? "" : t.error().message);
    if (!t) return {};
    auto solver = test::makeSolver(backend, scene);
    if (!solver) return {};
    keep = std::make_unique<sim::Session>(std::move(solver));
    out = keep.get();
    TimelinePlayer player(t->events, *keep);
    std::vector<double> volumes;
    for (int i = 0; i < steps; ++i) {
        const auto ok = player.beforeStep(*keep);
        EXPECT_TRUE(ok) << (ok ? "" : ok.error().message);
        keep->step();
        volumes.push_back(keep->solver().depthStats().volumeM3);
    }
    return volumes;
}

class TimelineBoundary : public ::testing::TestWithParam<std::string> {};

TEST_P(TimelineBoundary, OpensASideToALowerLevelAndClosesItAgain) {
    sim::Session* s = nullptr;
    std::unique_ptr<sim::Session> keep;
    // dt 0.05 s: the events fall on steps 20 and 60; 100 steps in all.
    const std::vector<double> v = play(GetParam(), kOpenThenClose, 100, s, keep);
    ASSERT_EQ(v.size(), 100u);
    const double initial = 32 * 8 * 0.5;
    // Walls until t = 1 s: not one unit moves across the boundary.
    for (int i = 0; i < 19; ++i) EXPECT_EQ(v[std::size_t(i)], initial) << "step " << i + 1;
    // Open to a level 0.3 m below the surface: water leaves, and keeps leaving until t = 3 s.
    EXPECT_LT(v[30], initial - 1.0);
    EXPECT_LT(v[58], v[30]);
    // Closed again: the volume stays where it was when the wall came back.
    for (int i = 61; i < 100; ++i) EXPECT_EQ(v[std::size_t(i)], v[60]) << "step " << i + 1;
    EXPECT_EQ(s->solver().boundaries().side(1).isWall(), true);
    const sim::Ledger ledger = s->solver().ledger();
    EXPECT_EQ(ledger.residualUnits, 0);
    EXPECT_NEAR(ledger.removedM3, initial - v[99], 1e-9);
    // The changes are commands: each is one undo entry, logged like a panel edit.
    EXPECT_EQ(s->undoEntries(), 2u);
    EXPECT_EQ(s->undoLabel(), "boundaries");
}

INSTANTIATE_TEST_SUITE_P(Backends, TimelineBoundary, ::testing::Values("cpu", "gpu"));

TEST(TimelineBoundaryErrors, BadSidesAreRefusedWithTheFileAndPath) {
    const sim::Scene scene = stillBasin();
    struct Case {
        const char* timeline;
        const char* expect;
    } cases[] = {
        {R"({"events":[{"time":1,"boundary":{"up":"wall"}}]})", "t.json: events[0]: unknown key 'boundary.up'"},
        {R"({"events":[{"time":1,"boundary":{"east":"sponge"}}]})", "boundary.east"},
        {R"({"events":[{"time":1,"boundary":{"east":[{"type":"wall","from":0,"to":40}]}}]})", "boundary.east"},
        {R"({"events":[{"time":1,"boundary":{"east":{"type":"level"}}}]})", "boundary.east"},
        {R"({"events":[{"time":1,"boundary":{"east":{"type":"inflow","discharge":[[2,1],[1,1]]}}}]})",
         "boundary.east"},
        {R"({"events":[{"time":1,"boundary":"wall"}]})", "expected an object"},
        {R"({"events":[{"time":1,"boundary":{"east":"wall"},"params":{"dt":0.1}}]})", "exactly one of"},
    };
    for (const Case& c : cases) {
        const auto t = parseTimelineJson(c.timeline, "t.json", scene);
        ASSERT_FALSE(t) << c.timeline;
        EXPECT_NE(t.error().message.find(c.expect), std::string::npos) << c.timeline << "\n" << t.error().message;
        EXPECT_NE(t.error().message.find("t.json"), std::string::npos) << t.error().message;
    }
}

// Material brushes in timelines: paint-hardness takes its hardness as `target` (0 ... 1), paint-soft may
// remove soft layer (a negative strength); the other brushes still refuse a target.
TEST(TimelineBrushes, PaintHardnessTakesATargetAndPaintSoftMayRemove) {
    const sim::Scene scene = stillBasin();
    auto hard = parseTimelineJson(
        R"({"events":[{"time":1,"brush":{"kind":"paint-hardness","from":[4,4],"target":0.25,"strength":2}}]})", "t.json", scene);
    ASSERT_TRUE(hard) << hard.error().message;
    const auto* path = std::get_if<BrushPath>(&hard->events[0].change);
    ASSERT_NE(path, nullptr);
    EXPECT_EQ(path->brush.kind, sim::BrushKind::PaintHardness);
    EXPECT_EQ(path->brush.targetHeightM, 0.25f);
    auto soft = parseTimelineJson(R"({"events":[{"time":1,"brush":{"kind":"paint-soft","from":[4,4],"strength":-0.5}}]})",
                                  "t.json", scene);
    ASSERT_TRUE(soft) << soft.error().message;
    EXPECT_EQ(std::get<BrushPath>(soft->events[0].change).brush.strength, -0.5f);
    struct Case {
        const char* timeline;
        const char* expect;
    } cases[] = {
        {R"({"events":[{"time":1,"brush":{"kind":"paint-hardness","from":[4,4]}}]})", "brush.target: missing"},
        {R"({"events":[{"time":1,"brush":{"kind":"paint-hardness","from":[4,4],"target":1.5}}]})", "brush.target"},
        {R"({"events":[{"time":1,"brush":{"kind":"dig","from":[4,4],"strength":-1}}]})", "brush.strength"},
        {R"({"events":[{"time":1,"brush":{"kind":"dig","from":[4,4],"target":1}}]})", "brush.target"},
        {R"({"events":[{"time":1,"brush":{"kind":"melt","from":[4,4]}}]})", "paint-hardness"},
    };
    for (const Case& c : cases) {
        const auto t = parseTimelineJson(c.timeline, "t.json", scene);
        ASSERT_FALSE(t) << c.timeline;
        EXPECT_NE(t.error().message.find(c.expect), std::string::npos) << c.timeline << "\n" << t.error().message;
    }
}


// A world action is one event: the dam-breach timeline that ships parses against builtin:dam, cuts the
// notch at its time as one logged brush command, and is refused (naming the actions) for a world
// without that action.
TEST(TimelineActions, TheDamBreachTimelineCutsTheNotchAtItsTime) {
    auto scene = sim::builtinScene("dam", 48);
    ASSERT_TRUE(scene.ok());
    auto t = loadTimelineFile("builtin:dam-breach", *scene);
    ASSERT_TRUE(t) << t.error().message;
    ASSERT_EQ(t->events.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<WorldActionEvent>(t->events[0].change));
    const double at = t->events[0].timeSeconds;
    const sim::BrushStroke notch = scene->actions.at(0).stroke;
    const std::size_t centre = std::size_t(notch.y) * 48 + std::size_t(notch.x);
    auto session = std::make_unique<sim::Session>(test::makeSolver("cpu", *scene));
    TimelinePlayer player(t->events, *session);
    const int steps = int(std::lround(at / scene->params.dtSeconds)) + 2;
    for (int i = 0; i < steps; ++i) {
        const bool before = session->solver().counters().timeSeconds < at - 0.05;
        ASSERT_TRUE(player.beforeStep(*session));
        const float bed = session->solver().download().terrainM[centre];
        if (before) EXPECT_GT(bed, notch.targetHeightM + 1.0f) << "step " << i << ": breached early";
        session->step();
    }
    EXPECT_EQ(session->solver().download().terrainM[centre], notch.targetHeightM);
    EXPECT_EQ(session->log().size(), 1u);

    auto valley = sim::builtinScene("valley", 48);
    ASSERT_TRUE(valley.ok());
    auto refused = loadTimelineFile("builtin:dam-breach", *valley);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("events[0].action: the world has no action 'breach'"), std::string::npos)
        << refused.error().message;
}

}  // namespace
}  // namespace sluice::app

namespace sluice::app {
namespace {

// A bodies event drops its bodies at its time: before it the world has none, after it a crate that
// settles into the basin at its draft and pushes its weight of water aside; the event is a logged
// command (replayed like the viewer's placing).
TEST(TimelineBodies, ABodiesEventDropsThemAtItsTime) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    constexpr const char* kDrop = R"({"events": [{"time": 1, "bodies": [
        {"shape": "box", "size": [2, 2, 0.4], "density": 500, "position": [16, 4, 1.0]}]}]})";
    sim::Session* session = nullptr;
    std::unique_ptr<sim::Session> keep;
    const sim::Scene scene = stillBasin();
    auto t = parseTimelineJson(kDrop, "t.json", scene);
    ASSERT_TRUE(t) << t.error().message;
    keep = std::make_unique<sim::Session>(test::makeSolver("cpu", scene));
    session = keep.get();
    TimelinePlayer player(t->events, *session);
    for (int i = 0; i < 19; ++i) {  // 0.95 s: not yet
        ASSERT_TRUE(player.beforeStep(*session));
        session->step();
    }
    EXPECT_TRUE(!session->bodies() || session->bodies()->bodies().empty());
    for (int i = 0; i < 100; ++i) {
        ASSERT_TRUE(player.beforeStep(*session));
        session->step();
    }
    ASSERT_NE(session->bodies(), nullptr);
    ASSERT_EQ(session->bodies()->bodies().size(), 1u);
    // Half of its 0.4 m under a surface at 0.5 m (+ the little its displacement raises it).
    EXPECT_NEAR(session->bodies()->bodies()[0].state.positionM.z, 0.5f, 0.03f);
    EXPECT_NEAR(sim::displacedVolumeM3(session->solver().bodyLoad(), 1.0f), 0.8, 0.04);
    ASSERT_FALSE(session->log().empty());
    EXPECT_TRUE(std::holds_alternative<sim::PlaceBodies>(session->log().back().command));
}

TEST(TimelineBodies, BadBodiesEventsAreRefusedWithTheFileAndPath) {
    const sim::Scene scene = stillBasin();
    struct Case {
        const char* timeline;
        const char* expected;
    };
    const Case cases[] = {
        {R"({"events":[{"time":1,"bodies":[]}]})", "t.json: events[0].bodies: expected a non-empty array"},
        {R"({"events":[{"time":1,"bodies":[{"shape":"raft","position":[4,4,1]}]}]})", "events[0].bodies[0].shape"},
        {R"({"events":[{"time":1,"bodies":[{"shape":"box","position":[40,4,1]}]}]})",
         "events[0].bodies[0].position: [40, 4] m is outside the grid"},
        {R"({"events":[{"time":1,"bodies":[{"shape":"box","position":[4,4,1]}],"source":0}]})", "give exactly one of"},
    };
    for (const Case& c : cases) {
        const auto t = parseTimelineJson(c.timeline, "t.json", scene);
        ASSERT_FALSE(t) << c.timeline;
        if (!sim::BodyWorld::available() && std::string(c.expected).find("exactly one") == std::string::npos) {
            EXPECT_NE(t.error().message.find("SLUICE_BODIES=OFF"), std::string::npos) << t.error().message;
            continue;
        }
        EXPECT_NE(t.error().message.find(c.expected), std::string::npos) << t.error().message;
    }
}

}  // namespace
}  // namespace sluice::app

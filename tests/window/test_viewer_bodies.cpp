// The body tools in the real window (Xvfb, llvmpipe; docs/BODIES.md, "Tools"): the blocks brush lays
// a wall along a stroke, L drops a log, M selects and drags it, Delete deletes it; every one of them
// is a command, so it is undone, saved and replayed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include <glm/gtc/quaternion.hpp>

#include <nlohmann/json.hpp>

#include "sim/bodies/body_world.hpp"
#include "sim/npy.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;

namespace {

constexpr test::screen::MapFrame kMap{test::screen::kPondW, test::screen::kPondH};  // cells of 2 m

/// Pane A's map when A and B are side by side.
constexpr test::screen::MapFrame kMapA{test::screen::kPondW, test::screen::kPondH, 2, 0};
const test::screen::MapFrame* gMap = &kMap;  // the map the script's points land on
std::string at(float cx, float cy) { return " " + std::to_string(gMap->x(cx)) + " " + std::to_string(gMap->y(cy)); }
std::string line(int frame, const std::string& rest) { return std::to_string(frame) + " " + rest + "\n"; }

/// B, then a drag from cell (x0, 3) to (x0 + slant * 5.6, 60): a wall of blocks across the map,
/// slightly diagonal by default (so the path must add side steps). Frames first .. first + 33.
std::string blocksStroke(int first, float x0 = 45.5f, float slant = 1.0f) {
    std::string s = line(first, "key b") + line(first + 2, "move" + at(x0, 3)) + line(first + 3, "down" + at(x0, 3) + " left");
    for (int k = 0; k <= 28; ++k) s += line(first + 4 + k, "move" + at(x0 + 0.2f * slant * float(k), 3.0f + 2.0f * float(k)));
    return s + line(first + 33, "up" + at(x0 + 5.6f * slant, 59) + " left");
}

/// L and a click at cell (20, 30): a log dropped into the pond (selected). Frames first .. first + 4.
std::string dropLog(int first) {
    return line(first, "key l") + line(first + 2, "move" + at(20, 30)) + line(first + 3, "down" + at(20, 30) + " left") +
           line(first + 4, "up" + at(20, 30) + " left");
}

struct Counts {
    int blocks = 0, logs = 0;
};
Counts countShapes(const std::vector<sim::PlacedBody>& bodies) {
    Counts c;
    for (const sim::PlacedBody& b : bodies) (b.spec.shape == sim::BodyShape::Block ? c.blocks : c.logs) += 1;
    return c;
}

/// Runs the viewer on the pond world with `script` for `frames` frames (the script saves with Ctrl+S,
/// Return: world.sluice) and reads the snapshot it saved.
sim::Snapshot runAndReadSave(const test::TempDir& dir, const std::string& script, int frames, const std::string& more = "") {
    test::writeText(dir / "s.txt", script);
    std::filesystem::remove(dir / "world.sluice");
    const auto r = test::screen::runViewerIn(dir, "flat.json --map --frames " + std::to_string(frames) +
                                                      " --autosave-seconds 0 --input-script s.txt " + more);
    EXPECT_EQ(r.exitCode, 0) << r.output;
    auto snap = sim::readSnapshotFile(dir / "world.sluice");
    EXPECT_TRUE(snap) << (snap ? "" : snap.error().message) << r.output;
    return snap ? std::move(*snap) : sim::Snapshot{};
}

}  // namespace

TEST(ViewerBodies, BlocksBrushLogAndDragAreSavedAndReplayed) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    test::TempDir dir;
    test::screen::writePondScene(dir);
    // Blocks, a log, then M and a drag of the log 10 cells east; save.
    std::string script = blocksStroke(5) + dropLog(42) + line(50, "key m") + line(52, "move" + at(20, 30)) +
                         line(53, "down" + at(20, 30) + " left");
    for (int k = 1; k <= 10; ++k) script += line(53 + k, "move" + at(20.0f + float(k), 30));
    script += line(65, "up" + at(30, 30) + " left") + line(70, "key Ctrl+S") + line(74, "key Return");
    const sim::Snapshot saved = runAndReadSave(dir, script, 80, "--log run.log");
    const sim::Snapshot* snap = &saved;
    const Counts c = countShapes(snap->bodies);
    EXPECT_EQ(c.logs, 1);
    // The wall: blocks in every row of slots the stroke crossed (3 .. 59), each slot a side neighbour
    // of another (no corner gaps), all of concrete, 1 m tall, two layers resting on the bed (2 m).
    std::set<std::pair<int, int>> slots, lower, upper;
    for (const sim::PlacedBody& b : snap->bodies) {
        if (b.spec.shape != sim::BodyShape::Block) continue;
        EXPECT_EQ(b.spec.densityKgPerM3, 2400.0f);
        const std::pair<int, int> slot{int(b.spec.positionM.x / 2.0f), int(b.spec.positionM.y / 2.0f)};
        slots.insert(slot);
        const float z = b.state.positionM.z;
        EXPECT_TRUE(std::abs(z - 2.5f) < 0.05f || std::abs(z - 3.5f) < 0.05f) << "a block at " << z << " m";
        (z < 3.0f ? lower : upper).insert(slot);
    }
    EXPECT_EQ(int(lower.size()), c.blocks / 2) << "one block per slot and layer";
    EXPECT_EQ(lower, upper) << "each slot has both layers";
    EXPECT_EQ(slots, lower);
    for (int j = 3; j <= 59; ++j)
        EXPECT_TRUE(std::any_of(slots.begin(), slots.end(), [&](const auto& s) { return s.second == j; })) << "row " << j;
    for (const auto& [i, j] : slots) {
        const bool joined = slots.count({i - 1, j}) + slots.count({i + 1, j}) + slots.count({i, j - 1}) + slots.count({i, j + 1}) > 0;
        EXPECT_TRUE(joined) << "block " << i << ", " << j << " touches no other by a side";
    }
    // The log was dropped at 40 m east and dragged to about 60 m.
    for (const sim::PlacedBody& b : snap->bodies)
        if (b.spec.shape == sim::BodyShape::Log) EXPECT_NEAR(b.state.positionM.x, 60.0f, 2.5f);

    // The log replays headless to the same bodies (count and the log's place).
    auto replay = test::runCommand(std::string("cd '") + dir.path().string() + "' && '" + test::sluiceBinary() +
                                   "' replay run.log --out replayed");
    ASSERT_EQ(replay.exitCode, 0) << replay.output;
    const nlohmann::json summary = nlohmann::json::parse(test::readText(dir / "replayed" / "summary.json"));
    ASSERT_EQ(summary["bodies"].size(), snap->bodies.size());
    EXPECT_NEAR(summary["bodies"].back()["position_m"][0].get<double>(), 60.0, 2.5);
}

TEST(ViewerBodies, DeleteAndUndoOfBodyEdits) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    test::TempDir dir;
    test::screen::writePondScene(dir);
    // Blocks, a log (selected as it lands), Delete: gone; undo: back; undo again: never placed. Save.
    const std::string script = blocksStroke(5) + dropLog(42) + line(50, "key Delete") + line(54, "key Ctrl+Z") +
                               line(58, "key Ctrl+Z") + line(62, "key Ctrl+S") + line(66, "key Return");
    const Counts c = countShapes(runAndReadSave(dir, script, 72, "--log run.log").bodies);
    EXPECT_EQ(c.logs, 0);
    EXPECT_GE(c.blocks, 2 * 57);
    const std::string log = test::readText(dir / "run.log");
    EXPECT_NE(log.find("\"remove-bodies\""), std::string::npos) << log.substr(0, 2000);
    EXPECT_NE(log.find("\"undo\""), std::string::npos);

    // One more undo takes the whole stroke away at once: a stroke is one undo entry.
    const sim::Snapshot undone =
        runAndReadSave(dir, blocksStroke(5) + line(42, "key Ctrl+Z") + line(46, "key Ctrl+S") + line(50, "key Return"), 56);
    EXPECT_EQ(undone.state.field.width, test::screen::kPondW) << "no save";
    EXPECT_TRUE(undone.bodies.empty()) << undone.bodies.size() << " bodies left after undoing the stroke";
}

// In an A/B comparison run B has the bodies too: a wall laid across the whole map at the pond's
// edge while paused holds the water back in B (rougher) as in A; without B's own copy of the
// blocks its water would run on east.
TEST(ViewerBodies, RunBOfAComparisonHasTheBodiesToo) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    test::TempDir dir;
    test::screen::writePondScene(dir);
    // Paused (Space), B, a drag along x = 42.5 cells from the south edge to the north edge of pane
    // A's map; Space again.
    gMap = &kMapA;
    std::string script = line(2, "key space") + line(5, "key b") + line(7, "move" + at(42.5f, 0.3f)) +
                         line(8, "down" + at(42.5f, 0.3f) + " left");
    for (int k = 0; k <= 32; ++k) script += line(9 + k, "move" + at(42.5f, 0.3f + 2.0f * float(k)));
    script += line(42, "up" + at(42.5f, 63.7f) + " left") + line(44, "key space");
    gMap = &kMap;
    test::writeText(dir / "s.txt", script);
    const auto r = test::screen::runViewerIn(dir, "flat.json --map --ab manning_n=0.05 --speed 4 --frames 160 "
                                                  "--autosave-seconds 0 --input-script s.txt --dump-state out");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto a = sim::readNpy(dir / "out" / "depth.npy");
    auto b = sim::readNpy(dir / "out" / "depth_b.npy");
    ASSERT_TRUE(a && b) << r.output;
    double westA = 0, westB = 0, eastA = 0, eastB = 0;  // m^3 per m of width: west of the wall, east of it
    for (int y = 0; y < test::screen::kPondH; ++y)
        for (int x = 0; x < test::screen::kPondW; ++x) {
            const std::size_t i = std::size_t(y * test::screen::kPondW + x);
            (x < 42 ? westA : (x > 43 ? eastA : westA)) += x == 42 || x == 43 ? 0.0 : a->data[i];
            (x < 42 ? westB : (x > 43 ? eastB : westB)) += x == 42 || x == 43 ? 0.0 : b->data[i];
        }
    EXPECT_GT(westA, 100.0);
    EXPECT_GT(westB, 100.0);
    EXPECT_LT(eastA, 0.01 * westA) << "the wall did not hold in A";
    EXPECT_LT(eastB, 0.01 * westB) << "the wall did not hold in B: B runs without the bodies";
}

// [ and ] turn the selected body 15 degrees counter-clockwise and clockwise where it floats, each
// press a command: two ] and a [ leave it turned 15 degrees clockwise, and undoing the [ makes it 30.
TEST(ViewerBodies, BracketsTurnTheSelectedBody) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    test::TempDir dir;
    test::screen::writePondScene(dir);
    const auto heading = [](const sim::Snapshot& s) {
        EXPECT_EQ(s.bodies.size(), 1u);
        if (s.bodies.empty()) return 0.0f;
        const glm::vec3 x = s.bodies[0].state.orientation * glm::vec3(1, 0, 0);
        return glm::degrees(std::atan2(x.y, x.x));
    };
    const std::string save = line(24, "key Ctrl+S") + line(28, "key Return");
    const float untouched = heading(runAndReadSave(dir, dropLog(2) + save, 34));
    const float turned = heading(runAndReadSave(
        dir, dropLog(2) + line(10, "key ]") + line(12, "key ]") + line(14, "key [") + save, 34, "--log run.log"));
    EXPECT_NEAR(std::remainder(turned - untouched, 360.0f), -15.0f, 2.0f);
    const std::string log = test::readText(dir / "run.log");
    EXPECT_NE(log.find("\"edit-bodies\""), std::string::npos) << log.substr(0, 2000);
    const float undone = heading(runAndReadSave(
        dir, dropLog(2) + line(10, "key ]") + line(12, "key ]") + line(14, "key [") + line(18, "key Ctrl+Z") + save, 34));
    EXPECT_NEAR(std::remainder(undone - untouched, 360.0f), -30.0f, 2.0f);
}

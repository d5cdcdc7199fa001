// Sessions in the real window (Xvfb, llvmpipe): undo/redo from the keyboard, save from the File
// dialog, the session log replayed headless to the same state, autosave and recovery after a crash.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "sim/bodies/body_world.hpp"
#include "sim/npy.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;

namespace {

constexpr int W = test::screen::kPondW, H = test::screen::kPondH;  // letterboxed beside the sidebar
constexpr test::screen::MapFrame kMap{W, H};
int px(float cx) { return kMap.x(cx); }
int py(float cy) { return kMap.y(cy); }

std::string writeScene(const test::TempDir& dir) { return test::screen::writePondScene(dir); }

/// A dig drag along y = 32 from x = 50 to x = 80 (tool 1), frames first..first+40.
std::string digScript(int first) {
    std::string s = std::to_string(first) + " key 1\n" + std::to_string(first + 2) + " move " + std::to_string(px(50)) +
                    " " + std::to_string(py(32)) + "\n" + std::to_string(first + 3) + " down " + std::to_string(px(50)) +
                    " " + std::to_string(py(32)) + "\n";
    for (int k = 0; k <= 30; ++k)
        s += std::to_string(first + 4 + k) + " move " + std::to_string(px(50.0f + float(k))) + " " + std::to_string(py(32)) + "\n";
    s += std::to_string(first + 36) + " up " + std::to_string(px(80)) + " " + std::to_string(py(32)) + "\n";
    return s;
}

test::CliRun runViewer(const test::TempDir& dir, const std::string& args, const std::string& envGiven = "") {
    // A config directory of the test's own unless one is given: saves record Recent files there.
    const std::string env = envGiven.find("SLUICE_CONFIG_DIR") != std::string::npos
                                ? envGiven
                                : envGiven + " SLUICE_CONFIG_DIR='" + (dir / "config").string() + "'";
    return test::runCommand("cd '" + dir.path().string() + "' && " + env + " xvfb-run -a -s '-screen 0 1280x800x24' '" +
                            test::sluiceBinary() + "' " + args);
}

float minOf(const std::vector<float>& v) { return *std::min_element(v.begin(), v.end()); }

TEST(ViewerSession, UndoRedoAndReplayOfTheLog) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    // Dig, undo (Ctrl+Z): the bed is back to 2 m everywhere. Dig again, undo, redo: the trench is back.
    test::writeText(dir / "undo.txt", digScript(5) + "50 key Ctrl+Z\n");
    auto r = runViewer(dir, scene + " --map --frames 60 --autosave-seconds 0 --input-script undo.txt --dump-state undone");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto undone = sim::readNpy(dir / "undone" / "terrain.npy");
    ASSERT_TRUE(undone);
    EXPECT_EQ(minOf(undone->data), 2.0f) << "undo left a trench";

    test::writeText(dir / "redo.txt", digScript(5) + "50 key Ctrl+Z\n55 key Ctrl+Shift+Z\n");
    r = runViewer(dir, scene + " --map --frames 90 --autosave-seconds 0 --input-script redo.txt --dump-state redone --log run.log");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto redone = sim::readNpy(dir / "redone" / "terrain.npy");
    auto redoneDepth = sim::readNpy(dir / "redone" / "depth.npy");
    ASSERT_TRUE(redone && redoneDepth);
    EXPECT_LT(minOf(redone->data), 1.9f) << "redo did not bring the trench back";
    EXPECT_EQ(redone->data[std::size_t(5 * W + 65)], 2.0f) << "the trench spread beyond the stroke";

    // The log replays headless on the GPU backend (llvmpipe, as the viewer) to the same bits.
    auto replay = test::runSluice("replay '" + (dir / "run.log").string() + "' --backend gpu --quiet --out '" +
                                  (dir / "replayed").string() + "'");
    ASSERT_EQ(replay.exitCode, 0) << replay.output;
    auto t = sim::readNpy(dir / "replayed" / "terrain.npy");
    auto d = sim::readNpy(dir / "replayed" / "depth.npy");
    ASSERT_TRUE(t && d);
    EXPECT_EQ(std::memcmp(t->data.data(), redone->data.data(), t->data.size() * 4), 0) << "replayed terrain differs";
    EXPECT_EQ(std::memcmp(d->data.data(), redoneDepth->data.data(), d->data.size() * 4), 0) << "replayed water differs";

    // And re-rendered to video at another size.
    auto video = test::runSluice("replay '" + (dir / "run.log").string() + "' --quiet --record '" +
                                 (dir / "replay.mp4").string() + "' --size 160x96 --fps 10 --steps-per-frame 4");
    ASSERT_EQ(video.exitCode, 0) << video.output;
    auto probe = test::probeVideo((dir / "replay.mp4").string());
    ASSERT_EQ(probe.exitCode, 0) << probe.output;
    EXPECT_EQ(probe.output.rfind("h264,160,96,", 0), 0u) << probe.output;
    EXPECT_GT(std::atoi(probe.output.c_str() + 12), 2) << probe.output;
}

TEST(ViewerSession, SaveFromTheDialogThenOpenTheSnapshot) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    // Ctrl+S with no file yet asks for a path (pre-filled "world.sluice"); Return confirms.
    test::writeText(dir / "save.txt", digScript(5) + "50 key Ctrl+S\n54 key Return\n");
    auto r = runViewer(dir, scene + " --map --frames 70 --autosave-seconds 0 --input-script save.txt --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(dir / "world.sluice")) << r.output;
    auto snap = sim::readSnapshotFile(dir / "world.sluice");
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_LT(minOf(snap->state.field.terrainM), 1.9f) << "the saved world lacks the trench";
    EXPECT_GT(snap->state.counters.steps, 0);
    ASSERT_TRUE(snap->camera);

    // Opening the snapshot brings the sculpted terrain back.
    r = runViewer(dir, "world.sluice --map --frames 3 --autosave-seconds 0 --dump-state reopened");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto reopened = sim::readNpy(dir / "reopened" / "terrain.npy");
    ASSERT_TRUE(reopened);
    EXPECT_EQ(std::memcmp(reopened->data.data(), snap->state.field.terrainM.data(), reopened->data.size() * 4), 0);
}

// The viewer runs a scene's bodies (docs/BODIES.md): a log let go above the water falls in and
// floats, and a save keeps it where the water carried it, with the shape and heading it had.
TEST(ViewerSession, RunsTheScenesBodiesAndSavesThemWhereTheyAre) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    test::TempDir dir;
    writeScene(dir);
    test::writeText(dir / "logs.json", R"({"grid": {"width": 96, "height": 64, "cell_size": 2},
        "terrain": {"npy": "bed.npy"}, "water": {"npy": "water.npy"}, "params": {"dt": 0.1},
        "bodies": [{"shape": "log", "size": [3, 0.4, 0.4], "density": 700, "position": [30, 60, 3.5], "yaw": 45}]})");
    test::writeText(dir / "save.txt", "20 key Ctrl+S\n24 key Return\n");
    // Two steps a frame whatever the machine's load: 40 steps (4 s) by the save at frame 20, the log
    // at rest in the water by then (at real-time speed a loaded machine could run too few).
    auto r = runViewer(dir, "logs.json --map --frames 40 --autosave-seconds 0 --steps-per-frame 2 --input-script save.txt");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find("neither moved nor drawn"), std::string::npos) << r.output;
    auto snap = sim::readSnapshotFile(dir / "world.sluice");
    ASSERT_TRUE(snap) << (snap ? "" : snap.error().message) << r.output;
    ASSERT_GT(snap->state.counters.steps, 0);
    ASSERT_EQ(snap->bodies.size(), 1u);
    EXPECT_EQ(snap->bodies[0].spec.shape, sim::BodyShape::Log);
    EXPECT_FLOAT_EQ(snap->bodies[0].spec.yawDeg, 45.0f);
    // It fell from where the scene placed it (3.5 m) into the water, whose surface is at 2.5 m.
    EXPECT_LT(snap->bodies[0].state.positionM.z, 2.7f) << r.output;
    EXPECT_GT(snap->bodies[0].state.positionM.z, 2.2f) << r.output;
}

/// Pixels of the active title-bar colour of ImGui's dark style (41, 74, 122) in the middle of the
/// window, where the close prompt appears and no panel reaches.
int promptTitlePixels(const std::filesystem::path& png) {
    const test::screen::Image im = test::screen::load(png);
    int n = 0;
    for (int y = 320; y < std::min(im.height, 480); ++y)
        for (int x = 470; x < std::min(im.width, 810); ++x) {
            const auto c = im.at(x, y);
            n += std::abs(c[0] - 41) <= 3 && std::abs(c[1] - 74) <= 3 && std::abs(c[2] - 122) <= 3;
        }
    return n;
}

TEST(ViewerSession, EscWithUnsavedChangesAsksBeforeClosing) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    const std::string args = scene + " --map --frames 90 --autosave-seconds 0 --print-fps --input-script ";
    // Nothing changed: Esc quits at once (the frame of the press is the last).
    test::writeText(dir / "clean.txt", "30 key Escape\n");
    auto r = runViewer(dir, args + "clean.txt");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 30) << r.output;

    // After a dig ("*" in the title) Esc asks instead: the run goes on to --frames with the prompt up.
    test::writeText(dir / "ask.txt", digScript(5) + "50 key Escape\n");
    r = runViewer(dir, args + "ask.txt --screenshot asked.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 90) << "Esc quit with unsaved changes\n" << r.output;
    EXPECT_GT(promptTitlePixels(dir / "asked.png"), 2000) << "no prompt on screen";

    // Esc again cancels (the viewer stays), D answers "Don't save": quit, nothing written.
    test::writeText(dir / "dont.txt", digScript(5) + "50 key Escape\n55 key Escape\n60 key Escape\n66 key D\n");
    r = runViewer(dir, args + "dont.txt --dump-state discarded");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 66) << r.output;
    EXPECT_FALSE(std::filesystem::exists(dir / "world.sluice"));
    auto discarded = sim::readNpy(dir / "discarded" / "terrain.npy");
    ASSERT_TRUE(discarded);
    EXPECT_LT(minOf(discarded->data), 1.9f) << "the dig did not happen: the test proves nothing";

    // Enter answers "Save": never saved, so the Save-as dialog asks for a path (Return takes the
    // pre-filled world.sluice); once the snapshot is written the viewer quits.
    test::writeText(dir / "save.txt", digScript(5) + "50 key Escape\n55 key Return\n60 key Return\n");
    r = runViewer(dir, args + "save.txt");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 60) << r.output;
    auto snap = sim::readSnapshotFile(dir / "world.sluice");
    ASSERT_TRUE(snap) << snap.error().message;
    EXPECT_LT(minOf(snap->state.field.terrainM), 1.9f) << "the saved world lacks the trench";
}

TEST(ViewerSession, AutosaveIsOfferedAfterACrashOnly) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    // F12 after the dig drops sluice-screenshot-1.png: the shell's sign that the trench exists.
    test::writeText(dir / "dig.txt", digScript(5) + "48 key F12\n");
    const std::string env = "SLUICE_DATA_DIR='" + (dir / "data").string() + "'";
    // Run 1 digs and is killed (SIGKILL: no clean-up) 2 s after the dig, i.e. after several autosaves.
    const std::string bin = std::string("'") + test::sluiceBinary() + "' ";
    auto crash = test::runCommand(
        "cd '" + dir.path().string() + "' && " + env + " xvfb-run -a -s '-screen 0 1280x800x24' sh -c '" +
        "\"$0\" " + scene + " --map --frames 100000 --autosave-seconds 0.3 --input-script dig.txt & pid=$!; "
        "for i in $(seq 240); do sleep 0.25; [ -f sluice-screenshot-1.png ] && break; done; "
        "sleep 2; kill -9 $pid; wait $pid; echo killed' " + bin);
    ASSERT_NE(crash.output.find("killed"), std::string::npos) << crash.output;
    ASSERT_TRUE(std::filesystem::exists(dir / "data" / "autosave.sluice")) << crash.output;
    ASSERT_TRUE(std::filesystem::exists(dir / "data" / "session.lock"));

    // Run 2 finds the stale lock and restores the autosave: the trench is there without digging.
    auto r = runViewer(dir, scene + " --map --frames 3 --restore-autosave --dump-state restored", env);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto restored = sim::readNpy(dir / "restored" / "terrain.npy");
    ASSERT_TRUE(restored);
    EXPECT_LT(minOf(restored->data), 1.9f) << "the autosave was not restored";
    EXPECT_FALSE(std::filesystem::exists(dir / "data" / "session.lock")) << "a clean exit must remove the lock";

    // Run 3 follows a clean exit: nothing to restore, the scene starts as written.
    r = runViewer(dir, scene + " --map --frames 3 --restore-autosave --dump-state fresh", env);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto fresh = sim::readNpy(dir / "fresh" / "terrain.npy");
    ASSERT_TRUE(fresh);
    EXPECT_EQ(minOf(fresh->data), 2.0f);
}

TEST(ViewerSession, PresetFromTheConfigDirectoryIsApplied) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    test::writeText(dir / "config" / "presets" / "sticky.json", R"({"params": {"friction": 0.5}})");
    test::writeText(dir / "config" / "presets" / "bad.json", R"({"params": {"friction": 2}})");
    const std::string env = "SLUICE_CONFIG_DIR='" + (dir / "config").string() + "'";
    auto r = runViewer(dir, scene + " --map --frames 3 --autosave-seconds 0 --preset sticky --log p.log", env);
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(test::readText(dir / "p.log").find("\"friction\":0.5"), std::string::npos) << test::readText(dir / "p.log");
    r = runViewer(dir, scene + " --map --frames 3 --autosave-seconds 0 --preset bad", env);
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("bad.json: params.friction"), std::string::npos) << r.output;
}



TEST(ViewerSession, ABComparisonRunsBWithItsOwnParameters) {
    test::TempDir dir;
    // The default valley's river: with B's bed far rougher the flood front lags far behind A's.
    auto r = runViewer(dir, "builtin:default:96 --map --frames 80 --speed 20 --autosave-seconds 0 --ab manning_n=0.5 "
                            "--screenshot side.png --dump-state ab");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto a = sim::readNpy(dir / "ab" / "depth.npy");
    auto b = sim::readNpy(dir / "ab" / "depth_b.npy");
    ASSERT_TRUE(a && b);
    double diff = 0, total = 0;
    for (std::size_t i = 0; i < a->data.size(); ++i) {
        diff += std::abs(double(a->data[i]) - double(b->data[i]));
        total += a->data[i];
    }
    EXPECT_GT(diff, 1e-3 * total) << "B ran with A's parameters";
    r = runViewer(dir, "builtin:default:96 --map --frames 3 --autosave-seconds 0 --ab friction=2");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find("params.friction"), std::string::npos) << r.output;
}



TEST(ViewerSession, RecordButtonWritesADecodableVideo) {
    test::TempDir dir;
    const std::string scene = writeScene(dir);
    auto r = runViewer(dir, scene + " --map --frames 24 --autosave-seconds 0 --record demo.mp4");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(dir / "demo.mp4")) << r.output;
    auto probe = test::probeVideo((dir / "demo.mp4").string());
    ASSERT_EQ(probe.exitCode, 0) << probe.output;
    // The world only (the default): the free area beside the sidebar, 890 x 781 pixels at 1280x800,
    // padded to even sizes for H.264; one frame per frame drawn.
    EXPECT_EQ(probe.output, "h264,890,782,24\n");
}

}  // namespace

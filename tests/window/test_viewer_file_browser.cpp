// The file browser in the real window (Xvfb, llvmpipe), driven from the keyboard as a user would
// (scripted input types no text): Ctrl+O, arrows through folders-then-files, Enter into a folder and
// on a file; Esc cancels without quitting; Save onto an existing file asks "Replace?"; Recent files
// are written, and a damaged list only warns.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "sim/npy.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

std::string sceneJson(int w, int h) {
    return R"({"grid": {"width": )" + std::to_string(w) + R"(, "height": )" + std::to_string(h) +
           R"(, "cell_size": 2}, "terrain": {"procedural": {"seed": 3, "kind": "hills", "amplitude": 4}},
              "params": {"dt": 0.1}})";
}

/// The working folder of the runs: the world (96 x 64) and, in sub/, another (48 x 32) among things
/// the Open dialog must leave out (another type, a hidden scene) and a folder listed before it.
///   work/  Another folder/  sub/{zz/, other.json, a_notes.txt, .b.json}  flat.json  notes.txt  .hidden.json
void fillWorkFolder(const fs::path& work) {
    fs::create_directories(work / "Another folder");
    fs::create_directories(work / "sub" / "zz");
    test::writeText(work / "flat.json", sceneJson(96, 64));
    test::writeText(work / "sub" / "other.json", sceneJson(48, 32));
    for (const char* f : {"notes.txt", ".hidden.json", "sub/a_notes.txt", "sub/.b.json"}) test::writeText(work / f, "not a scene");
}

test::CliRun runViewer(const fs::path& work, const fs::path& config, const std::string& args) {
    return test::runCommand("cd '" + work.string() + "' && SLUICE_CONFIG_DIR='" + config.string() +
                            "' xvfb-run -a -s '-screen 0 1280x800x24' '" + test::sluiceBinary() + "' " + args +
                            " --map --autosave-seconds 0 --print-fps");
}

/// The active title-bar colour of ImGui's dark style (41, 74, 122): a focused dialog's title.
bool isActiveTitle(const std::array<int, 3>& c) {
    return std::abs(c[0] - 41) <= 3 && std::abs(c[1] - 74) <= 3 && std::abs(c[2] - 122) <= 3;
}

/// Active-title pixels in a band through the middle of the window, where the dialogs are centred and
/// no panel's title reaches.
int titleBarPixels(const fs::path& png, int y0, int y1) {
    const test::screen::Image im = test::screen::load(png);
    int n = 0;
    for (int y = y0; y < std::min(im.height, y1); ++y)
        for (int x = 420; x < std::min(im.width, 1060); ++x) n += isActiveTitle(im.at(x, y));
    return n;
}

}  // namespace

TEST(ViewerFileBrowser, OpenThroughFoldersFromTheKeyboard) {
    test::TempDir dir;
    const fs::path work = dir / "work", config = dir / "config";
    fillWorkFolder(work);
    fs::create_directories(config);
    test::writeText(config / "recent_files.txt", "garbage\x01\x02 from an older program\n");
    // Ctrl+O then Esc: the dialog closes and the viewer stays (nothing unsaved, so an Esc that reached
    // the viewer would quit at once). Ctrl+O again: Down x2 reaches "sub/" only if folders come first
    // ("Another folder/", "sub/"); Enter goes in. There Down x2 passes "zz/" and lands on other.json
    // only if a_notes.txt and .b.json are left out; Enter opens it.
    test::writeText(dir / "open.txt",
                    "3 key Ctrl+O\n6 key Escape\n9 key Ctrl+O\n12 key Down\n14 key Down\n16 key Return\n"
                    "19 key Down\n21 key Down\n23 key Return\n");
    auto r = runViewer(work, config, "flat.json --frames 30 --input-script ../open.txt --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 30) << "Esc in the dialog quit the viewer\n" << r.output;
    auto terrain = sim::readNpy(work / "state" / "terrain.npy");
    ASSERT_TRUE(terrain);
    EXPECT_EQ(terrain->rows, 32) << "the world is not sub/other.json";
    EXPECT_EQ(terrain->cols, 48);

    // The damaged recent-files list warned (naming it) and was replaced by a clean one.
    EXPECT_NE(r.output.find((config / "recent_files.txt").string() + ": not a recent-files list"), std::string::npos)
        << r.output;
    EXPECT_EQ(test::readText(config / "recent_files.txt"),
              "sluice-recent-files 1\n" + (work / "sub" / "other.json").string() + "\n");
}

TEST(ViewerFileBrowser, SavingOverAFileAsksReplaceFirst) {
    test::TempDir dir;
    const fs::path work = dir / "work", config = dir / "config";
    fillWorkFolder(work);
    test::writeText(work / "world.sluice", "old");
    // Ctrl+S (never saved: the dialog, name world.sluice), Enter: the file exists, so "Replace?" is
    // asked and the run ends with it on screen; nothing is written.
    test::writeText(dir / "ask.txt", "5 key Ctrl+S\n9 key Return\n");
    auto r = runViewer(work, config, "flat.json --frames 16 --input-script ../ask.txt --screenshot ../asked.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::readText(work / "world.sluice"), "old") << "replaced without asking";
    // The question's title bar, centred and small, over the dialog's, which lies higher.
    EXPECT_GT(titleBarPixels(dir / "asked.png", 340, 400), 3000) << "no question on screen";

    // Esc answers no (back in the dialog, still nothing written); Enter asks again, Enter replaces.
    test::writeText(dir / "replace.txt", "5 key Ctrl+S\n9 key Return\n12 key Escape\n15 key Return\n18 key Return\n");
    r = runViewer(work, config, "flat.json --frames 24 --input-script ../replace.txt");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 24) << r.output;
    auto snap = sim::readSnapshotFile(work / "world.sluice");
    ASSERT_TRUE(snap) << snap.error().message << "\n" << r.output;
    EXPECT_EQ(snap->state.field.width, 96);
    EXPECT_NE(test::readText(config / "recent_files.txt").find((work / "world.sluice").string()), std::string::npos);
}

TEST(ViewerFileBrowser, LooksTidyAt1280x800) {
    // A screenshot of the Open dialog for people (written under the build's test output) and a check
    // that it sits in the middle of the window, inside it.
    test::TempDir dir;
    const fs::path work = dir / "work", config = dir / "config";
    fillWorkFolder(work);
    test::writeText(dir / "open.txt", "3 key Ctrl+O\n");
    const fs::path shot = fs::path(SLUICE_TEST_OUTPUT_DIR) / "window" / "file_browser_open.png";
    fs::create_directories(shot.parent_path());
    auto r = runViewer(work, config, "flat.json --frames 8 --input-script ../open.txt --screenshot '" + shot.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const test::screen::Image im = test::screen::load(shot);
    ASSERT_EQ(im.width, 1280);
    // The dialog's title bar: a band of the active title colour across the middle, none at the edges.
    int rowWithTitle = -1;
    for (int y = 100; y < 300 && rowWithTitle < 0; ++y) {
        int n = 0;
        for (int x = 0; x < im.width; ++x) n += isActiveTitle(im.at(x, y));
        if (n > 700) rowWithTitle = y;
    }
    ASSERT_GE(rowWithTitle, 0) << "no dialog title bar in the upper half: " << shot;
    int left = -1, right = -1;
    for (int x = 0; x < im.width; ++x)
        if (isActiveTitle(im.at(x, rowWithTitle))) {
            if (left < 0) left = x;
            right = x;
        }
    EXPECT_NEAR((left + right) / 2.0, 640.0, 4.0) << "the dialog is not centred";
    EXPECT_GT(left, 20);
    EXPECT_LT(right, 1260);
}

// The Worlds menu in the real window (Xvfb, llvmpipe): it lists the built-in worlds and opens the one
// clicked at the viewer's world size (256 on a software renderer); the dam's "Breach the dam" item
// cuts the notch as one command; opening another world over unsaved changes asks first, and Cancel
// keeps the world as it is. Menu positions: ImGui 1.86's default font, the bar 19 units tall,
// "Worlds" after "File" and "Edit", one item every 17 units from y = 33 (valley, bench, coast, dam,
// terraces), then a separator and the open world's actions (y = 122).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "sim/builtin_scenes.hpp"
#include "sim/npy.hpp"
#include "sim/world_terrain.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

constexpr int kWorldsX = 95, kMenuY = 9, kItemX = 110;
int itemY(int index) { return 33 + 17 * index; }  // valley 0, bench 1, coast 2, dam 3, terraces 4
constexpr int kActionY = 122;                      // the first action, below the separator

std::string openMenu(int frame) { return test::screen::click(frame, kWorldsX, kMenuY); }

sim::NpyArray dumpedTerrain(const test::TempDir& dir) {
    auto t = sim::readNpy(dir / "state" / "terrain.npy");
    EXPECT_TRUE(t) << (t ? "" : t.error().message);
    return t ? *t : sim::NpyArray{};
}

}  // namespace

TEST(ViewerWorlds, TheMenuOpensTheClickedWorldAtTheViewersSize) {
    test::TempDir dir;
    fs::create_directories(dir / "config");
    test::writeText(dir / "open.txt", openMenu(3) + test::screen::click(7, kItemX, itemY(3)));
    const auto r = test::screen::runViewerIn(
        dir, "builtin:valley:64 --map --frames 14 --autosave-seconds 0 --print-fps --input-script open.txt --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const sim::NpyArray t = dumpedTerrain(dir);
    ASSERT_EQ(t.rows, 256) << r.output;
    ASSERT_EQ(t.cols, 256);
    auto dam = sim::builtinScene("dam", 256);
    ASSERT_TRUE(dam.ok());
    EXPECT_EQ(t.data, dam->terrainM) << "the world opened is not builtin:dam:256";
}

TEST(ViewerWorlds, BreachingTheDamIsOneClickAndOpeningOverItAsksFirst) {
    const int n = 64;
    auto dam = sim::builtinScene("dam", n);
    ASSERT_TRUE(dam.ok());
    ASSERT_EQ(dam->actions.size(), 1u);
    const sim::BrushStroke& notch = dam->actions[0].stroke;
    const std::size_t centre = std::size_t(notch.y) * std::size_t(n) + std::size_t(notch.x);
    ASSERT_GT(dam->terrainM[centre], notch.targetHeightM + 1.0f) << "the dam stands above the notch's floor";

    // Breach, then pick "valley" with the breach unsaved: the prompt opens; Esc cancels it, and the
    // breached dam is what the run ends with.
    test::TempDir dir;
    fs::create_directories(dir / "config");
    test::writeText(dir / "cancel.txt", openMenu(3) + test::screen::click(7, kItemX, kActionY) + openMenu(12) +
                                            test::screen::click(16, kItemX, itemY(0)) + "22 key Escape\n");
    auto r = test::screen::runViewerIn(dir, "builtin:dam:" + std::to_string(n) +
                                                " --map --frames 28 --autosave-seconds 0 --print-fps --input-script cancel.txt "
                                                "--dump-state state --screenshot asked.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 28) << "Esc in the prompt quit the viewer\n" << r.output;
    sim::NpyArray t = dumpedTerrain(dir);
    ASSERT_EQ(t.rows, n) << "the world was replaced without asking\n" << r.output;
    EXPECT_EQ(t.data[centre], notch.targetHeightM) << "the breach did not cut the dam down to its floor";

    // The same, answering "Don't save" (D): the valley replaces the breached dam.
    test::TempDir dir2;
    fs::create_directories(dir2 / "config");
    test::writeText(dir2 / "discard.txt", openMenu(3) + test::screen::click(7, kItemX, kActionY) + openMenu(12) +
                                              test::screen::click(16, kItemX, itemY(0)) + "22 key D\n");
    r = test::screen::runViewerIn(dir2, "builtin:dam:" + std::to_string(n) +
                                            " --map --frames 28 --autosave-seconds 0 --print-fps --input-script discard.txt "
                                            "--dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    t = dumpedTerrain(dir2);
    ASSERT_EQ(t.rows, 256) << r.output;
    EXPECT_EQ(t.data, sim::defaultScene(256).terrainM) << "not the valley";
}

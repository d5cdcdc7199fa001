// File > Export for engines in the real window (Xvfb, llvmpipe): the menu item, the folder dialog, the
// same folder `sluice export` writes, and an error shown (not a crash) when the folder cannot be made.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "sim/npy.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

/// Opens File (menu bar, x 20) and clicks "Export for engines (maps, meshes)...", the eighth row of
/// the menu (y 139 with ImGui 1.86's default font), then accepts the dialog's name "sluice-export"
/// in the working folder with Enter; `extra` adds lines after that.
std::string exportScript(const std::string& extra = "") {
    return test::screen::click(3, 20, 10) + test::screen::click(8, 80, 139) + "14 key Return\n" + extra;
}

void writeWorld(const test::TempDir& dir) {
    test::writeText(dir / "w.json", R"({"grid": {"width": 48, "height": 32, "cell_size": 2},
        "terrain": {"procedural": {"seed": 3, "kind": "hills", "amplitude": 4}},
        "water": {"surface_level": 1}, "params": {"dt": 0.1}})");
}

}  // namespace

TEST(ViewerExport, FileMenuWritesTheExportFolder) {
    test::TempDir dir;
    writeWorld(dir);
    test::writeText(dir / "e.txt", exportScript());
    const auto r = test::screen::runViewerIn(
        dir, "w.json --map --frames 22 --autosave-seconds 0 --input-script e.txt --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    for (const char* f : {"terrain.png", "terrain.r16", "terrain.r16.json", "wet.png", "flow.png", "splat.png"})
        EXPECT_TRUE(fs::exists(dir / "sluice-export" / f)) << f << "\n" << r.output;
    auto exported = sim::readNpy(dir / "sluice-export" / "terrain.npy"), dumped = sim::readNpy(dir / "state" / "terrain.npy");
    ASSERT_TRUE(exported && dumped) << r.output;
    EXPECT_EQ(exported->data, dumped->data);
    EXPECT_EQ(r.output.find("error"), std::string::npos) << r.output;
}

TEST(ViewerExport, AFolderThatCannotBeMadeIsReportedAndTheViewerGoesOn) {
    test::TempDir dir;
    writeWorld(dir);
    test::writeText(dir / "sluice-export", "a file in the way");
    // The name exists, so the dialog asks "Replace?" first; Enter at frame 17 says yes.
    test::writeText(dir / "f.txt", exportScript("17 key Return\n"));
    const auto r = test::screen::runViewerIn(dir, "w.json --map --frames 24 --autosave-seconds 0 --input-script f.txt --print-fps");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(test::screen::lastFrame(r.output), 24) << r.output;
    EXPECT_NE(r.output.find("sluice-export: exists and is not a directory"), std::string::npos) << r.output;
    EXPECT_EQ(test::readText(dir / "sluice-export"), "a file in the way");
}

// The sidebar's panels driven by scripted clicks in the real window (Xvfb, llvmpipe, 1280x800; the
// coordinates are the sections' places at that size with the sidebar where it opens): every click
// must reach ImGui and do what the control says, which the session log, the dumped state and the
// frame-rate line show. The world barely moves on its own (--speed 1e-4), so the steps counted are
// the ones the panel asked for.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/window/input_script.hpp"
#include "sim/npy.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;

namespace {

using test::screen::click;
const auto runViewer = test::screen::runViewerIn;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ViewerPanels, SimulationAndToolsRespondToClicks) {
    test::TempDir dir;
    std::string script;
    script += click(3, 39, 359);                                  // Simulation: Pause
    script += click(6, 87, 359) + click(9, 87, 359) + click(12, 87, 359);  // Step x3
    script += click(15, 100, 135) + click(19, 60, 158);          // model combo, then "pipes (seeds)"
    script += click(23, 28, 588);                                 // Tools: Dig
    script += "27 move 700 300\n28 down 700 300\n";               // a dig stroke over the map
    for (int k = 1; k <= 6; ++k) script += std::to_string(28 + k) + " move " + std::to_string(700 + 15 * k) + " 300\n";
    script += "35 up 790 300\n";
    script += click(38, 100, 542) + click(42, 60, 565);          // simulate on: combo, then "GPU"
    test::writeText(dir / "panels.txt", script);
    const auto r = runViewer(dir, "builtin:default:64 --map --speed 0.0001 --frames 60 --autosave-seconds 0 --print-fps "
                                  "--input-script panels.txt --log run.log --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::string log = test::readText(dir / "run.log");
    EXPECT_TRUE(has(log, "{\"end_step\":3}")) << "Pause then three Steps: " << log;
    EXPECT_TRUE(has(log, "\"model\":\"pipes\"")) << "the model combo: " << log;
    EXPECT_TRUE(has(log, "\"dig\"")) << "the Dig tool's stroke: " << log;
    EXPECT_TRUE(has(r.output, "simulated on the GPU")) << "the backend combo: " << r.output;
    const auto terrain = sim::readNpy(dir / "state" / "terrain.npy");
    ASSERT_TRUE(terrain);
}

TEST(ViewerPanels, SectionsCollapseAndTheViewAndComparisonRespond) {
    test::TempDir dir;
    std::string script;
    script += click(3, 78, 66);   // collapse Simulation
    script += click(7, 78, 89);   // collapse Tools: Compare A/B and View come into reach
    script += click(11, 80, 439);  // View: "3D (V)"
    script += click(15, 82, 370);  // expand Compare A/B
    script += click(19, 66, 423);  // "Fork B from A"
    test::writeText(dir / "sections.txt", script);
    const auto r = runViewer(dir, "builtin:default:64 --map --speed 0.0001 --frames 30 --autosave-seconds 0 --print-fps "
                                  "--input-script sections.txt --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(has(r.output, "3-D view")) << "the View section's 3D button: " << r.output;
    EXPECT_TRUE(std::filesystem::exists(dir / "state" / "depth_b.npy")) << "Fork B from A did not start run B";
}

TEST(ViewerPanels, SourcesAndDrainsSwitchAndDelete) {
    test::TempDir dir;
    std::string script;
    script += click(3, 78, 66);     // collapse Simulation
    script += click(7, 78, 89);     // collapse Tools
    script += click(11, 106, 112);  // expand Sources and drains: "source 0  [x] on  delete"
    script += click(15, 116, 135);  // switch it off
    script += click(19, 175, 135);  // delete it
    test::writeText(dir / "sources.txt", script);
    const auto r = runViewer(dir, "builtin:default:64 --map --speed 0.0001 --frames 28 --autosave-seconds 0 "
                                  "--input-script sources.txt --log run.log");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::string log = test::readText(dir / "run.log");
    const auto off = log.find("\"enabled\":false");
    EXPECT_NE(off, std::string::npos) << "the on checkbox: " << log;
    EXPECT_NE(log.find("\"sources\":[]", off == std::string::npos ? 0 : off), std::string::npos) << "delete: " << log;
}

TEST(InputScript, TypedTextKeepsItsSpacesAndNamesItsLine) {
    test::TempDir dir;
    test::writeText(dir / "ok.txt", "5 text hello world  # a comment\n");
    auto ok = app::loadInputScript(dir / "ok.txt");
    ASSERT_TRUE(ok) << ok.error().message;
    ASSERT_EQ(ok->size(), 1u);
    EXPECT_EQ((*ok)[0].kind, app::ScriptEvent::Kind::Text);
    EXPECT_EQ((*ok)[0].text, "hello world");
    test::writeText(dir / "bad.txt", "1 key A\n7 text\n");
    const auto bad = app::loadInputScript(dir / "bad.txt");
    ASSERT_FALSE(bad);
    EXPECT_TRUE(has(bad.error().message, "bad.txt:2: text: missing STRING")) << bad.error().message;
}

TEST(ViewerPanels, TerrainImportTakesATypedPath) {
    // A 64x64 ramp as .npy; its path typed into the Terrain section's field, then Import.
    test::TempDir dir;
    std::vector<float> ramp(64 * 64);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) ramp[std::size_t(y * 64 + x)] = 0.25f * float(x);
    ASSERT_TRUE(sim::writeNpy(dir / "ramp.npy", ramp.data(), 64, 64));
    std::string script;
    script += click(3, 78, 66);    // collapse Simulation
    script += click(7, 78, 89);    // collapse Tools
    script += click(11, 67, 393);  // expand Terrain
    script += click(15, 100, 416);  // the heightmap path field
    script += "19 text " + (dir / "ramp.npy").string() + "\n";
    script += click(23, 42, 485);  // Import
    test::writeText(dir / "import.txt", script);
    const auto r = runViewer(dir, "builtin:default:64 --map --speed 0.0001 --frames 32 --autosave-seconds 0 "
                                  "--input-script import.txt --log run.log --dump-state state");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto terrain = sim::readNpy(dir / "state" / "terrain.npy");
    ASSERT_TRUE(terrain);
    EXPECT_EQ(terrain->data, ramp) << "the typed path was not imported";
    EXPECT_TRUE(has(test::readText(dir / "run.log"), "\"type\":\"terrain\"")) << "the import is a logged command";
}

}  // namespace

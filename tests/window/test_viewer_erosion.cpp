// Erosion in the real viewer (Xvfb, llvmpipe, 1280x800; coordinates are the sidebar's at that size
// with Simulation and Tools collapsed): a slope with a source and an "erosion" object (state set up,
// erosion off), the map's bed-change overlay picked in the View section, a screenshot (F12), then
// erosion turned on in the Erosion section. The session log holds the parameter change, the dumped
// summary shows material eroded with an exact ledger, and the overlay shows the channel carved
// where the first screenshot showed no change. Headless, the map (app/window/map_view) draws a known
// pattern of erosion's fields as materials and overlays, and a run without erosion state as before.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/window/erosion_panel.hpp"
#include "app/window/map_view.hpp"
#include "render/offscreen_target.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "render/solver_inputs.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/npy.hpp"
#include "tests/render/erosion_pattern.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;
using test::screen::click;

namespace {

constexpr int kW = 64, kH = 40;

/// A valley sloping down to the east (15 %) onto a flat at x = 40, with a source at its head and an
/// "erosion" object: erosion's state (a 0.5 m soft layer) from the start, erosion itself off.
void writeSlopeScene(const test::TempDir& dir) {
    std::vector<float> bed(std::size_t(kW) * kH);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x)
            bed[std::size_t(y) * kW + std::size_t(x)] =
                0.15f * std::max(0.0f, 40.0f - (float(x) + 0.5f)) + 0.08f * std::abs(float(y) + 0.5f - 0.5f * kH);
    ASSERT_TRUE(sim::writeNpy(dir / "slope.npy", bed.data(), kH, kW));
    test::writeText(dir / "slope.json", R"({
  "name": "eroding slope",
  "grid": {"width": 64, "height": 40, "cell_size": 1.0},
  "terrain": {"npy": "slope.npy"},
  "params": {"dt": 0.1},
  "erosion": {"enabled": false, "soft_thickness": 0.5, "time_scale": 20},
  "sources": [{"x": 3, "y": 20, "radius": 1.5, "rate": 0.5}]
})");
}

/// The bed change a map pixel shows, as a fraction of the diverging bar (0.5: no change, below:
/// carved), and how far its colour is off the ramp.
float bedChangeAt(const test::screen::Image& im, float cellX, float cellY, float* off) {
    const test::screen::MapFrame map{kW, kH};
    const auto c = im.at(map.x(cellX), map.y(cellY));
    return render::overlayDivergingValue({float(c[0]) / 255.0f, float(c[1]) / 255.0f, float(c[2]) / 255.0f}, off);
}

TEST(ViewerErosion, TurnedOnInThePanelCarvesTheSlopeAndTheOverlayShowsIt) {
    test::TempDir dir;
    writeSlopeScene(dir);
    std::string script;
    script += click(3, 78, 66);                      // collapse Simulation
    script += click(7, 78, 89);                      // collapse Tools: Erosion's header at y 347, View's overlay at 531
    script += click(11, 100, 531) + click(15, 60, 606);  // View: the map's overlay combo, "bed change"
    script += "19 move 835 790\n21 key F12\n";       // the pointer off the map; screenshot before erosion
    script += click(24, 67, 347);                    // expand Erosion
    script += click(28, 28, 370);                    // "erosion on"
    script += "32 move 835 790\n";                   // and off it, so its tooltip does not cover the map
    test::writeText(dir / "erosion.txt", script);
    const auto r = test::screen::runViewerIn(
        dir, "slope.json --map --render-scale 1 --speed 10 --frames 200 --autosave-seconds 0 --input-script erosion.txt "
             "--log run.log --dump-state state --screenshot after.png");
    ASSERT_EQ(r.exitCode, 0) << r.output;

    // (a) The checkbox is a logged parameter change, and erosion ran with an exact ledger.
    const std::string log = test::readText(dir / "run.log");
    bool turnedOn = false;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        const auto entry = nlohmann::json::parse(line, nullptr, false);
        const auto* params = entry.is_object() && entry.contains("apply") ? &entry["apply"] : nullptr;
        if (params && params->contains("params"))
            turnedOn |= (*params)["params"].value("erosion", nlohmann::json::object()).value("enabled", false);
    }
    EXPECT_TRUE(turnedOn) << "no logged parameter change turns erosion on: " << log;
    const auto summary = nlohmann::json::parse(test::readText(dir / "state" / "summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << test::readText(dir / "state" / "summary.json");
    EXPECT_EQ(summary.value("erosion_enabled", false), true) << summary.dump(2);
    EXPECT_GT(summary.value("sediment_eroded", 0.0), 0.1) << summary.dump(2);
    EXPECT_EQ(summary.value("sediment_residual", -1.0), 0.0) << summary.dump(2);
    EXPECT_EQ(summary.value("bed_residual", -1.0), 0.0) << summary.dump(2);

    // (b) The bed-change overlay: no change anywhere before, the channel below the source carved after.
    const auto before = test::screen::load(dir / "sluice-screenshot-1.png");
    const auto after = test::screen::load(dir / "after.png");
    ASSERT_EQ(before.width, 1280) << "F12 wrote no screenshot: " << r.output;
    ASSERT_EQ(after.width, 1280);
    float off = 1;
    for (float x : {8.5f, 12.5f, 20.5f, 50.5f}) {
        EXPECT_NEAR(bedChangeAt(before, x, 20.5f, &off), 0.5f, 0.01f) << "cell x " << x << " before erosion";
        EXPECT_LT(off, 0.02f) << "not the diverging ramp's colour at cell x " << x;
    }
    const float carved = bedChangeAt(after, 8.5f, 20.5f, &off);
    EXPECT_LT(carved, 0.35f) << "the channel by the source is not carved (bar fraction " << carved << ")";
    EXPECT_LT(off, 0.02f);
    // And the two pictures differ over a good part of the map.
    const test::screen::MapFrame map{kW, kH};
    int changed = 0, total = 0;
    for (int cy = 0; cy < kH; ++cy)
        for (int cx = 0; cx < kW; ++cx) {
            const auto a = before.at(map.x(float(cx) + 0.5f), map.y(float(cy) + 0.5f));
            const auto b = after.at(map.x(float(cx) + 0.5f), map.y(float(cy) + 0.5f));
            changed += std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 24;
            ++total;
        }
    EXPECT_GT(changed, 20) << "of " << total << " cells";
}

/// The map of `solver` (a GPU solver) drawn into a 480 x 320 target (10 pixels a cell of the 48 x 32
/// pattern), with erosion's fields or without them, under `overlay`.
render::RgbImage drawMap(sim::Solver& solver, bool withErosion, int overlay) {
    namespace ep = test::erosion_pattern;
    auto map = app::MapView::create(ep::kW, ep::kH, 1.0f, -2.0f, 2.0f);  // the plain at 0 is green
    auto target = render::OffscreenTarget::create(10 * ep::kW, 10 * ep::kH);
    EXPECT_TRUE(map && target);
    if (!map || !target) return {};
    const render::RenderInputs in = render::solverInputs(dynamic_cast<sim::GpuSolver&>(solver));
    render::ViewSettings look;
    map->erosion = withErosion ? in.erosion : render::ErosionInputs{};
    map->overlay = overlay;
    map->overlayRange = render::overlayRange(overlay, look, -1.0);
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer());
    map->draw(target->width(), target->height(), *in.terrain, *in.depth);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return target->read();
}

/// The colour at the centre of cell `c` of a drawMap image (top row first, north up).
glm::vec3 mapCell(const render::RgbImage& im, glm::ivec2 c) {
    const int x = 10 * c.x + 5, y = im.height - 1 - (10 * c.y + 5);
    const unsigned char* p = &im.rgb[(std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 3];
    return glm::vec3(p[0], p[1], p[2]) / 255.0f;
}

float chroma(const glm::vec3& c) { return std::max({c.r, c.g, c.b}) - std::min({c.r, c.g, c.b}); }

TEST(MapErosion, MaterialsAndOverlaysOfAKnownPattern) {
    namespace ep = test::erosion_pattern;
    auto solver = test::makeSolver("gpu", ep::scene());
    ASSERT_TRUE(solver);
    ep::paint(*solver);
    const render::RgbImage with = drawMap(*solver, true, render::kOverlayNone);
    const render::RgbImage without = drawMap(*solver, false, render::kOverlayNone);
    ASSERT_FALSE(with.rgb.empty());
    // Bedrock where the soft layer is gone: grey rock instead of the plain's sand-green.
    EXPECT_LT(chroma(mapCell(with, ep::kRockCell)), 0.5f * chroma(mapCell(without, ep::kRockCell)));
    // Deposits are sand: warm, red over blue.
    const glm::vec3 sand = mapCell(with, ep::kDepositCell);
    EXPECT_GT(sand.r, sand.b + 0.15f);
    EXPECT_NE(sand, mapCell(without, ep::kDepositCell));
    // Carved ground darker; untouched ground exactly as without erosion.
    EXPECT_LT(glm::length(mapCell(with, ep::kCarvedCell)), 0.9f * glm::length(mapCell(without, ep::kCarvedCell)));
    EXPECT_EQ(mapCell(with, ep::kKeptCell), mapCell(without, ep::kKeptCell));

    // The bed-change overlay: each cell's change in the diverging ramp's exact colours.
    const render::RgbImage bed = drawMap(*solver, true, render::kOverlayBedChange);
    const float range = render::ViewSettings{}.overlayBedChangeMaxM;
    float off = 1;
    EXPECT_NEAR(render::overlayDivergingValue(mapCell(bed, ep::kCarvedCell), &off), 0.5f + 0.5f * ep::kCarvedM / range, 0.01f);
    EXPECT_LT(off, 0.01f);
    EXPECT_NEAR(render::overlayDivergingValue(mapCell(bed, ep::kKeptCell), &off), 0.5f, 0.01f);
    EXPECT_NEAR(render::overlayDivergingValue(mapCell(bed, ep::kDepositCell), &off), 0.5f + 0.5f * ep::kDepositM / range, 0.01f);
    // The soft layer's, in the sequential ramp: none left on the bedrock.
    const render::RgbImage soft = drawMap(*solver, true, render::kOverlaySoft);
    EXPECT_NEAR(render::overlayRampValue(mapCell(soft, ep::kRockCell), &off), 0.0f, 0.01f);
    EXPECT_LT(off, 0.01f);
    // Without erosion state the erosion overlays are grey.
    const render::RgbImage grey = drawMap(*solver, false, render::kOverlayBedChange);
    EXPECT_LT(chroma(mapCell(grey, ep::kCarvedCell)), 0.01f);
}

TEST(ErosionPanel, ResidualIsPrintedAsAnExactZero) {
    sim::SedimentLedger l;
    l.unitVolumeM3 = 1.0 / 1048576.0;
    EXPECT_EQ(app::sedimentResidualText(l), "0 m3 (exact)");
    l.residualUnits = 3;
    EXPECT_EQ(app::sedimentResidualText(l), "2.86e-06 m3 (3 units; bed 0 units)");
    l.residualUnits = 0;
    l.bedResidualUnits = -2;
    EXPECT_NE(app::sedimentResidualText(l).find("bed -2 units"), std::string::npos);
}

}  // namespace

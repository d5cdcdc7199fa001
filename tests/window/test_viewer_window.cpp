// The real viewer in a real window under Xvfb (Mesa llvmpipe): it starts on the built-in scene,
// runs frames, and the saved last frame shows shaded terrain and water.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "render/overlay.hpp"
#include "sim/exchange/raw16.hpp"
#include "sim/npy.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/window/viewer_screen.hpp"

using namespace sluice;

namespace {

test::CliRun runViewer(const std::string& args) {
    return test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) + "' " + args);
}

struct ImageStats {
    int width = 0, height = 0;
    double waterFraction = 0;    ///< pixels clearly blue-dominant
    double terrainFraction = 0;  ///< pixels clearly not blue and not black/white (shaded ground)
    double lumaStdDev = 0;
};

ImageStats analyse(const std::filesystem::path& png) {
    ImageStats s;
    int n = 0;
    unsigned char* px = stbi_load(png.string().c_str(), &s.width, &s.height, &n, 3);
    if (!px) return s;
    const std::size_t count = std::size_t(s.width) * std::size_t(s.height);
    double sum = 0, sum2 = 0;
    std::size_t water = 0, ground = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const int r = px[3 * i], g = px[3 * i + 1], b = px[3 * i + 2];
        const double luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        sum += luma;
        sum2 += luma * luma;
        if (b > r + 20 && b >= g && b > 40) ++water;
        else if (b + 10 < std::max(r, g) && luma > 30 && luma < 240) ++ground;
    }
    stbi_image_free(px);
    s.waterFraction = double(water) / double(count);
    s.terrainFraction = double(ground) / double(count);
    const double mean = sum / double(count);
    s.lumaStdDev = std::sqrt(std::max(0.0, sum2 / double(count) - mean * mean));
    return s;
}

}  // namespace

TEST(ViewerWindow, DefaultSceneShowsTerrainAndWater) {
    test::TempDir dir;
    const auto shot = dir / "frame.png";
    const auto r = runViewer("--frames 90 --screenshot '" + shot.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(shot)) << r.output;
    const ImageStats s = analyse(shot);
    EXPECT_GE(s.width, 640);
    EXPECT_GE(s.height, 400);
    EXPECT_GT(s.waterFraction, 0.01) << "no visible water";
    EXPECT_GT(s.terrainFraction, 0.10) << "no visible terrain";
    EXPECT_GT(s.lumaStdDev, 10.0) << "flat image";
}

TEST(ViewerWindow, PrintsTheFrameRateOfTheDefaultStart) {
    // The figure of the default start (map view on llvmpipe, automatic render scale) is printed, not
    // asserted: the machine is shared by parallel tests, so a timed threshold would be flaky.
    // docs/PERFORMANCE.md records measured figures.
    const auto r = runViewer("--frames 40 --print-fps --autosave-seconds 0");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto at = r.output.find("frames 11..39: mean ");
    ASSERT_NE(at, std::string::npos) << r.output;
    const double ms = std::atof(r.output.c_str() + at + std::strlen("frames 11..39: mean "));
    EXPECT_GT(ms, 0.0) << r.output;
    EXPECT_NE(r.output.find("render scale"), std::string::npos) << r.output;
    std::printf("%s", r.output.substr(at, r.output.find('\n', at) - at + 1).c_str());
}

TEST(ViewerWindow, BadSceneIsAClearErrorNotACrash) {
    test::TempDir dir;
    const auto r = runViewer("'" + (dir / "missing.json").string() + "' --frames 5");
    EXPECT_GE(r.exitCode, 1) << r.output;
    EXPECT_LT(r.exitCode, 128) << r.output;
    EXPECT_NE(r.output.find("missing.json"), std::string::npos) << r.output;
}

namespace {
// A 96x64 grid letterboxed in the free area beside the sidebar (y down on screen).
constexpr test::screen::MapFrame kRidgeMap{96, 64};
int pxOfCellX(float cx) { return kRidgeMap.x(cx); }
int pyOfCellY(float cy) { return kRidgeMap.y(cy); }
}  // namespace

TEST(ViewerWindow, ScriptedDigAcrossRidgeAndPlaceSource) {
    test::TempDir dir;
    const int W = 96, H = 64;
    std::vector<float> bed(std::size_t(W * H), 0.0f), water(std::size_t(W * H), 0.0f);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            const std::size_t i = std::size_t(y * W + x);
            if (x >= 60 && x < 68) bed[i] = 3.0f;            // the ridge
            if (x >= 80 && y >= 48) bed[i] = 2.0f;           // a dry plateau above the lake level
            if (x < 60) water[i] = 1.0f;                     // the lake held back by the ridge
        }
    ASSERT_TRUE(sim::writeNpy(dir / "bed.npy", bed.data(), H, W));
    ASSERT_TRUE(sim::writeNpy(dir / "water.npy", water.data(), H, W));
    test::writeText(dir / "ridge.json", R"({"grid": {"width": 96, "height": 64, "cell_size": 2},
        "terrain": {"npy": "bed.npy"}, "water": {"npy": "water.npy"}, "params": {"dt": 0.1, "friction": 0.05}})");
    const std::string midY = " " + std::to_string(pyOfCellY(32)) + "\n";
    std::string script = "5 key 1\n8 move " + std::to_string(pxOfCellX(54)) + midY + "10 down " +
                         std::to_string(pxOfCellX(54)) + midY;
    for (int f = 12, k = 0; f <= 140; f += 2, ++k)  // sweep back and forth across the ridge
        script += std::to_string(f) + " move " + std::to_string(pxOfCellX(k % 2 == 0 ? 58.0f : 70.0f)) + midY;
    script += "142 up " + std::to_string(pxOfCellX(70)) + midY;
    script += "145 key 7\n147 move " + std::to_string(pxOfCellX(88)) + " " + std::to_string(pyOfCellY(56)) + "\n";
    script += "148 down " + std::to_string(pxOfCellX(88)) + " " + std::to_string(pyOfCellY(56)) + "\n";
    script += "150 up " + std::to_string(pxOfCellX(88)) + " " + std::to_string(pyOfCellY(56)) + "\n";
    test::writeText(dir / "script.txt", script);

    const auto r = runViewer("'" + (dir / "ridge.json").string() + "' --speed 4 --frames 260 --input-script '" +
                             (dir / "script.txt").string() + "' --dump-state '" + (dir / "state").string() +
                             "' --screenshot '" + (dir / "shot.png").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto terrain = sim::readNpy(dir / "state" / "terrain.npy");
    auto depth = sim::readNpy(dir / "state" / "depth.npy");
    ASSERT_TRUE(terrain && depth);
    auto at = [&](const sim::NpyArray& a, int x, int y) { return a.data[std::size_t(y * W + x)]; };
    EXPECT_LT(at(*terrain, 64, 32), 1.0f) << "no trench through the ridge";
    EXPECT_EQ(at(*terrain, 64, 5), 3.0f) << "the ridge far from the stroke changed";
    float eastWater = 0;
    for (int y = 28; y <= 36; ++y)
        for (int x = 70; x < 78; ++x) eastWater = std::max(eastWater, at(*depth, x, y));
    EXPECT_GT(eastWater, 0.01f) << "no water came through the trench";
    EXPECT_GT(at(*depth, 88, 56), 0.0f) << "the placed source did not fill the plateau";
    EXPECT_EQ(at(*depth, 82, 62), at(*depth, 82, 62));  // finite
}

TEST(ViewerWindow, PerspectiveViewPicksTheTerrainUnderTheCursor) {
    // Flat 64x64 world; the 3-D camera frames it in the free area beside the sidebar, so the centre
    // of that area (835, 409) looks at the world centre.
    // Holding Raise there must raise the cells around (32, 32) and nothing far away: this exercises
    // the depth-probe picking (read a frame late, unprojected with that frame's matrices).
    test::TempDir dir;
    test::writeText(dir / "flat.json", R"({"grid": {"width": 64, "height": 64, "cell_size": 2},
        "terrain": {"flat": 0}, "water": "none"})");
    std::string script = "2 key 2\n3 move 835 409\n";  // Raise; centre of the free area
    script += "6 down 835 409\n";
    for (int f = 7; f <= 20; ++f) script += std::to_string(f) + " move 835 409\n";
    script += "21 up 835 409\n";
    test::writeText(dir / "script.txt", script);
    const auto r = runViewer("'" + (dir / "flat.json").string() + "' --3d --frames 24 --input-script '" +
                             (dir / "script.txt").string() + "' --dump-state '" + (dir / "state").string() +
                             "' --screenshot '" + (dir / "shot.png").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto terrain = sim::readNpy(dir / "state" / "terrain.npy");
    ASSERT_TRUE(terrain);
    float peak = 0;
    int peakX = -1, peakY = -1;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x)
            if (terrain->data[std::size_t(y * 64 + x)] > peak) {
                peak = terrain->data[std::size_t(y * 64 + x)];
                peakX = x;
                peakY = y;
            }
    EXPECT_GT(peak, 0.2f) << "nothing was raised";
    EXPECT_NEAR(peakX, 32, 4);
    EXPECT_NEAR(peakY, 32, 4);
    EXPECT_EQ(terrain->data[std::size_t(2 * 64 + 2)], 0.0f) << "a far corner changed";
    const ImageStats s = analyse(dir / "shot.png");
    EXPECT_GT(s.terrainFraction, 0.10) << "the 3-D view shows no terrain";
}

TEST(ViewerWindow, HeightmapOptionReplacesTheTerrainOrFailsClearly) {
    test::TempDir dir;
    test::writeText(dir / "flat.json", R"({"grid": {"width": 32, "height": 16}, "terrain": {"flat": 0}})");
    std::vector<float> bed(32 * 16);
    for (std::size_t i = 0; i < bed.size(); ++i) bed[i] = float(i % 32) * 0.25f;
    ASSERT_TRUE(sim::writeNpy(dir / "bed.npy", bed.data(), 16, 32));
    const auto ok = runViewer("'" + (dir / "flat.json").string() + "' --map --frames 2 --heightmap '" +
                              (dir / "bed.npy").string() + "' --dump-state '" + (dir / "state").string() + "'");
    ASSERT_EQ(ok.exitCode, 0) << ok.output;
    auto terrain = sim::readNpy(dir / "state" / "terrain.npy");
    ASSERT_TRUE(terrain);
    EXPECT_EQ(terrain->data, bed);
    // A RAW16 without MIN:MAX takes its sidecar's size and range (to 16 bits).
    ASSERT_TRUE(sim::writeRaw16(dir / "bed.r16", bed.data(), sim::Raw16Info{32, 16, 0.0f, 7.75f, 1.0f}));
    const auto raw = runViewer("'" + (dir / "flat.json").string() + "' --map --frames 2 --heightmap '" +
                               (dir / "bed.r16").string() + "' --dump-state '" + (dir / "raw").string() + "'");
    ASSERT_EQ(raw.exitCode, 0) << raw.output;
    auto rawTerrain = sim::readNpy(dir / "raw" / "terrain.npy");
    ASSERT_TRUE(rawTerrain);
    for (std::size_t i = 0; i < bed.size(); ++i) EXPECT_NEAR(rawTerrain->data[i], bed[i], 7.75f / 65535.0f) << i;
    const auto bad = runViewer("'" + (dir / "flat.json").string() + "' --map --frames 2 --heightmap '" +
                               (dir / "nope.png").string() + ":0:10'");
    EXPECT_EQ(bad.exitCode, 1) << bad.output;
    EXPECT_NE(bad.output.find("nope.png"), std::string::npos) << bad.output;
}

namespace {

/// A flat 64x64 world under 1 m of water: on the map, the grid is the blue rectangle.
std::string writePool(const test::TempDir& dir) {
    std::vector<float> bed(64 * 64, 0.0f), water(64 * 64, 1.0f);
    EXPECT_TRUE(sim::writeNpy(dir / "bed.npy", bed.data(), 64, 64));
    EXPECT_TRUE(sim::writeNpy(dir / "water.npy", water.data(), 64, 64));
    test::writeText(dir / "pool.json", R"({"grid": {"width": 64, "height": 64, "cell_size": 2},
        "terrain": {"npy": "bed.npy"}, "water": {"npy": "water.npy"}})");
    return "'" + (dir / "pool.json").string() + "'";
}

/// First and last water column of row y right of the sidebar (x >= 392), or {-1, -1}.
std::pair<int, int> waterColumns(const test::screen::Image& im, int y) {
    int first = -1, last = -1;
    for (int x = 392; x < im.width; ++x)
        if (test::screen::isWater(im.at(x, y))) {
            if (first < 0) first = x;
            last = x;
        }
    return {first, last};
}

}  // namespace

TEST(ViewerWindow, MapAndFitViewFrameTheFreeAreaBesideTheSidebar) {
    // The 64x64 pool fits the free area (890 x 781 right of the sidebar, below the menu bar): a
    // 781-unit square centred at x = 835, not the window's centre with a quarter under the panel.
    // Zooming in and pressing "Fit view" (a scripted click on the button) frames it there again.
    test::TempDir dir;
    const std::string scene = writePool(dir);
    test::writeText(dir / "fit.txt", "3 move 835 409\n4 wheel 5\n8 move 196 359\n10 down 196 359\n11 up 196 359\n");
    test::writeText(dir / "zoom.txt", "3 move 835 409\n4 wheel 5\n");
    const std::string common = " --map --frames 16 --autosave-seconds 0 --render-scale 1 ";
    for (const char* script : {"", "fit.txt", "zoom.txt"}) {
        const auto shot = dir / (std::string("shot-") + (*script ? script : "start") + ".png");
        const std::string input = *script ? " --input-script '" + (dir / script).string() + "'" : "";
        const auto r = runViewer(scene + common + input + " --screenshot '" + shot.string() + "'");
        ASSERT_EQ(r.exitCode, 0) << r.output;
        const test::screen::Image im = test::screen::load(shot);
        ASSERT_EQ(im.width, 1280);
        const auto [first, last] = waterColumns(im, 409);
        if (std::string(script) == "zoom.txt") {  // the check below can tell a zoomed map from a fitted one
            EXPECT_EQ(first, 392) << "zoomed in, the map should fill the free area";
            continue;
        }
        EXPECT_NEAR(first, 445, 3) << script << ": left edge of the map";
        EXPECT_NEAR(last, 1225, 3) << script << ": right edge of the map";
        EXPECT_NEAR(0.5 * (first + last), 835, 3) << script << ": not centred in the free area";
        EXPECT_FALSE(test::screen::isWater(im.at(420, 409))) << script << ": map between sidebar and free area";
    }
}

TEST(ViewerWindow, ABSideBySideHalvesLieInTheFreeArea) {
    // Two panes of 445 x 781 beside the sidebar: each shows the square pool 445 wide, centred at
    // y = 409, so rows 187..632 are water in both halves and row 150 is background in both.
    test::TempDir dir;
    const std::string scene = writePool(dir);
    const auto shot = dir / "ab.png";
    const auto r = runViewer(scene + " --map --frames 12 --autosave-seconds 0 --render-scale 1 --ab manning_n=0.05 "
                                     "--screenshot '" + shot.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const test::screen::Image im = test::screen::load(shot);
    ASSERT_EQ(im.width, 1280);
    for (int x : {400, 612, 825, 845, 1057, 1270}) {
        EXPECT_TRUE(test::screen::isWater(im.at(x, 409))) << "x " << x << ": no map in this part of the free area";
        EXPECT_TRUE(test::screen::isWater(im.at(x, 200))) << "x " << x;
        EXPECT_FALSE(test::screen::isWater(im.at(x, 150))) << "x " << x << ": a half is not framed in its pane";
        EXPECT_FALSE(test::screen::isWater(im.at(x, 670))) << "x " << x << ": a half is not framed in its pane";
    }
}

namespace {

/// The longest run of columns in rows [y0, y1) x [x0, x1) whose colours are the overlay ramp's,
/// rising from its start (t < 0.05) to its end (t > 0.95): a colour bar of the ramp. Returns its length.
int rampBarLength(const test::screen::Image& im, int x0, int x1, int y0, int y1) {
    int best = 0;
    for (int y = y0; y < y1; ++y) {
        int start = -1;
        float first = 0, previous = 0;
        for (int x = x0; x <= x1; ++x) {
            float distance = 1, t = 0;
            if (x < x1) {
                const auto c = im.at(x, y);
                t = render::overlayRampValue({c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f}, &distance);
            }
            const bool continues = x < x1 && distance < 0.02f && (start < 0 || t >= previous - 0.01f);
            if (continues) {
                if (start < 0) start = x, first = t;
                previous = t;
                continue;
            }
            if (start >= 0 && first < 0.05f && previous > 0.95f) best = std::max(best, x - start);
            start = -1;
            if (x < x1 && distance < 0.02f) start = x, first = t, previous = t;  // a new run from here
        }
    }
    return best;
}

}  // namespace

TEST(ViewerWindow, OverlayShowsAColourBarOfItsRampInTheFreeArea) {
    // O picks the depth overlay: a legend with the ramp's own colours (render/overlay.hpp) appears in
    // the bottom-right corner of the free area; without an overlay there is none.
    test::TempDir dir;
    test::writeText(dir / "overlay.txt", "3 key O\n");
    const std::string common = "builtin:default:96 --3d --frames 12 --autosave-seconds 0 --render-scale 1 ";
    const auto with = runViewer(common + "--input-script '" + (dir / "overlay.txt").string() + "' --screenshot '" +
                                (dir / "with.png").string() + "'");
    ASSERT_EQ(with.exitCode, 0) << with.output;
    const auto without = runViewer(common + "--screenshot '" + (dir / "without.png").string() + "'");
    ASSERT_EQ(without.exitCode, 0) << without.output;
    const test::screen::Image a = test::screen::load(dir / "with.png"), b = test::screen::load(dir / "without.png");
    ASSERT_EQ(a.width, 1280);
    EXPECT_GE(rampBarLength(a, 880, 1280, 600, 800), 190) << "no colour bar of the ramp in the corner";
    EXPECT_LT(rampBarLength(b, 880, 1280, 600, 800), 60) << "a colour bar without an overlay";
}

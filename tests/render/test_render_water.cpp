// The water look (docs/VIEWER.md, "The water look"), measured on small scenes rendered headless
// (Mesa llvmpipe in CI): a sloping beach's shoreline is a straight line to well under a cell (it was a
// staircase of cells), foam appears below a waterfall and not on the calm channel above it, freshly
// added still water is not white, caustics vary the bed's brightness under shallow water and leave
// dry land alone, the frame at render scale 0.5 shows the same lake as at 1, and from under the surface
// the view is the water's, not the sky. Every test writes
// its images to build*/tests/output/water/ to be looked at.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "render/png_output.hpp"
#include "render/render_layout.hpp"
#include "render/solver_inputs.hpp"
#include "sim/builtin_scenes.hpp"
#include "render/water_chunks.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

std::size_t index(const sim::Scene& s, int x, int y) { return std::size_t(y) * std::size_t(s.width) + std::size_t(x); }

void save(const render::RgbImage& im, const std::string& name) {
    const std::filesystem::path dir = std::filesystem::path(SLUICE_TEST_OUTPUT_DIR) / "water";
    std::filesystem::create_directories(dir);
    (void)render::writePng(dir / (name + ".png"), im);
}

render::RgbImage draw(const sim::GpuSolver& solver, const render::Camera& cam, const render::ViewSettings& look, int w,
                      int h, float timeSeconds = 3.0f) {
    auto renderer = makeRenderer();
    if (!renderer) return {};
    renderer->forceBoundsLag(0);
    render::RenderInputs in = render::solverInputs(solver);
    in.timeSeconds = timeSeconds;
    return renderImage(*renderer, in, cam, look, w, h);
}

// Everything that varies across the surface off: only geometry, absorption and the shoreline.
render::ViewSettings plainLook() {
    render::ViewSettings v;
    v.normalMaps = false;
    v.foam = false;
    v.caustics = false;
    v.reflections = false;
    v.shadows = false;
    return v;
}

// A plane beach rising 10 % toward 25 degrees north of east, under still water at level 0: the true
// shoreline is the straight line x cos 25 + y sin 25 = 30 (metres, 1 m cells).
constexpr float kBeachAngleRad = 0.436332f;
sim::Scene beachScene() {
    sim::Scene s = flatScene(48, 48, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const float along = (float(x) + 0.5f) * std::cos(kBeachAngleRad) + (float(y) + 0.5f) * std::sin(kBeachAngleRad);
            const float b = -3.0f + 0.1f * along;
            s.terrainM[index(s, x, y)] = b;
            s.depthM[index(s, x, y)] = std::max(0.0f, -b);
        }
    return s;
}

// A plateau 10 m up (x < 44) with a channel 8 cells wide down its middle, fed by a source at its west
// end, falling over a cliff onto a plain that drains to the open east edge: a calm but brisk channel
// (0.8 % grade, 16 m^3/s: about 0.9 m deep at 2.3 m/s, Froude number 0.8, losing 0.2 W/kg to
// friction) and a waterfall.
sim::Scene waterfallScene() {
    sim::Scene s = flatScene(96, 48, 1.0f);
    s.params.manningN = 0.035f;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const bool channel = y >= 20 && y < 28;
            float b;
            if (x < 44) b = 10.0f - 0.008f * float(x) - (channel ? 1.5f : 0.0f);
            else if (x < 47) b = 10.0f - 3.4f * float(x - 43);  // the cliff: 3.4 m per cell
            else b = -0.01f * float(x - 47);
            s.terrainM[index(s, x, y)] = b;
            s.depthM[index(s, x, y)] = channel && x < 44 ? 0.9f : 0.0f;
        }
    s.sources.push_back(rateSource(3.0f, 24.0f, 3.0f, 16.0f));
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    return s;
}

TEST(RenderWater, LookSheet) {
    // Not a measurement: images of each scene for people to look at (build*/tests/output/water/).
    {
        const sim::Scene scene = beachScene();
        auto solver = makeSolver("gpu", scene);
        ASSERT_TRUE(solver);
        auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
        save(draw(gpu, orbitCamera({22.0f, 24.0f, 0.0f}, 65.0f, 30.0f, 16.0f), {}, 480, 320), "beach_close");
        save(draw(gpu, orbitCamera({22.0f, 24.0f, 0.0f}, 65.0f, 30.0f, 16.0f), plainLook(), 480, 320), "beach_close_plain");
        save(draw(gpu, orbitCamera({14.0f, 20.0f, 0.0f}, 245.0f, 12.0f, 30.0f), {}, 480, 320), "beach_reflection");
    }
    {
        const sim::Scene scene = waterfallScene();
        auto solver = makeSolver("gpu", scene);
        ASSERT_TRUE(solver);
        auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
        gpu.stepFixed(0.05f, 600);
        save(draw(gpu, orbitCamera({50.0f, 24.0f, 4.0f}, 200.0f, 30.0f, 60.0f), {}, 480, 320), "waterfall");
        save(draw(gpu, orbitCamera({44.0f, 24.0f, 5.0f}, 250.0f, 15.0f, 30.0f), {}, 480, 320), "waterfall_close");
    }
    {
        const sim::Scene scene = sim::defaultScene(128);
        auto solver = makeSolver("gpu", scene);
        ASSERT_TRUE(solver);
        auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
        for (int i = 0; i < 400; ++i) gpu.step(scene.params.dtSeconds);
        const float world = float(scene.width) * scene.cellSizeM;
        float lo = 1e30f, hi = -1e30f;
        for (float b : scene.terrainM) lo = std::min(lo, b), hi = std::max(hi, b);
        render::Camera cam;
        cam.frame(world, world, lo, hi);
        save(draw(gpu, cam, {}, 480, 320), "default");
        render::ViewSettings half;
        half.renderScale = 0.5f;
        save(draw(gpu, cam, half, 480, 320), "default_half");
        const sim::FieldSnapshot snap = gpu.download();
        std::size_t deepest = 0;
        for (std::size_t i = 0; i < snap.depthM.size(); ++i)
            if (snap.depthM[i] > snap.depthM[deepest]) deepest = i;
        const glm::vec3 lake((float(deepest % std::size_t(scene.width)) + 0.5f) * scene.cellSizeM,
                             (float(deepest / std::size_t(scene.width)) + 0.5f) * scene.cellSizeM, snap.terrainM[deepest] + snap.depthM[deepest]);
        save(draw(gpu, orbitCamera(lake, 30.0f, 30.0f, 60.0f), {}, 480, 320), "default_lake");
        save(draw(gpu, orbitCamera(lake, 30.0f, 30.0f, 60.0f), half, 480, 320), "default_lake_half");
        // The river: the deepest cell well south of the lake.
        std::size_t river = 0;
        float best = 0;
        const int lakeY = int(deepest / std::size_t(scene.width));
        for (int y = 4; y < lakeY - 12; ++y)
            for (int x = 0; x < scene.width; ++x) {
                const float d = snap.depthM[index(scene, x, y)];
                if (d > best) best = d, river = index(scene, x, y);
            }
        const glm::vec3 r((float(river % std::size_t(scene.width)) + 0.5f) * scene.cellSizeM,
                          (float(river / std::size_t(scene.width)) + 0.5f) * scene.cellSizeM, snap.terrainM[river] + snap.depthM[river]);
        save(draw(gpu, orbitCamera(r, 20.0f, 35.0f, 40.0f), {}, 480, 320), "default_river");
    }
}


float luminanceAt(const render::RgbImage& im, int x, int y) { return pixel(im, x, y).luminance(); }

// Pixel rectangle (x0, y0, x1, y1) covering the world rectangle [x0, x1] x [y0, y1] at height z.
struct PixelBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
PixelBox projectBox(const render::RgbImage& im, const render::Camera& cam, float wx0, float wy0, float wx1, float wy1,
                    float z) {
    PixelBox b{1 << 30, 1 << 30, -(1 << 30), -(1 << 30)};
    for (float wx : {wx0, wx1})
        for (float wy : {wy0, wy1}) {
            int px = 0, py = 0;
            projectToPixel(im, cam, {wx, wy, z}, px, py);
            b.x0 = std::min(b.x0, px), b.x1 = std::max(b.x1, px), b.y0 = std::min(b.y0, py), b.y1 = std::max(b.y1, py);
        }
    b.x0 = std::max(b.x0, 0), b.y0 = std::max(b.y0, 0), b.x1 = std::min(b.x1, im.width - 1), b.y1 = std::min(b.y1, im.height - 1);
    return b;
}

TEST(RenderWater, BeachShorelineIsAStraightLineNotAStaircase) {
    // Seen from straight above, the water's edge on a plane beach must be the straight line where the
    // plane meets the level: per image row, the column where the water ends, found to a fraction of a
    // pixel, fitted with a line, deviates from it by a small fraction of a cell (the sand band the
    // terrain draws beside the water is the terrain's, not measured here). The depth overlay marks the water
    // alone (its ramp starts purple, blue well above green; the ground under an overlay is grey,
    // whatever sand band the terrain draws beside the water).
    const sim::Scene wet = beachScene();
    auto solver = makeSolver("gpu", wet);
    ASSERT_TRUE(solver);
    const render::Camera cam = orbitCamera({24.0f, 24.0f, 0.0f}, 0.0f, 88.0f, 36.0f);
    render::ViewSettings look = plainLook();
    look.overlay = SLUICE_OVERLAY_DEPTH;
    const render::RgbImage a = draw(dynamic_cast<sim::GpuSolver&>(*solver), cam, look, 400, 400);
    save(a, "beach_top");
    // Pixels per metre at the level (the camera looks straight down: the same both ways).
    int px0 = 0, py0 = 0, px1 = 0, py1 = 0;
    projectToPixel(a, cam, {20.0f, 24.0f, 0.0f}, px0, py0);
    projectToPixel(a, cam, {30.0f, 24.0f, 0.0f}, px1, py1);
    const double pxPerM = double(px1 - px0) / 10.0;
    ASSERT_GT(pxPerM, 4.0) << "the test needs several pixels per cell";
    auto water = [&](int x, int y) {
        const Rgb p = pixel(a, x, y);
        return p.b - p.g;  // ~0.33 on the ramp's shallow end, 0 on grey ground
    };
    // Rows over y = 14..34 m; the edge runs from x ~ 18 to ~27 m there (water to the west).
    const PixelBox box = projectBox(a, cam, 8.0f, 14.0f, 40.0f, 34.0f, 0.0f);
    std::vector<double> rows, cols;
    const float threshold = 0.16f;  // half way: inside the edge's 5 cm fade
    for (int y = box.y0; y <= box.y1; ++y) {
        for (int x = box.x0; x < box.x1; ++x) {
            if (water(x, y) >= threshold && water(x + 1, y) < threshold) {
                const double f = (water(x, y) - threshold) / std::max(water(x, y) - water(x + 1, y), 1e-6f);
                rows.push_back(double(y));
                cols.push_back(double(x) + f);
                break;
            }
        }
    }
    ASSERT_GT(rows.size(), std::size_t(0.8 * double(box.y1 - box.y0))) << "an edge in most rows";
    // Least-squares line col = c0 + c1 * row, and the residuals in cells (1 m cells).
    double sr = 0, sc = 0, srr = 0, src = 0;
    const double n = double(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) sr += rows[i], sc += cols[i], srr += rows[i] * rows[i], src += rows[i] * cols[i];
    const double c1 = (n * src - sr * sc) / (n * srr - sr * sr), c0 = (sc - c1 * sr) / n;
    double sum2 = 0, worst = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double r = (cols[i] - (c0 + c1 * rows[i])) / pxPerM;
        sum2 += r * r;
        worst = std::max(worst, std::abs(r));
    }
    const double rms = std::sqrt(sum2 / n);
    // The line's slope is the shoreline's: tan 25 degrees to the image's columns (rows run south).
    EXPECT_NEAR(c1, std::tan(double(kBeachAngleRad)), 0.03);
    std::printf("shoreline: RMS %.4f cells, worst %.4f cells over %zu rows\n", rms, worst, rows.size());
    // Measured: 0.002 / 0.005 cells. The renderer before this look: 0.018 / 0.13 (a dry vertex that
    // touched the water only diagonally sank below the bed, pulling the edge in at the cells' corners);
    // with diagonal neighbours left out of the dry vertices' level: 0.010 / 0.08.
    EXPECT_LT(rms, 0.006) << "RMS deviation of the edge from a straight line, cells";
    EXPECT_LT(worst, 0.03) << "largest deviation, cells";
}

TEST(RenderWater, FoamBelowTheWaterfallAndNotOnTheCalmChannel) {
    // Foam pixels: where the full look is brighter than the same frame with foam off. The brisk but
    // subcritical channel on the plateau (2.3 m/s) shows almost none; the plain below the cliff, where
    // the falling water lands and runs off, is largely white. Foam drawn from speed alone (the old
    // look: it started at 1.2 m/s) covered the channel too.
    const sim::Scene scene = waterfallScene();
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    gpu.stepFixed(0.05f, 600);
    const render::Camera cam = orbitCamera({44.0f, 24.0f, 5.0f}, 0.0f, 88.0f, 75.0f);
    render::ViewSettings noFoam;
    noFoam.foam = false;
    const render::RgbImage on = draw(gpu, cam, {}, 480, 320);
    const render::RgbImage off = draw(gpu, cam, noFoam, 480, 320);
    save(on, "waterfall_top");
    auto coverage = [&](const PixelBox& b) {
        int foam = 0, all = 0;
        for (int y = b.y0; y <= b.y1; ++y)
            for (int x = b.x0; x <= b.x1; ++x, ++all)
                if (luminanceAt(on, x, y) - luminanceAt(off, x, y) > 0.12f) ++foam;
        return double(foam) / double(std::max(all, 1));
    };
    const double calm = coverage(projectBox(on, cam, 12.0f, 21.0f, 38.0f, 27.0f, 9.0f));
    const double below = coverage(projectBox(on, cam, 47.0f, 20.0f, 58.0f, 28.0f, 0.0f));
    EXPECT_LT(calm, 0.02) << "foam on the calm channel";
    EXPECT_GT(below, 0.3) << "foam below the falls";
}

TEST(RenderWater, StillWaterJustAddedIsNotWhite) {
    // Water poured onto dry ground and not moving yet (what a brush leaves): a mound with a thin
    // film around it. No flow, so no foam: the frame with foam on is the frame with foam off.
    sim::Scene s = flatScene(48, 48, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const float r = std::hypot(float(x) - 24.0f, float(y) - 24.0f);
            s.depthM[index(s, x, y)] = r < 8.0f ? 0.3f : (r < 14.0f ? 0.02f : 0.0f);
        }
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    const render::Camera cam = orbitCamera({24.0f, 24.0f, 0.0f}, 20.0f, 50.0f, 50.0f);
    render::ViewSettings noFoam;
    noFoam.foam = false;
    const ImageDiff d = compareImages(draw(gpu, cam, {}, 240, 160), draw(gpu, cam, noFoam, 240, 160));
    EXPECT_LE(d.maxAbs, 1);
}

TEST(RenderWater, CausticsVaryShallowBedsAndLeaveDryLandAlone) {
    // A flat bed 0.4 m under still water in the west half, dry ground 0.3 m up in the east half, seen
    // from above in full sun: caustics make the shallow bed's brightness vary (its spread grows) and
    // change nothing on dry land.
    sim::Scene s = flatScene(48, 32, 1.0f);
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            s.terrainM[index(s, x, y)] = x < 24 ? -0.4f : 0.3f;
            s.depthM[index(s, x, y)] = x < 24 ? 0.4f : 0.0f;
        }
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    const render::Camera cam = orbitCamera({24.0f, 16.0f, 0.0f}, 0.0f, 88.0f, 14.0f);
    render::ViewSettings with = plainLook(), without = plainLook();
    with.caustics = true;
    with.shadows = without.shadows = true;  // caustics need sunlight; the flat world casts no shadow
    const render::RgbImage a = draw(gpu, cam, with, 320, 220), b = draw(gpu, cam, without, 320, 220);
    save(a, "caustics");
    auto spread = [](const render::RgbImage& im, const PixelBox& box) {
        double sum = 0, sum2 = 0;
        int n = 0;
        for (int y = box.y0; y <= box.y1; ++y)
            for (int x = box.x0; x <= box.x1; ++x, ++n) {
                const double l = luminanceAt(im, x, y);
                sum += l, sum2 += l * l;
            }
        const double mean = sum / n;
        return std::sqrt(std::max(sum2 / n - mean * mean, 0.0));
    };
    const PixelBox water = projectBox(a, cam, 16.0f, 12.0f, 22.5f, 20.0f, 0.0f);
    const PixelBox land = projectBox(a, cam, 25.5f, 12.0f, 32.0f, 20.0f, 0.3f);
    EXPECT_GT(spread(a, water), spread(b, water) + 0.02) << "caustics should vary the shallow bed";
    int changed = 0;
    for (int y = land.y0; y <= land.y1; ++y)
        for (int x = land.x0; x <= land.x1; ++x) {
            const Rgb p = pixel(a, x, y), q = pixel(b, x, y);
            if (std::abs(p.r - q.r) + std::abs(p.g - q.g) + std::abs(p.b - q.b) > 0.0f) ++changed;
        }
    EXPECT_EQ(changed, 0) << "caustics on dry land";
}

// Mean colour of the rows [y0, y1) of an image.
Rgb meanOfRows(const render::RgbImage& im, int y0, int y1) {
    Rgb m;
    int n = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = 0; x < im.width; ++x, ++n) {
            const Rgb p = pixel(im, x, y);
            m.r += p.r, m.g += p.g, m.b += p.b;
        }
    m.r /= float(n), m.g /= float(n), m.b /= float(n);
    return m;
}

TEST(RenderWater, FromUnderTheSurfaceTheViewIsWaterNotSky) {
    // A lake 6 m deep over the whole grid, its surface at 0. The same look toward the horizon from
    // 3.7 m above it and from 2.3 m below: above, the upper rows are the sky; below, no sky is seen
    // (the surface from below and the water's own light fill the frame): dark blue-green, far darker.
    sim::Scene s = flatScene(48, 48, 1.0f);
    std::fill(s.terrainM.begin(), s.terrainM.end(), -6.0f);
    std::fill(s.depthM.begin(), s.depthM.end(), 6.0f);
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    render::Camera above = orbitCamera({24.0f, 24.0f, 3.0f}, 0.0f, 5.0f, 8.0f);
    render::Camera below = orbitCamera({24.0f, 24.0f, -3.0f}, 0.0f, 5.0f, 8.0f);
    ASSERT_GT(above.position().z, 0.5f);
    ASSERT_LT(below.position().z, -1.5f);
    const render::RgbImage a = draw(gpu, above, {}, 240, 160), b = draw(gpu, below, {}, 240, 160);
    save(a, "underwater-above");
    save(b, "underwater-below");
    const Rgb skyRows = meanOfRows(a, 0, 30), waterRows = meanOfRows(b, 0, 30);
    EXPECT_GT(skyRows.luminance(), 0.5f) << "the sky above the surface";
    EXPECT_LT(waterRows.luminance(), 0.5f * skyRows.luminance()) << "no sky from under the surface";
    const Rgb all = meanOfRows(b, 0, b.height);
    EXPECT_GT(all.g, 1.2f * all.r) << "blue-green: red is absorbed first";
    EXPECT_GT(all.b, 1.2f * all.r);
}

TEST(RenderWater, WaterChunksTakeTheTerrainStride) {
    // Water drawn finer than the terrain under it let a coarse terrain quad cut through the surface.
    std::vector<render::ChunkDraw> water{{0, 0, 1}, {1, 0, 2}, {2, 3, 4}};
    const std::vector<render::ChunkDraw> terrain{{1, 0, 4}, {0, 0, 2}, {5, 5, 8}};
    render::matchTerrainStrides(water, terrain);
    EXPECT_EQ(water[0].stride, 2);
    EXPECT_EQ(water[1].stride, 4);
    EXPECT_EQ(water[2].stride, 4) << "no terrain chunk drawn there (culled): the water keeps its own";
}

}  // namespace
}  // namespace sluice::test

// Erosion in the 3-D view (headless, llvmpipe): a run with erosion state draws its materials where
// the fields say (bedrock where the soft layer is gone, sand on deposits, carved soft ground darker),
// muddy water where the load is suspended, and the sediment / soft-layer / bed-change overlays decode
// to the fields' values; a run without erosion state, or with erosion state that has changed nothing,
// draws exactly what it drew before erosion existed. The fields are written through the solver's own
// state (saveState / restoreState), so the solver's buffers and offsets are what the renderer reads.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "render/overlay.hpp"
#include "render/png_output.hpp"
#include "render/solver_inputs.hpp"
#include "render/solver_mirror.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/npy.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/render/erosion_pattern.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

using namespace erosion_pattern;
constexpr int kImageW = 240, kImageH = 160;

/// Cell centre (x, y) of the grid as a world point at height z.
glm::vec3 at(float cx, float cy, float z = 0.0f) { return {cx + 0.5f, cy + 0.5f, z}; }
glm::vec3 at(glm::ivec2 cell) { return at(float(cell.x), float(cell.y)); }

render::RgbImage draw(const render::RenderInputs& in, const render::ViewSettings& view, const render::Camera& cam) {
    auto renderer = makeRenderer();
    if (!renderer) return {};
    renderer->forceBoundsLag(0);
    render::RenderInputs fixed = in;
    fixed.timeSeconds = 3.0f;  // detail-normal phases and foam noise
    return renderImage(*renderer, fixed, cam, view, kImageW, kImageH);
}

/// Keeps an image for a look: build/tests/output/render/erosion_NAME.png.
void keep(const render::RgbImage& im, const std::string& name) {
    const auto dir = std::filesystem::path(SLUICE_TEST_OUTPUT_DIR) / "render";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    (void)render::writePng(dir / ("erosion_" + name + ".png"), im);
}

float chroma(const Rgb& c) { return std::max({c.r, c.g, c.b}) - std::min({c.r, c.g, c.b}); }

TEST(RenderErosion, MaterialsFollowTheSoftLayerAndTheBedChange) {
    const sim::Scene scene = erosion_pattern::scene();
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    paint(*solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    const render::RenderInputs in = render::solverInputs(gpu);
    ASSERT_TRUE(in.erosion.valid()) << "a solver with erosion state hands its fields to the renderer";
    render::RenderInputs without = in;
    without.erosion = {};
    const render::Camera cam = topDown(scene, 0.0f);
    const render::ViewSettings view;
    const render::RgbImage image = draw(in, view, cam), reference = draw(without, view, cam);
    ASSERT_FALSE(image.rgb.empty());
    keep(image, "materials");

    // Patches well inside each region (bilinear blending reaches one cell across region edges).
    const Rgb rock = patchAt(image, cam, at(kRockCell)), rockBefore = patchAt(reference, cam, at(kRockCell));
    const Rgb sand = patchAt(image, cam, at(kDepositCell)), sandBefore = patchAt(reference, cam, at(kDepositCell));
    const Rgb carved = patchAt(image, cam, at(kCarvedCell)), carvedBefore = patchAt(reference, cam, at(kCarvedCell));
    const Rgb kept = patchAt(image, cam, at(kKeptCell)), keptBefore = patchAt(reference, cam, at(kKeptCell));
    // Without erosion's materials the flat plain is grass: green above red and blue.
    for (const Rgb& g : {rockBefore, sandBefore, carvedBefore, keptBefore}) {
        EXPECT_GT(g.g, g.r);
        EXPECT_GT(g.g, g.b + 0.05f);
    }
    // Exposed bedrock is rock: nearly grey.
    EXPECT_LT(chroma(rock), 0.5f * chroma(rockBefore)) << "rock " << rock.r << " " << rock.g << " " << rock.b;
    EXPECT_LT(chroma(rock), 0.08f);
    // Fresh deposits are sand: red above green above blue, warm.
    EXPECT_GT(sand.r, sand.g) << "sand " << sand.r << " " << sand.g << " " << sand.b;
    EXPECT_GT(sand.g, sand.b);
    EXPECT_GT(sand.r - sand.b, 0.1f);
    // Carved soft ground keeps its hue and turns darker (0.72 of the albedo before the tone curve).
    EXPECT_GT(carved.g, carved.r);
    EXPECT_LT(carved.luminance(), 0.92f * carvedBefore.luminance());
    EXPECT_GT(carved.luminance(), 0.6f * carvedBefore.luminance());
    // Untouched ground (soft layer, no change) is exactly what it was.
    EXPECT_NEAR(kept.r, keptBefore.r, 1e-6f);
    EXPECT_NEAR(kept.g, keptBefore.g, 1e-6f);
    EXPECT_NEAR(kept.b, keptBefore.b, 1e-6f);
}

// A pool at rest over a bumpy bed, with water everywhere in the middle.
sim::Scene poolScene(bool withErosion) {
    sim::Scene s = flatScene(kW, kH, 1.0f);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const float r2 = std::pow(float(x) - 24.0f, 2.0f) + std::pow(float(y) - 16.0f, 2.0f);
            const float b = -2.0f * std::exp(-r2 / 120.0f) + 0.2f * std::sin(0.5f * float(x)) * std::cos(0.4f * float(y));
            s.terrainM[std::size_t(y) * kW + std::size_t(x)] = b;
            s.depthM[std::size_t(y) * kW + std::size_t(x)] = std::max(0.0f, 0.3f - b);
        }
    s.erosionSetUp = withErosion;
    return s;
}

TEST(RenderErosion, RunsWithoutErosionOrWithNothingMovedDrawAsBefore) {
    // The same pool, a few steps on, with and without erosion state (erosion off: the water computes
    // the same bits): the images are identical, byte for byte, with every overlay but erosion's.
    auto plain = makeSolver("gpu", poolScene(false));
    auto eroding = makeSolver("gpu", poolScene(true));
    ASSERT_TRUE(plain && eroding);
    for (int i = 0; i < 5; ++i) {
        plain->step(0.05f);
        eroding->step(0.05f);
    }
    const render::RenderInputs a = render::solverInputs(dynamic_cast<sim::GpuSolver&>(*plain));
    const render::RenderInputs b = render::solverInputs(dynamic_cast<sim::GpuSolver&>(*eroding));
    EXPECT_FALSE(a.erosion.valid()) << "no erosion state: nothing for the renderer";
    ASSERT_TRUE(b.erosion.valid());
    const render::Camera cam = orbitCamera(glm::vec3(24, 16, 0), 30, 40, 55);
    for (int overlay : {int(render::kOverlayNone), int(render::kOverlayDepth), int(render::kOverlaySpeed)}) {
        render::ViewSettings view;
        view.overlay = overlay;
        const render::RgbImage ia = draw(a, view, cam), ib = draw(b, view, cam);
        ASSERT_FALSE(ia.rgb.empty());
        EXPECT_EQ(ia.rgb, ib.rgb) << "overlay " << render::overlayName(overlay);
    }
    // Erosion's overlays without erosion state: grey everywhere, nothing from the ramps.
    render::ViewSettings view;
    view.overlay = render::kOverlayBedChange;
    const render::RgbImage grey = draw(a, view, cam);
    for (const glm::vec3& p : {at(24, 16, 0.3f), at(6, 6, 0.3f), at(40, 26, 0.3f)}) {
        const Rgb c = patchAt(grey, cam, p, 0);
        EXPECT_LT(chroma(c), 0.02f) << "not grey at " << p.x << ", " << p.y;
    }
}

TEST(RenderErosion, SuspendedLoadTintsTheWaterBrown) {
    auto solver = makeSolver("gpu", poolScene(true));
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    const render::Camera cam = orbitCamera(glm::vec3(24, 16, 0), 30, 55, 50);
    render::ViewSettings view;
    view.foam = false;
    const render::RgbImage clear = draw(render::solverInputs(gpu), view, cam);
    // 2 % of mud by volume in the water of the pool's middle, none elsewhere.
    const sim::FieldSnapshot f = solver->download();
    edit(*solver, [&](int x, int, sim::ErosionField& e, std::size_t i) {
        if (x >= 16 && x < 32) e.sedimentUnits[i] = int(0.02 * double(f.depthUnits[i]));
    });
    const render::RgbImage muddy = draw(render::solverInputs(gpu), view, cam);
    keep(clear, "clear_water");
    keep(muddy, "muddy_water");
    const Rgb c0 = patchAt(clear, cam, at(24, 16, 0.3f), 2), c1 = patchAt(muddy, cam, at(24, 16, 0.3f), 2);
    EXPECT_GT(c0.b, c0.r) << "clear water is blue-green";
    EXPECT_GT(c1.r, c1.b + 0.05f) << "muddy water is brown: " << c1.r << " " << c1.g << " " << c1.b;
    EXPECT_GT(c1.r, c1.g);
    // Where there is no load the water is as clear as before.
    const Rgb e0 = patchAt(clear, cam, at(10, 16, 0.3f), 1), e1 = patchAt(muddy, cam, at(10, 16, 0.3f), 1);
    EXPECT_NEAR(e0.r, e1.r, 0.02f);
    EXPECT_NEAR(e0.b, e1.b, 0.02f);
}

/// The overlay value (fraction of the bar) a patch decodes to, and how far its colour is off the ramp.
float decode(const render::RgbImage& im, const render::Camera& cam, const glm::vec3& p, bool diverging, float* off) {
    const Rgb c = patchAt(im, cam, p, 0);
    const glm::vec3 display{c.r, c.g, c.b};
    return diverging ? render::overlayDivergingValue(display, off) : render::overlayRampValue(display, off);
}

TEST(RenderErosion, OverlaysReadBackTheFields) {
    const sim::Scene scene = erosion_pattern::scene();
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    paint(*solver);
    const render::RenderInputs in = render::solverInputs(dynamic_cast<sim::GpuSolver&>(*solver));
    const render::Camera cam = topDown(scene, 0.0f);
    render::ViewSettings view;
    view.shadows = false;
    float off = 1;

    view.overlay = render::kOverlayBedChange;
    view.overlayBedChangeMaxM = 0.5f;
    const render::RgbImage bed = draw(in, view, cam);
    keep(bed, "bed_change_overlay");
    // t = 0.5 + 0.5 change / range: carved 0.2, untouched 0.5, deposit 0.7.
    EXPECT_NEAR(decode(bed, cam, at(kCarvedCell), true, &off), 0.5f + 0.5f * kCarvedM / 0.5f, 0.02f);
    EXPECT_LT(off, 0.02f);
    EXPECT_NEAR(decode(bed, cam, at(kKeptCell), true, &off), 0.5f, 0.02f);
    EXPECT_NEAR(decode(bed, cam, at(kDepositCell), true, &off), 0.5f + 0.5f * kDepositM / 0.5f, 0.02f);
    EXPECT_LT(off, 0.02f);
    const Rgb carved = patchAt(bed, cam, at(kCarvedCell), 0), laid = patchAt(bed, cam, at(kDepositCell), 0);
    EXPECT_GT(carved.r, carved.b + 0.2f) << "carved ground is red";
    EXPECT_GT(laid.b, laid.r + 0.2f) << "deposits are blue";

    view.overlay = render::kOverlaySoft;
    view.overlaySoftMaxM = 4.0f;
    const render::RgbImage soft = draw(in, view, cam);
    EXPECT_NEAR(decode(soft, cam, at(kRockCell), false, &off), 0.0f, 0.02f) << "bedrock exposed: no soft layer";
    EXPECT_NEAR(decode(soft, cam, at(kKeptCell), false, &off), kSoftM / 4.0f, 0.02f);
    EXPECT_NEAR(decode(soft, cam, at(kDepositCell), false, &off), (kSoftM + kDepositM) / 4.0f, 0.02f);
    EXPECT_LT(off, 0.02f);

    // Suspended load is the water's: this plain is dry, so it stays grey.
    view.overlay = render::kOverlaySediment;
    const render::RgbImage sediment = draw(in, view, cam);
    decode(sediment, cam, at(24, 16), false, &off);
    EXPECT_GT(off, 0.1f) << "dry ground under the sediment overlay is not a ramp colour";
}

/// A valley sloping 15 % down to the east onto a flat at x = 32 (a source at its head erodes it).
std::vector<float> slopeBed() {
    std::vector<float> bed(std::size_t(kW) * kH);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x)
            bed[std::size_t(y) * kW + std::size_t(x)] = 0.15f * float(std::max(0, 32 - x)) + 0.08f * std::fabs(float(y) - 15.5f);
    return bed;
}

TEST(RenderErosion, CpuSolverMirrorDrawsErosionAsTheGpuSolver) {
    // A slope with a source: erosion runs, and both backends compute the same bits; drawn through the
    // mirror, the CPU run must give the GPU run's image (materials, turbid water, overlay).
    sim::Scene scene = flatScene(kW, kH, 1.0f);
    scene.terrainM = slopeBed();
    scene.params.erosion.enabled = true;
    scene.params.erosion.softThicknessM = 0.3f;
    scene.params.erosion.timeScale = 20.0f;
    scene.sources.push_back(rateSource(3.0f, 16.0f, 1.5f, 0.5f));
    auto gpu = makeSolver("gpu", scene);
    auto cpu = makeSolver("cpu", scene);
    ASSERT_TRUE(gpu && cpu);
    for (sim::Solver* solver : {gpu.get(), cpu.get()})
        for (int i = 0; i < 60; ++i) solver->step(0.1f);
    ASSERT_GT(cpu->sedimentLedger().erodedM3, 0.0) << "the slope did not erode";
    render::SolverMirror mirror;
    mirror.update(*cpu);
    const render::RenderInputs fromCpu = mirror.inputs(*cpu);
    ASSERT_TRUE(fromCpu.erosion.valid()) << "the mirror carries erosion's fields";
    const render::RenderInputs fromGpu = render::solverInputs(dynamic_cast<sim::GpuSolver&>(*gpu));
    const render::Camera cam = orbitCamera(glm::vec3(24, 16, 0), 200, 45, 60);
    for (int overlay : {int(render::kOverlayNone), int(render::kOverlayBedChange), int(render::kOverlaySediment)}) {
        render::ViewSettings view;
        view.overlay = overlay;
        EXPECT_EQ(draw(fromGpu, view, cam).rgb, draw(fromCpu, view, cam).rgb) << render::overlayName(overlay);
    }
}

TEST(RenderErosion, RenderVerbDrawsTheBedChangeOverlayWithItsLegend) {
    // `sluice render --overlay bed-change` on a scene with erosion: the carved channel in the
    // diverging ramp's red and the colour bar in the corner.
    TempDir dir;
    const std::vector<float> bed = slopeBed();
    ASSERT_TRUE(sim::writeNpy(dir / "slope.npy", bed.data(), kH, kW));
    writeText(dir / "slope.json", R"({"grid": {"width": 48, "height": 32, "cell_size": 1}, "terrain": {"npy": "slope.npy"},
        "params": {"dt": 0.1},
        "erosion": {"enabled": true, "soft_thickness": 0.3, "time_scale": 20},
        "sources": [{"x": 3, "y": 16, "radius": 1.5, "rate": 0.5}]})");
    const std::string out = (dir / "bed.png").string();
    const CliRun r = runSluice("render '" + (dir / "slope.json").string() + "' --steps 200 --size 480x300 --camera 180,80,45 "
                               "--overlay bed-change --quiet --out '" + out + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(out.c_str(), &w, &h, &n, 3);
    ASSERT_TRUE(px) << out;
    int carved = 0, legendBlue = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float off = 1;
            const unsigned char* p = px + (std::size_t(y) * std::size_t(w) + std::size_t(x)) * 3;
            const float t = render::overlayDivergingValue({p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f}, &off);
            const bool legend = y > h - 70;  // the colour bar's box sits in the bottom-right corner
            if (off < 0.02f && t < 0.3f && !legend) ++carved;  // the channel below the source
            if (off < 0.02f && t > 0.9f && legend && x > w / 2) ++legendBlue;  // the bar's deposited end
        }
    stbi_image_free(px);
    EXPECT_GT(carved, 20) << "no carved ground in " << out;
    EXPECT_GT(legendBlue, 10) << "no colour bar in " << out;
}

}  // namespace
}  // namespace sluice::test

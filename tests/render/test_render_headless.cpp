// The scene renderer on the headless context (Mesa llvmpipe in CI): sane frames of the default scene,
// water colour that darkens with depth, and the `render` verb end to end. Small grids and images so
// every test runs in seconds on a software rasteriser.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "render/camera.hpp"
#include "render/png_output.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

/// Renders the solver's current state with a fresh renderer (animation time 1 s).
render::RgbImage renderFrame(sim::GpuSolver& solver, const render::Camera& camera, const render::ViewSettings& view,
                             int w, int h) {
    auto renderer = makeRenderer();
    if (!renderer) return {};
    render::RenderInputs in = render::solverInputs(solver);
    in.timeSeconds = 1.0f;
    return renderImage(*renderer, in, camera, view, w, h);
}

TEST(RenderHeadless, DefaultSceneFrameIsSaneWithTerrainAndWater) {
    const sim::Scene scene = sim::defaultScene(96);
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    for (int i = 0; i < 100; ++i) gpu.step(scene.params.dtSeconds);

    // Oblique framing: the whole frame statistics.
    render::Camera cam;
    float lo = 1e30f, hi = -1e30f;
    for (float b : scene.terrainM) lo = std::min(lo, b), hi = std::max(hi, b);
    cam.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, lo, hi);
    const render::RgbImage im = renderFrame(gpu, cam, {}, 128, 96);
    ASSERT_EQ(im.rgb.size(), std::size_t(128 * 96 * 3));
    double sum = 0, sum2 = 0;
    int terrainLike = 0;
    for (int y = 0; y < im.height; ++y)
        for (int x = 0; x < im.width; ++x) {
            const Rgb c = pixel(im, x, y);
            const double l = c.luminance();
            sum += l;
            sum2 += l * l;
            // Green grass or brown/grey ground: red and green above blue.
            if (c.g > c.b && c.r > 0.6f * c.g && c.g > 0.08f) ++terrainLike;
        }
    const double n = double(im.width * im.height), mean = sum / n, variance = sum2 / n - mean * mean;
    EXPECT_GT(mean, 0.12);
    EXPECT_LT(mean, 0.9);
    EXPECT_GT(variance, 0.002) << "a flat frame: nothing was drawn";
    EXPECT_GT(terrainLike, int(0.15 * n)) << "terrain should cover a good part of the frame";

    // Straight down: the deepest lake cells are water-coloured (blue above red).
    const sim::FieldSnapshot snap = gpu.download();
    std::size_t deepest = 0;
    for (std::size_t i = 0; i < snap.depthM.size(); ++i)
        if (snap.depthM[i] > snap.depthM[deepest]) deepest = i;
    ASSERT_GT(snap.depthM[deepest], 0.3f) << "the default scene's lake should hold water";
    const render::Camera above = topDown(scene, lo);
    const render::RgbImage top = renderFrame(gpu, above, {}, 128, 128);
    const int dx = int(deepest % std::size_t(scene.width)), dy = int(deepest / std::size_t(scene.width));
    const glm::vec3 lake((float(dx) + 0.5f) * scene.cellSizeM, (float(dy) + 0.5f) * scene.cellSizeM,
                         snap.terrainM[deepest] + snap.depthM[deepest]);
    const Rgb water = patchAt(top, above, lake);
    EXPECT_GT(water.b, water.r + 0.05f) << "lake pixel " << water.r << " " << water.g << " " << water.b;
}

TEST(RenderHeadless, DeeperWaterIsDarkerAndBluer) {
    // A ramp from 4.5 m of water at the west end to 0.3 m at the east end under one flat surface, at
    // rest, seen straight from above, effects that vary across the image switched off.
    sim::Scene scene = flatScene(64, 16, 1.0f);
    for (int y = 0; y < scene.height; ++y)
        for (int x = 0; x < scene.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(scene.width) + std::size_t(x);
            scene.terrainM[i] = -4.0f + 4.2f * float(x) / float(scene.width - 1);
            scene.depthM[i] = 0.5f - scene.terrainM[i];
        }
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    render::ViewSettings view;
    view.normalMaps = false;
    view.foam = false;
    view.shadows = false;
    const render::Camera cam = topDown(scene, 0.5f);
    const render::RgbImage im = renderFrame(gpu, cam, view, 128, 64);
    const Rgb deep = patchAt(im, cam, {6.5f, 8.0f, 0.5f}, 2);
    const Rgb shallow = patchAt(im, cam, {58.5f, 8.0f, 0.5f}, 2);
    EXPECT_LT(deep.luminance(), shallow.luminance() * 0.8f)
        << "deep " << deep.r << " " << deep.g << " " << deep.b << ", shallow " << shallow.r << " " << shallow.g
        << " " << shallow.b;
    // Red is absorbed first: the deep spot's colour leans further toward blue-green.
    EXPECT_GT(deep.b / std::max(deep.r, 1e-3f), shallow.b / std::max(shallow.r, 1e-3f));
}

TEST(RenderHeadless, RenderScaleShadesFewerPixelsAndFillsTheRequestedSize) {
    // The default scene at half and full internal resolution: the output has the requested size
    // either way, the offscreen passes run at half size, and the scaled-up frame is the same picture
    // (only softer: small mean difference, no large blocks of change).
    const sim::Scene scene = sim::defaultScene(96);
    auto solver = makeSolver("gpu", scene);
    ASSERT_TRUE(solver);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    for (int i = 0; i < 50; ++i) gpu.step(scene.params.dtSeconds);
    render::Camera cam;
    float lo = 1e30f, hi = -1e30f;
    for (float b : scene.terrainM) lo = std::min(lo, b), hi = std::max(hi, b);
    cam.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, lo, hi);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    renderer->forceBoundsLag(0);
    render::RenderInputs in = render::solverInputs(gpu);
    in.timeSeconds = 1.0f;
    render::ViewSettings full, half;
    half.renderScale = 0.5f;
    const render::RgbImage a = renderImage(*renderer, in, cam, full, 161, 100);
    EXPECT_EQ(renderer->lastStats().internalWidthPx, 161);
    EXPECT_EQ(renderer->lastStats().internalHeightPx, 100);
    const render::RgbImage b = renderImage(*renderer, in, cam, half, 161, 100);
    EXPECT_EQ(renderer->lastStats().internalWidthPx, 81);
    EXPECT_EQ(renderer->lastStats().internalHeightPx, 50);
    ASSERT_EQ(b.width, 161);
    ASSERT_EQ(b.height, 100);
    ASSERT_EQ(b.rgb.size(), std::size_t(161 * 100 * 3));
    const ImageDiff d = compareImages(a, b);
    ASSERT_TRUE(d.sameSize);
    EXPECT_LT(d.meanAbs, 6.0) << "the half-resolution frame should show the same scene";
    EXPECT_GT(d.meanAbs, 0.0) << "a scale of 0.5 should have changed something";
}

TEST(RenderHeadless, RenderVerbWritesPngOfRequestedSize) {
    TempDir dir;
    const std::string out = (dir / "frame.png").string();
    const CliRun run = runSluice("render builtin:default:64 --steps 20 --size 96x64 --quiet --out '" + out + "'");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    int w = 0, h = 0, comp = 0;
    ASSERT_EQ(stbi_info(out.c_str(), &w, &h, &comp), 1) << "not a readable image: " << out;
    EXPECT_EQ(w, 96);
    EXPECT_EQ(h, 64);
    // Nothing but the image is left behind (the write is atomic through a temporary).
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) files += e.is_regular_file() ? 1 : 0;
    EXPECT_EQ(files, 1);
}

TEST(RenderHeadless, RenderVerbDrawsEveryOverlay) {
    TempDir dir;
    for (const char* overlay : {"courant", "max-depth", "first-wet"}) {
        const std::string out = (dir / (std::string(overlay) + ".png")).string();
        const CliRun run =
            runSluice("render builtin:default:32 --steps 5 --size 48x32 --quiet --overlay " + std::string(overlay) + " --out '" + out + "'");
        EXPECT_EQ(run.exitCode, 0) << overlay << ": " << run.output;
        EXPECT_TRUE(std::filesystem::exists(out)) << overlay;
    }
    const CliRun bad = runSluice("render builtin:default:32 --overlay maxdepth --out '" + (dir / "x.png").string() + "'");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.output.find("max-depth"), std::string::npos) << "the usage error lists the names: " << bad.output;
}

TEST(RenderHeadless, RenderVerbFailsCleanly) {
    TempDir dir;
    const std::string out = (dir / "frame.png").string();
    const std::string missing = (dir / "no_such_scene.json").string();
    CliRun run = runSluice("render '" + missing + "' --out '" + out + "'");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("no_such_scene.json"), std::string::npos) << run.output;
    EXPECT_FALSE(std::filesystem::exists(out));

    run = runSluice("render builtin:default:64 --size 12by7 --out '" + out + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("--size"), std::string::npos) << run.output;

    run = runSluice("render builtin:default:64");
    EXPECT_EQ(run.exitCode, 2) << run.output;

    // --target turns --camera about a point: without --camera it says what it needs; a malformed one
    // names the option and the text.
    run = runSluice("render builtin:default:64 --target 10,10,1 --out '" + out + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("--target: needs --camera"), std::string::npos) << run.output;
    run = runSluice("render builtin:default:64 --camera 0,20,30 --target 10,ten,1 --out '" + out + "'");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("--target: expected x,y,z (metres), got '10,ten,1'"), std::string::npos) << run.output;
    EXPECT_FALSE(std::filesystem::exists(out));

    // A folder that cannot exist (a file is in the way) fails before rendering, with exit 4; a
    // missing folder is created, as for every verb's outputs (docs/CLI.md).
    writeText(dir / "plain", "x\n");
    run = runSluice("render builtin:default:64 --size 32x32 --out '" + (dir / "plain" / "x.png").string() + "'");
    EXPECT_EQ(run.exitCode, 4) << run.output;
    EXPECT_NE(run.output.find("x.png"), std::string::npos) << run.output;
    run = runSluice("render builtin:default:64 --size 32x32 --quiet --out '" + (dir / "missing_dir" / "x.png").string() + "'");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_TRUE(std::filesystem::exists(dir / "missing_dir" / "x.png"));
}

}  // namespace
}  // namespace sluice::test

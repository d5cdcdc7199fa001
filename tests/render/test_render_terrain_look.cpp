// The terrain's look (docs/VIEWER.md, "The terrain look") on the headless context: a 1 m deep trench
// reads in the 3-D view through ambient occlusion and cavity shading (and does not without them), the
// world's edge is drawn as a diorama's walls (pixels below the edge are no longer background), the
// vertical exaggeration moves a hill's top on screen to where the renderer's projection puts it, the
// AO map is darker in a pit than on the plateau and only recomputed around a change, and ground the
// water has left is darker, then dries back over the simulated seconds the view asks for. Small grids
// and images so every test runs in seconds on llvmpipe.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "render/render_layout.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "sim/field_layout.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"

namespace sluice::test {
namespace {

float& at(sim::Scene& s, int x, int y) { return s.terrainM[std::size_t(y) * std::size_t(s.width) + std::size_t(x)]; }

// Gently rolling ground (+-0.3 m over tens of metres): a trench must stand out from real variation.
void roll(sim::Scene& s) {
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) at(s, x, y) = 0.3f * std::sin(0.09f * float(x)) * std::cos(0.07f * float(y));
}

sim::GpuSolver& gpuOf(std::unique_ptr<sim::Solver>& solver) { return dynamic_cast<sim::GpuSolver&>(*solver); }

// Mean luminance (display) of patches at world points.
float meanLuminance(const render::RgbImage& im, const render::Camera& cam, const std::vector<glm::vec3>& points) {
    double sum = 0;
    for (const glm::vec3& p : points) sum += patchAt(im, cam, p, 1).luminance();
    return float(sum / double(points.size()));
}

// --- A 1 m trench reads at a glance -----------------------------------------------------------------

// 128 x 96 cells of 1 m, rolling ground, a trench 1 m deep and 4 cells wide (y 46..49) from x 20 to
// 107, seen from the south-south-west at 50 degrees from 90 m: the trench is ~10 px wide at 320x240.
struct TrenchLuminance {
    float floor = 0, around = 0;
    float contrast() const { return (around - floor) / std::max(around, 1e-3f); }
};

TrenchLuminance trenchLuminance(bool ambientOcclusion) {
    sim::Scene s = flatScene(128, 96, 1.0f);
    roll(s);
    for (int y = 46; y <= 49; ++y)
        for (int x = 20; x < 108; ++x) at(s, x, y) -= 1.0f;
    auto solver = makeSolver("gpu", s);
    if (!solver) return {};
    auto renderer = makeRenderer();
    if (!renderer) return {};
    render::ViewSettings look;
    look.shadows = false;  // the sun's shadow in the trench is the old look: measure the new shading alone
    look.ambientOcclusion = ambientOcclusion;
    const render::Camera cam = orbitCamera({64.0f, 48.0f, 0.0f}, -15.0f, 50.0f, 90.0f);
    const render::RgbImage im = renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, 320, 240);
    std::vector<glm::vec3> floor, around;
    for (int x = 34; x <= 94; x += 6) {
        const float fx = float(x) + 0.5f;
        floor.push_back({fx, 48.0f, at(s, x, 48)});
        around.push_back({fx, 38.0f, at(s, x, 38)});  // 10 m south and north of the trench's middle
        around.push_back({fx, 58.0f, at(s, x, 58)});
    }
    return {meanLuminance(im, cam, floor), meanLuminance(im, cam, around)};
}

// Measured on llvmpipe (display luminance): with AO and cavity shading the floor is 21 % darker than
// the ground around; without them 1 % (the floor is level, lit as the ground is). 0.1 sits between.
constexpr float kTrenchContrast = 0.1f;

TEST(TerrainLook, AOneMetreTrenchIsVisibleAndOnlyThanksToTheNewShading) {
    const TrenchLuminance on = trenchLuminance(true);
    const TrenchLuminance off = trenchLuminance(false);
    RecordProperty("contrast_on", std::to_string(on.contrast()));
    RecordProperty("contrast_off", std::to_string(off.contrast()));
    EXPECT_GT(on.contrast(), kTrenchContrast) << "floor " << on.floor << " around " << on.around;
    EXPECT_LT(std::abs(off.contrast()), kTrenchContrast)
        << "without AO and cavity shading the level floor should look like the ground around it: floor " << off.floor
        << " around " << off.around;
}

// --- The diorama's sides ------------------------------------------------------------------------------

// 256 x 64 cells of 1 m, flat at 0: the base lies 3 % of the width (7.7 m) below. Seen from the south
// at 20 degrees, a point 5.5 m below the middle of the south edge is below the old skirts (2.5 m).
TEST(TerrainLook, TheWorldsEdgeIsDrawnAsWallsDownToABase) {
    sim::Scene s = flatScene(256, 64, 1.0f);
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    const render::Camera cam = orbitCamera({128.0f, 0.5f, -3.0f}, 0.0f, 20.0f, 60.0f);
    render::ViewSettings look;
    const render::RgbImage walls = renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, 160, 120);
    look.dioramaSides = false;
    const render::RgbImage none = renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, 160, 120);
    for (float below : {4.0f, 5.5f, 7.0f}) {
        const glm::vec3 p(128.0f, 0.5f, -below);
        const Rgb wall = patchAt(walls, cam, p, 1), sky = patchAt(none, cam, p, 1);
        SCOPED_TRACE(testing::Message() << below << " m below the edge");
        const float distance = std::abs(wall.r - sky.r) + std::abs(wall.g - sky.g) + std::abs(wall.b - sky.b);
        EXPECT_GT(distance, 0.25f) << "wall " << wall.r << " " << wall.g << " " << wall.b << ", background " << sky.r
                                   << " " << sky.g << " " << sky.b;
        EXPECT_GT(wall.r, wall.b) << "soil and rock are warm, the background haze is blue";
    }
    // Below the base, both show the background.
    const Rgb under = patchAt(walls, cam, {128.0f, 0.5f, -12.0f}, 1), underNone = patchAt(none, cam, {128.0f, 0.5f, -12.0f}, 1);
    EXPECT_NEAR(under.luminance(), underNone.luminance(), 0.02f);
}

// --- Vertical exaggeration -----------------------------------------------------------------------------

// The topmost row of column x that is not background (background: the image's left column, which the
// world does not reach, in the same row), -1 if none.
int topOfTerrain(const render::RgbImage& im, int x) {
    for (int y = 0; y < im.height; ++y) {
        const Rgb a = pixel(im, x, y), b = pixel(im, 1, y);
        if (std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b) > 0.08f) return y;
    }
    return -1;
}

TEST(TerrainLook, VerticalExaggerationScalesTheProjectedHeight) {
    // A 10 m round hill in the middle of a flat 48 x 48 m world, seen from the side, low, from 140 m.
    sim::Scene s = flatScene(48, 48, 1.0f);
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 48; ++x) {
            const float r2 = (float(x) - 23.5f) * (float(x) - 23.5f) + (float(y) - 23.5f) * (float(y) - 23.5f);
            at(s, x, y) = 10.0f * std::exp(-r2 / 40.0f);
        }
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    const render::Camera cam = orbitCamera({24.0f, 24.0f, 5.0f}, 0.0f, 4.0f, 140.0f);
    const int w = 200, h = 150;
    int tops[2] = {0, 0}, expected[2] = {0, 0};
    const float scales[2] = {1.0f, 2.0f};
    for (int k = 0; k < 2; ++k) {
        render::ViewSettings look;
        look.verticalExaggeration = scales[k];
        const render::RgbImage im = renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, w, h);
        tops[k] = topOfTerrain(im, w / 2);
        // Where the renderer's projection puts the hill's top (the cell centres' highest point).
        const glm::vec4 clip = render::SceneRenderer::viewProjection(cam, float(w) / float(h), look) *
                               glm::vec4(24.0f, 24.0f, at(s, 23, 23), 1.0f);
        expected[k] = int((0.5f - 0.5f * clip.y / clip.w) * float(h));
    }
    EXPECT_NEAR(tops[0], expected[0], 3) << "unexaggerated";
    EXPECT_NEAR(tops[1], expected[1], 3) << "twice as tall";
    EXPECT_LT(tops[1], tops[0] - 8) << "the exaggerated hill reaches higher on screen";
}

// --- Ambient occlusion ------------------------------------------------------------------------------------

// A flat 96 x 96 plateau of 1 m cells with a 3 m deep, 8 x 8 cell pit at (20..27, 60..67).
TEST(TerrainLook, AmbientOcclusionDarkensAPitAndIsOnlyRecomputedAroundAChange) {
    sim::Scene s = flatScene(96, 96, 1.0f);
    for (int y = 60; y < 68; ++y)
        for (int x = 20; x < 28; ++x) at(s, x, y) = -3.0f;
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    renderer->forceBoundsLag(0);
    const render::Camera cam = orbitCamera({48.0f, 48.0f, 0.0f}, 0.0f, 60.0f, 120.0f);
    render::ViewSettings look;
    look.shadows = false;
    auto draw = [&] { return renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, 160, 120); };
    look.ambientOcclusion = false;
    const render::RgbImage without = draw();
    look.ambientOcclusion = true;
    const render::RgbImage im = draw();
    ASSERT_NE(renderer->terrainAoMap(), nullptr);
    const std::vector<float> ao = renderer->terrainAoMap()->downloadVisibility();
    ASSERT_EQ(ao.size(), std::size_t(96 * 96));
    const float pit = ao[std::size_t(63) * 96 + 23], plateau = ao[std::size_t(30) * 96 + 70];
    EXPECT_LT(pit, 0.7f) << "the pit's floor sees little of the sky";
    EXPECT_GT(plateau, 0.98f) << "the open plateau sees all of it";
    // On screen, against the same frame without AO: the pit's floor darker, the plateau as it was.
    const glm::vec3 floor(24.0f, 64.0f, -3.0f), open(70.0f, 30.0f, 0.0f);
    EXPECT_LT(patchAt(im, cam, floor, 1).luminance(), 0.9f * patchAt(without, cam, floor, 1).luminance());
    EXPECT_NEAR(patchAt(im, cam, open, 1).luminance(), patchAt(without, cam, open, 1).luminance(), 0.01f);

    // Nothing changed: nothing recomputed. Then the pit is filled, and the map follows.
    draw();
    EXPECT_EQ(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 0);
    const sim::CellBox box{20, 60, 8, 8};
    std::vector<float> block(box.cellCount(), 0.0f);
    solver->writeTerrainRegion(box, block.data());
    draw();
    EXPECT_GT(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 0);
    EXPECT_GT(renderer->terrainAoMap()->downloadVisibility()[std::size_t(63) * 96 + 23], 0.98f) << "the pit is filled";
}

TEST(TerrainLook, AChangeRecomputesOnlyTheTilesWithinTheOcclusionsReach) {
    // 256 x 256 cells: 4 x 4 chunks, 16 x 16 tiles. A bump in chunk (3, 3) (cells 200..203).
    sim::Scene s = flatScene(256, 256, 1.0f);
    roll(s);
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    renderer->forceBoundsLag(0);
    const render::Camera cam = orbitCamera({128.0f, 128.0f, 0.0f}, 0.0f, 60.0f, 300.0f);
    render::ViewSettings look;
    look.shadows = false;
    auto draw = [&] { renderImage(*renderer, render::solverInputs(gpuOf(solver)), cam, look, 64, 48); };
    draw();
    EXPECT_EQ(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 256) << "the first frame computes every tile";
    draw();
    EXPECT_EQ(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 0);
    const sim::CellBox box{200, 200, 4, 4};
    std::vector<float> block(box.cellCount(), 0.2f);  // below the rolling ground's highest point
    solver->writeTerrainRegion(box, block.data());
    draw();
    // Chunk (3, 3) spans cells 192..255; padded by 41 cells: 151..296, so tiles from x, y = 144 on:
    // columns and rows 9..15, 7 x 7 = 49 tiles.
    EXPECT_EQ(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 49);
    // A new vertical exaggeration redoes all (horizons are angles in the drawn shape).
    look.verticalExaggeration = 2.0f;
    draw();
    EXPECT_EQ(renderer->terrainAoMap()->tilesUpdatedLastFrame(), 256);
}

// --- Wet ground dries ---------------------------------------------------------------------------------------

// 64 x 64 cells of 1 m, flat: water 0.2 m deep over the west half at t = 0, then gone; the ground it
// left is darker than ground never wet, lighter again after part of the drying time, dry after all of it.
TEST(TerrainLook, WetGroundDarkensThenDriesOverSimulatedTime) {
    sim::Scene s = flatScene(64, 64, 1.0f);
    auto solver = makeSolver("gpu", s);
    ASSERT_TRUE(solver);
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    const std::size_t cells = 64 * 64;
    std::vector<std::int32_t> wet(cells, 0), dry(cells, 0);
    const auto unitsPerM = std::int32_t(std::lround(1.0 / SLUICE_DEPTH_UNIT));
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 32; ++x) wet[std::size_t(y) * 64 + std::size_t(x)] = unitsPerM / 5;  // 0.2 m
    // Laid out as the solver lays out its fields (shaders/sim/field_layout.h).
    const sim::FieldLayout layout = gpuOf(solver).fieldLayout();
    gl::Buffer wetDepth(layout.words() * 4, layout.laidOut(wet.data(), 64, 64).data());
    gl::Buffer dryDepth(layout.words() * 4, layout.laidOut(dry.data(), 64, 64).data());

    render::ViewSettings look;
    look.shadows = false;
    look.wetDryingSeconds = 100.0f;
    const render::Camera cam = orbitCamera({32.0f, 32.0f, 0.0f}, 0.0f, 70.0f, 70.0f);
    render::RenderInputs in = render::solverInputs(gpuOf(solver));
    auto frame = [&](const gl::Buffer& depth, float t) {
        in.depth = &depth;
        in.timeSeconds = t;
        return renderImage(*renderer, in, cam, look, 128, 96);
    };
    const glm::vec3 left(16.0f, 32.0f, 0.0f), right(48.0f, 32.0f, 0.0f);
    auto wetnessAt = [&](int x, int y) { return renderer->wetnessMap()->download()[std::size_t(y) * 64 + std::size_t(x)]; };

    // The same ground never wet: a renderer that has only seen it dry.
    float neverWet = 0;
    {
        auto fresh = makeRenderer();
        ASSERT_TRUE(fresh);
        in.depth = &dryDepth;
        neverWet = patchAt(renderImage(*fresh, in, cam, look, 128, 96), cam, left, 2).luminance();
    }
    const float neverWetRight = patchAt(frame(dryDepth, 0.0f), cam, right, 2).luminance();
    frame(wetDepth, 0.0f);
    EXPECT_FLOAT_EQ(wetnessAt(16, 32), 1.0f);
    EXPECT_FLOAT_EQ(wetnessAt(48, 32), 0.0f);

    // 10 s after the water left (frames of 0.5 s): wetness 0.9, the ground clearly darker.
    render::RgbImage im;
    for (int k = 1; k <= 20; ++k) im = frame(dryDepth, 0.5f * float(k));
    EXPECT_NEAR(wetnessAt(16, 32), 0.9f, 1.0f / 255.0f);
    const float justLeft = patchAt(im, cam, left, 2).luminance();
    EXPECT_LT(justLeft, 0.85f * neverWet) << "ground the water has just left is darker";
    EXPECT_NEAR(patchAt(im, cam, right, 2).luminance(), neverWetRight, 0.01f) << "ground never wet is unchanged";

    // 60 s: lighter than just after, still darker than dry ground.
    im = frame(dryDepth, 60.0f);
    EXPECT_NEAR(wetnessAt(16, 32), 0.4f, 2.0f / 255.0f);  // 153 of 255 steps, give or take the last
    const float drying = patchAt(im, cam, left, 2).luminance();
    EXPECT_GT(drying, justLeft + 0.02f);
    EXPECT_LT(drying, neverWet - 0.01f);

    // 100 s: dry, as if never wet.
    im = frame(dryDepth, 100.0f);
    EXPECT_LE(wetnessAt(16, 32), 1.0f / 255.0f);
    EXPECT_NEAR(patchAt(im, cam, left, 2).luminance(), neverWet, 0.01f);

    // A clock that goes back (a reset, an undo) starts over from the water drawn now.
    frame(wetDepth, 200.0f);
    frame(dryDepth, 5.0f);
    EXPECT_FLOAT_EQ(wetnessAt(16, 32), 0.0f);
}

}  // namespace
}  // namespace sluice::test

// The false-colour overlays on the headless context, read back from the image: every overlay colour
// is a colour of the ramp (render/overlay.hpp), so a pixel decodes to the value it shows. Courant
// numbers follow the substep, max depth stays above the present depth where water receded, first-wet
// times grow away from a source, and dry or never-wet ground is grey, far from every ramp colour.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "render/overlay.hpp"
#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

// Ramp colours decode to within ~1/255 per channel; grey ground lies 0.2 or more from the ramp.
constexpr float kOnRamp = 0.03f, kOffRamp = 0.15f;

struct Decoded {
    float value = 0;     ///< fraction of the overlay's range
    float distance = 0;  ///< from the nearest ramp colour
};

Decoded decode(const Rgb& c) {
    Decoded d;
    d.value = render::overlayRampValue({c.r, c.g, c.b}, &d.distance);
    return d;
}

render::ViewSettings plainOverlay(int kind) {
    render::ViewSettings v;
    v.overlay = kind;
    v.shadows = false;  // a shadowed flat cell would shade the history colours
    return v;
}

// World point at the centre of cell (x, y) at height z.
glm::vec3 cellCentre(int x, int y, float z) { return {float(x) + 0.5f, float(y) + 0.5f, z}; }

TEST(RenderOverlays, CourantOverlayFollowsTheSubstep) {
    // A pool 1 m deep at rest: C = sqrt(g h) dt_sub / dx exactly.
    sim::Scene scene = flatScene(32, 32, 1.0f);
    scene.depthM.assign(scene.cellCount(), 1.0f);
    auto solver = makeSolver("gpu", scene);
    auto renderer = makeRenderer();
    ASSERT_TRUE(solver && renderer);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    const render::Camera cam = topDown(scene, 1.0f);
    auto courantAt = [&](float dtSub) {
        render::RenderInputs in = render::solverInputs(gpu);
        in.dtSubSeconds = dtSub;
        in.gravity = 9.81f;
        const render::RgbImage im = renderImage(*renderer, in, cam, plainOverlay(render::kOverlayCourant), 96, 96);
        return patchAt(im, cam, {16.0f, 16.0f, 1.0f}, 2);
    };
    const float waveSpeed = std::sqrt(9.81f * 1.0f);
    for (float dtSub : {0.05f, 0.15f, 0.28f}) {
        const Decoded d = decode(courantAt(dtSub));
        EXPECT_LT(d.distance, kOnRamp) << "dt " << dtSub;
        EXPECT_NEAR(d.value, waveSpeed * dtSub, 0.01f) << "dt " << dtSub;
    }
    // Above 1 the ramp ends and the overlay turns red.
    const Rgb over = courantAt(0.5f);
    EXPECT_GT(over.r, 0.8f);
    EXPECT_LT(over.g, 0.3f);
    EXPECT_GT(decode(over).distance, kOffRamp);
}

TEST(RenderOverlays, MaxDepthStaysAboveDepthWhereWaterReceded) {
    const sim::Scene scene = damBreakScene();
    RunWithHistory run = runWithHistory(scene, 100, 0.05f);  // 5 s: the column has dropped, the front is mid-flume
    auto renderer = makeRenderer();
    ASSERT_TRUE(run && renderer);
    const sim::FieldSnapshot now = run.gpu->download();
    const render::WaterHistory::Cells cells = run.history->download();

    render::RenderInputs in = render::solverInputs(*run.gpu);
    in.history = run.history.get();
    const render::Camera cam = topDown(scene, 0.0f);
    const float range = 1.25f;  // metres at the top of both ramps
    render::ViewSettings depthView = plainOverlay(render::kOverlayDepth), maxView = plainOverlay(render::kOverlayMaxDepth);
    depthView.overlayDepthMaxM = maxView.overlayDepthMaxM = range;
    const render::RgbImage depthIm = renderImage(*renderer, in, cam, depthView, 640, 192);
    const render::RgbImage maxIm = renderImage(*renderer, in, cam, maxView, 640, 192);

    int receded = 0, dry = 0;
    const int y = scene.height / 2;
    auto cell = [&](int x, int yy) { return std::size_t(yy) * std::size_t(scene.width) + std::size_t(x); };
    for (int x = 1; x < scene.width - 1; ++x) {
        const float h = now.depthM[cell(x, y)];
        const Decoded dNow = decode(patchAt(depthIm, cam, cellCentre(x, y, h), 0));
        const Decoded dMax = decode(patchAt(maxIm, cam, cellCentre(x, y, h), 0));
        // The depth overlay interpolates between cell centres, and a pixel centre sits up to half a
        // pixel (0.05 cells) off the cell's: it shows a depth within the 3x3 neighbourhood's range.
        float lo = 1e9f, hi = -1e9f;
        for (int j = y - 1; j <= y + 1; ++j)
            for (int i = x - 1; i <= x + 1; ++i) {
                lo = std::min(lo, now.depthM[cell(i, j)]);
                hi = std::max(hi, now.depthM[cell(i, j)]);
            }
        if (lo > 0.1f) {
            EXPECT_LT(dNow.distance, kOnRamp) << "x " << x;
            EXPECT_GE(dNow.value, lo / range - 0.01f) << "x " << x;
            EXPECT_LE(dNow.value, hi / range + 0.01f) << "x " << x;
            // The max-depth overlay shows each cell's own record.
            EXPECT_LT(dMax.distance, kOnRamp) << "x " << x;
            EXPECT_NEAR(dMax.value, cells.maxDepthM[cell(x, y)] / range, 0.01f) << "x " << x;
        }
        if (x < kDamColumns) {
            // The column stood 1 m deep here and has dropped: the max shows 1 m, above the depth now.
            EXPECT_LT(h, 0.7f);
            EXPECT_NEAR(dMax.value, 1.0f / range, 0.01f) << "x " << x;
            EXPECT_GT(dMax.value, dNow.value + 0.2f) << "x " << x;
            ++receded;
        }
        if (hi == 0.0f && cells.maxDepthM[cell(x, y)] == 0.0f) {
            // Never wet: grey in both.
            EXPECT_GT(dNow.distance, kOffRamp) << "x " << x;
            EXPECT_GT(dMax.distance, kOffRamp) << "x " << x;
            ++dry;
        }
    }
    EXPECT_EQ(receded, kDamColumns - 1);
    EXPECT_GE(dry, 10) << "the front should not have reached the far end yet";
}

TEST(RenderOverlays, FirstWetOverlayGrowsAwayFromTheSource) {
    const sim::Scene scene = spreadingSourceScene();
    RunWithHistory run = runWithHistory(scene, 160, 0.05f);  // 8 s
    auto renderer = makeRenderer();
    ASSERT_TRUE(run && renderer);
    const render::WaterHistory::Cells cells = run.history->download();

    render::RenderInputs in = render::solverInputs(*run.gpu);
    in.history = run.history.get();
    const render::Camera cam = topDown(scene, 0.0f);
    const render::RgbImage im = renderImage(*renderer, in, cam, plainOverlay(render::kOverlayFirstWet), 192, 192);
    const float elapsed = float(run.history->elapsedSeconds());
    float previous = -1.0f;
    int onRamp = 0;
    for (int x = 25; x < 47; ++x) {
        const float t = cells.firstWetSeconds[std::size_t(24) * 48 + std::size_t(x)];
        const Decoded d = decode(patchAt(im, cam, cellCentre(x, 24, 0.0f), 0));
        if (std::isinf(t)) {
            EXPECT_GT(d.distance, kOffRamp) << "never-wet cell " << x << " should be grey";
            continue;
        }
        EXPECT_LT(d.distance, kOnRamp) << "x " << x;
        EXPECT_NEAR(d.value, t / elapsed, 0.02f) << "x " << x;
        EXPECT_GE(d.value, previous - 0.01f) << "x " << x;
        previous = d.value;
        ++onRamp;
    }
    EXPECT_GE(onRamp, 6);
    EXPECT_GT(previous, 0.5f) << "the front's end got wet in the second half of the run";
    // Without a history the overlay has nothing to show: everything is grey.
    in.history = nullptr;
    const render::RgbImage none = renderImage(*renderer, in, cam, plainOverlay(render::kOverlayFirstWet), 192, 192);
    EXPECT_GT(decode(patchAt(none, cam, cellCentre(26, 24, 0.0f), 0)).distance, kOffRamp);
}

TEST(RenderOverlays, NamesRoundTrip) {
    for (int k = 0; k < render::kOverlayCount; ++k) EXPECT_EQ(render::overlayFromName(render::overlayName(k)), k);
    EXPECT_EQ(render::overlayFromName("max depth"), -1);
    EXPECT_TRUE(render::overlayNeedsHistory(render::kOverlayFirstWet));
    EXPECT_FALSE(render::overlayNeedsHistory(render::kOverlayCourant));
}

}  // namespace
}  // namespace sluice::test

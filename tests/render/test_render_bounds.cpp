// Chunk bounds read back frames late (render/chunk_bounds_reader.hpp) on the headless context: the
// lag stays bounded, and culling with bounds computed before water rose and spread into a dry chunk
// still draws that water exactly as culling with fresh bounds does.
#include <gtest/gtest.h>

#include <algorithm>

#include "render/solver_inputs.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"

namespace sluice::test {
namespace {

constexpr int kW = 192, kH = 64;  // 3 x 1 chunks of 64 cells

// Gentle dunes with water up to `level` in the cells west of `wetUntilX` (dry east of it).
sim::Scene channel(int wetUntilX, float level) {
    sim::Scene s = flatScene(kW, kH, 1.0f);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const std::size_t i = std::size_t(y) * kW + std::size_t(x);
            s.terrainM[i] = 0.4f * std::sin(0.21f * float(x)) * std::sin(0.17f * float(y));
            s.depthM[i] = x < wetUntilX ? std::max(0.0f, level - s.terrainM[i]) : 0.0f;
        }
    return s;
}

// The whole channel, obliquely.
render::Camera view() { return orbitCamera({96.0f, 32.0f, 0.5f}, 17.0f, 46.0f, 190.0f); }

TEST(RenderBounds, WaterThatRoseAndSpreadAfterTheBoundsIsStillDrawn) {
    // Before: water in the west chunk only. After: deeper, and across the middle chunk too.
    auto before = makeSolver("gpu", channel(60, 0.3f));
    auto after = makeSolver("gpu", channel(124, 0.9f));
    ASSERT_TRUE(before && after);
    auto& a = dynamic_cast<sim::GpuSolver&>(*before);
    auto& b = dynamic_cast<sim::GpuSolver&>(*after);
    const render::Camera cam = view();
    render::ViewSettings look;
    look.normalMaps = false;  // nothing but geometry and depth matters here
    auto inputs = [](const sim::GpuSolver& s) {
        render::RenderInputs in = render::solverInputs(s);
        in.timeSeconds = 1.0f;
        return in;
    };

    // Reference: culled with this frame's own bounds.
    auto exact = makeRenderer();
    ASSERT_TRUE(exact);
    exact->forceBoundsLag(0);
    const render::RgbImage reference = renderImage(*exact, inputs(b), cam, look, 256, 128);
    EXPECT_EQ(exact->lastStats().waterChunks, 2);

    // Lagged: two frames of the old state, then the new state culled with bounds from two frames ago.
    auto lagged = makeRenderer();
    ASSERT_TRUE(lagged);
    lagged->forceBoundsLag(2);
    const render::RgbImage old = renderImage(*lagged, inputs(a), cam, look, 256, 128);
    EXPECT_EQ(lagged->lastStats().boundsLagFrames, 0) << "the first frame has only its own bounds";
    (void)renderImage(*lagged, inputs(a), cam, look, 256, 128);
    const render::RgbImage late = renderImage(*lagged, inputs(b), cam, look, 256, 128);
    EXPECT_EQ(lagged->lastStats().boundsLagFrames, 2);
    EXPECT_GE(lagged->lastStats().waterChunks, 2) << "the middle chunk was dry in those bounds";

    const ImageDiff change = compareImages(old, reference);
    ASSERT_GT(change.meanAbs, 2.0) << "the water should have visibly changed";
    const ImageDiff diff = compareImages(late, reference);
    EXPECT_LE(diff.maxAbs, 1) << "mean " << diff.meanAbs << ": lagged bounds culled something visible";
}

TEST(RenderBounds, LagStaysBoundedWithoutWaiting) {
    auto solver = makeSolver("gpu", channel(100, 0.5f));
    auto renderer = makeRenderer();
    ASSERT_TRUE(solver && renderer);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    int worst = 0;
    for (int f = 0; f < 6; ++f) {
        (void)renderImage(*renderer, render::solverInputs(gpu), view(), {}, 64, 32);
        worst = std::max(worst, renderer->lastStats().boundsLagFrames);
        EXPECT_GT(renderer->lastStats().terrainChunks, 0);
    }
    EXPECT_LE(worst, render::ChunkBoundsReader::kMaxLagFrames);
}

}  // namespace
}  // namespace sluice::test

// The temporally blocked kernel (shaders/sim/water_tile.comp, `sluice bench --kernels` tb rows) must
// compute the water models' step, not something cheaper: after many substeps on moving water, in passes
// of several substeps each, its depths, flows and largest speeds are the CPU's (sim::stepWaterPatches
// on one periodic patch the size of the grid) to the bit, for tile shapes whose inner parts do not
// divide the grid (tiles reaching past its edges, wrapping around), for substep counts that are not
// a multiple of the pass's, and the grid keeps its water to the unit; both models. (On llvmpipe it
// fails with the pipes' halo one cell short at 1 and 4 substeps per pass, with a halo of one cell per
// substep at 1 to 3, with a flow's sign flipped, with the shallow-water halo at 2 cells per substep
// instead of 4 (3 passes: the fourth cell matters only where the limiter binds on that chain) and
// without the barrier that ends a shallow-water substep; other missing barriers show only on a GPU.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <tuple>

#include "app/bench/temporal_blocking.hpp"
#include "sim/builtin_scenes.hpp"
#include "tests/support/gl_suite.hpp"
#include "tests/support/water_patches_equal.hpp"
#include "tests/support/water_scenes.hpp"

using namespace sluice;

namespace {

// Tile: the shallow-water model (else the pipes), x, thread rows, cell rows, substeps per pass.
using Shape = std::tuple<bool, int, int, int, int>;

class WaterTile : public test::WithGlContext<::testing::TestWithParam<Shape>> {};

struct Stepped {
    sim::WaterPatches start, cpu, gpu;
};

// The bench's hills under a tilted surface low enough that their tops stand dry, cropped to 126 x
// 102 cells (so no tile shape below divides it), stepped on both sides. The shallow water at the
// shorelines makes cells send out more than they hold, so the limiter binds and a cell's new depth
// depends on cells two away (pipes) or four (shallow water): a halo one cell short per substep gives
// other bits.
Stepped stepBoth(const app::TileShape& shape, float dtScale, int substeps) {
    const sim::Scene scene = test::shorelineScene(shape.swe ? sim::WaterModel::Swe : sim::WaterModel::Pipes);
    const float dt = dtScale * test::shorelineSubstep(scene);
    Stepped r;
    r.start = sim::waterPatchesFromScene(scene, 126, 102);
    r.cpu = r.start;
    r.gpu = r.start;
    const sim::SubstepConstants c = sim::waterPatchConstants(scene, dt);
    sim::stepWaterPatches(r.cpu, c, scene.cellSizeM, scene.params.gravity, substeps);
    const auto ran = app::stepWaterTilesGpu(r.gpu, c, scene.cellSizeM, scene.params.gravity, substeps, shape);
    if (!ran) {
        ADD_FAILURE() << ran.error().message;
        return r;
    }
    test::expectSameWater(r.gpu, r.cpu);
    return r;
}

std::int64_t units(const sim::WaterPatches& p) { return std::accumulate(p.depth.begin(), p.depth.end(), std::int64_t(0)); }

TEST_P(WaterTile, KernelComputesTheStepToTheBit) {
    const auto [swe, x, threadRows, cellRows, substeps] = GetParam();
    const app::TileShape shape{x, threadRows, cellRows, substeps, swe};
    if (!shape.fits(app::maxSharedBytes())) GTEST_SKIP() << "the tile needs more shared memory than this device has";
    ASSERT_NE(126 % shape.innerW(), 0);
    ASSERT_NE(102 % shape.innerH(), 0);
    // 41 substeps (the shallow-water films start from rest and run off more slowly: 201), not a
    // multiple of any pass's substeps above 1.
    const Stepped r = stepBoth(shape, 1.0f, swe ? 201 : 41);
    const sim::WaterPatches& cpu = r.cpu;
    // The water moved: most wet cells changed depth and most faces between them carry flow; films
    // ran off hilltops, so some cells kept less than half their water.
    std::size_t wet = 0, changed = 0, drained = 0;
    for (std::size_t i = 0; i < cpu.depth.size(); ++i) {
        wet += r.start.depth[i] > 0;
        changed += r.start.depth[i] > 0 && cpu.depth[i] != r.start.depth[i];
        drained += cpu.depth[i] < r.start.depth[i] / 2;
    }
    const auto moving = std::count_if(cpu.flowX.begin(), cpu.flowX.end(), [](float q) { return q != 0.0f; });
    EXPECT_GT(changed, wet * 3 / 4);
    EXPECT_GT(std::size_t(moving), wet * 2 / 3);
    EXPECT_GT(drained, 20u) << drained;
    EXPECT_EQ(units(r.gpu), units(r.start));
    if (swe) {
        const auto flowing = std::count_if(cpu.velocityY.begin(), cpu.velocityY.end(), [](float u) { return u != 0.0f; });
        EXPECT_GT(std::size_t(flowing), wet * 2 / 3);
    }

    // Substeps four times as long (the shallow-water model's faces reach the guard at eight): the
    // Courant guard holds faces back, on both sides alike.
    const Stepped fast = stepBoth(shape, swe ? 8.0f : 4.0f, 13);
    EXPECT_LT(fast.cpu.allowed[0], fast.cpu.demand[0]) << "no face reached the Courant guard";
}

std::string shapeName(const ::testing::TestParamInfo<Shape>& p) {
    const auto [swe, x, threadRows, cellRows, substeps] = p.param;
    return std::string(swe ? "swe_" : "pipes_") + std::to_string(x) + "x" + std::to_string(threadRows * cellRows) + "_rows" + std::to_string(cellRows) + "_s" +
           std::to_string(substeps);
}

INSTANTIATE_TEST_SUITE_P(Shapes, WaterTile,
                         // Each model's last tile needs more than llvmpipe's 32 KiB of shared memory (the
                         // bench's, within NVIDIA's 48 KiB); the others fit.
                         ::testing::Values(Shape{false, 32, 8, 2, 2}, Shape{false, 32, 8, 4, 3}, Shape{false, 32, 4, 4, 1},
                                           Shape{false, 32, 8, 4, 4}, Shape{false, 32, 16, 1, 2}, Shape{false, 64, 8, 4, 2},
                                           Shape{true, 32, 8, 2, 1}, Shape{true, 32, 8, 4, 1}, Shape{true, 32, 8, 4, 2},
                                           Shape{true, 64, 12, 2, 1}),
                         shapeName);

}  // namespace

// The water history (render/water_history.hpp) on the headless context: max depth never below any
// depth seen and held after the water recedes, first-wet times that grow with distance from a source,
// "never wet" where no water came, reset(), and the precision of the half-float packing.
#include <gtest/gtest.h>

#include <cstdint>

#include <cmath>
#include <limits>
#include <memory>

#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "sim/field_layout.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

std::unique_ptr<render::WaterHistory> makeHistory() {
    auto h = render::WaterHistory::create();
    EXPECT_TRUE(h.ok()) << (h.ok() ? "" : h.error().message);
    return h ? std::move(*h) : nullptr;
}

TEST(RenderHistory, MaxDepthHoldsThePeakAfterTheWaterRecedes) {
    const sim::Scene scene = damBreakScene();
    RunWithHistory run = runWithHistory(scene, 100, 0.05f);  // 5 s: the column has collapsed
    ASSERT_TRUE(run);
    sim::GpuSolver& gpu = *run.gpu;
    render::WaterHistory* history = run.history.get();
    const sim::FieldSnapshot now = gpu.download();
    const render::WaterHistory::Cells cells = history->download();
    ASSERT_EQ(cells.maxDepthM.size(), now.depthM.size());

    int receded = 0;
    for (std::size_t i = 0; i < now.depthM.size(); ++i) {
        // Rounded up to a half float: never below what was seen, at most one half-float step above.
        EXPECT_GE(cells.maxDepthM[i], now.depthM[i]) << "cell " << i;
        const int x = int(i % std::size_t(scene.width));
        if (x < kDamColumns) {
            EXPECT_GE(cells.maxDepthM[i], 1.0f);
            EXPECT_LE(cells.maxDepthM[i], 1.0f + 1.0f / 1024.0f);
            EXPECT_EQ(cells.firstWetSeconds[i], 0.0f) << "wet from the start";
            receded += now.depthM[i] < 0.7f ? 1 : 0;
        }
    }
    EXPECT_EQ(receded, kDamColumns * scene.height) << "the whole column should have dropped well below 1 m";
    EXPECT_NEAR(history->elapsedSeconds(), 5.0, 1e-6);
}

TEST(RenderHistory, FirstWetTimeGrowsWithDistanceFromTheSource) {
    const sim::Scene scene = spreadingSourceScene();
    const float dt = 0.05f;
    RunWithHistory run = runWithHistory(scene, 160, dt);  // 8 s
    ASSERT_TRUE(run);
    sim::GpuSolver& gpu = *run.gpu;
    render::WaterHistory* history = run.history.get();
    const sim::FieldSnapshot now = gpu.download();
    const render::WaterHistory::Cells cells = history->download();
    const float inf = std::numeric_limits<float>::infinity();
    auto at = [&](int x, int y) { return std::size_t(y) * std::size_t(scene.width) + std::size_t(x); };

    // Along the four rays out of the source, the first-wet time never decreases, and the wet front's
    // far end got wet seconds after the source's cells.
    const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : dirs) {
        float previous = cells.firstWetSeconds[at(24, 24)];
        EXPECT_LE(previous, 2.0f * dt) << "the source cell is wet within a step or two";
        int reach = 0;
        for (int k = 1; k < 24; ++k) {
            const float t = cells.firstWetSeconds[at(24 + k * d[0], 24 + k * d[1])];
            if (t == inf) break;
            EXPECT_GE(t, previous) << "direction (" << d[0] << ", " << d[1] << ") at distance " << k;
            previous = t;
            reach = k;
        }
        EXPECT_GE(reach, 6) << "the water should have spread some cells";
        EXPECT_LT(reach, 23) << "the front should not have reached the walls (nothing would be never wet)";
        EXPECT_GT(previous, 1.0f) << "the front's end got wet later than the start";
    }
    // Consistency with the state now: wet cells have a time no later than now; the corners never got wet.
    for (std::size_t i = 0; i < now.depthM.size(); ++i) {
        if (now.depthM[i] > 0.001f) {
            EXPECT_LE(cells.firstWetSeconds[i], float(gpu.counters().timeSeconds) * (1.0f + 1.0f / 2048.0f));
        }
        EXPECT_GE(cells.maxDepthM[i], now.depthM[i]);
    }
    EXPECT_EQ(cells.firstWetSeconds[at(0, 0)], inf);
    EXPECT_EQ(cells.maxDepthM[at(0, 0)], 0.0f);

    // reset() forgets: after one update the record is the present state, times from the new origin.
    history->reset(gpu.counters().timeSeconds);
    history->update(render::solverInputs(gpu), gpu.counters().timeSeconds);
    const render::WaterHistory::Cells fresh = history->download();
    for (std::size_t i = 0; i < now.depthM.size(); ++i) {
        EXPECT_GE(fresh.maxDepthM[i], now.depthM[i]);
        EXPECT_LE(fresh.maxDepthM[i], now.depthM[i] * (1.0f + 1.0f / 1024.0f) + 1e-7f);
        EXPECT_EQ(fresh.firstWetSeconds[i], now.depthM[i] > 0.001f ? 0.0f : inf);
    }
}

TEST(RenderHistory, HalfFloatPackingKeepsTheStatedPrecision) {
    // A hand-made depth field over a 4 x 2 grid in the solver's units (2^-20 m): values across the
    // half-float range and up to the most a cell holds, and just under 1 mm (not wet: the threshold is
    // "more than 1 mm").
    const std::vector<std::int32_t> units = {0, 524, 1048, 1153, 1294467, 39603897, 537186304, 1049303859};
    std::vector<float> depth;
    for (std::int32_t u : units) depth.push_back(sim::unitsToDepth(u));
    ASSERT_LT(depth[2], 0.001f);
    auto solver = makeSolver("gpu", flatScene(4, 2, 1.0f));  // for the context
    auto history = makeHistory();
    ASSERT_TRUE(solver && history);
    // Laid out as a GPU solver's fields in tiles or in strips (shaders/sim/field_layout.h): the
    // renderer reads them so.
    for (sim::FieldOrder order : {sim::FieldOrder::Tiles, sim::FieldOrder::Strips}) {
        SCOPED_TRACE(sim::fieldOrderName(order));
        const sim::FieldLayout layout(4, 2, order);
        gl::Buffer buffer(layout.words() * sizeof(std::int32_t), layout.laidOut(units.data(), 4, 2).data());
        render::RenderInputs in;
        in.width = 4;
        in.height = 2;
        in.fieldOrder = order;
        in.depth = &buffer;
        history->reset(100.0);
        history->update(in, 100.0 + 1234.567);  // 1234.567 s after the origin
        const render::WaterHistory::Cells cells = history->download();
        for (std::size_t i = 0; i < depth.size(); ++i) {
            EXPECT_GE(cells.maxDepthM[i], depth[i]) << i;
            // 11 significant bits, rounded up: within 2^-10 relative (subnormals: within 2^-24 absolute).
            EXPECT_LE(cells.maxDepthM[i], depth[i] * (1.0f + 1.0f / 1024.0f) + 6e-8f) << i;
            if (depth[i] > 0.001f) {
                EXPECT_NEAR(cells.firstWetSeconds[i], 1234.567f, 1234.567f / 2048.0f) << i;
            } else {
                EXPECT_EQ(cells.firstWetSeconds[i], std::numeric_limits<float>::infinity()) << i;
            }
        }
        // Later wetting never overwrites the first time; times beyond the range clamp to 65504 s.
        history->update(in, 100.0 + 2000.0);
        EXPECT_NEAR(history->download().firstWetSeconds[4], 1234.567f, 1.0f);
        history->reset(0.0);
        history->update(in, 1e6);
        EXPECT_EQ(history->download().firstWetSeconds[4], 65504.0f);
    }
}

}  // namespace
}  // namespace sluice::test

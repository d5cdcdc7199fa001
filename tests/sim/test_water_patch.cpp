// The arithmetic ceiling's kernel (shaders/sim/water_patch.comp, `sluice bench --kernels`) must compute
// the water models' step, not something cheaper: after many substeps on moving water its depths,
// flows, velocities and speeds are the CPU's (sim::stepWaterPatches, the step's formulas) to the bit,
// for both models and every patch shape the bench measures, and each periodic patch keeps its water
// to the unit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <tuple>

#include "app/bench/arithmetic_ceiling.hpp"
#include "sim/builtin_scenes.hpp"
#include "tests/support/gl_suite.hpp"
#include "tests/support/water_patches_equal.hpp"

using namespace sluice;

namespace {

std::int64_t patchUnits(const sim::WaterPatches& p, int px, int py) {
    std::int64_t sum = 0;
    for (int y = py * p.patchH; y < (py + 1) * p.patchH; ++y)
        for (int x = px * p.patchW; x < (px + 1) * p.patchW; ++x) sum += p.depth[std::size_t(y) * std::size_t(p.width) + std::size_t(x)];
    return sum;
}

class WaterPatch : public test::WithGlContext<::testing::TestWithParam<std::tuple<sim::WaterModel, int, int>>> {};

// Steps the scene's patches of the test's shape on both sides; expects the same bits.
struct Stepped {
    sim::WaterPatches start, cpu, gpu;
};
Stepped stepBoth(const sim::Scene& scene, float dt, int w, int h, int substeps) {
    Stepped r;
    r.start = sim::waterPatchesFromScene(scene, w, h);
    r.cpu = r.start;
    r.gpu = r.start;
    const sim::SubstepConstants c = sim::waterPatchConstants(scene, dt);
    sim::stepWaterPatches(r.cpu, c, scene.cellSizeM, scene.params.gravity, substeps);
    const auto ran = app::stepWaterPatchesGpu(r.gpu, c, scene.cellSizeM, scene.params.gravity, substeps);
    EXPECT_TRUE(ran) << ran.error().message;
    test::expectSameWater(r.gpu, r.cpu);
    return r;
}

TEST_P(WaterPatch, KernelComputesTheStepsFormulasToTheBit) {
    const auto [model, w, h] = GetParam();
    // The bench's moving water (a tilted lake over hills) at the bench's substep, with the model's own
    // friction law (the bench runs the pipes with the linear one).
    sim::Scene scene = sim::benchSloshScene(64);
    scene.params.model = model;
    scene.params.frictionLaw = model == sim::WaterModel::Pipes ? sim::FrictionLaw::Linear : sim::defaultFrictionLaw(model);
    const float benchDt = 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f);
    const Stepped r = stepBoth(scene, benchDt, w, h, 40);
    const sim::WaterPatches& cpu = r.cpu;
    ASSERT_EQ(cpu.width % w, 0);
    // The water moved: most faces carry flow and most cells changed depth; every patch kept its units.
    const auto moving = std::count_if(cpu.flowX.begin(), cpu.flowX.end(), [](float q) { return q != 0.0f; });
    EXPECT_GT(moving, std::ptrdiff_t(cpu.flowX.size() * 3 / 4));
    std::size_t changed = 0;
    for (std::size_t i = 0; i < cpu.depth.size(); ++i) changed += cpu.depth[i] != r.start.depth[i];
    EXPECT_GT(changed, cpu.depth.size() * 3 / 4);
    if (model == sim::WaterModel::Swe) {
        const auto flowing = std::count_if(cpu.velocityY.begin(), cpu.velocityY.end(), [](float u) { return u != 0.0f; });
        EXPECT_GT(flowing, std::ptrdiff_t(cpu.velocityY.size() * 3 / 4));
    }
    for (int py = 0; py < cpu.height / h; ++py)
        for (int px = 0; px < cpu.width / w; ++px) ASSERT_EQ(patchUnits(r.gpu, px, py), patchUnits(r.start, px, py));

    // A substep four times as long: the Courant guard holds some faces back, on both sides alike.
    const Stepped fast = stepBoth(scene, 4.0f * benchDt, w, h, 12);
    std::size_t held = 0;
    for (std::size_t i = 0; i < fast.cpu.demand.size(); ++i) held += fast.cpu.allowed[i] < fast.cpu.demand[i];
    EXPECT_GT(held, 0u) << "no face reached the Courant guard";
}

std::string shapeName(const ::testing::TestParamInfo<std::tuple<sim::WaterModel, int, int>>& p) {
    const auto [model, w, h] = p.param;
    return std::string(model == sim::WaterModel::Swe ? "swe" : "pipes") + "_" + std::to_string(w) + "x" + std::to_string(h);
}

INSTANTIATE_TEST_SUITE_P(Shapes, WaterPatch,
                         ::testing::Values(std::tuple{sim::WaterModel::Pipes, 2, 2}, std::tuple{sim::WaterModel::Pipes, 4, 2},
                                           std::tuple{sim::WaterModel::Pipes, 4, 4}, std::tuple{sim::WaterModel::Swe, 2, 2},
                                           std::tuple{sim::WaterModel::Swe, 4, 2}, std::tuple{sim::WaterModel::Swe, 4, 4}),
                         shapeName);

}  // namespace

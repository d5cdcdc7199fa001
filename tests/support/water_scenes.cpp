#include "tests/support/water_scenes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "render/solver_inputs.hpp"
#include "sim/builtin_scenes.hpp"
#include "tests/support/backends.hpp"

namespace sluice::test {

sim::Scene damBreakScene() {
    sim::Scene s = flatScene(64, 16, 1.0f);
    s.params.friction = 0.2f;  // damps the sloshing between the walls
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < kDamColumns; ++x) s.depthM[std::size_t(y) * std::size_t(s.width) + std::size_t(x)] = 1.0f;
    return s;
}

sim::Scene spreadingSourceScene() {
    sim::Scene s = flatScene(48, 48, 1.0f);
    s.params.friction = 0.05f;
    s.sources.push_back(rateSource(24.0f, 24.0f, 2.0f, 2.0f));
    return s;
}

sim::Scene shorelineScene(sim::WaterModel model) {
    sim::Scene scene = sim::benchScene(128);
    const auto [lo, hi] = std::minmax_element(scene.terrainM.begin(), scene.terrainM.end());
    for (int y = 0; y < scene.height; ++y)
        for (int x = 0; x < scene.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(scene.width) + std::size_t(x);
            const float surface = *lo + 0.4f * (*hi - *lo) + 2.0f * (1.0f - (float(x) + 0.5f) / float(scene.width));
            scene.depthM[i] = std::max(0.02f, surface - scene.terrainM[i]);
        }
    scene.params.model = model;
    scene.params.frictionLaw = sim::FrictionLaw::Linear;
    return scene;
}

float shorelineSubstep(const sim::Scene& scene) { return 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f); }

sim::Emitter rateSource(float x, float y, float radiusCells, float rateM3PerS) {
    sim::Emitter e;
    e.x = x;
    e.y = y;
    e.radiusCells = radiusCells;
    e.mode = sim::EmitterMode::Rate;
    e.rateM3PerS = rateM3PerS;
    return e;
}

void stepWithHistory(sim::GpuSolver& solver, render::WaterHistory& history, int steps, float dtSeconds) {
    history.update(render::solverInputs(solver), solver.counters().timeSeconds);
    for (int i = 0; i < steps; ++i) {
        solver.step(dtSeconds);
        history.update(render::solverInputs(solver), solver.counters().timeSeconds);
    }
}

RunWithHistory runWithHistory(const sim::Scene& scene, int steps, float dtSeconds) {
    RunWithHistory run;
    run.solver = makeSolver("gpu", scene);
    if (!run.solver) return run;
    auto history = render::WaterHistory::create();
    EXPECT_TRUE(history.ok()) << (history.ok() ? "" : history.error().message);
    if (!history) return run;
    run.gpu = dynamic_cast<sim::GpuSolver*>(run.solver.get());
    run.history = std::move(*history);
    stepWithHistory(*run.gpu, *run.history, steps, dtSeconds);
    return run;
}

}  // namespace sluice::test

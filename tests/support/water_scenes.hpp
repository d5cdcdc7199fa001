#pragma once
// Small scenes where water moves in a known way, for the history and overlay tests, and a loop that
// steps a solver while folding every step into a water history.
#include <memory>

#include "render/water_history.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/scene.hpp"

namespace sluice::test {

/// A flat 64 x 16 flume (1 m cells, walls) with 1 m of water in its 12 westmost columns: the column
/// collapses eastward, so the west end recedes while the east end gets wet later.
sim::Scene damBreakScene();
inline constexpr int kDamColumns = 12;

/// A flat, dry 48 x 48 plain (1 m cells, walls) with a 2 m^3/s source of radius 2 at its centre
/// (24, 24): water spreads outward, reaching farther cells later.
sim::Scene spreadingSourceScene();

/// The bench's 128^2 hills under a tilted surface low enough that their tops stand dry, at least 2 cm
/// of water everywhere, `model` with the linear friction law (Manning's would hold the films on the
/// hilltops): the shallow water at the shorelines makes cells send out more than they hold, so the
/// limiter binds and a cell's new depth depends on cells two away (pipes) or four (shallow water).
/// The temporally blocked kernels' tests: a halo one cell short changes bits here.
sim::Scene shorelineScene(sim::WaterModel model);
/// The substep that moves it fast: a quarter of a cell per substep for waves of 20 m depth.
float shorelineSubstep(const sim::Scene& scene);

/// A Rate-mode source of rateM3PerS over a disc of radiusCells at cell coordinates (x, y).
sim::Emitter rateSource(float x, float y, float radiusCells, float rateM3PerS);

/// `steps` steps of dtSeconds; the history sees the initial state and every step.
void stepWithHistory(sim::GpuSolver& solver, render::WaterHistory& history, int steps, float dtSeconds);

/// A GPU solver of a scene and a water history that has seen it run.
struct RunWithHistory {
    std::unique_ptr<sim::Solver> solver;
    sim::GpuSolver* gpu = nullptr;  ///< the solver, as the GPU solver it is
    std::unique_ptr<render::WaterHistory> history;
    explicit operator bool() const { return gpu && history; }
};
/// Creates both and runs stepWithHistory; empty members (and a test failure) when creation fails.
RunWithHistory runWithHistory(const sim::Scene& scene, int steps, float dtSeconds);

}  // namespace sluice::test

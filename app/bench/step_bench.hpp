#pragma once
// Timing the GPU step and the CPU reference on a scene, as `sluice bench` measures them: fixed
// substeps (no CFL readback), the count doubled until one run is long enough to time.
#include <cmath>
#include <string>

#include "gl/result.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// The bench's substep (s): a quarter of the gravity-wave Courant limit of 20 m of water.
inline float benchDt(const sim::Scene& scene) { return 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f); }

/// One timed GPU run.
struct GpuRun {
    double substepsPerSecond = 0;
    int substepsTimed = 0;
    double bytesPerCell = 0;
    double tilesComputed = 0;  ///< fraction of group-substeps computed (Tuning::countTiles only)
};

/// GPU substeps per second on `scene` with the given tuning: fixed substeps of a quarter of the
/// gravity-wave Courant limit of 20 m of water, doubled until a run takes minSeconds. Needs a current GL
/// context.
Result<GpuRun> measureGpu(const sim::Scene& scene, const sim::GpuSolver::Tuning& tuning, double minSeconds);
/// CPU reference substeps per second on `scene` (one thread); substepsOut: the count timed.
double measureCpu(const sim::Scene& scene, double minSeconds, int& substepsOut, int threads = 0);

}  // namespace sluice::app

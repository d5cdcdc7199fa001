#pragma once
// The GPU step's kernels as `sluice bench` measures them (variants: two-pass, the stream kernel with
// 1 or 2 substeps per dispatch, two-pass in skewed sweeps), and the timing of a solver on a scene:
// fixed substeps, no CFL readback, the count doubled until one run is long enough to time.
#include <string>

#include "sim/gpu_solver.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

// Variant 0: the two-pass step; variants 1 .. kMaxSubstepsPerDispatch: the stream step with v
// substeps per dispatch; the last: the two-pass step in Kernel::Auto's skewed sweeps.
constexpr int kMaxStream = sim::GpuSolver::kMaxSubstepsPerDispatch;
constexpr int kSweepVariant = kMaxStream + 1;
constexpr int kVariants = kMaxStream + 2;
inline bool isStream(int v) { return v >= 1 && v <= kMaxStream; }

/// One point of the --stream-* sweep (0: the solver's default).
struct StreamShape {
    int rows = 0, width = 0;
};

/// The solver tuning of variant v on a grid `width` cells wide; dry-tile skipping off (the dense
/// table measures the kernels alone; the dry table turns it on).
sim::GpuSolver::Tuning variantTuning(int v, int width, StreamShape shape = {});
/// DRAM traffic of variant v by the model of docs/PERFORMANCE.md (bytes per cell-step).
double variantBytesPerCellStep(int v);
/// "two-pass", "stream N" or "sweeps".
std::string variantName(int v);

/// One timed GPU run.
struct GpuRun {
    double substepsPerSecond = 0;
    int substepsTimed = 0;
    double bytesPerCell = 0;
    double tilesComputed = 0;  ///< fraction of tile-substeps computed (countTiles only)
    bool subgroups = false;    ///< the kernel reduces with subgroup arithmetic
    int streamRows = 0;        ///< stream tile rows in use
};

/// GPU substeps per second on `scene` with the given tuning: fixed substeps (no CFL readback), doubled
/// until a run takes minSeconds. Needs a current GL context.
Result<GpuRun> measureGpu(const sim::Scene& scene, const sim::GpuSolver::Tuning& tuning, double minSeconds);
/// CPU reference substeps per second on `scene` (one thread); substepsOut: the count timed.
double measureCpu(const sim::Scene& scene, double minSeconds, int& substepsOut);

}  // namespace sluice::app

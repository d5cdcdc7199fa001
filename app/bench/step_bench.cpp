#include "app/bench/step_bench.hpp"

#include <chrono>
#include <cmath>

#include <glad/gl.h>

#include "sim/cpu_solver.hpp"

namespace sluice::app {

namespace {

using Clock = std::chrono::steady_clock;
using Kernel = sim::GpuSolver::Kernel;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

sim::GpuSolver::Tuning variantTuning(int v, int width, StreamShape shape) {
    sim::GpuSolver::Tuning t;
    t.kernel = isStream(v) ? Kernel::Stream : Kernel::TwoPass;
    t.substepsPerDispatch = isStream(v) ? v : 1;
    if (v == kSweepVariant) {
        t.stripRows = sim::GpuSolver::autoStripRows(width);
        t.sweepSubsteps = sim::GpuSolver::kAutoSweepSubsteps;
    }
    t.streamRows = shape.rows;
    t.streamWidth = shape.width;
    t.skipDryTiles = false;  // the dense table measures the kernels alone; the dry table turns it on
    return t;
}

// DRAM traffic by the model of docs/PERFORMANCE.md (a sweep's strip is far larger than the L2 cache).
double variantBytesPerCellStep(int v) {
    return isStream(v) ? sim::GpuSolver::streamBytesPerCellStep(v) : sim::GpuSolver::kTwoPassBytesPerCellStep;
}

std::string variantName(int v) {
    return v == 0 ? "two-pass" : v == kSweepVariant ? "sweeps" : "stream " + std::to_string(v);
}

// GPU substeps per second on `scene` with the given tuning: fixed substeps (no CFL readback), doubled
// until a run takes minSeconds.
Result<GpuRun> measureGpu(const sim::Scene& scene, const sim::GpuSolver::Tuning& tuning, double minSeconds) {
    auto created = sim::GpuSolver::create(scene);
    if (!created) return created.error();
    sim::GpuSolver& solver = **created;
    GpuRun out;
    solver.setTuning(tuning);
    out.subgroups = solver.usesSubgroups();
    out.streamRows = solver.streamRows();
    const float dt = 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f);
    solver.stepFixed(dt, 12);
    glFinish();
    for (int n = 12;; n *= 2) {
        solver.resetTileCount();
        const auto t = Clock::now();
        solver.stepFixed(dt, n);
        glFinish();
        const double s = since(t);
        if (s >= minSeconds || n > (1 << 20)) {
            out.substepsPerSecond = n / s;
            out.bytesPerCell = solver.bytesPerCell();  // after the run: sweeps allocate their scratch then
            out.substepsTimed = n;
            const int dispatches = tuning.kernel == Kernel::Stream ? (n + tuning.substepsPerDispatch - 1) / tuning.substepsPerDispatch : n;
            if (tuning.countTiles) out.tilesComputed = double(solver.tilesRun()) / (double(dispatches) * solver.tileCount());
            return out;
        }
    }
}

double measureCpu(const sim::Scene& scene, double minSeconds, int& substepsOut) {
    sim::CpuSolver solver(scene);
    const float dt = 0.25f * scene.cellSizeM / std::sqrt(scene.params.gravity * 20.0f);
    int n = 1;
    for (;;) {
        const auto t = Clock::now();
        solver.stepFixed(dt, n);
        const double s = since(t);
        if (s >= minSeconds || n > (1 << 16)) {
            substepsOut = n;
            return n / s;
        }
        n *= 2;
    }
}

}  // namespace sluice::app

#include "app/bench/step_bench.hpp"

#include <chrono>
#include <cmath>

#include <glad/gl.h>

#include "sim/cpu_solver.hpp"

namespace sluice::app {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

Result<GpuRun> measureGpu(const sim::Scene& scene, const sim::GpuSolver::Tuning& tuning, double minSeconds) {
    auto created = sim::GpuSolver::create(scene);
    if (!created) return created.error();
    sim::GpuSolver& solver = **created;
    GpuRun out;
    solver.setTuning(tuning);
    if ((tuning.fused || tuning.tiledPass2) && (solver.tuning().fusedCellRows != tuning.fusedCellRows ||
                                                solver.tuning().fusedThreadRows != tuning.fusedThreadRows))
        return Error{"the fused kernel's tiles of " + std::to_string(tuning.fusedThreadRows) + " x " +
                     std::to_string(tuning.fusedCellRows) + " rows do not fit this device's shared memory"};
    if (tuning.blockedSubsteps > 0 && solver.tuning().blockedSubsteps == 0)
        return Error{"the temporally blocked step's tiles of " + std::to_string(tuning.blockedTileX) + " x " +
                     std::to_string(tuning.blockedThreadRows * tuning.blockedCellRows) + " cells did not compile here (stderr says why)"};
    const float dt = benchDt(scene);
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
            if (tuning.countTiles) out.tilesComputed = double(solver.tilesRun()) / (double(n) * solver.tileCount());
            return out;
        }
    }
}

double measureCpu(const sim::Scene& scene, double minSeconds, int& substepsOut, int threads) {
    sim::CpuSolver solver(scene, threads);
    const float dt = benchDt(scene);
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

#include "app/cli/bench_kernels.hpp"

#include <cstdio>
#include <iostream>

#include "app/bench/arithmetic_ceiling.hpp"
#include "app/bench/step_bench.hpp"
#include "app/cli/common.hpp"
#include "sim/builtin_scenes.hpp"

namespace sluice::app {

namespace {

constexpr int kArithSubsteps = 32;  // substeps per dispatch of the arithmetic ceiling

// The arithmetic ceiling's rows for `scene` (a model's moving water): false on a GL error.
bool printArithmeticCeiling(const sim::Scene& scene, int size, const std::vector<std::pair<int, int>>& patches, double minSeconds,
                            double ceiling) {
    const bool swe = scene.params.model == sim::WaterModel::Swe;
    for (auto [w, h] : patches) {
        auto rate = measureArithmeticCeiling(scene, benchDt(scene), w, h, kArithSubsteps, minSeconds);
        if (!rate) {
            std::cerr << "error: " << rate.error().message << "\n";
            return false;
        }
        // Bed, depth, two flows (and two velocities) read, all but the bed written once per dispatch.
        const double m = *rate / 1e6, bytes = (swe ? 44.0 : 28.0) / kArithSubsteps;
        char kernel[32];
        std::snprintf(kernel, sizeof kernel, "arith %dx%d", w, h);
        std::printf("%5d^2 %6s %7s %10s %10.4g %5.2f %8.4g %6.2g%% %7.1f\n", size, swe ? "SWE" : "pipes", "moving", kernel, m,
                    bytes, m * bytes / 1e3, 100.0 * m * bytes * 1e6 / ceiling, swe ? 24.0 : 16.0);
        std::fflush(stdout);
    }
    return true;
}

// The pipes' step temporally blocked in tile t (step_blocked.comp: edges, emitters, ledger, CFL speeds
// and flags included), on any grid: its row, or why the tile cannot run.
void printBlockedStep(const sim::Scene& scene, int size, const TileShape& t, double minSeconds, double ceiling) {
    sim::GpuSolver::Tuning st;
    st.stripRows = -1;
    st.skipDryTiles = false;
    st.blockedSubsteps = t.substeps;
    st.blockedTileX = t.x;
    st.blockedThreadRows = t.threadRows;
    st.blockedCellRows = t.cellRows;
    char kernel[32];
    std::snprintf(kernel, sizeof kernel, "step %dx%dr%ds%d", t.x, t.height(), t.cellRows, t.substeps);
    const std::string problem = sim::GpuSolver::blockedShapeProblem(st);
    auto run = problem.empty() ? measureGpu(scene, st, minSeconds) : Result<GpuRun>(Error{problem});
    if (!run) {
        std::printf("%5d^2 %6s %7s %10s  %s\n", size, "pipes", "moving", kernel, run.error().message.c_str());
        return;
    }
    const double m = run->substepsPerSecond * double(size) * double(size) / 1e6, bytes = t.bytesPerCellStep();
    std::printf("%5d^2 %6s %7s %10s %10.4g %5.2f %8.4g %6.2g%% %7.1f\n", size, "pipes", "moving", kernel, m, bytes, m * bytes / 1e3,
                100.0 * m * bytes * 1e6 / ceiling, run->bytesPerCell);
    std::fflush(stdout);
}

// The temporally blocked kernels' rows for `scene` (a model's moving water): false on a GL error.
bool printTemporalBlocking(const sim::Scene& scene, int size, const std::vector<TileShape>& tiles, double minSeconds, double ceiling) {
    const int shared = maxSharedBytes();
    const bool swe = scene.params.model == sim::WaterModel::Swe;
    for (TileShape t : tiles) {
        t.swe = swe;
        char kernel[32];
        std::snprintf(kernel, sizeof kernel, "tb %dx%dr%ds%d", t.x, t.height(), t.cellRows, t.substeps);
        if (!t.fits(shared) || t.x > size || t.height() > size) {
            std::printf("%5d^2 %6s %7s %10s  ", size, swe ? "SWE" : "pipes", "moving", kernel);
            if (t.innerW() <= 0 || t.innerH() <= 0) std::printf("its halo leaves no cells to write\n");
            else if (t.fits(shared)) std::printf("larger than the grid\n");
            else std::printf("needs more than the device's %d bytes of shared memory\n", shared);
        } else {
            auto rate = measureTemporalBlocking(scene, benchDt(scene), t, minSeconds);
            if (!rate) {
                std::cerr << "error: " << rate.error().message << "\n";
                return false;
            }
            const double m = *rate / 1e6, bytes = t.bytesPerCellStep();
            std::printf("%5d^2 %6s %7s %10s %10.4g %5.2f %8.4g %6.2g%% %7.1f\n", size, swe ? "SWE" : "pipes", "moving", kernel,
                        m, bytes, m * bytes / 1e3, 100.0 * m * bytes * 1e6 / ceiling,
                        swe ? 44.0 : 28.0);  // bed, two of depth and flows (and velocities)
            std::fflush(stdout);
        }
        if (!swe) printBlockedStep(scene, size, t, minSeconds, ceiling);
    }
    return true;
}

}  // namespace

int printKernelTable(const std::vector<int>& sizes, const KernelTableOptions& o) {
    const double minSeconds = o.minSeconds, ceiling = o.ceiling;
    std::printf("Step kernels, M cell-steps/s (skipping off: every cell computed), B: DRAM bytes per cell-step by\n"
                "design (GpuSolver::designBytesPerCellStep), GB/s: rate x B, copy: that over the copy ceiling\n"
                "(%.1f GB/s); fused TxR: one pass, groups of 128 x T invocations stepping tiles of 128 x TR cells;\n"
                "tiled TxR: two passes, pass 2 in such tiles; arith WxH: the model's arithmetic ceiling, periodic\n"
                "patches of W x H cells stepped %d substeps per dispatch in registers (water_patch.comp): the rate of\n"
                "the step's formulas alone, with no memory traffic to speak of; tb WxHrRsS: the model temporally\n"
                "blocked, tiles of W x H cells (R per invocation) with a halo of 2 S (SWE: 4 S) advanced S substeps per pass\n"
                "(water_tile.comp, periodic grid, interior formulas only); step WxHrRsS: the pipes' step so blocked\n"
                "(step_blocked.comp, Tuning::blockedSubsteps: edges, emitters, ledger, CFL speeds and flags included)\n",
                ceiling / 1e9, kArithSubsteps);
    std::printf("%7s %6s %7s %10s %10s %5s %8s %7s %7s\n", "grid", "model", "water", "kernel", "M/s", "B", "GB/s", "copy",
                "B/cell");
    for (int size : sizes)
        for (sim::WaterModel model : {sim::WaterModel::Pipes, sim::WaterModel::Swe})
            for (bool moving : {true, false}) {
                sim::Scene scene = moving ? sim::benchSloshScene(size) : sim::benchScene(size);
                scene.params.model = model;
                if (model == sim::WaterModel::Pipes) scene.params.frictionLaw = sim::FrictionLaw::Linear;
                // {0, 0}: two passes; {R, T} with R > 0: fused, R cell rows, T invocation rows; -R:
                // two passes, pass 2 tiled so.
                std::vector<std::pair<int, int>> shapes{{0, 0}};
                for (int threads : o.fusedThreads)
                    for (int rows : o.fusedRows) shapes.insert(shapes.end(), {{rows, threads}, {-rows, threads}});
                for (auto [shape, threads] : shapes) {
                    const int rows = shape > 0 ? shape : -shape;
                    sim::GpuSolver::Tuning t;
                    t.stripRows = -1;
                    t.skipDryTiles = false;
                    t.blockedSubsteps = 0;  // the step rows below are the blocked ones
                    t.fused = shape > 0;
                    t.tiledPass2 = shape < 0;
                    t.fusedCellRows = rows > 0 ? rows : 2;
                    if (threads > 0) t.fusedThreadRows = threads;
                    auto run = measureGpu(scene, t, minSeconds);
                    if (!run && (t.fused || t.tiledPass2)) {  // a tile too large for this device: the next
                        std::printf("%5d^2 %6s %7s  %s\n", size, model == sim::WaterModel::Swe ? "SWE" : "pipes",
                                    moving ? "moving" : "still", run.error().message.c_str());
                        continue;
                    }
                    if (!run) {
                        std::cerr << "error: " << run.error().message << "\n";
                        return kExitNoGpu;
                    }
                    const double m = run->substepsPerSecond * double(size) * double(size) / 1e6;
                    const double bytes = sim::GpuSolver::designBytesPerCellStep(model, shape > 0);
                    char kernel[32];
                    std::snprintf(kernel, sizeof kernel, shape > 0 ? "fused %dx%d" : shape < 0 ? "tiled %dx%d" : "two-pass", threads,
                                  rows);
                    // Three significant digits: a software renderer's figures are 1000x a GPU's smaller.
                    std::printf("%5d^2 %6s %7s %10s %10.4g %5.0f %8.4g %6.2g%% %7.1f\n", size,
                                model == sim::WaterModel::Swe ? "SWE" : "pipes", moving ? "moving" : "still", kernel, m,
                                bytes, m * bytes / 1e3, 100.0 * m * bytes * 1e6 / ceiling, run->bytesPerCell);
                    std::fflush(stdout);
                }
                if (moving && !printArithmeticCeiling(scene, size, o.patches, minSeconds, ceiling)) return kExitNoGpu;
                if (moving && !printTemporalBlocking(scene, size, o.tiles, minSeconds, ceiling)) return kExitNoGpu;
            }
    return kExitOk;
}

}  // namespace sluice::app

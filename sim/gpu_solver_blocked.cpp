// GpuSolver's temporally blocked substeps (step_blocked.comp): each dispatch advances every tile up to
// Tuning::blockedSubsteps substeps, every output written to the other copy of the state, as the fused
// kernel does.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sim/gpu_solver.hpp"
#include "sim/measure_env.hpp"

namespace sluice::sim {

std::string GpuSolver::blockedShapeProblem(const Tuning& t) {
    const int s = t.blockedSubsteps, x = t.blockedTileX, threads = t.blockedThreadRows, rows = t.blockedCellRows;
    const int innerW = x - 4 * s, innerH = threads * rows - 4 * s;
    const std::string shape = "tiles of " + std::to_string(x) + " x " + std::to_string(threads * rows) + " cells, " +
                              std::to_string(s) + " substeps";
    if (s < 1 || s > 4) return "substeps per dispatch must be 1 to 4, not " + std::to_string(s);
    if ((x != 32 && x != 64 && x != 128) || (rows != 1 && rows != 2 && rows != 4) || threads < 1 || x * threads > 1024)
        return shape + ": the width must be 32, 64 or 128 cells, 1, 2 or 4 cells an invocation, at most 1024 invocations";
    if (innerW < 32 || innerH < 8)
        return shape + ", write " + std::to_string(std::max(innerW, 0)) + " x " + std::to_string(std::max(innerH, 0)) +
               " cells each (at least 32 x 8: the ledger holds a slot pair for each)";
    return {};
}

void GpuSolver::compileBlockedOrTurnOff() {
    if (tuning_.blockedSubsteps <= 0) return;
    std::string problem = blockedShapeProblem(tuning_);
    const Tuning& t = tuning_;
    const int s = t.blockedSubsteps, x = t.blockedTileX, threads = t.blockedThreadRows, rows = t.blockedCellRows;
    const std::string defines = "#define SLUICE_BLOCKED_X " + std::to_string(x) + "\n#define SLUICE_BLOCKED_THREAD_ROWS " +
                                std::to_string(threads) + "\n#define SLUICE_BLOCKED_CELL_ROWS " + std::to_string(rows) +
                                "\n#define SLUICE_BLOCKED_SUBSTEPS " + std::to_string(s) + "\n";
    if (problem.empty() && defines != blockedShape_) {
        auto program = gl::Program::compute("sim/step_blocked.comp", exactDefines_ + defines);
        if (program) {
            blocked_ = std::move(*program);
            blockedShape_ = defines;
            blockedInnerW_ = x - 4 * s;
            blockedInnerH_ = threads * rows - 4 * s;
        } else {
            problem = program.error().message;
        }
    }
    if (problem.empty()) return;
    std::fprintf(stderr, "sluice: temporally blocked kernel: %s; it stays off\n", problem.c_str());
    tuning_.blockedSubsteps = 0;
}

int defaultBlockedSubsteps() {
    static const int substeps = [] {
        const char* forced = std::getenv("SLUICE_BLOCKED_SUBSTEPS");
        if (!forced) return 0;
        const std::string v = forced;
        if (v.size() == 1 && v[0] >= '0' && v[0] <= '4') return v[0] - '0';
        warnIgnoredEnv("SLUICE_BLOCKED_SUBSTEPS", forced, "0, 1, 2, 3 or 4");
        return 0;
    }();
    return substeps;
}

bool GpuSolver::runsBlocked() const {
    return tuning_.blockedSubsteps > 0 && blocked_.id() != 0 && params_.model == WaterModel::Pipes && !erosionRunning() &&
           !anyTransmissive(boundary_);
}

void GpuSolver::advanceBlocked(int n) {
    const int most = tuning_.blockedSubsteps;
    const gl::Program& blocked = *blockedPass_;
    const GLuint tilesX = GLuint((width_ + blockedInnerW_ - 1) / blockedInnerW_);
    const GLuint tilesY = GLuint((height_ + blockedInnerH_ - 1) / blockedInnerH_);
    blocked.use();
    blocked.set("uAmountStride", amountStride_);
    blocked.set("uLedgerSlot0", blockedSlot0_);
    const std::uint32_t zero = 0;
    for (int done = 0; done < n;) {
        const int k = std::min(most, n - done);
        // After a dispatch of several substeps the other copy holds the depth from k substeps
        // before, not the one before the last substep, which transmissive edges read and snapshots
        // keep: the last such dispatch writes that one aside, swapped in below.
        const bool keepPrev = done + k == n && k > 1;
        if (keepPrev && prevDepth_.bytes() < depth_[0].bytes()) prevDepth_ = gl::Buffer(depth_[0].bytes());
        bindOtherCopyOutputs();
        (keepPrev ? prevDepth_ : depth_[1 - depthCur_]).bindStorage(SLUICE_BIND_RAW_Y);
        // Tiles OR their groups' bits in (several share a pass group).
        glClearNamedBufferData(flags_[1 - flagsCur_].id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        blocked.use();
        blocked.set("uAmountBase", amountTable0_ + done * amountStride_);
        blocked.set("uSubsteps", k);
        blocked.set("uKeepPrev", keepPrev ? 1 : 0);
        glDispatchCompute(tilesX, tilesY, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        depthCur_ = 1 - depthCur_;
        flow_ = 1 - flow_;
        flagsCur_ = 1 - flagsCur_;
        if (keepPrev) std::swap(depth_[1 - depthCur_], prevDepth_);
        done += k;
    }
}

}  // namespace sluice::sim

// GpuSolver's substeps (pipe_flux.comp + step_depth.comp): over the whole grid each substep, or in
// skewed sweeps over strips of rows on large grids (docs/ARCHITECTURE.md, "Skewed sweeps").
#include <algorithm>
#include <cstddef>
#include <cstdlib>

#include "sim/gpu_solver.hpp"

namespace sluice::sim {

void GpuSolver::advanceWhole(int n) {
    // Effective flows stay in flow_ (pass 2 rewrites them in place); the other pair holds pass 1's
    // raw transfers.
    flowX_[flow_].bindStorage(SLUICE_BIND_FLOW_X);
    flowY_[flow_].bindStorage(SLUICE_BIND_FLOW_Y);
    flowX_[flow_].bindStorage(SLUICE_BIND_FLOW_X_OUT);
    flowY_[flow_].bindStorage(SLUICE_BIND_FLOW_Y_OUT);
    flowX_[1 - flow_].bindStorage(SLUICE_BIND_RAW_X);
    flowY_[1 - flow_].bindStorage(SLUICE_BIND_RAW_Y);
    const gl::Program& flux = fluxPass();
    // For measuring each pass's share only (docs/PERFORMANCE.md): SLUICE_STEP_ONLY_PASS=1 or 2 leaves
    // the other pass out, which makes the step wrong; never set it for a real run.
    static const int onlyPass = [] {
        const char* v = std::getenv("SLUICE_STEP_ONLY_PASS");
        return v ? std::atoi(v) : 0;
    }();
    const bool lists = tuning_.skipDryTiles && tuning_.groupLists && !tuning_.tiledPass2 && onlyPass == 0;
    for (int i = 0; i < n; ++i) {
        depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
        depth_[1 - depthCur_].bindStorage(SLUICE_BIND_DEPTH_OUT);
        depth_[1 - depthCur_].bindStorage(SLUICE_BIND_DEPTH_OLD);  // read by swe_flux.comp before pass 2 writes it
        flags_[flagsCur_].bindStorage(SLUICE_BIND_TILES_IN);
        flags_[1 - flagsCur_].bindStorage(SLUICE_BIND_TILES_OUT);
        if (lists) {
            listGroups();
            dispatchPassList(flux, groupList_[0], i);
        } else if (onlyPass != 2) {
            dispatchPassRows(flux, 0, height_ + 1, 0, i);
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        setSedimentUniforms();  // the sediment halves swap every substep
        if (lists) {
            dispatchPassList(depthPass(), groupList_[1], i);
        } else if (onlyPass != 1 && tuning_.tiledPass2) {
            tiledPass2_.use();
            tiledPass2_.set("uAmountBase", amountTable0_ + i * amountStride_);
            glDispatchCompute(GLuint(passGroupsX_), GLuint((height_ + fusedTileRows() - 1) / fusedTileRows()), 1);
        } else if (onlyPass != 1) {
            dispatchPassRows(depthPass(), 0, height_, 0, i);
        }
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        depthCur_ = 1 - depthCur_;
        flagsCur_ = 1 - flagsCur_;
        if (erosionRunning()) erodeAndSlump();  // binds nothing pass 1 or 2 reads elsewhere
    }
}

int GpuSolver::autoStripRows(int width) {
    int rows = 64;
    while (double(width) * double(2 * rows) * 36.0 <= kSweepStripBytes) rows *= 2;
    return rows;
}

// Sweeps only when asked. On an H100 and an H200 the sweeps of 8-row strips, 2 substeps each, now and
// then gave other bits than the whole-grid step (GpuStepKernel.SkewedSweepsGiveIdenticalBits); a
// glFinish after each pass 2 avoided it, glMemoryBarrier(GL_ALL_BARRIER_BITS) did not, and llvmpipe
// always agrees. Until that race is found no run sweeps by default (docs/PERFORMANCE.md).
int GpuSolver::stripRows() const { return std::max(0, tuning_.stripRows); }

int GpuSolver::sweepSubsteps() const { return tuning_.stripRows > 0 ? tuning_.sweepSubsteps : kAutoSweepSubsteps; }

// Only the pipe model sweeps: the shallow-water pass 1 reads the depth before the last substep too,
// which a sweep's ping-pong copies do not keep for every strip. Fields in strips of columns do not:
// a strip of rows is not one stretch of their memory (rawAt in pass_region.h).
bool GpuSolver::sweeps(int n) const {
    return params_.model == WaterModel::Pipes && !erosionRunning() && fieldOrder_ != FieldOrder::Strips && stripRows() > 0 &&
           stripRows() < height_ && n >= 2;
}

// Skewed sweep (parallelogram tiling in time and rows): strips of L rows are advanced one after the
// other, each by k substeps, so that a strip's pages stay in the GPU's address-translation caches for
// k substeps instead of the whole grid streaming through them once per substep (docs/PERFORMANCE.md:
// on an H200 a pass over more than ~0.5 GB runs at half the bandwidth of one within it). A cell's new
// state needs the old state two rows either side (d = 2), so at substep j the boundaries between strips
// move up by j d rows: strip s covers [s L - j d, (s + 1) L - j d). The rows above it were brought to
// substep j by strip s - 1 at its substep j - 1, the rows below by strip s itself. Depth, flows and
// flags ping-pong every substep, so strip s - 1's later substeps (written to the same copy two substeps
// on) cover only rows above s L - (j + 1) d, which strip s no longer reads. Nothing is computed twice
// but pass 1's three halo face rows per strip and substep.
void GpuSolver::advanceSkewed(int n) {
    constexpr int d = 2;
    const int L = stripRows();
    const int strips = (height_ + L - 1) / L;
    const int K = sweepSubsteps();
    // Pass 1 of a strip computes face rows [lo - 1, hi + 2); the last strip grows by (k - 1) d rows.
    // In tiles the scratch holds the words from the first row's on (rawAt in pass_region.h) to the
    // end of the last row's tile row: whole tile rows, one more than they fill when they start inside one.
    const std::size_t rawRows = std::size_t(L + (K - 1) * d + 4);
    const FieldLayout layout = fieldLayout();
    const std::size_t rowWords = layout.order() == FieldOrder::Tiles ? std::size_t(layout.stride()) * SLUICE_TILE_W : std::size_t(layout.stride());
    const std::size_t rows = layout.order() == FieldOrder::Tiles ? ((rawRows + SLUICE_TILE_H - 1) / SLUICE_TILE_H + 1) * SLUICE_TILE_H : rawRows;
    const std::size_t bytes = rows * rowWords * 4;
    if (stripRawX_.bytes() < bytes) {
        stripRawX_ = gl::Buffer(bytes);
        stripRawY_ = gl::Buffer(bytes);
    }
    stripRawX_.bindStorage(SLUICE_BIND_RAW_X);
    stripRawY_.bindStorage(SLUICE_BIND_RAW_Y);
    for (int done = 0; done < n;) {
        const int k = std::min(K, n - done);
        for (int s = 0; s < strips; ++s)
            for (int j = 0; j < k; ++j) {
                const int lo = s == 0 ? 0 : s * L - j * d;
                const int hi = s == strips - 1 ? height_ : (s + 1) * L - j * d;
                const int in = j & 1, out = 1 - in;  // ping-pong copies relative to the sweep's start
                depth_[depthCur_ ^ in].bindStorage(SLUICE_BIND_DEPTH_IN);
                depth_[depthCur_ ^ out].bindStorage(SLUICE_BIND_DEPTH_OUT);
                // The depth before the last substep, for transmissive edges (pipe_flux.comp reads it
                // only in the edge cell's own row, which no other strip writes in between).
                depth_[depthCur_ ^ out].bindStorage(SLUICE_BIND_DEPTH_OLD);
                flowX_[flow_ ^ in].bindStorage(SLUICE_BIND_FLOW_X);
                flowY_[flow_ ^ in].bindStorage(SLUICE_BIND_FLOW_Y);
                flowX_[flow_ ^ out].bindStorage(SLUICE_BIND_FLOW_X_OUT);
                flowY_[flow_ ^ out].bindStorage(SLUICE_BIND_FLOW_Y_OUT);
                flags_[flagsCur_ ^ in].bindStorage(SLUICE_BIND_TILES_IN);
                flags_[flagsCur_ ^ out].bindStorage(SLUICE_BIND_TILES_OUT);
                const int raw0 = std::max(0, lo - 1);
                dispatchPassRows(fluxPass(), raw0, std::min(height_ + 1, hi + 2), raw0, done + j);
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                dispatchPassRows(depthPass(), lo, hi, raw0, done + j);
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
        if (k % 2 != 0) {
            depthCur_ = 1 - depthCur_;
            flow_ = 1 - flow_;
            flagsCur_ = 1 - flagsCur_;
        }
        done += k;
    }
}

void GpuSolver::listGroups() const {
    // Each list's count back to 0 (its (1, 1) stays), then one invocation per pass-1 group.
    const std::uint32_t zero = 0;
    for (const gl::Buffer& list : groupList_)
        glClearNamedBufferSubData(list.id(), GL_R32UI, 0, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    groupList_[0].bindStorage(SLUICE_BIND_GROUP_LIST);
    groupList_[1].bindStorage(SLUICE_BIND_GROUP_LIST_2);
    const int groups = pass1GroupsX() * pass1GroupsY();
    dryList_.use();
    glDispatchCompute(GLuint((groups + 63) / 64), 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void GpuSolver::dispatchPassList(const gl::Program& p, const gl::Buffer& list, int substep) const {
    p.use();
    p.set("uGroupList", 1);
    p.set("uGroupRowOffset", 0);
    p.set("uRowRange", 0, &p != &depthPass() ? height_ + 1 : height_);
    p.set("uRawRow0", 0);
    p.set("uAmountBase", amountTable0_ + substep * amountStride_);
    list.bindStorage(SLUICE_BIND_GROUP_LIST);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, list.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    p.set("uGroupList", 0);
}

void GpuSolver::dispatchPassRows(const gl::Program& p, int y0, int y1, int rawRow0, int substep) const {
    constexpr int GY = SLUICE_PASS_GROUP_Y;
    const int groupsX = &p != &depthPass() ? pass1GroupsX() : passGroupsX_;
    const int g0 = y0 / GY, g1 = (y1 + GY - 1) / GY;
    p.use();
    p.set("uGroupRowOffset", g0);
    p.set("uRowRange", y0, y1);
    p.set("uRawRow0", rawRow0);
    p.set("uAmountBase", amountTable0_ + substep * amountStride_);
    glDispatchCompute(GLuint(groupsX), GLuint(g1 - g0), 1);
}

}  // namespace sluice::sim

// GpuSolver's erosion: state buffers, the two erosion passes after each substep's pass 2 (erode.comp,
// slump.comp), the sediment uniforms of step_depth.comp, and the readbacks of the sediment ledger.
#include <algorithm>
#include <cstddef>
#include <numeric>

#include "sim/gpu_solver.hpp"

namespace sluice::sim {

using namespace sluice::sim::gpu;

namespace {
std::size_t cellsOf(int w, int h) { return std::size_t(w) * std::size_t(h); }
}  // namespace

void GpuSolver::setSedimentUniforms() {
    const bool on = erosionRunning();
    const int cells = width_ * height_;
    depthPass_.set("uErosion", on ? 1 : 0);
    depthPass_.set("uSedimentSlot0", int(sedimentSlot0_));
    if (!on) return;
    sediment_.bindStorage(SLUICE_BIND_SEDIMENT);
    depthPass_.set("uSedIn", sedHalf_ * cells);
    depthPass_.set("uSedOut", (1 - sedHalf_) * cells);
}

void GpuSolver::erodeAndSlump() {
    const ErosionConstants e = prepareErosion(params_.erosion, erosionDtSub_, cellSizeM_);
    const int cells = width_ * height_;
    sedHalf_ = 1 - sedHalf_;  // pass 2 wrote the new load there
    // Pass 2's work groups and flags (this substep's, flags_[flagsCur_] after the swap).
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    flags_[flagsCur_].bindStorage(SLUICE_BIND_TILES_IN);
    sediment_.bindStorage(SLUICE_BIND_SEDIMENT);
    soft_.bindStorage(SLUICE_BIND_SOFT);
    bedChange_.bindStorage(SLUICE_BIND_BED_CHANGE);
    hardness_.bindStorage(SLUICE_BIND_HARDNESS);
    bedBase_.bindStorage(SLUICE_BIND_BED_BASE);
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    ledger_.bindStorage(SLUICE_BIND_LEDGER);
    flowX_[flow_].bindStorage(SLUICE_BIND_FLOW_X);
    flowY_[flow_].bindStorage(SLUICE_BIND_FLOW_Y);

    erode_.set("uSize", width_, height_);
    erode_.set("uCellSize", cellSizeM_);
    erode_.set("uCapacity", e.capacity);
    erode_.set("uMinSin", e.minSin);
    erode_.set("uThin", e.thinDepthM);
    erode_.set("uDissolve", e.dissolveFactor);
    erode_.set("uDeposit", e.depositFactor);
    erode_.set("uSoftYield", e.softYield);
    erode_.set("uHalfInvDx", e.halfInvDx);
    erode_.set("uSed", sedHalf_ * cells);
    erode_.set("uLayer", layerHalf_ * cells);
    erode_.set("uSedimentSlot0", int(sedimentSlot0_));
    erode_.use();
    glDispatchCompute(GLuint(passGroupsX_), GLuint(passGroupsY_), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    slump_.set("uSize", width_, height_);
    slump_.set("uTalusDry", e.talusDryM);
    slump_.set("uTalusWet", e.talusWetM);
    slump_.set("uSlumpFactor", e.slumpFactor);
    slump_.set("uWetUnits", e.wetUnits);
    slump_.set("uIn", layerHalf_ * cells);
    slump_.set("uOut", (1 - layerHalf_) * cells);
    slump_.set("uRebase", 0);
    slump_.use();
    glDispatchCompute(GLuint(passGroupsX_), GLuint(passGroupsY_), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    layerHalf_ = 1 - layerHalf_;
}

void GpuSolver::rebase(const CellBox& box) {
    if (!erosionSetUp_ || box.cellCount() == 0) return;
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    bedBase_.bindStorage(SLUICE_BIND_BED_BASE);
    bedChange_.bindStorage(SLUICE_BIND_BED_CHANGE);
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    soft_.bindStorage(SLUICE_BIND_SOFT);
    hardness_.bindStorage(SLUICE_BIND_HARDNESS);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    slump_.set("uSize", width_, height_);
    slump_.set("uIn", layerHalf_ * width_ * height_);
    slump_.set("uRebase", 1);
    glProgramUniform4i(slump_.id(), slump_.location("uBox"), box.x0, box.y0, box.x0 + box.w, box.y0 + box.h);
    slump_.use();
    constexpr int GX = SLUICE_PASS_GROUP_X, GY = SLUICE_PASS_GROUP_Y;
    glDispatchCompute(GLuint((box.w + GX - 1) / GX), GLuint((box.h + GY - 1) / GY), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuSolver::storeErosion(const ErosionField& f) {
    if (f.empty()) {
        bedBase_ = {};
        bedChange_ = {};
        soft_ = {};
        sediment_ = {};
        hardness_ = {};
        return;
    }
    const std::size_t cells = cellsOf(width_, height_), bytes = cells * 4;
    // Both halves of each pair hold the state: a dry group skipped by pass 2 keeps its cells' copy.
    auto pair = [&](gl::Buffer& b, const std::vector<std::int32_t>& v) {
        if (b.bytes() != 2 * bytes) b = gl::Buffer(2 * bytes);
        b.upload(v.data(), bytes);
        b.upload(v.data(), bytes, bytes);
    };
    if (bedBase_.bytes() != bytes) bedBase_ = gl::Buffer(bytes);
    if (hardness_.bytes() != bytes) hardness_ = gl::Buffer(bytes);
    bedBase_.upload(f.baseM.data(), bytes);
    hardness_.upload(f.hardness.data(), bytes);
    pair(bedChange_, f.bedChangeUnits);
    pair(soft_, f.softUnits);
    pair(sediment_, f.sedimentUnits);
    sedHalf_ = 0;
    layerHalf_ = 0;
    markAllTilesActive();
}

void GpuSolver::restoreSediment(const SedimentUnits& u) {
    const std::size_t groups = std::size_t(passGroupsX_) * std::size_t(passGroupsY_);
    std::vector<std::int64_t> fresh(SLUICE_SEDIMENT_SLOTS * groups, 0);
    fresh[SLUICE_SEDIMENT_ERODED] = u.eroded;
    fresh[SLUICE_SEDIMENT_DEPOSITED] = u.deposited;
    fresh[SLUICE_SEDIMENT_REMOVED] = u.removed;
    ledger_.upload(fresh.data(), fresh.size() * sizeof(std::int64_t), sedimentSlot0_ * sizeof(std::int64_t));
}

void GpuSolver::sedimentTotals(ErosionSums& sums, SedimentUnits& u) {
    sums = ErosionSums{};
    u = SedimentUnits{};
    if (!erosionSetUp_) return;
    const std::size_t groups = std::size_t(passGroupsX_) * std::size_t(passGroupsY_);
    std::vector<std::int64_t> slots(SLUICE_SEDIMENT_SLOTS * groups);
    ledger_.download(slots.data(), slots.size() * sizeof(std::int64_t), sedimentSlot0_ * sizeof(std::int64_t));
    for (std::size_t g = 0; g < groups; ++g) {
        u.eroded += slots[SLUICE_SEDIMENT_SLOTS * g + SLUICE_SEDIMENT_ERODED];
        u.deposited += slots[SLUICE_SEDIMENT_SLOTS * g + SLUICE_SEDIMENT_DEPOSITED];
        u.removed += slots[SLUICE_SEDIMENT_SLOTS * g + SLUICE_SEDIMENT_REMOVED];
    }
    // The fields' sums with the reduction kernel, on the current halves.
    const int cells = width_ * height_;
    auto sum = [&](const gl::Buffer& b, int half) {
        b.bindStorage(SLUICE_BIND_DEPTH_IN);
        ledger_.bindStorage(SLUICE_BIND_LEDGER);
        partials_.bindStorage(SLUICE_BIND_REDUCE_OUT);
        reduce_.set("uCellCount", cells);
        reduce_.set("uLedgerSlots", 0);
        reduce_.set("uCellOffset", half * cells);
        reduce_.use();
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        glDispatchCompute(SLUICE_REDUCE_GROUPS, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        std::vector<GpuReducePartial> parts(SLUICE_REDUCE_GROUPS);
        partials_.download(parts.data(), parts.size() * sizeof(GpuReducePartial));
        std::int64_t total = 0;
        for (const GpuReducePartial& p : parts) total += p.volumeUnits;
        return total;
    };
    sums.suspended = sum(sediment_, sedHalf_);
    sums.bedChange = sum(bedChange_, layerHalf_);
    sums.soft = sum(soft_, layerHalf_);
}

ErosionField GpuSolver::erosionField() const {
    if (!erosionSetUp_) return {};
    const std::size_t cells = cellsOf(width_, height_), bytes = cells * 4;
    ErosionField f;
    f.baseM.resize(cells);
    f.hardness.resize(cells);
    f.bedChangeUnits.resize(cells);
    f.softUnits.resize(cells);
    f.sedimentUnits.resize(cells);
    bedBase_.download(f.baseM.data(), bytes);
    hardness_.download(f.hardness.data(), bytes);
    bedChange_.download(f.bedChangeUnits.data(), bytes, std::size_t(layerHalf_) * bytes);
    soft_.download(f.softUnits.data(), bytes, std::size_t(layerHalf_) * bytes);
    sediment_.download(f.sedimentUnits.data(), bytes, std::size_t(sedHalf_) * bytes);
    return f;
}

}  // namespace sluice::sim

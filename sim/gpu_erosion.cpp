// GpuSolver's erosion: the state buffer, its uniforms in pass 2 (step_depth.comp moves the sediment
// and erodes), the slumping pass after it (slump.comp), and the readbacks of the sediment ledger.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <numeric>

#include "sim/gpu_solver.hpp"

namespace sluice::sim {

using namespace sluice::sim::gpu;

void GpuSolver::setSedimentUniforms() {
    const bool on = erosionRunning();
    if (on) erosion_.bindStorage(SLUICE_BIND_EROSION);
    const ErosionConstants e = on ? prepareErosion(params_.erosion, erosionDtSub_, cellSizeM_) : ErosionConstants{};
    for (const gl::Program* p : cellPasses()) {
        p->set("uErosion", on ? 1 : 0);
        p->set("uSedimentSlot0", int(sedimentSlot0_));
        if (!on) continue;
        p->set("uSedIn", sedimentAt(sedHalf_));
        p->set("uSedOut", sedimentAt(1 - sedHalf_));
        p->set("uSoft", softAt(layerHalf_));
        p->set("uBedChange", bedChangeAt(layerHalf_));
        p->set("uHardness", sectionAt(SLUICE_EROSION_HARDNESS));
        p->set("uCapacity", e.capacity);
        p->set("uMinSin", e.minSin);
        p->set("uThin", e.thinDepthM);
        p->set("uDissolve", e.dissolveFactor);
        p->set("uDeposit", e.depositFactor);
        p->set("uSoftYield", e.softYield);
        p->set("uHalfInvDx", e.halfInvDx);
    }
}

void GpuSolver::erodeAndSlump() {
    const ErosionConstants e = prepareErosion(params_.erosion, erosionDtSub_, cellSizeM_);
    sedHalf_ = 1 - sedHalf_;  // pass 2 wrote the new load there (and eroded: step 1)
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);  // the depth after this substep
    erosion_.bindStorage(SLUICE_BIND_EROSION);
    bedBase_.bindStorage(SLUICE_BIND_BED_BASE);
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    slump_.set("uSize", width_, height_);
    slump_.set("uTalusDry", e.talusDryM);
    slump_.set("uTalusWet", e.talusWetM);
    slump_.set("uSlumpFactor", e.slumpFactor);
    slump_.set("uWetUnits", e.wetUnits);
    slump_.set("uDzIn", bedChangeAt(layerHalf_));
    slump_.set("uDzOut", bedChangeAt(1 - layerHalf_));
    slump_.set("uSoftIn", softAt(layerHalf_));
    slump_.set("uSoftOut", softAt(1 - layerHalf_));
    slump_.set("uHardness", sectionAt(SLUICE_EROSION_HARDNESS));
    slump_.set("uRebase", 0);
    slump_.use();
    // For measuring what slumping costs only (docs/PERFORMANCE.md): SLUICE_EROSION_SKIP_SLUMP=1 leaves
    // the pass out, which breaks the bed's bookkeeping; never set it for a real run.
    static const bool skipSlump = [] {
        const char* v = std::getenv("SLUICE_EROSION_SKIP_SLUMP");
        return v && v[0] == '1';
    }();
    if (!skipSlump) {
        glDispatchCompute(GLuint(passGroupsX_), GLuint(passGroupsY_), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    layerHalf_ = 1 - layerHalf_;
}

void GpuSolver::rebase(const CellBox& box) {
    if (!erosionSetUp_ || box.cellCount() == 0) return;
    terrain_.bindStorage(SLUICE_BIND_TERRAIN);
    bedBase_.bindStorage(SLUICE_BIND_BED_BASE);
    erosion_.bindStorage(SLUICE_BIND_EROSION);
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    slump_.set("uSize", width_, height_);
    slump_.set("uDzIn", bedChangeAt(layerHalf_));
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
        erosion_ = {};
        return;
    }
    const FieldLayout layout = fieldLayout();
    const std::size_t bytes = layout.words() * 4;
    if (erosion_.bytes() != SLUICE_EROSION_SECTIONS * bytes) erosion_ = gl::Buffer(SLUICE_EROSION_SECTIONS * bytes);
    if (bedBase_.bytes() != bytes) bedBase_ = gl::Buffer(bytes);
    bedBase_.upload(layout.laidOut(f.baseM.data(), width_, height_).data(), bytes);
    // Both halves of each pair hold the state: a dry group skipped by pass 2 keeps its cells' copy.
    auto pair = [&](int section, const std::vector<std::int32_t>& v) {
        const std::vector<std::int32_t> words = layout.laidOut(v.data(), width_, height_);
        erosion_.upload(words.data(), bytes, std::size_t(sectionAt(section)) * 4);
        erosion_.upload(words.data(), bytes, std::size_t(sectionAt(section + 1)) * 4);
    };
    pair(SLUICE_EROSION_SEDIMENT, f.sedimentUnits);
    pair(SLUICE_EROSION_SOFT, f.softUnits);
    pair(SLUICE_EROSION_BED_CHANGE, f.bedChangeUnits);
    erosion_.upload(layout.laidOut(f.hardness.data(), width_, height_).data(), bytes,
                    std::size_t(sectionAt(SLUICE_EROSION_HARDNESS)) * 4);
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
    auto sum = [&](const gl::Buffer& b, int offset) {
        b.bindStorage(SLUICE_BIND_DEPTH_IN);
        ledger_.bindStorage(SLUICE_BIND_LEDGER);
        partials_.bindStorage(SLUICE_BIND_REDUCE_OUT);
        reduce_.set("uCellCount", cells);
        reduce_.set("uWidth", width_);
        reduce_.set("uLedgerSlots", 0);
        reduce_.set("uCellOffset", offset);
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
    sums.suspended = sum(erosion_, sedimentAt(sedHalf_));
    sums.bedChange = sum(erosion_, bedChangeAt(layerHalf_));
    sums.soft = sum(erosion_, softAt(layerHalf_));
}

ErosionField GpuSolver::erosionField() const {
    if (!erosionSetUp_) return {};
    const FieldLayout layout = fieldLayout();
    std::vector<std::int32_t> words(layout.words());
    // A section read whole and its cells picked out of the tiles.
    auto read = [&](const gl::Buffer& b, int firstWord, auto& out) {
        b.download(words.data(), words.size() * 4, std::size_t(firstWord) * 4);
        out.resize(std::size_t(width_) * std::size_t(height_));
        static_assert(sizeof(out[0]) == 4);
        std::vector<std::int32_t> cells(out.size());
        layout.pickOut(words.data(), 0, 0, 0, width_, height_, cells.data());
        std::memcpy(out.data(), cells.data(), cells.size() * 4);
    };
    ErosionField f;
    read(bedBase_, 0, f.baseM);
    read(erosion_, sectionAt(SLUICE_EROSION_HARDNESS), f.hardness);
    read(erosion_, bedChangeAt(layerHalf_), f.bedChangeUnits);
    read(erosion_, softAt(layerHalf_), f.softUnits);
    read(erosion_, sedimentAt(sedHalf_), f.sedimentUnits);
    return f;
}

}  // namespace sluice::sim

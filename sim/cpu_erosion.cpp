// CpuSolver's erosion: the same function as shaders/sim/step_depth.comp's sediment transport,
// erosion step 1 (dissolution and deposition, in pass 2) and slump.comp (formulas from
// shaders/sim/erosion_math.h).
#include <algorithm>
#include <cassert>

#include "sim/cpu_solver.hpp"
#include "sim/kernel_math.hpp"

namespace sluice::sim {

namespace km = kmath;

int CpuSolver::advectSediment(int x, int y, int eW, int eE, int eS, int eN, std::int64_t& removed) const {
    const int W = width_, H = height_;
    const std::size_t i = cell(x, y);
    const std::vector<std::int32_t>& h0 = hOld_;  // the depth the substep started from
    const int sC = sed_[i], hC = h0[i];
    const int oW = km::sedimentShare(-eW, sC, hC), oE = km::sedimentShare(eE, sC, hC);
    const int oS = km::sedimentShare(-eS, sC, hC), oN = km::sedimentShare(eN, sC, hC);
    const int iW = eW > 0 && x > 0 ? km::sedimentShare(eW, sed_[i - 1], h0[i - 1]) : 0;
    const int iE = eE < 0 && x < W - 1 ? km::sedimentShare(-eE, sed_[i + 1], h0[i + 1]) : 0;
    const int iS = eS > 0 && y > 0 ? km::sedimentShare(eS, sed_[i - std::size_t(W)], h0[i - std::size_t(W)]) : 0;
    const int iN = eN < 0 && y < H - 1 ? km::sedimentShare(-eN, sed_[i + std::size_t(W)], h0[i + std::size_t(W)]) : 0;
    removed += std::int64_t(x == 0 ? oW : 0) + std::int64_t(x == W - 1 ? oE : 0) + std::int64_t(y == 0 ? oS : 0) +
               std::int64_t(y == H - 1 ? oN : 0);
    return sC - (oW + oE + oS + oN) + (iW + iE + iS + iN);
}

void CpuSolver::erode(const ErosionConstants& e) {
    const int W = width_, H = height_;
    const float dx = cellSizeM_;
    // Step 1: dissolution / deposition, cell by cell (the end of step_depth.comp).
    forRows(H, W, [&](int y, int worker) {
        WorkerTotals& t = totals_[std::size_t(worker)];
        for (int x = 0; x < W; ++x) {
            const std::size_t i = cell(x, y);
            const int h = h_[i], sed = sed_[i];
            if (h <= 0 && sed <= 0) continue;
            const int xW = std::max(x - 1, 0), xE = std::min(x + 1, W - 1), yS = std::max(y - 1, 0), yN = std::min(y + 1, H - 1);
            const float sx = (b_[cell(xE, y)] - b_[cell(xW, y)]) * (xE - xW == 2 ? e.halfInvDx : 2.0f * e.halfInvDx);
            const float sy = (b_[cell(x, yN)] - b_[cell(x, yS)]) * (yN - yS == 2 ? e.halfInvDx : 2.0f * e.halfInvDx);
            const float cap = km::sedimentCapacity(qx_[faceX(x, y)], qx_[faceX(x + 1, y)], qy_[faceY(x, y)],
                                                   qy_[faceY(x, y + 1)], km::unitsToMetres(h), dx, sx, sy, e.capacity,
                                                   e.minSin, e.thinDepthM);
            const int d = km::bedExchange(h, sed, soft_[i], dz_[i], km::materialUnits(cap), e.dissolveFactor,
                                          e.depositFactor, e.softYield, 1.0f - hard_[i]);
            if (d == 0) continue;
            sed_[i] = sed - d;
            soft_[i] = km::softAfter(soft_[i], d);
            dz_[i] += d;
            (d > 0 ? t.deposited : t.eroded) += std::abs(std::int64_t(d));
        }
    });
    foldWorkerTotals();
    // Step 2: slumping (slump.comp): every cell's four shares from the bed before the slide, then
    // what each cell sends and receives, then the bed from base + dz.
    bedNow_.resize(b_.size());
    shares_.resize(4 * b_.size());
    dzNext_.resize(dz_.size());
    softNext_.resize(soft_.size());
    forRows(H, W, [&](int y, int) {
        for (int x = 0; x < W; ++x) bedNow_[cell(x, y)] = km::bedHeight(base_[cell(x, y)], dz_[cell(x, y)]);
    });
    forRows(H, W, [&](int y, int) {
        for (int x = 0; x < W; ++x) {
            const std::size_t i = cell(x, y);
            const float hC = bedNow_[i];
            const float talus = h_[i] > e.wetUnits ? e.talusWetM : e.talusDryM;
            const int exW = x > 0 ? km::talusExcess(hC, bedNow_[i - 1], talus) : 0;
            const int exE = x < W - 1 ? km::talusExcess(hC, bedNow_[i + 1], talus) : 0;
            const int exS = y > 0 ? km::talusExcess(hC, bedNow_[i - std::size_t(W)], talus) : 0;
            const int exN = y < H - 1 ? km::talusExcess(hC, bedNow_[i + std::size_t(W)], talus) : 0;
            std::int32_t* s = &shares_[4 * i];
            km::slumpShares(exW, exE, exS, exN, soft_[i], 1.0f - hard_[i], e.slumpFactor, s[0], s[1], s[2], s[3]);
        }
    });
    forRows(H, W, [&](int y, int) {
        for (int x = 0; x < W; ++x) {
            const std::size_t i = cell(x, y);
            const std::int32_t* s = &shares_[4 * i];
            const int sent = s[0] + s[1] + s[2] + s[3];
            int got = 0;
            if (x > 0) got += shares_[4 * (i - 1) + 1];
            if (x < W - 1) got += shares_[4 * (i + 1) + 0];
            if (y > 0) got += shares_[4 * (i - std::size_t(W)) + 3];
            if (y < H - 1) got += shares_[4 * (i + std::size_t(W)) + 2];
            dzNext_[i] = dz_[i] - sent + got;
            softNext_[i] = soft_[i] - std::min(sent, soft_[i]) + got;
            b_[i] = km::bedHeight(base_[i], dzNext_[i]);
        }
    });
    std::swap(dz_, dzNext_);
    std::swap(soft_, softNext_);
}

void CpuSolver::rebase(const CellBox& box) {
    if (sed_.empty()) return;
    for (int y = box.y0; y < box.y0 + box.h; ++y)
        for (int x = box.x0; x < box.x0 + box.w; ++x) base_[cell(x, y)] = km::rebasedBase(b_[cell(x, y)], dz_[cell(x, y)]);
}

void CpuSolver::storeErosion(const ErosionField& f) {
    base_ = f.baseM;
    dz_ = f.bedChangeUnits;
    soft_ = f.softUnits;
    sed_ = f.sedimentUnits;
    hard_ = f.hardness;
    if (f.empty()) {
        base_.clear();
        dz_.clear();
        soft_.clear();
        hard_.clear();
    }
}

void CpuSolver::restoreSediment(const SedimentUnits& u) {
    sedEroded_ = u.eroded;
    sedDeposited_ = u.deposited;
    sedRemoved_ = u.removed;
}

void CpuSolver::sedimentTotals(ErosionSums& sums, SedimentUnits& u) {
    sums = ErosionSums{};
    for (std::size_t i = 0; i < sed_.size(); ++i) {
        sums.suspended += sed_[i];
        sums.bedChange += dz_[i];
        sums.soft += soft_[i];
    }
    u = SedimentUnits{sedEroded_, sedDeposited_, sedRemoved_};
}

ErosionField CpuSolver::erosionField() const {
    if (sed_.empty()) return {};
    return ErosionField{base_, dz_, soft_, sed_, hard_};
}

}  // namespace sluice::sim

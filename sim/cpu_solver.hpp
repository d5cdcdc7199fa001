#pragma once
// The CPU reference solver: plain loops computing the same function as the GPU kernels (same
// formulas from shaders/sim/*.h, same integer transfers) for both water models, their rows split
// between the machine's cores (sim/row_pool.hpp: any thread count gives the same bits). Used by
// tests, --backend cpu and the viewer where it is faster than the GL device (a software renderer).
#include <cassert>
#include <cstdint>
#include <vector>

#include "sim/row_pool.hpp"
#include "sim/solver.hpp"
#include "sim/erosion_params.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

/// Reference implementation of the water model. State lives in host vectors.
class CpuSolver final : public Solver {
public:
    /// `threads`: workers for the row loops (0: RowPool::defaultThreads()); `minCellsPerWorker`:
    /// how finely loops may be split (tests split small grids into many pieces).
    explicit CpuSolver(const Scene& scene, int threads = 0, long long minCellsPerWorker = RowPool::kMinCellsPerWorker);
    int threads() const { return pool_.threads(); }
    const char* backendName() const override { return "cpu"; }
    FieldSnapshot download() override;
    void setTerrain(const std::vector<float>& terrainM) override;
    DepthStats depthStats() override;
    /// Plain loops over the stroke's box; smooth reads a copy of the box so cell order does not matter.
    void applyBrush(const BrushStroke& stroke) override;
    void readRegion(Field field, const CellBox& box, std::uint32_t* out) override;
    std::vector<WaterPatch> readWater(const std::vector<CellBox>& boxes) override;

protected:
    void substep(float dtSubSeconds) override;
    SpeedReading peekSpeeds() override { return {maxSpeed_, maxAllowed_}; }
    void resetSpeeds() override {
        maxSpeed_ = 0;
        maxAllowed_ = 0;
    }
    void addedRemovedUnits(std::int64_t& added, std::int64_t& removed) override {
        added = added_;
        removed = removed_;
    }
    void restoreFields(const FieldSnapshot& field) override;
    void restoreLedger(std::int64_t added, std::int64_t removed) override {
        added_ = added;
        removed_ = removed;
    }
    void restoreSpeeds(SpeedReading r) override {
        maxSpeed_ = r.demand;
        maxAllowed_ = r.allowed;
    }
    void storeRegion(Field field, const CellBox& box, const std::uint32_t* values) override;
    void bodyLoadChanged() override { assert(bodyLoadM_.empty() || bodyLoadM_.size() == b_.size()); }
    void bookLedger(std::int64_t added, std::int64_t removed) override {
        added_ += added;
        removed_ += removed;
    }
    void storeErosion(const ErosionField& field) override;
    void restoreSediment(const SedimentUnits& units) override;
    void sedimentTotals(ErosionSums& sums, SedimentUnits& units) override;

private:
    /// Pass 1 of each model (raw transfers into tx_ / ty_) and the shared pass 2 (cpu_swe.cpp holds
    /// the shallow-water parts).
    void updateFlowsPipes(const SubstepConstants& c, const SubstepAmounts& a);
    /// The bed as the flow sees it: the terrain plus the bodies' load (the same add as flowBed() in
    /// shaders/sim/step_kernel_common.h).
    float flowBed(std::size_t i) const { return bodyLoadM_.empty() ? b_[i] : b_[i] + bodyLoadM_[i]; }
    void updateFlowsSwe(const SubstepConstants& c, const SubstepAmounts& a);
    /// The code of an edge face (shaders/sim/boundary_math.h) and the depth (m) of the ghost cell
    /// beyond it, whose inner cell is `inner` holding `units`.
    int edgeCodeAt(const SubstepConstants& c, int side, int along) const;
    float ghostDepthM(const SubstepConstants& c, const SubstepAmounts& a, int side, int along, std::size_t inner,
                      int units) const;
    void updateDepths(const SubstepConstants& c, const SubstepAmounts& a);
    /// Shallow water, in pass 2: vx_ / vy_ from the effective transfers in tx_ / ty_ and the depth the
    /// substep started from (hOld_ by then), as shaders/sim/step_depth.comp stores them.
    void storeFaceVelocities(const SubstepConstants& c, const SubstepAmounts& a);
    /// Largest speeds and ledger sums per row-loop worker, folded into the solver's after each loop.
    struct WorkerTotals {
        float demand = 0, allowed = 0;
        std::int64_t added = 0, removed = 0;
        std::int64_t eroded = 0, deposited = 0, sedRemoved = 0;  // erosion's ledger (units of material)
    };
    /// Erosion (cpu_erosion.cpp). The state exists once set up (hasErosionState()); it runs while
    /// params_.erosion.enabled.
    bool erosionRunning() const { return !sed_.empty() && params_.erosion.enabled; }
    /// Pass 2's share of erosion: the suspended load of cell (x, y) after the substep's effective
    /// transfers (from sed_, the load the substep started from); what leaves the domain is added to
    /// `removed`.
    int advectSediment(int x, int y, int eW, int eE, int eS, int eN, std::int64_t& removed) const;
    /// Dissolution / deposition, then slumping and the bed from base + dz (the end of shaders/sim/step_depth.comp,
    /// slump.comp).
    void erode(const ErosionConstants& e);
    /// base_ of the cells of `box` after an outside change of the bed (rebasedBase).
    void rebase(const CellBox& box);
    ErosionField erosionField() const;
    /// The array behind a Field of read/storeRegion (4-byte elements), or null (erosion's layers
    /// without erosion state).
    void* fieldData(Field field);
    void noteSpeeds(int worker, float demand, float allowed);
    void foldWorkerTotals();
    /// Runs body(row, worker) for every row in [0, rows) on the pool.
    template <class Body>
    void forRows(int rows, int cellsPerRow, const Body& body) {
        pool_.run(rows, cellsPerRow, [&](int begin, int end, int worker) {
            for (int r = begin; r < end; ++r) body(r, worker);
        });
    }
    std::size_t cell(int x, int y) const { return std::size_t(y) * std::size_t(width_) + std::size_t(x); }
    std::size_t faceX(int i, int y) const { return std::size_t(y) * std::size_t(width_ + 1) + std::size_t(i); }
    std::size_t faceY(int x, int j) const { return std::size_t(j) * std::size_t(width_) + std::size_t(x); }

    std::vector<float> b_;
    std::vector<std::int32_t> h_;        // depth units
    std::vector<std::int32_t> hOld_;     // depth units before the last substep (transmissive edges)
    std::vector<float> qx_, qy_;         // effective flows (m^3/s) between substeps (both models' state)
    std::vector<float> vx_, vy_;         // shallow water: each face's velocity (m/s), its flow over the depth it moved through
    std::vector<std::int32_t> tx_, ty_;  // this substep's transfers (units): raw (pass 1), then effective
    std::int64_t added_ = 0, removed_ = 0;
    // Erosion state (empty until set up): bed = base_ + dz_ units; soft layer; suspended load.
    std::vector<float> base_, hard_;
    std::vector<std::int32_t> dz_, soft_, sed_, sedNext_, dzNext_, softNext_;
    std::vector<std::int32_t> shares_;  // slumping: four shares per cell (west, east, south, north)
    std::vector<float> bedNow_;         // slumping: base + dz before the slide
    std::int64_t sedEroded_ = 0, sedDeposited_ = 0, sedRemoved_ = 0;
    float maxSpeed_ = 0, maxAllowed_ = 0;  // largest |u| + c asked for / allowed since resetSpeeds()
    std::vector<float> brushCopy_;  // smooth: the bed of the box plus a one-cell margin, before the stroke
    RowPool pool_;
    std::vector<WorkerTotals> totals_;  // one per pool worker
};

}  // namespace sluice::sim

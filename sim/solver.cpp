#include "sim/solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sim/face_velocities.hpp"

namespace sluice::sim {

void fillDepthMetres(FieldSnapshot& f) {
    f.depthM.resize(f.depthUnits.size());
    for (std::size_t i = 0; i < f.depthUnits.size(); ++i) f.depthM[i] = unitsToDepth(f.depthUnits[i]);
}

SubstepPlan planSubsteps(float dtSeconds, float maxSpeedMPerS, float cellSizeM, float courant, int maxSubsteps) {
    SubstepPlan plan;
    plan.dtSub = dtSeconds;
    if (!(maxSpeedMPerS > 0.0f) || !(dtSeconds > 0.0f)) return plan;
    const double reach = double(courant) * double(cellSizeM);  // metres a wave may cross in a substep
    const double n = std::ceil(double(dtSeconds) * double(maxSpeedMPerS) / reach);
    if (n <= double(maxSubsteps)) {  // false for inf/NaN speeds as well
        plan.n = std::max(1, int(n));
        plan.dtSub = dtSeconds / float(plan.n);
        return plan;
    }
    plan.n = maxSubsteps;
    plan.capped = true;
    const double dtSub = reach / double(maxSpeedMPerS);
    // A speed that is not finite leaves no usable substep length: take the shortest the step allows.
    plan.dtSub = std::isfinite(dtSub) && dtSub > 0 ? float(dtSub) : dtSeconds / float(maxSubsteps);
    plan.dtSub = std::min(plan.dtSub, dtSeconds / float(maxSubsteps));
    return plan;
}

Solver::Solver(const Scene& scene)
    : params_(scene.params), boundary_(scene.boundary), sources_(scene.sources), drains_(scene.drains),
      width_(scene.width), height_(scene.height), cellSizeM_(scene.cellSizeM) {
    // Before the first step no face speed has been measured. Flows start at rest, and from rest no
    // wave outruns 2 sqrt(g h_max), the speed of a dam-break front on a dry bed: start from that, so
    // the first step's Courant guard need not hold any face back.
    float maxDepth = 0;
    for (float d : scene.depthM) maxDepth = std::max(maxDepth, d);
    initialSpeedEstimate_ = 2.0f * std::sqrt(scene.params.gravity * maxDepth);
}

void Solver::step(float dtSeconds) {
    const float dt = dtSeconds > 0.0f ? dtSeconds : params_.dtSeconds;
    // The speed the flows asked for during the previous step decides this step's substeps
    // (deterministic: the same policy on both backends, one small readback per step on the GPU).
    const SpeedReading measured = peekSpeeds();
    float speed = measured.demand;
    if (counters_.steps > 0) {
        counters_.maxCourant = std::max(counters_.maxCourant, measured.allowed * counters_.lastDtSubSeconds / cellSizeM_);
    } else {
        speed = std::max(speed, initialSpeedEstimate_);
    }
    const float courant = std::clamp(params_.courantTarget, 1e-6f, 1.0f);
    const SubstepPlan plan = planSubsteps(dt, speed, cellSizeM_, courant, params_.maxSubsteps);
    resetSpeeds();
    stepFixed(plan.dtSub, plan.n);
    counters_.steps += 1;
    counters_.lastStepCapped = plan.capped;
    if (plan.capped) {
        counters_.cappedSteps += 1;
        counters_.shortfallSeconds += double(dt) - double(plan.dtSub) * plan.n;
    }
}

void Solver::stepFixed(float dtSubSeconds, int n) {
    amountClock_ = counters_.timeSeconds;
    advance(dtSubSeconds, n);
    counters_.substeps += n;
    counters_.timeSeconds += double(dtSubSeconds) * n;
    counters_.lastSubsteps = n;
    counters_.lastDtSubSeconds = dtSubSeconds;
}

float Solver::lastCourant() {
    const float c = peekSpeeds().allowed * counters_.lastDtSubSeconds / cellSizeM_;
    counters_.maxCourant = std::max(counters_.maxCourant, c);
    return c;
}

void Solver::setBodyLoadCells(const std::vector<std::uint32_t>& cells, const std::vector<float>& metres) {
    const std::size_t n = std::size_t(width()) * std::size_t(height());
    if (!loadCellsKnown_ || bodyLoadM_.size() != n) {
        bodyLoadM_.assign(n, 0.0f);
        for (std::size_t k = 0; k < cells.size(); ++k) bodyLoadM_[cells[k]] = metres[k];
        loadCells_ = cells;
        loadCellsKnown_ = true;
        bodyLoadChanged();
        return;
    }
    std::vector<std::uint32_t> changed = loadCells_;
    for (std::uint32_t c : loadCells_) bodyLoadM_[c] = 0.0f;
    for (std::size_t k = 0; k < cells.size(); ++k) bodyLoadM_[cells[k]] = metres[k];
    changed.insert(changed.end(), cells.begin(), cells.end());
    loadCells_ = cells;
    bodyLoadCellsChanged(changed);
}

Ledger Solver::ledger() {
    Ledger l;
    const double unitVolume = kDepthUnitM * double(cellSizeM_) * double(cellSizeM_);
    const DepthStats d = depthStats();
    std::int64_t added = 0, removed = 0;
    addedRemovedUnits(added, removed);
    l.unitVolumeM3 = unitVolume;
    l.volumeM3 = double(d.volumeUnits) * unitVolume;
    l.initialVolumeM3 = double(initialUnits_) * unitVolume;
    l.addedM3 = double(added) * unitVolume;
    l.removedM3 = double(removed) * unitVolume;
    l.residualUnits = d.volumeUnits - (initialUnits_ + added - removed);
    return l;
}

SedimentLedger Solver::sedimentLedger() {
    SedimentLedger l;
    l.unitVolumeM3 = kDepthUnitM * double(cellSizeM_) * double(cellSizeM_);
    if (!erosionSetUp_) return l;
    ErosionSums sums;
    SedimentUnits u;
    sedimentTotals(sums, u);
    l.erodedM3 = double(u.eroded) * l.unitVolumeM3;
    l.depositedM3 = double(u.deposited) * l.unitVolumeM3;
    l.removedM3 = double(u.removed) * l.unitVolumeM3;
    l.suspendedM3 = double(sums.suspended) * l.unitVolumeM3;
    l.bedChangeM3 = double(sums.bedChange) * l.unitVolumeM3;
    l.residualUnits = sums.suspended - (u.eroded - u.deposited - u.removed);
    l.bedResidualUnits = sums.bedChange - (u.deposited - u.eroded);
    return l;
}

void Solver::setUpErosion(const std::vector<float>& softM, const std::vector<float>& hardness) {
    const std::size_t cells = std::size_t(width_) * std::size_t(height_);
    ErosionField e;
    e.baseM = download().terrainM;
    e.bedChangeUnits.assign(cells, 0);
    e.sedimentUnits.assign(cells, 0);
    e.softUnits.resize(cells);
    for (std::size_t i = 0; i < cells; ++i)
        e.softUnits[i] = depthToUnits(softM.empty() ? params_.erosion.softThicknessM : softM[i]);
    e.hardness = hardness.empty() ? std::vector<float>(cells, params_.erosion.rockHardness) : hardness;
    storeErosion(e);
    restoreSediment(SedimentUnits{});
    erosionSetUp_ = true;
}

void Solver::writeRegion(Field field, const CellBox& box, const std::uint32_t* values) {
    if (box.cellCount() == 0) return;
    if (field == Field::Depth) {
        std::vector<std::uint32_t> old(box.cellCount());
        readRegion(Field::Depth, box, old.data());
        std::int64_t delta = 0;
        for (std::size_t i = 0; i < old.size(); ++i)
            delta += std::int64_t(std::int32_t(values[i])) - std::int64_t(std::int32_t(old[i]));
        if (delta > 0) bookLedger(delta, 0);
        if (delta < 0) bookLedger(0, -delta);
    }
    storeRegion(field, box, values);
}

void Solver::writeTerrainRegion(const CellBox& box, const float* heightsM) {
    std::vector<std::uint32_t> words(box.cellCount());
    std::memcpy(words.data(), heightsM, words.size() * sizeof(float));
    writeRegion(Field::Terrain, box, words.data());
}

SolverState Solver::saveState() {
    SolverState s;
    s.backend = backendName();
    s.field = download();
    s.params = params_;
    s.boundary = boundary_;
    s.sources = sources_;
    s.drains = drains_;
    s.counters = counters_;
    s.ledger.initial = initialUnits_;
    addedRemovedUnits(s.ledger.added, s.ledger.removed);
    s.carry = carry_;
    s.speeds = peekSpeeds();
    s.initialSpeedEstimate = initialSpeedEstimate_;
    if (erosionSetUp_) {
        ErosionSums sums;
        sedimentTotals(sums, s.sediment);
    }
    return s;
}

void Solver::setParams(const SimParams& p) {
    const bool toSwe = p.model == WaterModel::Swe && params_.model != WaterModel::Swe;
    params_ = p;
    if (p.erosion.enabled && !erosionSetUp_) setUpErosion({}, {});
    if (!toSwe) return;
    FieldSnapshot f = download();
    deriveFaceVelocities(f, boundary_, counters_.timeSeconds);
    restoreFields(f);
}

Result<void> Solver::restoreState(const SolverState& s) {
    const FieldSnapshot& f = s.field;
    const std::size_t W = std::size_t(width_), H = std::size_t(height_);
    if (f.width != width_ || f.height != height_)
        return Error{"state is " + std::to_string(f.width) + "x" + std::to_string(f.height) + ", the solver " +
                     std::to_string(width_) + "x" + std::to_string(height_)};
    if (f.terrainM.size() != W * H || f.depthUnits.size() != W * H || f.flowXM3PerS.size() != (W + 1) * H ||
        f.flowYM3PerS.size() != W * (H + 1) || (!f.prevDepthUnits.empty() && f.prevDepthUnits.size() != W * H) ||
        f.faceVelocityXMS.size() != f.flowXM3PerS.size() * (f.faceVelocityXMS.empty() ? 0 : 1) ||
        f.faceVelocityYMS.size() != f.flowYM3PerS.size() * (f.faceVelocityYMS.empty() ? 0 : 1))
        return Error{"state arrays do not match its grid size"};
    const ErosionField& e = f.erosion;
    if (!e.empty() && (e.baseM.size() != W * H || e.bedChangeUnits.size() != W * H || e.softUnits.size() != W * H ||
                       e.sedimentUnits.size() != W * H || e.hardness.size() != W * H))
        return Error{"state's erosion arrays do not match its grid size"};
    if (f.cellSizeM != cellSizeM_)
        return Error{"state has cell size " + std::to_string(f.cellSizeM) + " m, the solver " +
                     std::to_string(cellSizeM_) + " m"};
    if (f.faceVelocityXMS.empty() || f.faceVelocityYMS.empty()) {
        FieldSnapshot derived = f;
        deriveFaceVelocities(derived, s.boundary, s.counters.timeSeconds);
        restoreFields(derived);
    } else {
        restoreFields(f);
    }
    params_ = s.params;
    boundary_ = s.boundary;
    sources_ = s.sources;
    drains_ = s.drains;
    counters_ = s.counters;
    initialUnits_ = s.ledger.initial;
    carry_ = s.carry;
    initialSpeedEstimate_ = s.initialSpeedEstimate;
    restoreLedger(s.ledger.added, s.ledger.removed);
    restoreSpeeds(s.speeds);
    erosionSetUp_ = !f.erosion.empty();
    restoreSediment(erosionSetUp_ ? s.sediment : SedimentUnits{});
    if (params_.erosion.enabled && !erosionSetUp_) setUpErosion({}, {});
    return {};
}

std::vector<WaterPatch> Solver::sizedPatches(const std::vector<CellBox>& boxes) const {
    std::vector<WaterPatch> out(boxes.size());
    for (std::size_t k = 0; k < boxes.size(); ++k) {
        WaterPatch& p = out[k];
        const CellBox& b = boxes[k];
        p.box = b;
        p.faceVelocities = params_.model == WaterModel::Swe;
        p.bedM.resize(b.cellCount());
        p.depthUnits.resize(b.cellCount());
        p.faceX.resize(std::size_t(b.w + 1) * std::size_t(b.h));
        p.faceY.resize(std::size_t(b.w) * std::size_t(b.h + 1));
    }
    return out;
}

}  // namespace sluice::sim

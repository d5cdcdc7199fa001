#pragma once
// The solver interface shared by the CPU reference and the GPU solver, and the parts of a step that
// both share: the CFL substep policy and the run counters. A "step" is one user step of at most
// params.dtSeconds; it is split into equal substeps so that dt_sub <= C dx / max(|u| + sqrt(g h)),
// with the speed the flows asked for in the step before. Within a substep the kernels hold every face
// to |u| + c <= C dx / dt_sub (the Courant guard), so no substep runs above the set Courant number;
// when max_substeps cannot reach it the step covers less time (RunCounters::cappedSteps).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gl/result.hpp"
#include "sim/brush.hpp"
#include "sim/scene.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

class BodySampleSummer;  // sim/bodies/body_world.hpp

/// Erosion's per-cell state (docs/EROSION.md, shaders/sim/erosion_math.h): width * height each,
/// row-major. Empty while the run has no erosion set up.
struct ErosionField {
    std::vector<float> baseM;                  ///< the bed is base + bedChange units (bedHeight)
    std::vector<std::int32_t> bedChangeUnits;  ///< the bed's change since erosion was set up
    std::vector<std::int32_t> softUnits;       ///< soft-layer thickness (soil, sand, deposits)
    std::vector<std::int32_t> sedimentUnits;   ///< suspended load, units of material over one cell
    std::vector<float> hardness;               ///< the bedrock's resistance, 0..1
    bool empty() const { return sedimentUnits.empty(); }
};

/// Erosion's ledger, exact like the water's: cumulative units of material over one cell since
/// erosion was set up (suspended load starts at zero then).
struct SedimentUnits {
    std::int64_t eroded = 0, deposited = 0, removed = 0;
};

/// The sediment ledger as reported: volumes (m^3) and the two exact balances, in units. The
/// suspended load must equal eroded - deposited - removed, and the bed's change deposited - eroded
/// (slumping only moves material), both to the unit.
struct SedimentLedger {
    double erodedM3 = 0, depositedM3 = 0, suspendedM3 = 0, removedM3 = 0;
    double bedChangeM3 = 0;             ///< net change of the bed's volume since erosion was set up
    std::int64_t residualUnits = 0;     ///< suspended - (eroded - deposited - removed)
    std::int64_t bedResidualUnits = 0;  ///< bed change - (deposited - eroded)
    double unitVolumeM3 = 0;
    double residual() const { return double(residualUnits) * unitVolumeM3; }
};

/// Sums of the erosion fields (units).
struct ErosionSums {
    std::int64_t suspended = 0, bedChange = 0, soft = 0;
};

/// The whole field, downloaded. Flows are the effective (outflow-limited) flows of the last substep.
struct FieldSnapshot {
    int width = 0, height = 0;
    float cellSizeM = 1.0f;
    std::vector<float> terrainM;
    std::vector<std::int32_t> depthUnits;  ///< the stored depth, units of kDepthUnitM (exact)
    /// The depth before the last substep: the shallow-water model measures its face velocities
    /// against it (shaders/sim/swe_math.h). Empty: the same as depthUnits (flows at rest).
    std::vector<std::int32_t> prevDepthUnits;
    std::vector<float> depthM;             ///< the same in metres, for readers
    std::vector<float> flowXM3PerS;  ///< (width+1) * height, index y*(width+1)+i; positive = +x
    std::vector<float> flowYM3PerS;  ///< width * (height+1), index j*width+x; positive = +y
    /// The shallow-water model's face velocities (m/s): each face's last flow over the depth it moved
    /// through (shaders/sim/swe_math.h, sweStoredVelocity). Laid out like the flows. Empty (older
    /// snapshots): derived from prevDepthUnits and the flows (deriveFaceVelocities).
    std::vector<float> faceVelocityXMS, faceVelocityYMS;
    ErosionField erosion;  ///< empty without erosion
};

/// Fills FieldSnapshot::depthM from depthUnits.
void fillDepthMetres(FieldSnapshot& f);

/// Water bookkeeping, exact: every amount is a whole number of depth units over one cell, and
/// residual() is exactly zero unless water appeared or vanished unaccounted.
struct Ledger {
    double volumeM3 = 0;         ///< water now in the domain
    double initialVolumeM3 = 0;  ///< water at the start
    double addedM3 = 0;          ///< by sources, rain, inflow boundaries and water brushes, cumulative
    double removedM3 = 0;        ///< by drains, evaporation, open boundaries and water brushes, cumulative
    /// volume - (initial + added - removed) in depth units of one cell (integers: exact).
    std::int64_t residualUnits = 0;
    double unitVolumeM3 = 0;     ///< m^3 of one depth unit over one cell
    double residual() const { return double(residualUnits) * unitVolumeM3; }
};

/// The ledger's exact state: cumulative amounts in depth units of one cell.
struct LedgerUnits {
    std::int64_t initial = 0, added = 0, removed = 0;
};

/// Reduction of the depth field.
struct DepthStats {
    std::int64_t volumeUnits = 0;  ///< sum of the cells' depth units (exact)
    double volumeM3 = 0;
    float minDepthM = 0, maxDepthM = 0;
};

/// Counters of a run, updated by step().
struct RunCounters {
    std::int64_t steps = 0;
    std::int64_t substeps = 0;
    double timeSeconds = 0;
    int lastSubsteps = 0;        ///< substeps the last step took
    float lastDtSubSeconds = 0;  ///< their length
    float maxCourant = 0;        ///< over all completed steps: max (|u| + c) dt_sub / dx of any face
    /// Steps that max_substeps kept from reaching the Courant target: each covered less time than
    /// asked, and shortfallSeconds sums what they left out (the run is that far behind its clock).
    std::int64_t cappedSteps = 0;
    double shortfallSeconds = 0;
    bool lastStepCapped = false;
};

/// The largest |u| + c (m/s) of any face since the last reset: what the flows asked for (decides
/// the next step's substeps) and what the Courant guard allowed (the Courant number reported).
struct SpeedReading {
    float demand = 0, allowed = 0;
};

/// Everything a solver needs to continue a run exactly: the physical state (portable between backends)
/// plus the run's counters, ledger and the speed estimate that decides the next step's substeps.
/// Restoring it on the backend that saved it continues bit-identically to an uninterrupted run.
struct SolverState {
    std::string backend;        ///< "cpu" or "gpu": who saved it (ledgerSlots are that backend's layout)
    FieldSnapshot field;        ///< terrain, depth and effective flows
    SimParams params;
    Boundaries boundary;
    std::vector<Emitter> sources, drains;
    RunCounters counters;
    LedgerUnits ledger;
    WaterCarry carry;                 ///< fractions of a unit of rain, sources, ... not yet moved
    SpeedReading speeds;              ///< measured since the last step began; decides the next substeps
    float initialSpeedEstimate = 0;   ///< used by the first step only
    SedimentUnits sediment;           ///< erosion's ledger (zeros without erosion)
};

/// A rectangle of cells [x0, x0 + w) x [y0, y0 + h), inside the grid.
struct CellBox {
    int x0 = 0, y0 = 0, w = 0, h = 0;
    std::size_t cellCount() const { return std::size_t(w) * std::size_t(h); }
};

/// The water over a box of cells as the bodies read it (Solver::readWater, sim/bodies/water_field.hpp):
/// the bed (m, without the bodies' load), the stored depth (units) and each face's value, row-major
/// from the box's south-west corner. The faces are those of the box's cells: x-faces box.x0 ..
/// box.x0 + box.w of each row, y-faces box.y0 .. box.y0 + box.h of each column. They hold the
/// shallow-water model's stored face velocities (m/s) when faceVelocities, else the pipe model's
/// flows (m^3/s), which keeps no velocity.
struct WaterPatch {
    CellBox box;
    bool faceVelocities = false;
    std::vector<float> bedM;               ///< box.w * box.h
    std::vector<std::int32_t> depthUnits;  ///< box.w * box.h
    std::vector<float> faceX;              ///< (box.w + 1) * box.h
    std::vector<float> faceY;              ///< box.w * (box.h + 1)
};

/// How one step of dtSeconds is split: n equal substeps of dtSub that keep dtSub * speed / dx <=
/// courant. When that needs more than maxSubsteps, n = maxSubsteps and dtSub = courant dx / speed:
/// the step covers n dtSub < dtSeconds (capped).
struct SubstepPlan {
    int n = 1;
    float dtSub = 0;
    bool capped = false;
};
SubstepPlan planSubsteps(float dtSeconds, float maxSpeedMPerS, float cellSizeM, float courant, int maxSubsteps);

/// Common base: owns the parameters, the substep policy and the counters; backends do the substeps.
class Solver {
public:
    virtual ~Solver() = default;
    /// "cpu" or "gpu".
    virtual const char* backendName() const = 0;

    /// One user step of dtSeconds (clamped to > 0), split into CFL substeps.
    void step(float dtSeconds);
    /// Exactly n substeps of dtSub each, no CFL check or readback (benchmarks).
    void stepFixed(float dtSubSeconds, int n);

    /// Max wave speed |u| + sqrt(g h) (m/s) the flows asked for since the last step started.
    float currentMaxSpeed() { return peekSpeeds().demand; }
    /// Courant number of the last completed step: max (|u| + c) dt_sub / dx of any face, as the
    /// Courant guard let it run (reads back on the GPU).
    float lastCourant();

    virtual FieldSnapshot download() = 0;
    /// Replaces the bed elevation (width*height metres) between steps. Depth is the stored state, so
    /// the water volume does not change: raising the bed lifts the water surface with it.
    virtual void setTerrain(const std::vector<float>& terrainM) = 0;
    virtual DepthStats depthStats() = 0;
    /// Applies one brush stroke between steps, touching only the cells of its box (sim/brush.hpp).
    /// Terrain brushes change the bed, never the depth, so the water volume stays exactly the same;
    /// water brushes change the depth and book the change in the ledger (added / removed), so the
    /// residual stays ~0. Flows are untouched: outflow limits are recomputed from depths each substep.
    virtual void applyBrush(const BrushStroke& stroke) = 0;
    /// The bodies' load on the water (docs/BODIES.md): metres of water per cell (width*height, >= 0),
    /// added to the bed wherever the flow reads it, so a body pushes the water aside and the water
    /// passes under or over it. An empty vector removes it. Takes effect at the next substep and
    /// never touches the depth: the ledger stays exact.
    void setBodyLoad(std::vector<float> loadM) {
        bodyLoadM_ = std::move(loadM);
        loadCellsKnown_ = false;
        bodyLoadChanged();
    }
    /// The same load given cell by cell (a body step): `metres[k]` on grid cell `cells[k]` (row-major
    /// index, ascending), 0 on every other cell. A backend then moves only the cells that may change:
    /// those listed now and those listed last time (on a GPU, a few thousand cells, not the grid).
    void setBodyLoadCells(const std::vector<std::uint32_t>& cells, const std::vector<float>& metres);
    const std::vector<float>& bodyLoad() const { return bodyLoadM_; }
    /// Volume plus the cumulative added/removed amounts.
    Ledger ledger();
    /// Whether erosion's state (soft layer, suspended load, bed change) exists: once the scene set it
    /// up or erosion was first enabled. It runs while params().erosion.enabled.
    bool hasErosionState() const { return erosionSetUp_; }
    /// Erosion's ledger (zeros without erosion state; reads back on the GPU).
    SedimentLedger sedimentLedger();

    /// Copies the bed or the depth of `box` (row-major, box.w per row) out of / into the solver
    /// between steps (undo and redo of edits), as 4-byte words: the bed's float bits, the depth's
    /// int32 units. Writing depth books the change of volume in the ledger (net growth as added, net
    /// loss as removed), exactly; writing the bed keeps the volume exactly. Flows are untouched, as
    /// with brushes. Soft (int32 units) and Hardness (float bits) are erosion's painted layers: they
    /// touch no ledger and, without erosion state, read as zeros and are not written.
    enum class Field { Terrain, Depth, Soft, Hardness };
    virtual void readRegion(Field field, const CellBox& box, std::uint32_t* out) = 0;
    /// The water of every box (inside the grid) between steps, in one read: on the GPU one gather
    /// dispatch and one readback of those cells only, however many boxes (the water around each
    /// body, where a download() would read the whole grid back).
    virtual std::vector<WaterPatch> readWater(const std::vector<CellBox>& boxes) = 0;
    /// What sums the water's terms over the bodies' samples where the water is (the GPU's forces,
    /// sim/gpu_body_forces.hpp); null: the bodies' world sums them on its threads (the same bits).
    virtual BodySampleSummer* bodySummer() { return nullptr; }
    void writeRegion(Field field, const CellBox& box, const std::uint32_t* values);
    /// writeRegion of bed heights given as floats.
    void writeTerrainRegion(const CellBox& box, const float* heightsM);

    /// The whole state (downloads on the GPU).
    SolverState saveState();
    /// Replaces the whole state between steps. The grid size must match; errors say what differs.
    Result<void> restoreState(const SolverState& state);

    const RunCounters& counters() const { return counters_; }
    const SimParams& params() const { return params_; }
    /// New parameters take effect at the next step (validated by the caller).
    /// A switch to the shallow-water model derives the face velocities it keeps
    /// (deriveFaceVelocities), which the pipe model does not. Enabling erosion for the first time
    /// sets its state up on the current bed (a soft layer of erosion.softThicknessM everywhere).
    void setParams(const SimParams& p);
    /// Replaces sources, drains and boundaries; they take effect at the next substep.
    void setEmitters(std::vector<Emitter> sources, std::vector<Emitter> drains) {
        sources_ = std::move(sources);
        drains_ = std::move(drains);
    }
    void setBoundaries(const Boundaries& b) { boundary_ = b; }
    const std::vector<Emitter>& sources() const { return sources_; }
    const std::vector<Emitter>& drains() const { return drains_; }
    const Boundaries& boundaries() const { return boundary_; }
    int width() const { return width_; }
    int height() const { return height_; }
    float cellSizeM() const { return cellSizeM_; }

protected:
    explicit Solver(const Scene& scene);
    /// n substeps of dtSub seconds each (the same constants throughout). The default runs substep()
    /// n times; a backend may do several substeps per pass over memory.
    virtual void advance(float dtSubSeconds, int n) {
        for (int i = 0; i < n; ++i) substep(dtSubSeconds);
    }
    /// One substep of dtSub seconds of the water model in params_.model.
    virtual void substep(float dtSubSeconds) = 0;
    /// Max face speeds since resetSpeeds(); GPU: a small readback.
    virtual SpeedReading peekSpeeds() = 0;
    virtual void resetSpeeds() = 0;
    /// The cumulative added / removed units.
    virtual void addedRemovedUnits(std::int64_t& added, std::int64_t& removed) = 0;
    /// The start's volume; call once the backend holds the scene's depth.
    void setInitialVolume(std::int64_t units) { initialUnits_ = units; }
    /// restoreState() hooks: fields (flows and the depth before the last substep), the ledger's
    /// cumulative units and the speed registers.
    virtual void restoreFields(const FieldSnapshot& field) = 0;
    virtual void restoreLedger(std::int64_t added, std::int64_t removed) = 0;
    virtual void restoreSpeeds(SpeedReading speeds) = 0;
    /// writeRegion() hooks: store the words; add to the cumulative ledger amounts.
    virtual void storeRegion(Field field, const CellBox& box, const std::uint32_t* values) = 0;
    virtual void bookLedger(std::int64_t addedUnits, std::int64_t removedUnits) = 0;
    /// Erosion hooks: replace the erosion state (an empty field drops it), its cumulative ledger,
    /// and read back its sums and cumulative ledger.
    virtual void storeErosion(const ErosionField& field) = 0;
    virtual void restoreSediment(const SedimentUnits& units) = 0;
    virtual void sedimentTotals(ErosionSums& sums, SedimentUnits& units) = 0;
    /// Sets erosion's state up on the current bed: base = bed, no change, the given soft-layer
    /// thickness (m) and bedrock hardness per cell (empty: the parameters' uniform values), nothing
    /// suspended. Backends call it once they hold the scene, when the scene asks for erosion.
    void setUpErosion(const std::vector<float>& softM, const std::vector<float>& hardness);
    /// Patches of the boxes' sizes (WaterPatch), their faces as the model keeps them, to fill.
    std::vector<WaterPatch> sizedPatches(const std::vector<CellBox>& boxes) const;
    /// Whether a scene asks for erosion state from the start.
    static bool sceneWantsErosion(const Scene& scene) {
        return scene.params.erosion.enabled || !scene.softThicknessM.empty() || scene.erosionSetUp;
    }
    bool erosionSetUp_ = false;
    /// setBodyLoad() hook: the backend takes bodyLoadM_ (width*height metres, or empty: none).
    virtual void bodyLoadChanged() = 0;
    /// setBodyLoadCells() hook: bodyLoadM_ holds the new load, which differs from the last only on
    /// `changed` (grid cells, possibly repeated). By default the backend takes the whole load again.
    virtual void bodyLoadCellsChanged(const std::vector<std::uint32_t>& changed) {
        (void)changed;
        bodyLoadChanged();
    }
    std::vector<float> bodyLoadM_;
    std::vector<std::uint32_t> loadCells_;  // the cells of the last setBodyLoadCells (the rest are 0)
    bool loadCellsKnown_ = false;           // false after setBodyLoad: any cell may be loaded
    /// What water sources, rain, evaporation and boundary segments move in the next substep of `c`
    /// (carries and the substep clock advanced): the same on every backend.
    SubstepAmounts nextAmounts(const SubstepConstants& c) {
        SubstepAmounts a = takeAmounts(c, carry_, amountClock_);
        amountClock_ += double(c.dt);
        return a;
    }

    SimParams params_;
    Boundaries boundary_;
    std::vector<Emitter> sources_, drains_;
    int width_ = 0, height_ = 0;
    float cellSizeM_ = 1.0f;

private:
    RunCounters counters_;
    float initialSpeedEstimate_ = 0;
    std::int64_t initialUnits_ = 0;
    WaterCarry carry_;
    double amountClock_ = 0;  // start of the next substep (s): the boundaries' time series are read there
};

/// Creates a solver of the named backend ("cpu" or "gpu"). The GPU backend needs a current GL 4.5
/// context; the error names what is missing (or the grid that does not fit).
std::unique_ptr<Solver> makeCpuSolver(const Scene& scene);

}  // namespace sluice::sim

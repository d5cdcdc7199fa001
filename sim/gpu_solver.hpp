#pragma once
// The GPU solver: both water models in GL 4.5 compute shaders, two passes per substep (faces:
// pipe_flux.comp or swe_flux.comp; cells: step_depth.comp), skipping dry work groups; the pipe model
// in skewed sweeps over strips of rows on large grids. Depth is stored in integer units and moved by integer transfers (transfer_math.h), so it
// computes the CPU reference's function bit for bit. No readback per substep; one 16-byte readback per
// step for the CFL substep policy. Needs a current GL 4.5 context on this thread.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "gl/result.hpp"
#include "sim/field_layout.hpp"
#include "sim/gpu_body_forces.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

/// Tuning::blockedSubsteps unless told: 0 (off), or SLUICE_BLOCKED_SUBSTEPS=0..4 when set
/// (measurements: both in one binary; sim/measure_env.hpp).
int defaultBlockedSubsteps();

/// The water model on the GPU. State stays in shader-storage buffers that the renderer may read.
class GpuSolver final : public Solver {
public:
    /// The layout a W x H grid takes by default: tiles when one field is larger than 48 MiB (more than
    /// 12 Mi cells: 4096^2 yes, 3072^2 no), else rows. On an H100 (docs/PERFORMANCE.md, 2026-12-07,
    /// eighth session) a band of 5 % of the columns cost 2.77x per computed cell in rows at 4096^2 and
    /// 1.00x in tiles, 1.08x in rows at 3072^2; tiles cost the dense shallow-water step 10 % at 4096^2
    /// and 13 % at 3072^2, where rows keep every mostly dry shape proportional. At 8192^2 rows cost
    /// the band 5.3x (2026-12-06).
    static FieldOrder fieldOrderFor(int width, int height);
    /// What create() picks for a W x H grid unless told: fieldOrderFor, or the environment variable
    /// SLUICE_FIELD_LAYOUT=rows|tiles|strips when set (measurements: all in one binary).
    static FieldOrder autoFieldOrder(int width, int height);

    /// Compiles the kernels and uploads the scene, its fields laid out as `order` says (tests,
    /// measurements) or, without one, as autoFieldOrder picks for the grid (shaders/sim/field_layout.h).
    /// Errors: shader compile/link, a grid larger than the GPU's buffer or dispatch limits, out of GPU
    /// memory.
    static Result<std::unique_ptr<GpuSolver>> create(const Scene& scene, std::optional<FieldOrder> order = std::nullopt);

    ~GpuSolver() override;
    const char* backendName() const override { return "gpu"; }
    FieldSnapshot download() override;
    void setTerrain(const std::vector<float>& terrainM) override;
    DepthStats depthStats() override;
    /// shaders/sim/brush.comp over the brush tiles that intersect the stroke's box (water brushes book
    /// into those tiles' ledger slots); smooth takes a second dispatch.
    void applyBrush(const BrushStroke& stroke) override;
    void readRegion(Field field, const CellBox& box, std::uint32_t* out) override;
    /// shaders/sim/gather_patches.comp: the boxes' fields copied into one buffer, read back at once.
    std::vector<WaterPatch> readWater(const std::vector<CellBox>& boxes) override;
    /// The bodies' forces in shaders/sim/body_forces.comp (compiled when first asked; null, with
    /// the reason on stderr, if it does not compile).
    BodySampleSummer* bodySummer() override;

    /// How substeps map to dispatches. Every choice computes bit-identical depths and flows.
    struct Tuning {
        /// Rows of a strip of the skewed sweep (several substeps strip by strip, see
        /// advanceSkewed()); 0 or -1: none. Opt-in only (benchmarks, tests): on NVIDIA a sweep of
        /// small strips now and then gave other bits than the whole-grid step (docs/PERFORMANCE.md).
        int stripRows = 0;
        int sweepSubsteps = 8;     ///< with strips: substeps per sweep (at most stripRows / 4)
        bool skipDryTiles = true;  ///< groups without water, flow or inflow nearby are not computed
        /// A whole substep in one dispatch (step_fused.comp) instead of two; not with sweeps, and not
        /// while a transmissive edge is present (it reads the depth that dispatch overwrites).
        /// Opt-in: slower than the two passes on an H200 (pipes 15-18 against 21 G cell-steps/s,
        /// shallow water 7-10 against 11-12) and on llvmpipe; docs/PERFORMANCE.md.
        bool fused = false;
        /// Fused kernel: rows of cells each invocation steps (1, 2 or 4; its tiles are
        /// SLUICE_PASS_GROUP_X x 4 * fusedCellRows cells: taller tiles compute fewer ring faces twice
        /// but need more shared memory).
        int fusedCellRows = 2;
        /// Fused kernel and tiled pass 2: invocation rows of a work group (2, 4 or 8; groups of
        /// SLUICE_PASS_GROUP_X x fusedThreadRows, tiles fusedThreadRows * fusedCellRows rows high).
        int fusedThreadRows = SLUICE_FUSED_THREAD_ROWS;
        /// Two passes with pass 2 in the fused kernel's tiles (step_fused.comp without its face
        /// phase: pass 1's raw transfers loaded into shared memory, so each outflow is gathered once
        /// per tile, not once per neighbour that reads it); tiles as fusedCellRows says. Opt-in:
        /// slower than pass 2's small groups on an H200 (docs/PERFORMANCE.md).
        bool tiledPass2 = false;
        bool countTiles = false;   ///< count the groups computed (tilesRun(); one atomic per group)
        /// With skipDryTiles, the two passes over the whole grid dispatch only the groups that run,
        /// listed by dry_list.comp before each substep, instead of every group voting and the dry
        /// ones returning. Same bits; off only to measure the difference.
        bool groupLists = true;
        /// Substeps a dispatch of the temporally blocked step advances (step_blocked.comp, the pipe
        /// model without erosion or transmissive edges; the other runs take the kernels above): 0
        /// off, else 1 to 4. Its tiles are blockedTileX x blockedThreadRows * blockedCellRows slots,
        /// of which the inner part, 4 blockedSubsteps fewer each way, is written (at least 32 x 8).
        int blockedSubsteps = defaultBlockedSubsteps();
        int blockedTileX = 64;        ///< 32, 64 or 128
        int blockedThreadRows = 16;   ///< invocation rows (blockedTileX * blockedThreadRows <= 1024)
        int blockedCellRows = 2;      ///< 1, 2 or 4
    };
    /// The sweep shape `sluice bench` measures on grids of several strips (a whole-grid pass over
    /// 8192^2's ~2 GB runs at half the bandwidth on an H200, docs/PERFORMANCE.md): strips of
    /// autoStripRows() rows, kAutoSweepSubsteps substeps a sweep.
    static constexpr int kAutoSweepSubsteps = 16;
    /// The largest power of two of rows whose strip (bed, two depths, two flow pairs, raw transfers:
    /// 36 B a cell) stays within kSweepStripBytes.
    static int autoStripRows(int width);
    static constexpr double kSweepStripBytes = 320.0 * 1024 * 1024;
    void setTuning(const Tuning& t);
    /// Why Tuning's temporally blocked tiles cannot run ("" when they can, device limits aside): the
    /// substeps, the tile's width, rows and invocations, and the inner part each tile writes.
    static std::string blockedShapeProblem(const Tuning& t);
    const Tuning& tuning() const { return tuning_; }
    /// Groups computed since resetTileCount() (counted only with Tuning::countTiles; skewed sweeps
    /// compute every group and count those holding water), and the groups of one dispatch.
    std::uint32_t tilesRun();
    void resetTileCount();
    int tileCount() const { return passGroupsX_ * passGroupsY_; }

    /// Bytes of GPU memory the simulation state takes per cell (buffers only; a sweep's scratch once
    /// the first sweep has run).
    double bytesPerCell() const;
    /// DRAM traffic of one substep by design, bytes per cell (each array once per dispatch, neighbours
    /// from the cache). Two passes: pass 1 reads b, h, Qx, Qy (shallow water: and ux, uy) and writes
    /// raw transfers (shallow water: and the depths the moving faces move water through); pass 2
    /// reads them and h and writes h, Qx, Qy (ux, uy): 48 / 80. Fused: the state read
    /// and written once: 28 / 44 (the ring faces a tile computes twice, and the velocities the cell
    /// phase reads again, come from the cache).
    static double designBytesPerCellStep(WaterModel model, bool fused) {
        const bool swe = model == WaterModel::Swe;
        return fused ? (swe ? 44.0 : 28.0) : (swe ? 80.0 : 48.0);
    }

    /// How the fields lie in their buffers (shaders/sim/field_layout.h), fixed at creation.
    FieldLayout fieldLayout() const { return FieldLayout(width_, height_, fieldOrder_); }
    /// Current buffers, for the renderer (read only), each field in fieldLayout(). Valid until the
    /// next step. Depth holds int32 units of SLUICE_DEPTH_UNIT_M metres (shaders/sim/transfer_math.h).
    const gl::Buffer& terrainBuffer() const { return terrain_; }
    const gl::Buffer& depthBuffer() const { return depth_[depthCur_]; }
    /// Effective face flows of the last substep, m^3/s (sim_layout.h).
    const gl::Buffer& flowXBuffer() const { return flowX_[flow_]; }
    const gl::Buffer& flowYBuffer() const { return flowY_[flow_]; }
    /// Erosion's fields for the renderer (read only; empty buffers without erosion state): int32
    /// units of SLUICE_DEPTH_UNIT_M metres of material per cell, the current values from the given
    /// element offset on (each buffer holds two halves; shaders/sim/sim_layout.h). Valid until the next
    /// step.
    struct ErosionBuffers {
        const gl::Buffer* sediment = nullptr;  ///< suspended load
        int sedimentOffset = 0;
        const gl::Buffer* soft = nullptr;      ///< soft-layer thickness
        int softOffset = 0;
        const gl::Buffer* bedChange = nullptr; ///< the bed's change since erosion was set up (signed)
        int bedChangeOffset = 0;
    };
    ErosionBuffers erosionBuffers() const {
        return {&erosion_, sedimentAt(sedHalf_), &erosion_, softAt(layerHalf_), &erosion_, bedChangeAt(layerHalf_)};
    }

protected:
    void advance(float dtSubSeconds, int n) override;
    void substep(float dtSubSeconds) override { advance(dtSubSeconds, 1); }
    SpeedReading peekSpeeds() override;
    void resetSpeeds() override;
    void addedRemovedUnits(std::int64_t& added, std::int64_t& removed) override;
    void restoreFields(const FieldSnapshot& field) override;
    void restoreLedger(std::int64_t added, std::int64_t removed) override;
    void restoreSpeeds(SpeedReading speeds) override;
    void storeRegion(Field field, const CellBox& box, const std::uint32_t* values) override;
    void bookLedger(std::int64_t added, std::int64_t removed) override;
    void bodyLoadChanged() override;
    void bodyLoadCellsChanged(const std::vector<std::uint32_t>& changed) override;
    void storeErosion(const ErosionField& field) override;
    void restoreSediment(const SedimentUnits& units) override;
    void sedimentTotals(ErosionSums& sums, SedimentUnits& units) override;

private:
    GpuSolver(const Scene& scene, FieldOrder order) : Solver(scene), fieldOrder_(order) {}
    Result<void> init(const Scene& scene);
    void reduce(gpu::GpuReducePartial& total);
    void uploadEmitters(const std::vector<gpu::GpuEmitter>& emitters);
    /// The edge faces' codes (boundary_math.h), then the amounts table of n substeps (sim_layout.h)
    /// from the host's carries.
    void uploadAmounts(const SubstepConstants& c, int n);
    /// After an outside change of the state: the next two dispatches compute every group, so both
    /// ping-pong copies hold the edited state before dry groups are skipped again.
    void markAllTilesActive();
    void setPassUniforms(const gl::Program& p, const SubstepConstants& c, int emitterCount) const;
    /// n substeps of the whole grid, two dispatches each.
    void advanceWhole(int n);
    /// Binds the state for a dispatch that reads the current copies and writes every output to the
    /// other ones (the fused and blocked kernels): depth, flows, activity flags.
    void bindOtherCopyOutputs() const;
    /// n substeps of the whole grid, one dispatch each (step_fused.comp), and whether a run goes there.
    void advanceFused(int n);
    bool runsFused() const;
    /// Whether a transmissive edge is present: the fused and blocked kernels then step aside (they
    /// would overwrite the depth before the last substep, which its faces read, under a neighbour).
    static bool anyTransmissive(const Boundaries& b);
    /// n substeps in dispatches of the temporally blocked kernel (step_blocked.comp), and whether a
    /// run goes there.
    void advanceBlocked(int n);
    bool runsBlocked() const;
    /// With Tuning::blockedSubsteps, compiles step_blocked.comp for the tuning's shape, or says on
    /// stderr why it cannot (the shape, the device's shared memory) and turns it off.
    void compileBlockedOrTurnOff();
    /// Rows of cells of the fused kernels' tiles (as compiled), and their work groups along y.
    int fusedTileRows() const { return fusedThreadRowsBuilt_ * fusedCellRowsBuilt_; }
    /// Compiles the fused kernels for Tuning::fusedCellRows and fusedThreadRows.
    Result<void> compileFused();
    /// The words of one field: where a buffer's second section starts.
    int fieldSpan() const { return int(fieldLayout().words()); }
    /// faceVelocity_'s element where the velocities of half `half` start (x-faces, then y-faces).
    int velocityAt(int half) const { return half * 2 * fieldSpan(); }
    /// Gives faceVelocity_ its second half if it has only one.
    void ensureTwoVelocityHalves();
    /// n substeps in skewed sweeps over strips of rows (Tuning::stripRows).
    void advanceSkewed(int n);
    /// Pass 1 (a flux pass: face rows [y0, y1)) or pass 2 (depthPass(): cell rows [y0, y1)) of
    /// substep `substep` of the run, raw transfers held from row rawRow0 on.
    void dispatchPassRows(const gl::Program& p, int y0, int y1, int rawRow0, int substep) const;
    /// Pass 1's work groups (it also has the east and north edge faces: one column / row more on some grids).
    int pass1GroupsX() const { return (width_ + SLUICE_PASS_GROUP_X) / SLUICE_PASS_GROUP_X; }
    int pass1GroupsY() const { return (height_ + SLUICE_PASS_GROUP_Y) / SLUICE_PASS_GROUP_Y; }
    /// Lists the groups of the next substep's two passes that run (dry_list.comp).
    void listGroups() const;
    /// Pass `p` over the groups of `list` (groupList_), the whole grid's rows.
    void dispatchPassList(const gl::Program& p, const gl::Buffer& list, int substep) const;
    /// Strip rows and substeps per sweep in use (rows 0: no sweeps), and whether a run of n substeps
    /// goes through advanceSkewed().
    int stripRows() const;
    int sweepSubsteps() const;
    bool sweeps(int n) const;

    /// The buffer behind a Field of read/storeRegion and the element its current field starts at (its
    /// cells where fieldLayout() puts them); null for erosion's layers without erosion state.
    gl::Buffer* fieldBuffer(Field field, std::size_t& offsetCells);

    /// Pass 1 and pass 2 of the substep as selectStepKernels() picked them for this advance().
    const gl::Program& fluxPass() const { return *pass1_; }
    const gl::Program& depthPass() const { return *pass2_; }
    const gl::Program& fusedPass() const { return params_.model == WaterModel::Swe ? fusedSwe_ : fusedPipes_; }
    /// Picks pass 1 and pass 2 compiled for the run's configuration (the model, erosion, the friction
    /// law, whether the laminar drag runs, whether bodies load the water: SLUICE_STEP_* constants in
    /// step_kernel_common.h, so the other cases' code drops out of the kernels and their registers),
    /// compiling each on first use (kernelVariant).
    void selectStepKernels(const SubstepConstants& c);
    /// `file` compiled with `defines` (cached); `general` (the same file without them) if that fails,
    /// which only costs speed, with a message on stderr.
    const gl::Program& kernelVariant(const char* file, const gl::Program& general, const std::string& defines);
    /// The programs that step cells (cell_step.h): pass 2 as it runs now, the fused kernels and the
    /// tiled pass 2.
    std::array<const gl::Program*, 4> cellPasses() const { return {&depthPass(), &fusedPipes_, &fusedSwe_, &tiledPass2_}; }

    /// Erosion (gpu_erosion.cpp): state set up and enabled; step 2 after a substep's pass 2 (which
    /// does step 1, step_depth.comp; slump.comp); base of `box` after an outside edit of the bed; its
    /// fields read back; the element offsets of the erosion buffer's sections (sim_layout.h).
    bool erosionRunning() const { return erosionSetUp_ && params_.erosion.enabled; }
    void erodeAndSlump();
    int sectionAt(int section) const { return section * fieldSpan(); }
    int sedimentAt(int half) const { return sectionAt(SLUICE_EROSION_SEDIMENT + half); }
    int softAt(int half) const { return sectionAt(SLUICE_EROSION_SOFT + half); }
    int bedChangeAt(int half) const { return sectionAt(SLUICE_EROSION_BED_CHANGE + half); }
    void rebase(const CellBox& box);
    ErosionField erosionField() const;
    /// step_depth.comp's sediment uniforms and binding (erosion off: uErosion 0).
    void setSedimentUniforms();

    gl::Program flux_, sweFlux_, depthPass_, reduce_, brush_, slump_;  // the general step kernels
    std::map<std::string, gl::Program> kernelVariants_;  // the configured ones (kernelVariant; id 0: failed)
    const gl::Program* pass1_ = nullptr;  // the passes of this advance() (selectStepKernels)
    const gl::Program* pass2_ = nullptr;
    gl::Program fusedPipes_, fusedSwe_;  // step_fused.comp for each model (Tuning::fused)
    gl::Program tiledPass2_;             // step_fused.comp without the face phase (Tuning::tiledPass2)
    gl::Program blocked_;                // step_blocked.comp (Tuning::blockedSubsteps), for blockedShape_
    std::string blockedShape_;           // its tile's defines ("" none)
    const gl::Program* blockedPass_ = nullptr;  // it as this advance() runs it (selectStepKernels; null: not run)
    int blockedInnerW_ = 0, blockedInnerH_ = 0;  // cells a tile of it writes
    int blockedSlot0_ = 0;               // its tiles' first ledger slot pair
    gl::Buffer prevDepth_;               // the depth before the last substep it writes (grown on demand)
    gl::Program gather_;                 // gather_patches.comp (readWater)
    gl::Program scatterLoad_;            // scatter_load.comp (setBodyLoadCells)
    gl::Program dryList_;                // dry_list.comp (Tuning::groupLists)
    gl::Buffer groupList_[2];            // its lists of pass 1's and pass 2's groups that run
    gl::Buffer loadCells_;               // its list of (cell, load bits) (grown on demand)
    int fusedCellRowsBuilt_ = 0;         // the Tuning::fusedCellRows they were compiled for
    int fusedThreadRowsBuilt_ = 0;       // and the Tuning::fusedThreadRows
    std::string exactDefines_;           // the float-ops defines every step kernel is compiled with
    bool bodyLoad_ = false;              // terrain_'s second half holds the bodies' load (uBodyLoad)
    FieldOrder fieldOrder_ = FieldOrder::Rows;  // the fields' layout, fixed at creation (fieldLayout())
    bool lastRunFused_ = false;          // the last substeps ran fused (a switch wakes every group)
    // Erosion's state (empty until set up): the sections of sim_layout.h in erosion_, the current halves
    // of the pairs at sedHalf_ (sediment) and layerHalf_ (soft layer, bed change).
    gl::Buffer bedBase_, erosion_;
    int sedHalf_ = 0, layerHalf_ = 0;
    float erosionDtSub_ = 0;          // the substep length erodeAndSlump() uses (set by advance())
    std::size_t waterSlots_ = 0;      // ledger slot pairs of the water (pass-2 groups, brush tiles)
    std::size_t sedimentSlot0_ = 0;   // the int64 index of erosion's first ledger slot
    gl::Buffer gatherRects_, gatherOut_;  // readWater: its rectangles and their words (grown on demand)
    std::unique_ptr<GpuBodyForces> bodyForces_;  // bodySummer()'s, made when first asked
    bool bodyForcesFailed_ = false;              // and it did not compile: the CPU sums them
    gl::Buffer brushScratch_;  // smooth: new bed of the brush's dispatch area; grown on demand
    // Pairs: the index holds the state, the other copy is written by the next dispatch (depth and
    // flags swap every substep; flows stay, the other flow pair holding pass 1's raw transfers, except
    // in sweeps, which swap them too).
    gl::Buffer terrain_, depth_[2], flowX_[2], flowY_[2], flags_[2];
    // Shallow water: each face's velocity, m/s (x-faces, then y), the current ones at
    // velocityAt(velHalf_); the two passes rewrite them in place (pass 1 leaving the depths its faces
    // move water through in the second half), the fused kernel writes the second half. The second
    // half is allocated when the model first steps.
    gl::Buffer faceVelocity_;
    int velHalf_ = 0;
    gl::Buffer emitters_, amounts_, ledger_, stats_, partials_;
    gl::Buffer stripRawX_, stripRawY_;  // skewed sweep: raw transfers of one strip's face rows (grown on demand)
    int depthCur_ = 0, flow_ = 0, flagsCur_ = 0;
    int passGroupsX_ = 0, passGroupsY_ = 0;
    int amountStride_ = SLUICE_AMOUNT_SEGMENTS;  // ints per substep in the amounts table
    int amountTable0_ = 0;                       // where the table starts (after the edge codes)
    int emitterBase_ = SLUICE_AMOUNT_SEGMENTS;   // the first emitter's slot in a row
    int brushTilesX_ = 0, brushSlotBase_ = 0;    // brush tiles per row; their first ledger slot
    Tuning tuning_;
    std::vector<gpu::GpuEmitter> uploadedEmitters_;
};

}  // namespace sluice::sim

#pragma once
// The GPU solver: the pipe model in GL 4.5 compute shaders. One dispatch of pipe_stream.comp does one
// or two whole substeps, streaming rows through registers and shared memory (temporal blocking),
// skipping dry tiles; the two-pass step (pipe_flux + pipe_depth) is the simple alternative. No
// readback per substep; one 16-byte readback per step for the CFL substep policy. Needs a current
// GL 4.5 context on this thread.
#include <cstdint>
#include <map>
#include <memory>

#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "sim/gpu_layout.hpp"
#include "gl/result.hpp"
#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

/// Pipe model on the GPU. State stays in shader-storage buffers that the renderer may read.
class GpuSolver final : public Solver {
public:
    /// Compiles the kernels and uploads the scene. Errors: shader compile/link, a grid larger than
    /// the GPU's buffer or dispatch limits, out of GPU memory.
    static Result<std::unique_ptr<GpuSolver>> create(const Scene& scene);

    const char* backendName() const override { return "gpu"; }
    FieldSnapshot download() override;
    void setTerrain(const std::vector<float>& terrainM) override;
    DepthStats depthStats() override;
    /// shaders/sim/brush.comp over the depth pass's work groups that intersect the stroke's box
    /// (water brushes book into those groups' ledger slots); smooth takes a second dispatch.
    void applyBrush(const BrushStroke& stroke) override;
    void readRegion(Field field, const CellBox& box, float* out) override;

    /// Which kernels run a substep. Every choice computes bit-identical depths and flows, so the
    /// automatic choice may switch between steps without changing a result.
    enum class Kernel {
        TwoPass,  ///< pipe_flux.comp + pipe_depth.comp, 128x2 groups, one substep per two dispatches
        Stream,   ///< pipe_stream.comp: 1 or 2 substeps per dispatch, rows streamed down column tiles
        Auto,     ///< the faster one measured on an H200 for the grid and how much of it is wet (below)
    };
    /// How substeps map to dispatches.
    struct Tuning {
        Kernel kernel = Kernel::Auto;
        int substepsPerDispatch = 1;  ///< stream: 1..kMaxSubstepsPerDispatch substeps per pass over memory
        int streamRows = 0;           ///< stream: rows of a tile, a multiple of 4 up to 128; 0: by grid size
        int streamWidth = 0;          ///< stream: columns of a work group's region (32..256); 0: kDefaultStreamWidth
        /// Two-pass: rows of a strip of the skewed sweep (several substeps strip by strip, see
        /// advanceSkewed()); 0: the whole grid each substep. Dry tiles are not skipped in a sweep.
        int stripRows = 0;
        int sweepSubsteps = 8;        ///< two-pass with strips: substeps per sweep (at most stripRows / 4)
        bool skipDryTiles = true;     ///< groups without water, flow or inflow nearby are not computed
        bool countTiles = false;      ///< count the groups computed (tilesRun(); one atomic per group)
    };
    static constexpr int kMaxSubstepsPerDispatch = 2;
    static constexpr int kMinStreamRows = 8, kMaxStreamRows = 128;  ///< stream tile rows (flag mask: 32 blocks)
    static constexpr int kMinStreamWidth = 32, kMaxStreamWidth = 256, kDefaultStreamWidth = SLUICE_STREAM_WIDTH;
    /// Kernel::Auto streams while less than kAutoStreamBelow of the groups run (dry groups cost the
    /// stream kernel less) and goes back to two-pass above kAutoTwoPassAbove. Grids of at least
    /// kAutoSweepCells start streaming, and their two-pass steps of several substeps run in skewed
    /// sweeps (strips of autoStripRows(), kAutoSweepSubsteps substeps): a whole-grid pass over their
    /// ~2 GB runs at half the bandwidth on an H200 (docs/PERFORMANCE.md).
    static constexpr double kAutoSweepCells = 8192.0 * 8192.0, kAutoStreamBelow = 0.35, kAutoTwoPassAbove = 0.6;
    static constexpr int kAutoSweepSubsteps = 16;
    /// Strip rows for Kernel::Auto's sweeps: the largest power of two whose strip (bed, two depths, two
    /// flow pairs, raw flows: 36 B a cell) stays within kSweepStripBytes.
    static int autoStripRows(int width);
    static constexpr double kSweepStripBytes = 320.0 * 1024 * 1024;
    /// Columns a stream work group of `groupWidth` invocations keeps with `substeps` per dispatch
    /// (the rest is its halo).
    static int streamTileWidth(int groupWidth, int substeps);
    /// Rows of a stream tile that Tuning::streamRows = 0 picks for a grid: enough work groups to fill
    /// a large GPU, as few halo rows as that allows.
    static int autoStreamRows(int width, int height, int groupWidth, int substeps);
    /// Whether the kernels reduce with GL_KHR_shader_subgroup arithmetic (else a shared-memory tree).
    bool usesSubgroups() const { return subgroups_; }
    void setTuning(const Tuning& t);
    const Tuning& tuning() const { return tuning_; }
    /// The kernel the next step runs (Kernel::Auto resolved).
    Kernel activeKernel() const { return active_; }
    /// Rows of a stream tile in use (the tuning's, or the automatic choice), and its group width.
    int streamRows() const;
    int streamWidth() const { return tuning_.streamWidth > 0 ? tuning_.streamWidth : kDefaultStreamWidth; }
    /// Groups computed since resetTileCount() (counted only with Tuning::countTiles; skewed sweeps
    /// compute every group and count those holding water), and the groups of one dispatch with the
    /// current tuning (two-pass: depth-pass groups).
    std::uint32_t tilesRun();
    void resetTileCount();
    int tileCount() const;

    /// Bytes of GPU memory the simulation state takes per cell (buffers only; a sweep's scratch once
    /// the first sweep has run).
    double bytesPerCell() const;
    /// Bytes a stream dispatch reads and writes per cell per substep, counting each array once (b, h,
    /// Qx, Qy read; h, Qx, Qy written: 28 B) divided by the substeps per dispatch; the halo's extra
    /// reads (2 columns per substep on each side of a tile, 2 S rows above and below) are assumed to
    /// hit the cache.
    static double streamBytesPerCellStep(int substepsPerDispatch);
    /// The two-pass step's figure: pass 1 reads b, h, Qx, Qy and writes raw Qx, Qy; pass 2 reads h and
    /// the raw flows and writes h, Qx, Qy (each array once per pass, neighbours from the cache).
    static constexpr double kTwoPassBytesPerCellStep = 48.0;

    /// Current buffers, for the renderer (read only). Valid until the next step.
    const gl::Buffer& terrainBuffer() const { return terrain_; }
    const gl::Buffer& depthBuffer() const { return depth_[depthCur_]; }
    /// Effective (outflow-limited) face flows of the last substep, m^3/s (sim_layout.h).
    const gl::Buffer& flowXBuffer() const { return flowX_[flow_]; }
    const gl::Buffer& flowYBuffer() const { return flowY_[flow_]; }

protected:
    void advance(float dtSubSeconds, int n) override;
    void substep(float dtSubSeconds) override { advance(dtSubSeconds, 1); }
    float peekMaxSpeed() override;
    void resetMaxSpeed() override;
    void addedRemoved(double& addedM3, double& removedM3) override;
    void restoreFields(const FieldSnapshot& field) override;
    std::vector<double> ledgerSlots() override;
    void restoreLedger(double addedM3, double removedM3, const std::vector<double>& slots) override;
    void restoreMaxSpeed(float speed) override;
    void storeRegion(Field field, const CellBox& box, const float* values) override;
    void bookLedger(double addedM3, double removedM3) override;

private:
    explicit GpuSolver(const Scene& scene) : Solver(scene) {}
    Result<void> init(const Scene& scene);
    void reduce(gpu::GpuReducePartial& total);
    void uploadEmitters(const std::vector<gpu::GpuEmitter>& emitters);
    /// After an outside change of the state: the next two dispatches compute every tile, so both
    /// ping-pong copies hold the edited state before dry tiles are skipped again.
    void markAllTilesActive();
    static bool hasComputeSubgroupArithmetic();

    Kernel chooseKernel();
    /// Kernel::Auto: the kernel for the next step from the share of groups that ran in the last one
    /// (called once per step, from resetMaxSpeed()).
    void autoChoose(std::uint32_t tilesRun);
    bool countingTiles() const { return tuning_.countTiles || tuning_.kernel == Kernel::Auto; }
    void setPipeUniforms(const gl::Program& p, const SubstepConstants& c, int emitterCount) const;
    void advanceTwoPass(const SubstepConstants& c, int emitterCount, int n);
    /// n two-pass substeps in skewed sweeps over strips of rows (Tuning::stripRows).
    void advanceSkewed(int n);
    /// Pass 1 (flux_: face rows [y0, y1)) or pass 2 (depthPass_: cell rows [y0, y1)), raw flows held
    /// from row rawRow0 on.
    void dispatchPassRows(const gl::Program& p, int y0, int y1, int rawRow0) const;
    /// Strip rows and substeps per sweep in use (the tuning's, or Kernel::Auto's on large grids;
    /// rows 0: no sweeps), and whether a run of n substeps goes through advanceSkewed().
    int stripRows() const;
    int sweepSubsteps() const;
    bool sweeps(int n) const;
    void advanceStream(const SubstepConstants& c, int emitterCount, int n);
    /// pipe_stream.comp for `substeps` per dispatch with the current width, compiled on first use.
    const gl::Program& streamProgram(int substeps);
    Result<gl::Program> compileStream(int substeps, int width) const;
    static int streamKey(int substeps, int width) { return substeps + 4 * width; }

    std::map<int, gl::Program> stream_;  // by streamKey()
    gl::Program flux_, depthPass_, reduce_, brush_;
    gl::Buffer brushScratch_;  // smooth: new bed of the brush's dispatch area; grown on demand
    // Pairs: the index holds the state, the other copy is written by the next dispatch (the stream
    // kernel swaps all three; the two-pass step swaps depth and keeps flows, using the other flow
    // pair for raw flows).
    gl::Buffer terrain_, depth_[2], flowX_[2], flowY_[2], flags_[2];
    gl::Buffer emitters_, ledger_, stats_, partials_;
    gl::Buffer stripRawX_, stripRawY_;  // skewed sweep: raw flows of one strip's face rows (grown on demand)
    int depthCur_ = 0, flow_ = 0, flagsCur_ = 0;
    int passGroupsX_ = 0, passGroupsY_ = 0;
    Kernel flagsKernel_ = Kernel::TwoPass;  // whose granularity flags_ hold
    Kernel active_ = Kernel::TwoPass;       // the kernel in use (Auto resolved)
    long long dispatchesCounted_ = 0;       // dispatches whose groups stats_.tilesRun has counted
    int stepsSinceSwitch_ = 0;              // Auto: steps since active_ last changed
    std::uint32_t lastTilesRun_ = 0;        // stats_.tilesRun at the last peekMaxSpeed()
    int blocksX_ = 0;                          // flag blocks per row
    int brushTilesX_ = 0, brushSlotBase_ = 0;  // brush tiles per row; their first ledger slot
    bool subgroups_ = false;
    Tuning tuning_;
    std::vector<gpu::GpuEmitter> uploadedEmitters_;
};

}  // namespace sluice::sim

#pragma once
// The GPU solver: the pipe model in GL 4.5 compute shaders. One dispatch of pipe_step.comp does one or
// several whole substeps, tile by tile in shared memory (temporal blocking), skipping dry tiles. No
// readback per substep; one 16-byte readback per step for the CFL substep policy. Needs a current
// GL 4.5 context on this thread.
#include <cstdint>
#include <memory>

#include "render/gl/buffer.hpp"
#include "render/gl/program.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/result.hpp"
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

    /// Which kernels run a substep. Every choice computes bit-identical depths and flows.
    enum class Kernel {
        TwoPass,  ///< pipe_flux.comp + pipe_depth.comp, 16x16 groups: the faster one (docs/PERFORMANCE.md)
        Tiled,    ///< pipe_step.comp: S substeps per dispatch in shared memory (temporal blocking)
    };
    /// How substeps map to dispatches.
    struct Tuning {
        Kernel kernel = Kernel::TwoPass;
        int substepsPerDispatch = 2;  ///< tiled: 1..kMaxSubstepsPerDispatch substeps per pass over memory
        bool skipDryTiles = true;     ///< groups without water, flow or inflow nearby are not computed
        bool countTiles = false;      ///< count the groups computed (tilesRun(); one atomic per group)
    };
    static constexpr int kMaxSubstepsPerDispatch = 3;
    /// Substeps per dispatch this GPU can do (1..kMaxSubstepsPerDispatch: the kernel's shared memory
    /// grows with it). setTuning() clamps to it.
    int availableSubstepsPerDispatch() const { return availableSubsteps_; }
    /// Shared memory of pipe_step.comp, bytes (the same for every substep count).
    static std::size_t stepSharedBytes(bool subgroups);
    /// Side of the tile that one step work group advances with `substeps` per dispatch, cells.
    static int stepTileSide(int substeps);
    /// Whether the kernel reduces with GL_KHR_shader_subgroup arithmetic (else a shared-memory tree).
    bool usesSubgroups() const { return subgroups_; }
    void setTuning(const Tuning& t);
    const Tuning& tuning() const { return tuning_; }
    /// Tiles computed since resetTileCount() (counted only with Tuning::countTiles), and the tile count.
    std::uint32_t tilesRun();
    void resetTileCount();
    int tileCount() const;  ///< step work groups per dispatch (two-pass: depth-pass groups) with the current tuning

    /// Bytes of GPU memory the simulation state takes per cell (buffers only).
    double bytesPerCell() const;
    /// Bytes a dispatch reads and writes per cell per substep, counting each array once (b, h, Qx, Qy
    /// read; h, Qx, Qy written: 28 B) divided by the substeps per dispatch; the halo's extra reads
    /// (a ring of 2 cells per substep around each tile) are assumed to hit the cache.
    static double bytesPerCellStep(int substepsPerDispatch);
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
    void setPipeUniforms(const gl::Program& p, const SubstepConstants& c, int emitterCount) const;
    void advanceTwoPass(const SubstepConstants& c, int emitterCount, int n);

    gl::Program step_[kMaxSubstepsPerDispatch];  // pipe_step.comp with 1, 2, 3 substeps per dispatch
    gl::Program flux_, depthPass_, reduce_, brush_;
    gl::Buffer brushScratch_;  // smooth: new bed of the brush's dispatch area; grown on demand
    // Pairs: the index holds the state, the other copy is written by the next dispatch (the tiled
    // kernel swaps all three; the two-pass step swaps depth and keeps flows, using the other flow
    // pair for raw flows).
    gl::Buffer terrain_, depth_[2], flowX_[2], flowY_[2], flags_[2];
    gl::Buffer emitters_, ledger_, stats_, partials_;
    int depthCur_ = 0, flow_ = 0, flagsCur_ = 0;
    int passGroupsX_ = 0, passGroupsY_ = 0;
    Kernel flagsKernel_ = Kernel::TwoPass;  // whose granularity flags_ hold
    int blocksX_ = 0;                          // flag blocks per row
    int brushTilesX_ = 0, brushSlotBase_ = 0;  // brush tiles per row; their first ledger slot
    bool subgroups_ = false;
    Tuning tuning_;
    int availableSubsteps_ = 1;
    std::vector<gpu::GpuEmitter> uploadedEmitters_;
};

}  // namespace sluice::sim

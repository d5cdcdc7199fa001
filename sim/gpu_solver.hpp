#pragma once
// The GPU solver: the pipe model in GL 4.5 compute shaders, two dispatches per substep
// (pipe_flux.comp over faces, pipe_depth.comp over cells). No readback per substep; one 16-byte
// readback per step for the CFL substep policy. Needs a current GL 4.5 context on this thread.
#include <memory>

#include "render/gl/buffer.hpp"
#include "render/gl/program.hpp"
#include "sim/gpu_layout.hpp"
#include "sim/result.hpp"
#include "sim/solver.hpp"

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

    /// Bytes of GPU memory the simulation state takes per cell (buffers only).
    double bytesPerCell() const;
    /// Bytes moved per cell per substep by the two kernels, counting each array once per pass
    /// (the figure used for bandwidth fractions in the benchmark).
    static double bytesPerCellStep();

    /// Current buffers, for the renderer (read only). Valid until the next step.
    const gl::Buffer& terrainBuffer() const { return terrain_; }
    const gl::Buffer& depthBuffer() const { return depth_[current_]; }
    /// Depth before the last substep (the other ping-pong buffer), for interpolating between states.
    const gl::Buffer& previousDepthBuffer() const { return depth_[1 - current_]; }
    /// Raw face flows (effective = raw * limit of the drained cell, see sim_layout.h).
    const gl::Buffer& flowXBuffer() const { return flowX_; }
    const gl::Buffer& flowYBuffer() const { return flowY_; }
    const gl::Buffer& limitBuffer() const { return limit_; }

protected:
    void substep(float dtSubSeconds) override;
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

    gl::Program flux_, depthPass_, reduce_, brush_;
    gl::Buffer brushScratch_;  // smooth: new bed of the brush's dispatch area; grown on demand
    gl::Buffer terrain_, depth_[2], flowX_, flowY_, limit_, emitters_, ledger_, stats_, partials_;
    int current_ = 0;  // index of the depth buffer holding the current state
    int depthGroupsX_ = 0, depthGroupsY_ = 0;
    std::vector<gpu::GpuEmitter> uploadedEmitters_;
};

}  // namespace sluice::sim

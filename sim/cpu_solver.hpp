#pragma once
// The CPU reference solver: plain single-threaded loops computing the same function as the GPU
// kernels (same formulas from shaders/sim/pipe_math.h, same order). Used by tests and --backend cpu.
#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

/// Reference implementation of the pipe model. State lives in host vectors.
class CpuSolver final : public Solver {
public:
    explicit CpuSolver(const Scene& scene);
    const char* backendName() const override { return "cpu"; }
    FieldSnapshot download() override;
    void setTerrain(const std::vector<float>& terrainM) override;
    DepthStats depthStats() override;
    /// Plain loops over the stroke's box; smooth reads a copy of the box so cell order does not matter.
    void applyBrush(const BrushStroke& stroke) override;
    void readRegion(Field field, const CellBox& box, float* out) override;

protected:
    void substep(float dtSubSeconds) override;
    float peekMaxSpeed() override { return maxSpeed_; }
    void resetMaxSpeed() override { maxSpeed_ = 0; }
    void addedRemoved(double& addedM3, double& removedM3) override {
        addedM3 = addedM3_;
        removedM3 = removedM3_;
    }

    void restoreFields(const FieldSnapshot& field) override;
    std::vector<double> ledgerSlots() override { return {addedM3_, removedM3_}; }
    void restoreLedger(double addedM3, double removedM3, const std::vector<double>& slots) override;
    void restoreMaxSpeed(float speed) override { maxSpeed_ = speed; }
    void storeRegion(Field field, const CellBox& box, const float* values) override;
    void bookLedger(double addedM3, double removedM3) override {
        addedM3_ += addedM3;
        removedM3_ += removedM3;
    }

private:
    void updateFlows(const SubstepConstants& c);
    void updateDepths(const SubstepConstants& c);

    std::vector<float> b_, h_, qx_, qy_, k_;  // qx_/qy_ hold effective flows between substeps
    double addedM3_ = 0, removedM3_ = 0;
    float maxSpeed_ = 0;
    std::vector<float> brushCopy_;  // smooth: the bed of the box plus a one-cell margin, before the stroke
};

}  // namespace sluice::sim

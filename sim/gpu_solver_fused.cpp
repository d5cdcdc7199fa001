// GpuSolver's fused substeps (step_fused.comp): one dispatch per substep over the whole grid, every
// output written to the other copy of the state.
#include "sim/gpu_solver.hpp"

namespace sluice::sim {

bool GpuSolver::anyTransmissive(const Boundaries& b) {
    for (int side = 0; side < 4; ++side)
        for (const BoundarySegment& segment : b.side(side).segments)
            if (segment.kind == BoundaryKind::Transmissive) return true;
    return false;
}

bool GpuSolver::runsFused() const { return tuning_.fused && !anyTransmissive(boundary_); }

void GpuSolver::ensureTwoVelocityHalves() {
    if (faceVelocity_.bytes() >= std::size_t(velocityAt(2)) * 4) return;
    // The second half, once: the first keeps the current velocities (velHalf_ is 0 until a fused
    // substep has run).
    gl::Buffer both(std::size_t(velocityAt(2)) * 4);
    both.fill32(0);
    glCopyNamedBufferSubData(faceVelocity_.id(), both.id(), 0, 0, GLsizeiptr(faceVelocity_.bytes()));
    faceVelocity_ = std::move(both);
    faceVelocity_.bindStorage(SLUICE_BIND_FACE_VELOCITY);
}

void GpuSolver::bindOtherCopyOutputs() const {
    depth_[depthCur_].bindStorage(SLUICE_BIND_DEPTH_IN);
    depth_[1 - depthCur_].bindStorage(SLUICE_BIND_DEPTH_OUT);
    depth_[1 - depthCur_].bindStorage(SLUICE_BIND_DEPTH_OLD);  // never read: no transmissive edge
    flowX_[flow_].bindStorage(SLUICE_BIND_FLOW_X);
    flowY_[flow_].bindStorage(SLUICE_BIND_FLOW_Y);
    flowX_[1 - flow_].bindStorage(SLUICE_BIND_FLOW_X_OUT);
    flowY_[1 - flow_].bindStorage(SLUICE_BIND_FLOW_Y_OUT);
    flags_[flagsCur_].bindStorage(SLUICE_BIND_TILES_IN);
    flags_[1 - flagsCur_].bindStorage(SLUICE_BIND_TILES_OUT);
}

void GpuSolver::advanceFused(int n) {
    ensureTwoVelocityHalves();
    const gl::Program& p = fusedPass();
    const GLuint groupsY = GLuint((height_ + fusedTileRows() - 1) / fusedTileRows());
    for (int i = 0; i < n; ++i) {
        bindOtherCopyOutputs();
        setSedimentUniforms();  // the sediment halves swap every substep
        p.use();
        p.set("uVelocityIn", velocityAt(velHalf_));
        p.set("uVelocityOut", velocityAt(1 - velHalf_));
        p.set("uAmountBase", amountTable0_ + i * amountStride_);
        glDispatchCompute(GLuint(passGroupsX_), groupsY, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        depthCur_ = 1 - depthCur_;
        flow_ = 1 - flow_;
        flagsCur_ = 1 - flagsCur_;
        velHalf_ = 1 - velHalf_;
        if (erosionRunning()) erodeAndSlump();
    }
}

}  // namespace sluice::sim

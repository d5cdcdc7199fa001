#include "render/solver_inputs.hpp"

namespace sluice::render {

RenderInputs solverInputs(const sim::GpuSolver& solver) {
    RenderInputs in =
        solverInputs(solver, solver.terrainBuffer(), solver.depthBuffer(), solver.flowXBuffer(), solver.flowYBuffer());
    if (solver.hasErosionState()) {
        const sim::GpuSolver::ErosionBuffers e = solver.erosionBuffers();
        in.erosion = {e.sediment, e.sedimentOffset, e.soft, e.softOffset, e.bedChange, e.bedChangeOffset};
    }
    return in;
}

RenderInputs solverInputs(const sim::Solver& solver, const gl::Buffer& terrain, const gl::Buffer& depth,
                          const gl::Buffer& flowX, const gl::Buffer& flowY) {
    RenderInputs in;
    in.width = solver.width();
    in.height = solver.height();
    in.cellSizeM = solver.cellSizeM();
    in.terrain = &terrain;
    in.depth = &depth;
    in.flowX = &flowX;
    in.flowY = &flowY;
    in.timeSeconds = float(solver.counters().timeSeconds);
    in.dtSubSeconds = solver.counters().lastDtSubSeconds;
    in.gravity = solver.params().gravity;
    return in;
}

}  // namespace sluice::render

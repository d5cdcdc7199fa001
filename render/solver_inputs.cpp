#include "render/solver_inputs.hpp"

namespace sluice::render {

RenderInputs solverInputs(const sim::GpuSolver& solver) {
    RenderInputs in;
    in.width = solver.width();
    in.height = solver.height();
    in.cellSizeM = solver.cellSizeM();
    in.terrain = &solver.terrainBuffer();
    in.depth = &solver.depthBuffer();
    in.flowX = &solver.flowXBuffer();
    in.flowY = &solver.flowYBuffer();
    in.timeSeconds = float(solver.counters().timeSeconds);
    in.dtSubSeconds = solver.counters().lastDtSubSeconds;
    in.gravity = solver.params().gravity;
    return in;
}

}  // namespace sluice::render

#include "render/solver_inputs.hpp"

#include <cmath>

namespace sluice::render {

namespace {
/// The highest level any "level" boundary segment ever holds (m), NaN without one.
float highestLevel(const sim::Boundaries& b) {
    float top = std::numeric_limits<float>::quiet_NaN();
    for (int side = 0; side < 4; ++side)
        for (const sim::BoundarySegment& seg : b.side(side).segments)
            if (seg.kind == sim::BoundaryKind::Level)
                for (const auto& point : seg.value.points)
                    if (std::isfinite(point.second) && !(float(point.second) <= top)) top = float(point.second);
    return top;
}
}  // namespace

RenderInputs solverInputs(const sim::GpuSolver& solver) {
    RenderInputs in =
        solverInputs(solver, solver.terrainBuffer(), solver.depthBuffer(), solver.flowXBuffer(), solver.flowYBuffer());
    in.fieldOrder = solver.fieldLayout().order();
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
    in.seaLevelM = highestLevel(solver.boundaries());
    return in;
}

}  // namespace sluice::render

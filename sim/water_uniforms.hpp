#pragma once
// The substep constants as the kernels of the step's formulas read them (the step's passes,
// GpuSolver::setPassUniforms; the benchmark kernels water_patch.comp and water_tile.comp): one place,
// so every kernel runs the substep the solvers prepare.
#include "gl/program.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

/// Sets `c`, the cell size (m) and gravity (m/s^2) as uniforms of `program` (those it lacks are ignored).
inline void setWaterUniforms(const gl::Program& program, const SubstepConstants& c, float cellSizeM, float gravity) {
    program.set("uFrictionFactor", c.frictionFactor);
    program.set("uGravityDt", c.gravityDt);
    program.set("uGravityDtOverDx", c.gravityDtOverDx);
    program.set("uViscosityTerm", c.viscosityTerm);
    program.set("uGN2Dt", c.gN2Dt);
    program.set("uFrictionLaw", c.frictionLaw);
    program.set("uCellSize", cellSizeM);
    program.set("uGravity", gravity);
    program.set("uCourantDxOverDt", c.courantDxOverDt);
    program.set("uDtOverDx2", c.dtOverDx2);
    program.set("uUnitFlow", c.unitFlow);
}

}  // namespace sluice::sim

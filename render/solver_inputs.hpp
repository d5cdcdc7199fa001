#pragma once
// RenderInputs for the GPU solver's current state, so that every caller fills them the same way.
#include "render/render_inputs.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::render {

/// Grid, buffers, substep and gravity of `solver` now, and erosion's buffers when it has erosion
/// state; timeSeconds = its simulated time. No interpolation or history: set previousDepth, blend and
/// history as needed.
RenderInputs solverInputs(const sim::GpuSolver& solver);
/// The same for any solver whose state lies in the given buffers (GpuSolver's layout: terrain m,
/// depth int32 units, flows m^3/s), e.g. a CPU solver's SolverMirror. No erosion: the caller sets
/// RenderInputs::erosion.
RenderInputs solverInputs(const sim::Solver& solver, const gl::Buffer& terrain, const gl::Buffer& depth,
                          const gl::Buffer& flowX, const gl::Buffer& flowY);

}  // namespace sluice::render

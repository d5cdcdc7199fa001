#pragma once
// RenderInputs for the GPU solver's current state, so that every caller fills them the same way.
#include "render/render_inputs.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::render {

/// Grid, buffers, substep and gravity of `solver` now; timeSeconds = its simulated time. No
/// interpolation or history: set previousDepth, blend and history as needed.
RenderInputs solverInputs(const sim::GpuSolver& solver);

}  // namespace sluice::render

#pragma once
// The GPU copy the renderer draws from when the simulation runs on the CPU (sim::CpuSolver): the same
// buffers, in the same layout (the one a GPU solver of the grid picks), as sim::GpuSolver keeps (terrain m, depth in int32 units, flows m^3/s,
// and erosion's suspended load, soft layer and bed change in int32 units when the run has erosion
// state), filled from the solver's state once per drawn frame. On a software renderer (llvmpipe) the CPU
// solver is several times faster than the GL one (docs/PERFORMANCE.md), so the viewer simulates there
// and uploads what it draws. Reads the solver, never writes it.
#include "gl/buffer.hpp"
#include "render/render_inputs.hpp"
#include "sim/solver.hpp"

namespace sluice::render {

class SolverMirror {
public:
    /// Uploads `solver`'s current terrain, depth, flows and erosion fields (reallocating when the grid
    /// changed; without erosion state the erosion buffers are released).
    void update(sim::Solver& solver);
    /// RenderInputs over the mirrored buffers, like solverInputs() for a GPU solver (erosion's fields
    /// at offset 0).
    RenderInputs inputs(const sim::Solver& solver) const;
    const gl::Buffer& terrainBuffer() const { return terrain_; }
    const gl::Buffer& depthBuffer() const { return depth_; }
    bool valid() const { return bool(depth_); }

private:
    gl::Buffer terrain_, depth_, flowX_, flowY_;
    gl::Buffer sediment_, soft_, bedChange_;  // empty without erosion state
    sim::FieldOrder fieldOrder_ = sim::FieldOrder::Rows;  // laid out as a GPU solver of this grid would be
};

}  // namespace sluice::render

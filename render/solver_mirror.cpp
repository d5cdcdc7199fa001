#include "render/solver_mirror.hpp"

#include <cstdint>
#include <vector>

#include "render/solver_inputs.hpp"
#include "sim/field_layout.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::render {

namespace {

template <class T>
void put(gl::Buffer& buffer, const std::vector<T>& values) {
    const std::size_t bytes = values.size() * sizeof(T);
    if (buffer.bytes() != bytes) buffer = gl::Buffer(bytes, values.data());
    else buffer.upload(values.data(), bytes);
}

}  // namespace

void SolverMirror::update(sim::Solver& solver) {
    const sim::FieldSnapshot f = solver.download();
    // Laid out as a GPU solver of this grid lays out its fields (shaders/sim/field_layout.h), so that
    // an A/B comparison of a CPU and a GPU run reads both alike.
    const int W = f.width, H = f.height;
    fieldOrder_ = sim::GpuSolver::autoFieldOrder(W, H);
    const sim::FieldLayout layout(W, H, fieldOrder_);
    put(terrain_, layout.laidOut(f.terrainM.data(), W, H));
    put(depth_, layout.laidOut(f.depthUnits.data(), W, H));
    put(flowX_, layout.laidOut(f.flowXM3PerS.data(), W + 1, H));
    put(flowY_, layout.laidOut(f.flowYM3PerS.data(), W, H + 1));
    if (f.erosion.empty()) {
        sediment_ = gl::Buffer();
        soft_ = gl::Buffer();
        bedChange_ = gl::Buffer();
        return;
    }
    put(sediment_, layout.laidOut(f.erosion.sedimentUnits.data(), W, H));
    put(soft_, layout.laidOut(f.erosion.softUnits.data(), W, H));
    put(bedChange_, layout.laidOut(f.erosion.bedChangeUnits.data(), W, H));
}

RenderInputs SolverMirror::inputs(const sim::Solver& solver) const {
    RenderInputs in = solverInputs(solver, terrain_, depth_, flowX_, flowY_);
    in.fieldOrder = fieldOrder_;
    if (sediment_) in.erosion = {&sediment_, 0, &soft_, 0, &bedChange_, 0};
    return in;
}

}  // namespace sluice::render

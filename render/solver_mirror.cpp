#include "render/solver_mirror.hpp"

#include <cstdint>
#include <vector>

#include "render/solver_inputs.hpp"

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
    put(terrain_, f.terrainM);
    put(depth_, f.depthUnits);
    put(flowX_, f.flowXM3PerS);
    put(flowY_, f.flowYM3PerS);
}

RenderInputs SolverMirror::inputs(const sim::Solver& solver) const {
    return solverInputs(solver, terrain_, depth_, flowX_, flowY_);
}

}  // namespace sluice::render

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
    if (f.erosion.empty()) {
        sediment_ = gl::Buffer();
        soft_ = gl::Buffer();
        bedChange_ = gl::Buffer();
        return;
    }
    put(sediment_, f.erosion.sedimentUnits);
    put(soft_, f.erosion.softUnits);
    put(bedChange_, f.erosion.bedChangeUnits);
}

RenderInputs SolverMirror::inputs(const sim::Solver& solver) const {
    RenderInputs in = solverInputs(solver, terrain_, depth_, flowX_, flowY_);
    if (sediment_) in.erosion = {&sediment_, 0, &soft_, 0, &bedChange_, 0};
    return in;
}

}  // namespace sluice::render

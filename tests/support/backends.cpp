#include "tests/support/backends.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "gl/egl_context.hpp"
#include "sim/cpu_solver.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::test {

std::unique_ptr<sim::Solver> makeSolver(const std::string& backend, const sim::Scene& scene) {
    if (backend == "cpu") return sim::makeCpuSolver(scene);
    static std::unique_ptr<gl::EglContext> context;
    static std::string contextError;
    if (!context && contextError.empty()) {
        auto c = gl::EglContext::create();
        if (c) context = std::move(*c);
        else contextError = c.error().message;
    }
    if (!context) {
        ADD_FAILURE() << "no headless GL context: " << contextError;
        return nullptr;
    }
    // "gpu" lays out the fields as the grid's size picks (row-major on the tests' grids); "gpu-rows",
    // "gpu-tiles" and "gpu-strips" force a layout (shaders/sim/field_layout.h).
    std::optional<sim::FieldOrder> order;
    for (sim::FieldOrder o : sim::kFieldOrders)
        if (backend == std::string("gpu-") + sim::fieldOrderName(o)) order = o;
    auto solver = sim::GpuSolver::create(scene, order);
    if (!solver) {
        ADD_FAILURE() << solver.error().message;
        return nullptr;
    }
    return std::move(*solver);
}

std::string backendTestName(const std::string& backend) {
    std::string name = backend == "gpu" ? "rows" : backend.rfind("gpu-", 0) == 0 ? backend.substr(4) : backend;
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
}

sim::Scene flatScene(int width, int height, float dx) {
    sim::Scene s;
    s.name = "test";
    s.width = width;
    s.height = height;
    s.cellSizeM = dx;
    s.terrainM.assign(s.cellCount(), 0.0f);
    s.depthM.assign(s.cellCount(), 0.0f);
    s.params.friction = 0.0f;
    return s;
}

float maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b) {
    EXPECT_EQ(a.size(), b.size());
    float m = 0;
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) m = std::max(m, std::abs(a[i] - b[i]));
    return m;
}

}  // namespace sluice::test

// A CPU solver drawn through a SolverMirror gives the very image of the GPU solver in the same state:
// the two solvers compute the same bits (tests/sim/test_gpu_matches_cpu.cpp) and the mirror lays them
// out as the GPU solver's buffers. What lets the viewer simulate on the CPU where that is faster.
#include <gtest/gtest.h>

#include "render/solver_inputs.hpp"
#include "render/solver_mirror.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

TEST(SolverMirror, ACpuSolverDrawsAsTheGpuSolverInTheSameState) {
    sim::Scene scene = damBreakScene();
    scene.sources.push_back(rateSource(40.0f, 8.0f, 2.0f, 1.0f));
    auto gpu = makeSolver("gpu", scene);
    auto cpu = makeSolver("cpu", scene);
    ASSERT_TRUE(gpu && cpu);
    for (int i = 0; i < 30; ++i) {
        gpu->step(0.05f);
        cpu->step(0.05f);
    }
    render::SolverMirror mirror;
    mirror.update(*cpu);
    ASSERT_TRUE(mirror.valid());
    auto renderer = makeRenderer();
    ASSERT_TRUE(renderer);
    const render::Camera cam = orbitCamera(glm::vec3(32, 8, 0), 30, 40, 70);
    const render::ViewSettings view;
    const render::RgbImage fromGpu =
        renderImage(*renderer, render::solverInputs(dynamic_cast<sim::GpuSolver&>(*gpu)), cam, view, 160, 100);
    const render::RgbImage fromCpu = renderImage(*renderer, mirror.inputs(*cpu), cam, view, 160, 100);
    EXPECT_EQ(fromGpu.rgb, fromCpu.rgb);
    // And the mirror follows the solver: a later state draws differently.
    for (int i = 0; i < 30; ++i) cpu->step(0.05f);
    mirror.update(*cpu);
    EXPECT_NE(renderImage(*renderer, mirror.inputs(*cpu), cam, view, 160, 100).rgb, fromCpu.rgb);
}

}  // namespace
}  // namespace sluice::test

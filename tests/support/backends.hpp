#pragma once
// Test helpers: solvers of either backend over one shared headless context, and small scenes.
#include <memory>
#include <string>

#include "sim/scene.hpp"
#include "sim/solver.hpp"

namespace sluice::test {

/// A solver of backend "cpu" or "gpu" ("gpu-rows", "gpu-tiles", "gpu-strips": the GPU solver with its
/// fields in that layout, whatever the grid's size). The GPU path shares one EGL context per process;
/// failing to create it fails the test (CI has Mesa llvmpipe, so the GPU tests must run there).
std::unique_ptr<sim::Solver> makeSolver(const std::string& backend, const sim::Scene& scene);
/// A test name for a backend of makeSolver: "gpu" as "rows", "gpu-X" as X, dashes as underscores.
std::string backendTestName(const std::string& backend);

/// W x H scene with flat terrain at 0, cell size dx, dry, walls, default params.
sim::Scene flatScene(int width, int height, float dx);

/// Max |a - b| over two equally long arrays.
float maxAbsDiff(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace sluice::test

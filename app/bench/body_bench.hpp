#pragma once
// `sluice bench --bodies N`: what bodies cost beside the water (docs/BODIES.md, "Cost"). A lake of
// G x G one-metre cells, 2 m deep, flowing from an inflow at the west out over an open east side,
// with N logs (3 x 0.4 x 0.4 m, 700 kg/m^3) scattered over it; the water steps with and without
// them and the bodies' part is split into its stages (sim::BodyStepTimes).
#include <string>

#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// The bench's world: the lake and `bodies` logs at places and headings drawn from a fixed sequence
/// (the same world every run), over the west 80 % of the lake.
sim::Scene bodyBenchScene(int grid, int bodies);

/// Mean wall milliseconds per water step of 0.1 s.
struct BodyBench {
    int grid = 0, bodies = 0, bodiesLeft = 0, steps = 0, physicsSubsteps = 0;
    std::string backend;
    std::string forcesOn;     ///< where the water's forces were summed: "gpu" (shaders/sim/body_forces.comp) or "cpu"
    double waterMs = 0;       ///< the water step alone (the world without bodies)
    double waterWithMs = 0;   ///< the water step under the bodies' load
    double readbackMs = 0, fieldMs = 0, dynamicsMs = 0, loadMs = 0;  ///< the bodies' stages
    double forcesMs = 0;  ///< the water's forces, part of dynamicsMs (the rest is Bullet's)
    double loadSetMs = 0; ///< the load set on the solver (the GPU's upload), part of loadMs
    double bodiesMs() const { return readbackMs + fieldMs + dynamicsMs + loadMs; }
};

/// Runs `steps` steps (after 2 to warm up) on the backend ("gpu" or "cpu"); GPU steps are waited for
/// before each stage is timed, so each stage's time is its own.
Result<BodyBench> measureBodies(const std::string& backend, int grid, int bodies, int steps);

}  // namespace sluice::app

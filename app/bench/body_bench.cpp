#include "app/bench/body_bench.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>

#include "app/cli/common.hpp"
#include "sim/bodies/body_run.hpp"

namespace sluice::app {

sim::Scene bodyBenchScene(int grid, int bodies) {
    sim::Scene s;
    s.name = "bodies-bench";
    s.width = s.height = grid;
    s.cellSizeM = 1.0f;
    s.terrainM.assign(s.cellCount(), 0.0f);
    s.depthM.assign(s.cellCount(), 2.0f);
    s.params.dtSeconds = 0.1f;
    s.params.manningN = 0.0f;
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.5);
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    // A fixed linear congruential sequence: the same world on every machine.
    std::uint64_t state = 12345;
    const auto next = [&]() {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return double(state >> 11) / double(1ull << 53);
    };
    const double span = 0.8 * double(grid) - 8.0;
    for (int i = 0; i < bodies; ++i) {
        sim::BodySpec b;
        b.shape = sim::BodyShape::Log;
        b.sizeM = {3.0f, 0.4f, 0.4f};
        b.densityKgPerM3 = 700.0f;
        b.positionM = glm::vec3(float(4.0 + span * next()), float(4.0 + (double(grid) - 8.0) * next()), 2.0f);
        b.yawDeg = float(360.0 * next());
        s.bodies.push_back({b, sim::initialState(b)});
    }
    return s;
}

Result<BodyBench> measureBodies(const std::string& backendName, int grid, int bodies, int steps) {
    using Clock = std::chrono::steady_clock;
    const auto seconds = [](Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); };
    BodyBench out;
    out.grid = grid;
    out.bodies = bodies;
    out.steps = steps;
    out.backend = backendName;
    const sim::Scene scene = bodyBenchScene(grid, bodies);
    constexpr int kWarmUp = 2;

    {  // The water alone.
        sim::Scene bare = scene;
        bare.bodies.clear();
        auto backend = makeBackend(backendName, bare);
        if (!backend) return backend.error();
        sim::Solver& solver = *backend->solver;
        double total = 0;
        for (int i = 0; i < kWarmUp + steps; ++i) {
            const auto t0 = Clock::now();
            solver.step(solver.params().dtSeconds);
            (void)solver.lastCourant();  // waits for the GPU
            if (i >= kWarmUp) total += seconds(t0, Clock::now());
        }
        out.waterMs = 1000.0 * total / steps;
    }

    auto backend = makeBackend(backendName, scene);
    if (!backend) return backend.error();
    sim::Solver& solver = *backend->solver;
    auto world = sim::startBodies(scene, solver);
    if (!world) return world.error();
    sim::BodyWorld& bodiesWorld = **world;
    double water = 0;
    sim::BodyStepTimes times;
    for (int i = 0; i < kWarmUp + steps; ++i) {
        if (i == kWarmUp) times = {};
        const auto t0 = Clock::now();
        solver.step(solver.params().dtSeconds);
        (void)solver.lastCourant();
        if (i >= kWarmUp) water += seconds(t0, Clock::now());
        sim::stepBodies(bodiesWorld, solver, solver.params().dtSeconds, false, 1000.0f, &times);
    }
    out.waterWithMs = 1000.0 * water / steps;
    out.readbackMs = 1000.0 * times.readbackS / steps;
    out.fieldMs = 1000.0 * times.fieldS / steps;
    out.dynamicsMs = 1000.0 * times.dynamicsS / steps;
    out.forcesMs = 1000.0 * times.forcesS / steps;
    out.loadMs = 1000.0 * times.loadS / steps;
    out.loadSetMs = 1000.0 * times.loadSetS / steps;
    out.forcesOn = solver.bodySummer() ? "gpu" : "cpu";
    out.bodiesLeft = int(bodiesWorld.bodies().size());
    out.physicsSubsteps = sim::bodySubsteps(scene.params.dtSeconds);
    return out;
}

}  // namespace sluice::app

#include "app/sweep/sweep_run.hpp"

#include <cstdint>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <vector>

#include <glm/geometric.hpp>

#include "app/cli/common.hpp"
#include "app/output/run_output.hpp"
#include "sim/bodies/body_load.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/steady_state.hpp"

namespace sluice::app {

std::int64_t stepsFor(double seconds, float dtSeconds) {
    const double q = seconds / double(dtSeconds);
    // Beyond 2^62 steps the count would not fit: saturate, so "more than the limit" is still caught.
    if (!(q < 4.6e18)) return INT64_MAX;
    const double nearest = std::round(q);
    if (std::abs(q - nearest) <= 1e-6 * std::max(1.0, nearest)) return std::int64_t(nearest);
    return std::int64_t(std::ceil(q));
}

Result<RunFigures> runFor(sim::Solver& solver, double seconds, sim::FieldSnapshot& finalState, sim::BodyWorld* bodies) {
    const float dt = solver.params().dtSeconds;
    const std::int64_t steps = stepsFor(seconds, dt);
    const std::int64_t every = std::max<std::int64_t>(1, std::llround(sim::kSteadySampleSeconds / double(dt)));

    // Times and totals are the run's own, counted from here (a solver may start from a saved state).
    const sim::Ledger start = solver.ledger();
    const double startSeconds = solver.counters().timeSeconds;
    const std::int64_t startSteps = solver.counters().steps;
    // Each volume sample costs one reduction over the depth field; added/removed are needed only at the end.
    std::vector<sim::VolumeSample> samples{{0.0, start.volumeM3}};
    std::map<int, glm::vec3> bodyStarts;  // by body id
    if (bodies)
        for (const sim::Body& b : bodies->bodies()) bodyStarts[b.id] = b.state.positionM;
    double stepSeconds = 0;
    for (std::int64_t i = 1; i <= steps; ++i) {
        const bool sample = i % every == 0 || i == steps;
        const auto t0 = std::chrono::steady_clock::now();
        solver.step(dt);
        if (bodies) sim::stepBodies(*bodies, solver, dt, solver.params().erosion.enabled);
        // GPU steps return before the work is done; the Courant readback (16 bytes) waits for it, so
        // the time up to a sample is the simulation's own and the sample's reduction is not counted.
        if (sample) (void)solver.lastCourant();
        stepSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (sample) samples.push_back({solver.counters().timeSeconds - startSeconds, solver.depthStats().volumeM3});
    }

    finalState = solver.download();
    if (!fieldsFinite(finalState)) return Error{"the simulation produced non-finite values"};

    const sim::Ledger ledger = solver.ledger();
    RunFigures f;
    f.steps = solver.counters().steps - startSteps;
    f.simulatedSeconds = solver.counters().timeSeconds - startSeconds;
    f.residualM3 = ledger.residual();
    f.relativeResidual = relativeResidual(ledger);
    f.volumeM3 = ledger.volumeM3;
    std::size_t wet = 0;
    for (float h : finalState.depthM) {
        wet += h > kWetDepthM ? 1 : 0;
        f.maxDepthM = std::max(f.maxDepthM, h);
    }
    f.wettedAreaM2 = double(wet) * double(finalState.cellSizeM) * double(finalState.cellSizeM);
    f.maxSpeedMPerS = maxFlowSpeed(finalState);
    f.steadySeconds =
        sim::steadyStateTime(samples, sim::meanThroughput(ledger.addedM3 - start.addedM3,
                                                       ledger.removedM3 - start.removedM3, f.simulatedSeconds));
    f.msPerStep = steps > 0 ? 1000.0 * stepSeconds / double(steps) : 0.0;
    if (solver.hasErosionState()) {
        const sim::SedimentLedger s = solver.sedimentLedger();
        f.sediment = RunFigures::Sediment{s.erodedM3, s.depositedM3, s.residual()};
    }
    if (bodies) {
        RunFigures::Bodies b;
        b.left = int(bodies->bodies().size());
        for (const sim::Body& body : bodies->bodies())
            if (auto at = bodyStarts.find(body.id); at != bodyStarts.end())
                b.maxTravelM = std::max(b.maxTravelM, double(glm::length(glm::vec2(body.state.positionM - at->second))));
        b.displacedM3 = sim::displacedVolumeM3(solver.bodyLoad(), solver.cellSizeM());
        f.bodies = b;
    }
    return f;
}

}  // namespace sluice::app

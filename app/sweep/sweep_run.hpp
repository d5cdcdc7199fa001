#pragma once
// One run of a sweep: step a solver for a simulated duration while sampling its ledger, then reduce the
// final state to the figures of one results.csv row. Definitions are in docs/SWEEP.md.
#include <cstdint>
#include <optional>

#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

/// Depth above which a cell counts as wet for the wetted area, metres (thinner films are the
/// residue of a passing front, not standing or flowing water).
inline constexpr float kWetDepthM = 1e-3f;

/// Figures of one finished run (the columns of results.csv after the parameters).
struct RunFigures {
    std::int64_t steps = 0;
    double simulatedSeconds = 0;
    double residualM3 = 0, relativeResidual = 0;  ///< ledger residual and residual / water handled
    double volumeM3 = 0;                          ///< final water volume
    double wettedAreaM2 = 0;                      ///< cells deeper than kWetDepthM, times dx^2
    float maxDepthM = 0, maxSpeedMPerS = 0;       ///< of the final state; speed as app::maxFlowSpeed
    std::optional<double> steadySeconds;          ///< sim::steadyStateTime of the volume samples
    double msPerStep = 0;                         ///< wall time of the step calls per step (samples excluded)
    /// The sediment ledger at the end (m^3, cumulative since erosion was set up), when the run has
    /// erosion state; residual = suspended - (eroded - deposited - removed), zero when exact.
    struct Sediment {
        double erodedM3 = 0, depositedM3 = 0, residualM3 = 0;
    };
    std::optional<Sediment> sediment;
    /// The bodies at the end, when the scene has any (docs/BODIES.md): how many are still on the grid
    /// (the water carries a body past an edge out of the world), the farthest any of those travelled
    /// horizontally from where the run started it (m: did the dam hold?), and the water they push
    /// aside (m^3).
    struct Bodies {
        int left = 0;
        double maxTravelM = 0, displacedM3 = 0;
    };
    std::optional<Bodies> bodies;
};

/// Number of steps of dt that cover `seconds`: ceil(seconds / dt), where a quotient within 1e-6 of an
/// integer counts as that integer (0.3 s of 0.1 s steps is 3 steps despite rounding).
std::int64_t stepsFor(double seconds, float dtSeconds);

/// Steps the solver for stepsFor(seconds, dt) steps of its params' dt, sampling the water volume at the
/// start, every max(1, round(sim::kSteadySampleSeconds / dt)) steps and after the last step, and fills
/// `finalState` with the last state.
/// With `bodies`, they are stepped after every water step and load it (sim::stepBodies), the load of
/// where they start already set (sim::loadWater). Errors when the final state holds non-finite values.
Result<RunFigures> runFor(sim::Solver& solver, double seconds, sim::FieldSnapshot& finalState,
                          sim::BodyWorld* bodies = nullptr);

}  // namespace sluice::app

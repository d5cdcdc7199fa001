#include "app/window/simulation.hpp"

#include <algorithm>

namespace sluice::app {

namespace {
/// Real time the simulation may take per frame (seconds): beyond it the run falls behind `speed`
/// instead of dragging the frame rate down (and never spirals: the backlog is dropped).
constexpr double kMaxStepWorkSeconds = 0.050;
/// Longest frame the accumulator believes (seconds), so a stall (window drag, breakpoint) does not
/// turn into a burst of catch-up steps.
constexpr double kMaxFrameSeconds = 0.25;
/// Samples kept for the ledger plots (at 4 Hz: about four minutes).
constexpr std::size_t kHistory = 1000;

void push(std::vector<float>& v, float x) {
    if (v.size() >= kHistory) v.erase(v.begin());
    v.push_back(x);
}
}  // namespace

Result<void> Simulation::start(bool keepSettings) {
    auto created = sim::GpuSolver::create(*scene);
    if (!created) return Error{scene->name + ": " + created.error().message};
    if (keepSettings && solver) {
        (*created)->setParams(solver->params());
        (*created)->setEmitters(solver->sources(), solver->drains());
        (*created)->setBoundaries(solver->boundaries());
    }
    solver = created->get();
    session = std::make_unique<sim::Session>(std::move(*created));
    savedLogSize = 0;
    backlogSeconds = 0;
    volumeHistory.clear();
    residualHistory.clear();
    refreshStats(Clock::now());
    return {};
}

void Simulation::apply(const sim::Command& c, bool mergeWithLast) { session->apply(c, mergeWithLast); }

void Simulation::undo() { session->undo(); }

void Simulation::redo() { session->redo(); }

void Simulation::refreshStats(Clock::time_point now) {
    ledger = solver->ledger();
    courant = solver->counters().steps > 0 ? solver->lastCourant() : 0.0f;
    statsTime = now;
    push(volumeHistory, float(ledger.volumeM3));
    push(residualHistory, float(ledger.residual()));
}

void Simulation::advance(double frameSeconds) {
    behind = false;
    if (paused) return;
    const double dt = solver->params().dtSeconds;
    backlogSeconds += double(speed) * std::min(frameSeconds, kMaxFrameSeconds);
    const auto t0 = Clock::now();
    while (backlogSeconds >= dt) {
        if (std::chrono::duration<double>(Clock::now() - t0).count() > kMaxStepWorkSeconds) {
            behind = true;
            backlogSeconds = 0;
            break;
        }
        session->step();
        backlogSeconds -= dt;
    }
}

void Simulation::singleStep() {
    paused = true;
    session->step();
}

}  // namespace sluice::app

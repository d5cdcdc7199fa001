#pragma once
// The running simulation inside the viewer: the GPU solver, the clock that drives it in real time,
// and the figures the panels show (refreshed a few times a second; each refresh reads back).
#include <chrono>
#include <memory>
#include <vector>

#include "sim/gpu_solver.hpp"
#include "sim/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

using Clock = std::chrono::steady_clock;

/// Fixed steps of params.dtSeconds at `speed` simulated seconds per real second.
struct Simulation {
    const sim::Scene* scene = nullptr;
    std::unique_ptr<sim::GpuSolver> solver;
    double backlogSeconds = 0;  ///< simulated time owed to the wall clock, < one step after a frame
    float speed = 1.0f;         ///< simulated seconds per real second
    bool paused = false;
    bool behind = false;        ///< the last frame hit the work budget and dropped its backlog
    sim::Ledger ledger;
    float courant = 0;
    Clock::time_point statsTime{};
    std::vector<float> volumeHistory, residualHistory;  ///< one sample per stats refresh, bounded

    /// New solver from the scene, keeping the user's parameters, emitters and boundaries.
    Result<void> reset();
    /// Reads back the ledger and Courant number (small GPU readbacks) and records history.
    void refreshStats(Clock::time_point now);
    /// Advances by speed * frameSeconds of simulated time in whole steps, within the work budget.
    void advance(double frameSeconds);
    /// One step while paused.
    void singleStep();
};

}  // namespace sluice::app

#pragma once
// The running simulation inside the viewer: a session (solver + undo history + command log), the
// clock that drives it in real time, and the figures the panels show (refreshed a few times a
// second; each refresh reads back). Every change to the world goes through apply(), between steps.
// The solver runs on the GPU or on the CPU's cores (SimBackend): both compute the same function; on
// a software renderer the CPU is several times faster (docs/PERFORMANCE.md), and its state is then
// uploaded once per frame for drawing (render::SolverMirror).
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/pacing/timelapse_pacer.hpp"
#include "render/depth_snapshot.hpp"
#include "render/render_inputs.hpp"
#include "render/solver_mirror.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/gpu_solver.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"
#include "sim/session.hpp"

namespace sluice::app {

using Clock = std::chrono::steady_clock;

enum class SimBackend { Gpu, Cpu };

/// The backend that steps faster on this machine: the CPU where the GL device is a software
/// renderer (llvmpipe runs the kernels 7-15x slower than the CPU solver on all cores: `sluice bench`,
/// docs/PERFORMANCE.md), the GPU elsewhere.
SimBackend fasterBackend(bool softwareRenderer);
const char* backendLabel(SimBackend b);

/// Fixed steps of params.dtSeconds at `speed` simulated seconds per real second.
struct Simulation {
    const sim::Scene* scene = nullptr;
    std::unique_ptr<sim::Session> session;
    SimBackend backend = SimBackend::Gpu;
    sim::Solver* solver = nullptr;  ///< the session's solver
    double backlogSeconds = 0;  ///< simulated time owed to the wall clock, < one step after a frame
    float speed = 1.0f;         ///< simulated seconds per real second
    bool paused = false;
    bool behind = false;        ///< the last frame hit the work budget and dropped its backlog
    std::size_t savedLogSize = 0;  ///< session log length at the last save (modified = longer)
    /// Depth before the last step, so the drawn surface can be interpolated between the last two
    /// states (blend = backlogSeconds / dt). Invalid after edits that change depth or a restart.
    render::DepthSnapshot previousDepth;
    bool previousValid = false;
    /// Recording: exactly this many steps per frame instead of following the wall clock (0 = off),
    /// so a video shows simulated time evenly however fast the machine is. Outside a recording it
    /// is stepsPerFrameOption (--steps-per-frame: scripted runs at any machine's speed).
    int fixedStepsPerFrame = 0;
    int stepsPerFrameOption = 0;
    /// Time-lapse ("as fast as possible"): each frame runs the steps the pacer asks for, as many as
    /// keep the view at >= 30 fps (app/pacing/timelapse_pacer.hpp); `speed` is ignored meanwhile.
    bool timeLapse = false;
    TimeLapsePacer pacer;
    int timeLapseSteps = 0;  ///< steps the last frame ran in time-lapse (the pacer learns from it)
    /// A/B comparison: run B starts from a copy of A's state and steps in lockstep with A (one step
    /// each, of its own dt), with its own parameters. World edits (brushes, sources, boundaries,
    /// terrain, reset) go to both; undo and redo re-fork B from A, keeping B's parameters.
    std::unique_ptr<sim::Solver> runB;
    /// The CPU backend's runs A and B on the GPU, for drawing (updated by syncMirrors()).
    render::SolverMirror mirrorA, mirrorB;
    bool mirrorsStale = true;  ///< the world changed since the mirrors were filled
    std::string backendError;  ///< why the last switch of backend failed ("" when it did not)
    sim::Ledger ledgerB;
    sim::Ledger ledger;
    float courant = 0;
    Clock::time_point statsTime{};
    std::vector<float> volumeHistory, residualHistory;  ///< one sample per stats refresh, bounded
    /// Erosion's ledger as of the last stats refresh (zeros without erosion state), and its eroded,
    /// deposited and suspended volumes (m^3), one sample per refresh while the run has erosion state.
    sim::SedimentLedger sediment;
    std::vector<float> erodedHistory, depositedHistory, suspendedHistory;

    /// Why the scene's bodies do not run (a build without bodies), or "". Otherwise the session runs
    /// them with run A (session->bodies(), docs/BODIES.md).
    std::string bodiesProblem;
    /// Run B's own bodies: copies of A's where they stood when B was forked, stepped in B's water;
    /// body commands reach them as they reach A's (null when A has none).
    std::unique_ptr<sim::BodyWorld> bodiesB;
    bool bedMovedB = false;  ///< B's bed changed since its bodies' collider last followed it
    /// The bodies as a save keeps them: where the water carried them, or as the scene placed them
    /// when they do not run.
    std::vector<sim::PlacedBody> bodiesToSave() const;

    /// A new session from the scene (or the snapshot it came from), keeping the user's parameters,
    /// emitters and boundaries when `keepSettings`. Clears undo history and log.
    Result<void> start(bool keepSettings);
    /// Applies a command between steps (undoable, logged). mergeWithLast: same gesture as the last.
    void apply(const sim::Command& c, bool mergeWithLast = false);
    void undo();
    void redo();
    /// True when commands were applied since the session started or was last saved.
    bool modified() const { return session && session->log().size() != savedLogSize; }
    /// Starts (or restarts) run B from A's current state; B keeps `paramsB`.
    Result<void> forkB(const sim::SimParams& paramsB);
    void stopB() {
        runB.reset();
        bodiesB.reset();
    }
    /// Reads back the water and sediment ledgers and the Courant number (small GPU readbacks) and
    /// records their history.
    void refreshStats(Clock::time_point now);
    /// Advances by speed * frameSeconds of simulated time in whole steps, within the work budget.
    void advance(double frameSeconds);
    /// Interpolation weight of the current state against previousDepth, in [0, 1]; < 0 = draw the
    /// current state only.
    float blend() const;
    /// One step while paused.
    void singleStep();
    /// One step of run A (its bodies with it) and of run B.
    void stepRuns();
    /// Sets the scene's bodies up on run A's session (start).
    void startBodies();
    /// Gives run B copies of A's bodies as they stand now (none when A has none).
    void forkBodiesB();
    /// Moves the running world (and run B) to `next`, keeping its state, history and log.
    Result<void> setBackend(SimBackend next);
    /// Uploads the CPU backend's state for drawing when it changed since the last upload (nothing on
    /// the GPU backend). After advance() and before drawing.
    void syncMirrors();
    /// Run A's (0) or B's (1) state as the renderer reads it: the GPU solver's buffers or the mirror.
    render::RenderInputs drawInputs(int run) const;
    const gl::Buffer& terrainBuffer(int run) const;
    const gl::Buffer& depthBuffer(int run) const;
};

}  // namespace sluice::app

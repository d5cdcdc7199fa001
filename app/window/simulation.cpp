#include "app/window/simulation.hpp"

#include <algorithm>
#include <string>

#include "render/solver_inputs.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/cpu_solver.hpp"

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

Result<std::unique_ptr<sim::Solver>> makeSolver(SimBackend backend, const sim::Scene& scene) {
    if (backend == SimBackend::Cpu) return std::unique_ptr<sim::Solver>(sim::makeCpuSolver(scene));
    auto gpu = sim::GpuSolver::create(scene);
    if (!gpu) return gpu.error();
    return std::unique_ptr<sim::Solver>(std::move(*gpu));
}

/// A scene that resumes `state` (a solver's saveState()) on a grid like `solver`'s.
sim::Scene resumeScene(const sim::Solver& solver, std::shared_ptr<sim::SolverState> state, const std::string& name) {
    sim::Scene copy;
    copy.name = name;
    copy.width = solver.width();
    copy.height = solver.height();
    copy.cellSizeM = solver.cellSizeM();
    copy.terrainM = state->field.terrainM;
    copy.depthM = state->field.depthM;
    copy.resume = std::move(state);
    return copy;
}
}  // namespace

SimBackend fasterBackend(bool softwareRenderer) { return softwareRenderer ? SimBackend::Cpu : SimBackend::Gpu; }

const char* backendLabel(SimBackend b) { return b == SimBackend::Cpu ? "CPU" : "GPU"; }

Result<void> Simulation::start(bool keepSettings) {
    auto created = makeSolver(backend, *scene);
    if (!created) return Error{scene->name + ": " + created.error().message};
    if (keepSettings && solver) {
        (*created)->setParams(solver->params());
        (*created)->setEmitters(solver->sources(), solver->drains());
        (*created)->setBoundaries(solver->boundaries());
    }
    solver = created->get();
    mirrorsStale = true;
    stopB();
    previousValid = false;
    session = std::make_unique<sim::Session>(std::move(*created));
    startBodies();
    savedLogSize = 0;
    backlogSeconds = 0;
    for (auto* h : {&volumeHistory, &residualHistory, &erodedHistory, &depositedHistory, &suspendedHistory}) h->clear();
    refreshStats(Clock::now());
    syncMirrors();
    return {};
}

void Simulation::startBodies() {
    bodiesProblem.clear();
    auto world = sim::bodyWorldFor(*scene);  // null without bodies
    if (!world) {
        bodiesProblem = world.error().message + "; they are kept as placed";
        return;
    }
    session->setBodies(std::move(*world));
}

std::vector<sim::PlacedBody> Simulation::bodiesToSave() const {
    if (session && session->bodies()) return sim::placedBodies(*session->bodies());
    return scene ? scene->bodies : std::vector<sim::PlacedBody>{};
}

void Simulation::stepRuns() {
    session->step();
    if (!runB) return;
    runB->step(runB->params().dtSeconds);
    if (bodiesB) {
        sim::stepBodies(*bodiesB, *runB, runB->params().dtSeconds, bedMovedB || runB->params().erosion.enabled);
        bedMovedB = false;
    }
}

void Simulation::forkBodiesB() {
    bodiesB.reset();
    bedMovedB = false;
    const sim::BodyWorld* a = session->bodies();
    if (!runB || !a) return;
    auto world = sim::bodyWorldOn(*runB);
    if (!world) return;
    bodiesB = std::move(*world);
    sim::replaceBodies(*bodiesB, sim::placedBodies(*a));
    sim::loadWater(*bodiesB, *runB);
}

Result<void> Simulation::setBackend(SimBackend next) {
    if (next == backend && solver) return {};
    auto state = std::make_shared<sim::SolverState>(solver->saveState());
    auto created = makeSolver(next, resumeScene(*solver, std::move(state), scene->name));
    if (!created) return Error{std::string("cannot simulate on the ") + backendLabel(next) + ": " + created.error().message};
    std::unique_ptr<sim::Solver> b;
    if (runB) {
        auto madeB = makeSolver(next, resumeScene(*runB, std::make_shared<sim::SolverState>(runB->saveState()), scene->name + " (B)"));
        if (!madeB) return Error{std::string("cannot simulate run B on the ") + backendLabel(next) + ": " + madeB.error().message};
        b = std::move(*madeB);
    }
    solver = created->get();
    session->replaceSolver(std::move(*created));
    runB = std::move(b);
    if (runB && bodiesB) sim::loadWater(*bodiesB, *runB);  // the new solver starts without their load
    backend = next;
    previousValid = false;
    mirrorsStale = true;
    syncMirrors();
    return {};
}

void Simulation::syncMirrors() {
    if (backend != SimBackend::Cpu || !mirrorsStale) return;
    mirrorA.update(*solver);
    if (runB) mirrorB.update(*runB);
    mirrorsStale = false;
}

render::RenderInputs Simulation::drawInputs(int run) const {
    const sim::Solver& s = run == 0 ? *solver : *runB;
    render::RenderInputs in = backend == SimBackend::Cpu ? (run == 0 ? mirrorA : mirrorB).inputs(s)
                                                          : render::solverInputs(static_cast<const sim::GpuSolver&>(s));
    if (run == 0 && session->bodies()) in.bodies = &session->bodies()->bodies();
    if (run == 1 && bodiesB) in.bodies = &bodiesB->bodies();
    return in;
}

const gl::Buffer& Simulation::terrainBuffer(int run) const { return *drawInputs(run).terrain; }
const gl::Buffer& Simulation::depthBuffer(int run) const { return *drawInputs(run).depth; }

void Simulation::apply(const sim::Command& c, bool mergeWithLast) {
    session->apply(c, mergeWithLast);
    previousValid = false;
    mirrorsStale = true;  // the edit may have changed the depth: do not blend across it
    if (!runB) return;
    if (const auto* b = std::get_if<sim::ApplyBrush>(&c)) {
        runB->applyBrush(b->stroke);
        bedMovedB = true;
    }
    if (const auto* e = std::get_if<sim::SetEmitters>(&c)) runB->setEmitters(e->sources, e->drains);
    if (const auto* b = std::get_if<sim::SetBoundaries>(&c)) runB->setBoundaries(b->boundary);
    if (const auto* t = std::get_if<sim::ReplaceTerrain>(&c)) {
        runB->setTerrain(t->terrainM);
        bedMovedB = true;
    }
    if (std::holds_alternative<sim::ResetRun>(c)) (void)forkB(runB->params());
    // Bodies placed, moved or deleted in A are in B too (the first ones placed set B's world up).
    if (std::holds_alternative<sim::PlaceBodies>(c) || std::holds_alternative<sim::RemoveBodies>(c) ||
        std::holds_alternative<sim::EditBodies>(c)) {
        if (!bodiesB) {
            forkBodiesB();  // A has them now, B gets the same
        } else {
            sim::applyBodyCommand(*bodiesB, c);
            sim::loadWater(*bodiesB, *runB);
        }
    }
}

Result<void> Simulation::forkB(const sim::SimParams& paramsB) {
    auto state = std::make_shared<sim::SolverState>(solver->saveState());
    state->params = paramsB;
    const sim::Scene copy = resumeScene(*solver, std::move(state), scene->name + " (B)");
    auto created = makeSolver(backend, copy);
    if (!created) return Error{"cannot fork run B: " + created.error().message};
    runB = std::move(*created);
    forkBodiesB();
    mirrorsStale = true;
    return {};
}

void Simulation::undo() {
    session->undo();
    previousValid = false;
    mirrorsStale = true;
    if (runB) (void)forkB(runB->params());
}

void Simulation::redo() {
    session->redo();
    previousValid = false;
    mirrorsStale = true;
    if (runB) (void)forkB(runB->params());
}

void Simulation::refreshStats(Clock::time_point now) {
    ledger = solver->ledger();
    if (runB) ledgerB = runB->ledger();
    courant = solver->counters().steps > 0 ? solver->lastCourant() : 0.0f;
    statsTime = now;
    push(volumeHistory, float(ledger.volumeM3));
    push(residualHistory, float(ledger.residual()));
    sediment = solver->sedimentLedger();  // zeros, without a readback, when there is no erosion state
    if (!solver->hasErosionState()) {
        for (auto* h : {&erodedHistory, &depositedHistory, &suspendedHistory}) h->clear();
        return;
    }
    push(erodedHistory, float(sediment.erodedM3));
    push(depositedHistory, float(sediment.depositedM3));
    push(suspendedHistory, float(sediment.suspendedM3));
}

float Simulation::blend() const {
    if (!previousValid || paused || fixedStepsPerFrame > 0 || timeLapse) return -1.0f;
    return float(std::clamp(backlogSeconds / double(solver->params().dtSeconds), 0.0, 1.0));
}

void Simulation::advance(double frameSeconds) {
    behind = false;
    if (paused) return;
    if (fixedStepsPerFrame > 0) {
        for (int i = 0; i < fixedStepsPerFrame; ++i) stepRuns();
        mirrorsStale = true;
        previousValid = false;
        return;
    }
    const double dt = solver->params().dtSeconds;
    if (timeLapse) {
        // The frame that just ended ran timeLapseSteps and lasted frameSeconds (steps, drawing and
        // the GPU's wait): the pacer scales the next frame's steps toward its frame time.
        pacer.frameDone(timeLapseSteps, dt, frameSeconds);
        timeLapseSteps = pacer.stepsForNextFrame();
        for (int i = 0; i < timeLapseSteps; ++i) stepRuns();
        backlogSeconds = 0;
        mirrorsStale = true;
        previousValid = false;
        return;
    }
    timeLapseSteps = 0;
    backlogSeconds += double(speed) * std::min(frameSeconds, kMaxFrameSeconds);
    const auto t0 = Clock::now();
    while (backlogSeconds >= dt) {
        if (std::chrono::duration<double>(Clock::now() - t0).count() > kMaxStepWorkSeconds) {
            behind = true;
            backlogSeconds = 0;
            previousValid = false;  // the snapshot may predate several steps: draw the current state
            break;
        }
        if (backlogSeconds - dt < dt) {  // the frame's last step: keep the state before it (GPU copy)
            syncMirrors();
            previousDepth.capture(depthBuffer(0));
            previousValid = true;
        }
        stepRuns();
        mirrorsStale = true;
        backlogSeconds -= dt;
    }
}

void Simulation::singleStep() {
    paused = true;
    stepRuns();
    mirrorsStale = true;
}

}  // namespace sluice::app

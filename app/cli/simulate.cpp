// `sluice simulate SCENE --steps N [--backend gpu|cpu] --out DIR`: runs a scene headless and writes the
// final fields (.npy) and a summary.json, all or nothing.
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/output/run_output.hpp"
#include "app/cli/verbs.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice simulate SCENE --steps N [--backend gpu|cpu] [--out DIR] [--save STATE.sluice]\n"
    "                       [--dt SECONDS] [--quiet]\n"
    "  SCENE is a scene .json, a snapshot .sluice (continues that run) or builtin:default|bench[:SIZE].\n"
    "  --out writes the final fields and summary.json; --save writes a snapshot to resume from.\n";
}  // namespace

int runSimulate(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quiet"});
    if (auto ok = args.check({"--steps", "--backend", "--out", "--save", "--dt", "--quiet"}); !ok) {
        std::cerr << "sluice simulate: " << ok.error().message << "\n" << kUsage;
        return kExitUsage;
    }
    const bool wantOut = args.has("--out"), wantSave = args.has("--save");
    if (args.positional.size() != 1 || (!wantOut && !wantSave) || (wantOut && args.get("--out")->empty()) ||
        (wantSave && args.get("--save")->empty())) {
        std::cerr << "sluice simulate: need one SCENE and --out DIR and/or --save FILE\n" << kUsage;
        return kExitUsage;
    }
    auto steps = args.integer("--steps", 100, 0, 1000000000LL);
    if (!steps) {
        std::cerr << "sluice simulate: " << steps.error().message << "\n";
        return kExitUsage;
    }
    auto dtArg = args.number("--dt", 0, sim::rules::kDtSeconds);  // 0: the scene's
    if (args.has("--dt") && !dtArg) {
        std::cerr << "sluice simulate: " << dtArg.error().message << "\n";
        return kExitUsage;
    }
    const float dtOverride = args.has("--dt") ? float(*dtArg) : 0.0f;
    auto backendArg = backendOption(args);
    if (!backendArg) {
        std::cerr << "sluice simulate: " << backendArg.error().message << "\n";
        return kExitUsage;
    }
    const std::string backendName = *backendArg;
    auto scene = loadSceneArgument(args.positional[0]);
    if (!scene) {
        std::cerr << "error: " << scene.error().message << "\n";
        return kExitBadInput;
    }
    if (dtOverride > 0) scene->params.dtSeconds = dtOverride;
    auto backend = makeBackend(backendName, *scene);
    if (!backend) {
        std::cerr << "error: " << backend.error().message << "\n";
        return kExitNoGpu;
    }
    sim::Solver& solver = *backend->solver;
    if (dtOverride > 0) {  // a snapshot brings its own parameters; --dt still wins
        sim::SimParams p = solver.params();
        p.dtSeconds = dtOverride;
        solver.setParams(p);
    }

    const auto t0 = std::chrono::steady_clock::now();
    for (long long i = 0; i < *steps; ++i) solver.step(solver.params().dtSeconds);
    // The Courant readback waits for the last step, so the loop time is the simulation's own.
    const float courant = *steps > 0 ? solver.lastCourant() : 0.0f;
    const double stepSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const sim::FieldSnapshot snap = solver.download();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!fieldsFinite(snap)) {
        std::cerr << "error: " << scene->name << ": the simulation produced non-finite values\n";
        return kExitBadInput;
    }
    const nlohmann::json summary = runSummary(scene->name, solver, snap, courant, RunTiming{*steps, stepSeconds, wall});
    if (auto w = writeRunOutputs(args.get("--out").value_or(""), args.get("--save").value_or(""), scene->name, solver,
                                 snap, summary, scene->camera);
        !w) {
        std::cerr << "error: " << w.error().message << "\n";
        return kExitWriteFailed;
    }
    const sim::Ledger ledger = solver.ledger();
    if (!args.has("--quiet")) {
        std::cout << scene->name << ": " << solver.counters().steps << " steps (" << solver.counters().substeps
                  << " substeps, " << solver.counters().timeSeconds << " s simulated) on " << solver.backendName()
                  << " in " << stepSeconds << " s (" << wall << " s with output); volume " << ledger.volumeM3 << " m^3, residual " << ledger.residual()
                  << " m^3, max Courant " << solver.counters().maxCourant << "\n";
    }
    const sim::RunCounters& c = solver.counters();
    if (c.cappedSteps > 0)  // even with --quiet: the run did not cover the time it was asked to
        std::cerr << "warning: " << scene->name << ": " << c.cappedSteps << " of " << c.steps
                  << " steps reached max_substeps (" << solver.params().maxSubsteps << ") before the Courant target and "
                  << "covered less time than dt: " << c.shortfallSeconds
                  << " s behind (raise params.max_substeps or lower dt)\n";
    return kExitOk;
}

}  // namespace sluice::app

// `sluice simulate SCENE --steps N [--out DIR] [--save FILE]`: runs a scene headless and writes the final
// fields (.npy) and a summary.json, all or nothing; without either output, prints the summary.
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/output/run_output.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/output/output_check.hpp"
#include "sim/bodies/body_run.hpp"

namespace sluice::app {

int runSimulate(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("simulate");
    int exitCode = kExitOk;
    const auto parsed = parseSceneVerbArgs(argc, argv, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (!args.has("--steps")) return verbUsageError(spec, "missing --steps N (solver steps to run)");
    auto steps = args.integer("--steps", 0, 0, 1000000000LL);
    if (!steps) return verbUsageError(spec, steps.error().message);
    const std::string outDir = args.get("--out").value_or(""), saveFile = args.get("--save").value_or("");
    for (auto [option, path, folder] : {std::tuple{"--out", outDir, true}, std::tuple{"--save", saveFile, false}})
        if (!path.empty())
            if (auto ok = checkWritable(option, path, folder); !ok) {
                std::cerr << "error: " << ok.error().message << "\n";
                return kExitWriteFailed;
            }
    auto dtArg = args.number("--dt", 0, sim::rules::kDtSeconds);  // 0: the scene's
    if (args.has("--dt") && !dtArg) return verbUsageError(spec, dtArg.error().message);
    const float dtOverride = args.has("--dt") ? float(*dtArg) : 0.0f;
    auto backendArg = backendOption(args);
    if (!backendArg) return verbUsageError(spec, backendArg.error().message);
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

    // Bodies in the water (docs/BODIES.md): stepped after each water step in the water it left.
    auto world = sim::startBodies(*scene, solver);  // null without bodies
    if (!world) {
        std::cerr << "error: " << world.error().message << "\n";
        return kExitBadInput;
    }
    const std::unique_ptr<sim::BodyWorld> bodies = std::move(*world);

    const auto t0 = std::chrono::steady_clock::now();
    for (long long i = 0; i < *steps; ++i) {
        solver.step(solver.params().dtSeconds);
        if (bodies) sim::stepBodies(*bodies, solver, solver.params().dtSeconds, solver.params().erosion.enabled);
    }
    // The Courant readback waits for the last step, so the loop time is the simulation's own.
    const float courant = *steps > 0 ? solver.lastCourant() : 0.0f;
    const double stepSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const sim::FieldSnapshot snap = solver.download();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!fieldsFinite(snap)) {
        std::cerr << "error: " << scene->name << ": the simulation produced non-finite values\n";
        return kExitBadInput;
    }
    nlohmann::json summary = runSummary(scene->name, solver, snap, courant, RunTiming{*steps, stepSeconds, wall});
    if (bodies) addBodiesSummary(summary, *bodies, solver);
    if (outDir.empty() && saveFile.empty()) std::cout << summary.dump(2) << "\n";  // nothing to write: show it
    if (auto w = writeRunOutputs(outDir, saveFile, scene->name, solver, snap, summary, scene->camera,
                                 scene->georeference, bodies ? sim::placedBodies(*bodies) : std::vector<sim::PlacedBody>{});
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

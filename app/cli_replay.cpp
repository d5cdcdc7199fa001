// `sluice replay LOG [--backend gpu|cpu] [--out DIR] [--save FILE]`: re-runs a session log (the
// viewer's --log or File > Save session log) from its start snapshot to the same final state.
#include <chrono>
#include <iostream>

#include "app/cli_args.hpp"
#include "app/cli_common.hpp"
#include "app/run_output.hpp"
#include "app/verbs.hpp"
#include "sim/session_log.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice replay LOG [--backend gpu|cpu] [--out DIR] [--save STATE.sluice] [--quiet]\n"
    "  re-runs the commands of a session log from its start snapshot; writes the final fields and\n"
    "  summary.json (--out) and/or a snapshot (--save), like `sluice simulate`.\n";
}  // namespace

int runReplay(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quiet"});
    if (auto ok = args.check({"--backend", "--out", "--save", "--quiet"}); !ok) {
        std::cerr << "sluice replay: " << ok.error().message << "\n" << kUsage;
        return kExitUsage;
    }
    const std::string outDir = args.get("--out").value_or(""), saveFile = args.get("--save").value_or("");
    if (args.positional.size() != 1 || (outDir.empty() && saveFile.empty())) {
        std::cerr << "sluice replay: need one LOG and --out DIR and/or --save FILE\n" << kUsage;
        return kExitUsage;
    }
    const std::string backendName = args.get("--backend").value_or("gpu");
    if (backendName != "gpu" && backendName != "cpu") {
        std::cerr << "sluice replay: --backend: expected gpu or cpu, got '" << backendName << "'\n";
        return kExitUsage;
    }
    auto log = sim::readSessionLog(args.positional[0]);
    if (!log) {
        std::cerr << "error: " << log.error().message << "\n";
        return kExitBadInput;
    }
    const std::string name = log->start.name;
    const auto camera = log->start.camera;
    auto backend = makeBackend(backendName, sim::sceneFromSnapshot(log->start));
    if (!backend) {
        std::cerr << "error: " << backend.error().message << "\n";
        return kExitNoGpu;
    }
    sim::Session session(std::move(backend->solver), log->limits);
    const auto startSteps = session.solver().counters().steps;
    const auto t0 = std::chrono::steady_clock::now();
    if (auto ok = sim::replaySessionLog(session, *log); !ok) {
        std::cerr << "error: " << args.positional[0] << ": " << ok.error().message << "\n";
        return kExitBadInput;
    }
    sim::Solver& solver = session.solver();
    const float courant = solver.counters().steps > 0 ? solver.lastCourant() : 0.0f;
    const double stepSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const sim::FieldSnapshot snap = solver.download();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!fieldsFinite(snap)) {
        std::cerr << "error: " << name << ": the replay produced non-finite values\n";
        return kExitBadInput;
    }
    const RunTiming timing{solver.counters().steps - startSteps, stepSeconds, wall};
    if (auto w = writeRunOutputs(outDir, saveFile, name, solver, snap, runSummary(name, solver, snap, courant, timing),
                                 camera);
        !w) {
        std::cerr << "error: " << w.error().message << "\n";
        return kExitWriteFailed;
    }
    if (!args.has("--quiet"))
        std::cout << args.positional[0] << ": replayed " << log->commands.size() << " commands to step "
                  << solver.counters().steps << " (" << solver.counters().timeSeconds << " s simulated) on "
                  << solver.backendName() << "\n";
    return kExitOk;
}

}  // namespace sluice::app

// `sluice simulate SCENE --steps N [--backend gpu|cpu] --out DIR`: runs a scene headless and writes the
// final fields (.npy) and a summary.json, all or nothing.
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/cli_args.hpp"
#include "app/cli_common.hpp"
#include "app/output_dir.hpp"
#include "app/verbs.hpp"
#include "sim/atomic_file.hpp"
#include "sim/npy.hpp"
#include "sim/snapshot.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice simulate SCENE --steps N [--backend gpu|cpu] [--out DIR] [--save STATE.sluice]\n"
    "                       [--dt SECONDS] [--quiet]\n"
    "  SCENE is a scene .json, a snapshot .sluice (continues that run) or builtin:default|bench[:SIZE].\n"
    "  --out writes the final fields and summary.json; --save writes a snapshot to resume from.\n";

/// depth/terrain/flow_x/flow_y .npy and summary.json, swapped into `dir` only when all are written.
Result<void> writeFields(const std::string& dir, const sim::FieldSnapshot& snap, const nlohmann::json& summary) {
    auto out = OutputDir::begin(dir);
    if (!out) return out.error();
    const int W = snap.width, H = snap.height;
    Result<void> writes[] = {
        sim::writeNpy(out->file("depth.npy"), snap.depthM.data(), H, W),
        sim::writeNpy(out->file("terrain.npy"), snap.terrainM.data(), H, W),
        sim::writeNpy(out->file("flow_x.npy"), snap.flowXM3PerS.data(), H, W + 1),
        sim::writeNpy(out->file("flow_y.npy"), snap.flowYM3PerS.data(), H + 1, W),
        sim::writeFileAtomic(out->file("summary.json"), summary.dump(2) + "\n"),
    };
    for (const auto& w : writes)
        if (!w) return w.error();
    return out->commit();
}

bool allFinite(const std::vector<float>& v) {
    for (float x : v)
        if (!std::isfinite(x)) return false;
    return true;
}
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
    float dtOverride = 0;
    if (auto dt = args.get("--dt")) {
        char* end = nullptr;
        dtOverride = std::strtof(dt->c_str(), &end);
        if (end == dt->c_str() || *end != '\0' || !std::isfinite(dtOverride) || dtOverride <= 0) {
            std::cerr << "sluice simulate: --dt: expected a positive number of seconds, got '" << *dt << "'\n";
            return kExitUsage;
        }
    }
    const std::string backendName = args.get("--backend").value_or("gpu");
    if (backendName != "gpu" && backendName != "cpu") {
        std::cerr << "sluice simulate: --backend: expected gpu or cpu, got '" << backendName << "'\n";
        return kExitUsage;
    }
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
    const sim::Ledger ledger = solver.ledger();
    const sim::DepthStats stats = solver.depthStats();

    if (!allFinite(snap.depthM) || !allFinite(snap.flowXM3PerS) || !allFinite(snap.flowYM3PerS)) {
        std::cerr << "error: " << scene->name << ": the simulation produced non-finite values\n";
        return kExitBadInput;
    }

    nlohmann::json summary = {
        {"scene", scene->name},
        {"backend", solver.backendName()},
        {"width", scene->width},
        {"height", scene->height},
        {"cell_size", scene->cellSizeM},
        {"steps", solver.counters().steps},
        {"time", solver.counters().timeSeconds},
        {"substeps", solver.counters().substeps},
        {"last_substeps", solver.counters().lastSubsteps},
        {"volume", ledger.volumeM3},
        {"initial_volume", ledger.initialVolumeM3},
        {"volume_added", ledger.addedM3},
        {"volume_removed", ledger.removedM3},
        {"residual", ledger.residual()},
        {"relative_residual", ledger.residual() / std::max(1e-30, std::max(ledger.volumeM3, ledger.initialVolumeM3 + ledger.addedM3))},
        {"min_depth", stats.minDepthM},
        {"max_depth", stats.maxDepthM},
        {"max_speed", maxFlowSpeed(snap)},
        {"courant", courant},
        {"max_courant", solver.counters().maxCourant},
        {"wall_seconds", wall},
        {"step_seconds", stepSeconds},
        {"ms_per_step", *steps > 0 ? 1000.0 * stepSeconds / double(*steps) : 0.0},
    };

    if (wantSave) {
        sim::Snapshot state{scene->name, solver.saveState(), scene->camera};
        if (auto w = sim::writeSnapshotFile(*args.get("--save"), state); !w) {
            std::cerr << "error: " << w.error().message << "\n";
            return kExitWriteFailed;
        }
    }
    if (wantOut) {
        if (auto w = writeFields(*args.get("--out"), snap, summary); !w) {
            std::cerr << "error: " << w.error().message << "\n";
            return kExitWriteFailed;
        }
    }
    if (!args.has("--quiet")) {
        std::cout << scene->name << ": " << solver.counters().steps << " steps (" << solver.counters().substeps
                  << " substeps, " << solver.counters().timeSeconds << " s simulated) on " << solver.backendName()
                  << " in " << stepSeconds << " s (" << wall << " s with output); volume " << ledger.volumeM3 << " m^3, residual " << ledger.residual()
                  << " m^3, max Courant " << solver.counters().maxCourant << "\n";
    }
    return kExitOk;
}

}  // namespace sluice::app

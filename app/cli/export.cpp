// `sluice export SCENE|SNAPSHOT --out DIR [--what LIST] [--format LIST] [--steps N]`: runs N steps like
// simulate (CPU or GPU), then writes the bed, water, masks, flow and splat maps and glTF meshes that
// engines and terrain tools read (docs/EXCHANGE.md).
#include <iostream>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/exchange/export_writer.hpp"
#include "app/output/output_check.hpp"
#include "app/output/run_output.hpp"
#include "sim/bodies/body_run.hpp"

namespace sluice::app {

int runExport(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("export");
    int exitCode = kExitOk;
    const auto parsed = parseSceneVerbArgs(argc, argv, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    const std::string outDir = args.get("--out").value_or("");
    if (outDir.empty()) return verbUsageError(spec, "missing --out DIR (the folder to write)");
    auto steps = args.integer("--steps", 0, 0, 1000000000LL);
    if (!steps) return verbUsageError(spec, steps.error().message);
    auto meshStep = args.integer("--mesh-step", 1, 1, 4096);
    if (!meshStep) return verbUsageError(spec, meshStep.error().message);
    auto request = parseExportRequest(args.get("--what").value_or(""), args.get("--format").value_or(""), int(*meshStep));
    if (!request) return verbUsageError(spec, request.error().message);
    auto backendArg = backendOption(args);
    if (!backendArg) return verbUsageError(spec, backendArg.error().message);
    if (auto ok = checkWritable("--out", outDir, true); !ok) {
        std::cerr << "error: " << ok.error().message << "\n";
        return kExitWriteFailed;
    }
    auto scene = loadSceneArgument(args.positional[0]);
    if (!scene) {
        std::cerr << "error: " << scene.error().message << "\n";
        return kExitBadInput;
    }
    auto backend = makeBackend(*backendArg, *scene);
    if (!backend) {
        std::cerr << "error: " << backend.error().message << "\n";
        return kExitNoGpu;
    }
    sim::Solver& solver = *backend->solver;
    // The scene's bodies move with the water over the steps (docs/BODIES.md); null without bodies.
    auto world = sim::startBodies(*scene, solver);
    if (!world) {
        std::cerr << "error: " << world.error().message << "\n";
        return kExitBadInput;
    }
    const std::unique_ptr<sim::BodyWorld> bodies = std::move(*world);
    for (long long i = 0; i < *steps; ++i) {
        solver.step(solver.params().dtSeconds);
        if (bodies) sim::stepBodies(*bodies, solver, solver.params().dtSeconds, solver.params().erosion.enabled);
    }
    const sim::FieldSnapshot field = solver.download();  // the current bed: after brushes and erosion
    if (!fieldsFinite(field)) {
        std::cerr << "error: " << scene->name << ": the simulation produced non-finite values\n";
        return kExitBadInput;
    }
    const ExportContext context{scene->name, solver.params().gravity, scene->georeference,
                                bodies ? sim::placedBodies(*bodies) : std::vector<sim::PlacedBody>{}};
    auto report = writeExport(outDir, *request, field, context);
    if (!report) {
        std::cerr << "error: " << report.error().message << "\n";
        return kExitWriteFailed;
    }
    for (const std::string& note : report->notes) std::cerr << "note: " << note << "\n";
    if (!args.has("--quiet")) {
        std::cout << scene->name << ": " << solver.counters().steps << " steps on " << solver.backendName() << "; wrote "
                  << report->files.size() << " files to " << outDir << ":";
        for (const std::string& f : report->files) std::cout << " " << f;
        std::cout << "\n";
    }
    return kExitOk;
}

}  // namespace sluice::app

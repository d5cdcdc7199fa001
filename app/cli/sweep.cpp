// `sluice sweep SCENE --param NAME=v1,v2,... [--param ...] --seconds T --out DIR`: runs every combination
// of the parameter values headless from the same starting scene, and writes results.csv, one 3-D
// thumbnail per run and a labelled contact sheet into DIR, all or nothing (docs/SWEEP.md).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/headless_view.hpp"
#include "render/offscreen_target.hpp"
#include "app/output/output_dir.hpp"
#include "app/output/progress_bar.hpp"
#include "app/sweep/snapshot_thumbnail.hpp"
#include "app/sweep/sweep_params.hpp"
#include "app/sweep/sweep_results.hpp"
#include "app/sweep/sweep_run.hpp"
#include "sim/bodies/body_run.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/output/output_check.hpp"
#include "render/contact_sheet.hpp"
#include "sim/atomic_file.hpp"

namespace sluice::app {

namespace {


/// Longest run the sweep accepts, in steps, like `simulate --steps`.
constexpr std::int64_t kMaxStepsPerRun = 1000000000LL;

int usageError(const std::string& message) { return verbUsageError(*findVerb("sweep"), message); }

/// "friction=0.05" pieces of one combination, in axis order.
std::vector<std::string> labelPieces(const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& indices) {
    std::vector<std::string> pieces;
    for (std::size_t k = 0; k < axes.size(); ++k) pieces.push_back(axes[k].name + "=" + formatValue(axes[k].values[indices[k]]));
    return pieces;
}

std::string joined(const std::vector<std::string>& pieces) {
    std::string s;
    for (const std::string& p : pieces) s += (s.empty() ? "" : " ") + p;
    return s;
}

/// Contact-sheet columns: the last (fastest-varying) axis across when it is short enough to read as a
/// table, otherwise a near-square grid.
int sheetColumns(const std::vector<SweepAxis>& axes, std::size_t runs) {
    const std::size_t last = axes.back().values.size();
    if (last >= 2 && last <= 10) return int(last);
    return std::max(1, int(std::ceil(std::sqrt(double(runs)))));
}

}  // namespace

int runSweep(int argc, char** argv) {
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, *findVerb("sweep"), exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (args.positional.size() != 1) return usageError("need exactly one SCENE");
    if (!args.has("--out")) return usageError("missing --out DIR");
    if (auto ok = checkWritable("--out", *args.get("--out"), true); !ok) {
        std::cerr << "error: " << ok.error().message << "\n";
        return kExitWriteFailed;
    }
    if (!args.has("--seconds")) return usageError("missing --seconds T (simulated seconds per run)");
    const std::string secondsText = *args.get("--seconds");
    auto secondsArg = args.number("--seconds", 0, sim::rules::kTimeSeconds);
    if (!secondsArg || !(*secondsArg > 0))
        return usageError("--seconds: expected a positive number of simulated seconds (at most 1e12), got '" + secondsText + "'");
    const double seconds = *secondsArg;
    auto backendArg = backendOption(args);
    if (!backendArg) return usageError(backendArg.error().message);
    const std::string backendName = *backendArg;
    int thumbW = 320, thumbH = 200;
    if (auto t = args.get("--thumb"); t && !parseImageSize(*t, thumbW, thumbH))
        return usageError("--thumb: expected WxH in pixels (1 to 16384), got '" + *t + "'");
    auto axes = parseSweepAxes(args.all("--param"));
    if (!axes) return usageError(axes.error().message);

    auto scene = loadSceneArgument(args.positional[0]);
    if (!scene) {
        std::cerr << "error: " << scene.error().message << "\n";
        return kExitBadInput;
    }
    if (auto ok = checkAxesAgainstScene(*axes, *scene); !ok) return usageError(ok.error().message);
    const std::size_t runs = combinationCount(*axes);
    for (std::size_t run = 0; run < runs; ++run) {
        sim::Scene probe;
        probe.params = scene->params;
        applyCombination(probe, *axes, combinationIndices(*axes, run));
        if (stepsFor(seconds, probe.params.dtSeconds) > kMaxStepsPerRun)
            return usageError("--seconds: " + secondsText + " s of dt " + formatValue(probe.params.dtSeconds) +
                              " s is more than " + std::to_string(kMaxStepsPerRun) + " steps");
    }

    auto context = gl::EglContext::create();
    if (!context) {
        std::cerr << "error: no OpenGL 4.5 context (thumbnails need one): " << context.error().message << "\n";
        return kExitNoGpu;
    }
    auto thumbnail = SnapshotThumbnail::create(*scene, thumbW, thumbH);
    if (!thumbnail) {
        std::cerr << "error: " << thumbnail.error().message << "\n";
        return kExitNoGpu;
    }
    auto out = OutputDir::begin(*args.get("--out"));
    if (!out) {
        std::cerr << "error: " << out.error().message << "\n";
        return kExitWriteFailed;
    }

    std::vector<std::vector<std::string>> sheetLabels;
    for (std::size_t run = 0; run < runs; ++run) {
        sheetLabels.push_back({"#" + std::to_string(run)});
        for (std::string& p : labelPieces(*axes, combinationIndices(*axes, run))) sheetLabels.back().push_back(std::move(p));
    }
    render::ContactSheet sheet(thumbW, thumbH, std::move(sheetLabels), sheetColumns(*axes, runs),
                               scene->name + "  " + formatValue(seconds) + " s  " + backendName + "  " +
                                   std::to_string(runs) + " runs");
    std::string csv = resultsCsvHeader(*axes);
    ProgressBar progress(runs, !args.has("--quiet"));
    for (std::size_t run = 0; run < runs; ++run) {
        const std::vector<std::size_t> indices = combinationIndices(*axes, run);
        const std::string label = joined(labelPieces(*axes, indices));
        sim::Scene runScene = *scene;
        applyCombination(runScene, *axes, indices);
        auto backend = makeBackend(backendName, runScene, context->get());
        if (!backend) {
            progress.close();
            std::cerr << "error: run " << run << " (" << label << "): " << backend.error().message << "\n";
            return kExitNoGpu;
        }
        // A snapshot scene restores its saved parameters and emitters over the scene's: set the run's again.
        backend->solver->setParams(runScene.params);
        backend->solver->setEmitters(runScene.sources, runScene.drains);
        // Each run starts the scene's bodies afresh (docs/BODIES.md); null without bodies.
        auto world = sim::startBodies(runScene, *backend->solver);
        if (!world) {
            progress.close();
            std::cerr << "error: " << world.error().message << "\n";
            return kExitBadInput;
        }
        const std::unique_ptr<sim::BodyWorld> bodies = std::move(*world);
        sim::FieldSnapshot state;
        auto figures = runFor(*backend->solver, seconds, state, bodies.get());
        if (!figures) {
            progress.close();
            std::cerr << "error: " << scene->name << ", run " << run << " (" << label << "): " << figures.error().message << "\n";
            return kExitBadInput;
        }
        char name[32];
        std::snprintf(name, sizeof name, "run_%03zu.png", run);
        const render::RgbImage image =
            (*thumbnail)->render(state, float(figures->simulatedSeconds), bodies ? &bodies->bodies() : nullptr);
        if (auto w = render::writePng(out->file(name), image); !w) {
            progress.close();
            std::cerr << "error: " << w.error().message << "\n";
            return kExitWriteFailed;
        }
        sheet.place(run, image);
        csv += resultsCsvRow(run, *axes, indices, *figures, name);
        progress.finished(run + 1, label);
    }
    progress.close();

    Result<void> writes[] = {
        sim::writeFileAtomic(out->file("results.csv"), csv),
        render::writePng(out->file("contact_sheet.png"), sheet.image()),
    };
    if (auto done = out->commitAfter(writes); !done) {
        std::cerr << "error: " << done.error().message << "\n";
        return kExitWriteFailed;
    }
    if (!args.has("--quiet"))
        std::cout << *args.get("--out") << ": " << runs << " runs of " << scene->name << " (" << formatValue(seconds)
                  << " s each on " << backendName << "): results.csv, contact_sheet.png\n";
    return kExitOk;
}

}  // namespace sluice::app

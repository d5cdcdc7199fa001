// `sluice replay LOG [--backend gpu|cpu] [--out DIR] [--save FILE]`: re-runs a session log (the
// viewer's --log or File > Save session log) from its start snapshot to the same final state.
#include <chrono>
#include <iostream>
#include <optional>
#include <tuple>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/headless_view.hpp"
#include "app/record/video_recorder.hpp"
#include "app/output/run_output.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/output/output_check.hpp"
#include "app/record/recording_output.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/session_log.hpp"

namespace sluice::app {

namespace {
}  // namespace

int runReplay(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("replay");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    const std::string outDir = args.get("--out").value_or(""), saveFile = args.get("--save").value_or("");
    const std::string recordPath = args.get("--record").value_or("");
    if (args.positional.size() != 1)
        return verbUsageError(spec, args.positional.empty() ? "missing LOG" : "expected one LOG, got " + args.positional[1]);
    std::optional<RecordingOutput> recording;
    if (!recordPath.empty()) {
        auto classified = classifyRecordingOutput(recordPath);
        if (!classified) return verbUsageError(spec, "--record: " + classified.error().message);
        recording = *classified;
    }
    for (auto [option, path, folder] : {std::tuple{"--out", outDir, true}, std::tuple{"--save", saveFile, false}})
        if (!path.empty())
            if (auto ok = checkWritable(option, path, folder); !ok) {
                std::cerr << "error: " << ok.error().message << "\n";
                return kExitWriteFailed;
            }
    if (recording)
        if (auto ok = checkRecordingWritable("--record", *recording); !ok) {
            std::cerr << "error: " << ok.error().message << "\n";
            return kExitWriteFailed;
        }
    auto backendArg = backendOption(args);
    if (!backendArg) return verbUsageError(spec, backendArg.error().message);
    const std::string backendName = *backendArg;
    auto size = sizeOption(args, FrameSize{1280, 720});
    auto cameraArg = cameraOption(args);
    auto fps = args.integer("--fps", 30, 1, 240);
    auto stepsPerFrameArg = args.integer("--steps-per-frame", 0, 0, 1000000);
    for (const std::string* e : {size ? nullptr : &size.error().message, cameraArg ? nullptr : &cameraArg.error().message,
                                 fps ? nullptr : &fps.error().message,
                                 stepsPerFrameArg ? nullptr : &stepsPerFrameArg.error().message})
        if (e) return verbUsageError(spec, *e);
    if (!recordPath.empty() && backendName != "gpu")
        return verbUsageError(spec, "--record draws with the GPU solver; drop --backend cpu");
    auto log = sim::readSessionLog(args.positional[0]);
    if (!log) {
        std::cerr << "error: " << log.error().message << "\n";
        return kExitBadInput;
    }
    const std::string name = log->start.name;
    const auto savedCamera = log->start.camera;
    const sim::Scene scene = sim::sceneFromSnapshot(log->start);
    std::optional<HeadlessView> view;
    std::unique_ptr<sim::Solver> replaySolver;
    Backend backend;  // keeps the headless context alive
    if (recordPath.empty()) {
        auto made = makeBackend(backendName, scene);
        if (!made) {
            std::cerr << "error: " << made.error().message << "\n";
            return kExitNoGpu;
        }
        backend = std::move(*made);
        replaySolver = std::move(backend.solver);
    } else {
        auto made = makeHeadlessView(scene, *size);
        if (!made) {
            std::cerr << "error: " << made.error().message << "\n";
            return kExitNoGpu;
        }
        view.emplace(std::move(*made));
        replaySolver = std::move(view->solver);
    }
    std::unique_ptr<VideoRecorder> recorder;
    long long stepsPerFrame = 1;
    if (view) {
        auto opened = VideoRecorder::open(recordPath, size->width, size->height, double(*fps));
        if (!opened) {
            std::cerr << "error: " << opened.error().message << "\n";
            return kExitWriteFailed;
        }
        recorder = std::move(*opened);
        const double dt = replaySolver->params().dtSeconds;
        stepsPerFrame = *stepsPerFrameArg > 0 ? *stepsPerFrameArg : std::max(1LL, std::llround(1.0 / (double(*fps) * dt)));
    }
    sim::Session session(std::move(replaySolver), log->limits);
    // The bodies the session started with run again (docs/BODIES.md).
    auto world = sim::bodyWorldFor(scene);  // null without bodies
    if (!world) {
        std::cerr << "error: " << world.error().message << "\n";
        return kExitBadInput;
    }
    session.setBodies(std::move(*world));
    const auto startSteps = session.solver().counters().steps;
    const render::Camera videoCamera = sceneCamera(scene, *cameraArg, float(size->width) / float(size->height));
    Result<void> frameError;
    long long stepsSeen = 0;
    // A video frame every stepsPerFrame steps, drawn before the step that follows them.
    auto beforeStep = [&](sim::Session&) {
        if (!recorder || !frameError || stepsSeen++ % stepsPerFrame != 0 || stepsSeen == 1) return;
        view->bodies = session.bodies() ? &session.bodies()->bodies() : nullptr;
        view->draw(videoCamera, render::ViewSettings{}, float(view->gpu->counters().timeSeconds));
        frameError = recorder->pushFrame(view->target->framebuffer());
    };
    const auto t0 = std::chrono::steady_clock::now();
    if (auto ok = sim::replaySessionLog(session, *log, beforeStep); !ok) {
        std::cerr << "error: " << args.positional[0] << ": " << ok.error().message << "\n";
        return kExitBadInput;
    }
    if (recorder) {
        if (frameError) {
            view->bodies = session.bodies() ? &session.bodies()->bodies() : nullptr;
            view->draw(videoCamera, render::ViewSettings{}, float(view->gpu->counters().timeSeconds));  // the final state
            frameError = recorder->pushFrame(view->target->framebuffer());
        }
        if (frameError) frameError = recorder->finish();
        if (!frameError) {
            std::cerr << "error: " << frameError.error().message << "\n";
            return kExitWriteFailed;
        }
        if (!args.has("--quiet"))
            std::cout << recordPath << ": " << recorder->framesWritten() << " frames of " << size->width << "x"
                      << size->height << "\n";
        if (outDir.empty() && saveFile.empty()) return kExitOk;
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
    nlohmann::json summary = runSummary(name, solver, snap, courant, timing);
    // The bodies where the replay left them: placed, moved and deleted by the log's commands.
    const sim::BodyWorld* bodies = session.bodies();
    if (bodies) addBodiesSummary(summary, *bodies, solver);
    if (outDir.empty() && saveFile.empty()) std::cout << summary.dump(2) << "\n";  // nothing to write: show it
    if (auto w = writeRunOutputs(outDir, saveFile, name, solver, snap, summary, savedCamera, std::nullopt,
                                 bodies ? sim::placedBodies(*bodies) : std::vector<sim::PlacedBody>{});
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

// `sluice replay LOG [--backend gpu|cpu] [--out DIR] [--save FILE]`: re-runs a session log (the
// viewer's --log or File > Save session log) from its start snapshot to the same final state.
#include <chrono>
#include <iostream>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/headless_view.hpp"
#include "app/record/video_recorder.hpp"
#include "app/output/run_output.hpp"
#include "app/cli/verbs.hpp"
#include "sim/session_log.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice replay LOG [--backend gpu|cpu] [--out DIR] [--save STATE.sluice] [--quiet]\n"
    "                    [--record demo.mp4|DIR/ [--fps F] [--size WxH] [--camera yaw,pitch,dist]\n"
    "                     [--steps-per-frame K]]\n"
    "  re-runs the commands of a session log from its start snapshot; writes the final fields and\n"
    "  summary.json (--out) and/or a snapshot (--save), like `sluice simulate`; --record re-renders\n"
    "  the run to video (GPU) at any size and camera (default: the view saved with the log).\n";
}  // namespace

int runReplay(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quiet"});
    if (auto ok = args.check({"--backend", "--out", "--save", "--quiet", "--record", "--fps", "--size", "--camera",
                              "--steps-per-frame"});
        !ok) {
        std::cerr << "sluice replay: " << ok.error().message << "\n" << kUsage;
        return kExitUsage;
    }
    const std::string outDir = args.get("--out").value_or(""), saveFile = args.get("--save").value_or("");
    const std::string recordPath = args.get("--record").value_or("");
    if (args.positional.size() != 1 || (outDir.empty() && saveFile.empty() && recordPath.empty())) {
        std::cerr << "sluice replay: need one LOG and --out DIR, --save FILE and/or --record VIDEO\n" << kUsage;
        return kExitUsage;
    }
    auto backendArg = backendOption(args);
    if (!backendArg) {
        std::cerr << "sluice replay: " << backendArg.error().message << "\n";
        return kExitUsage;
    }
    const std::string backendName = *backendArg;
    auto size = sizeOption(args, FrameSize{1280, 720});
    auto cameraArg = cameraOption(args);
    auto fps = args.integer("--fps", 30, 1, 240);
    auto stepsPerFrameArg = args.integer("--steps-per-frame", 0, 0, 1000000);
    for (const std::string* e : {size ? nullptr : &size.error().message, cameraArg ? nullptr : &cameraArg.error().message,
                                 fps ? nullptr : &fps.error().message,
                                 stepsPerFrameArg ? nullptr : &stepsPerFrameArg.error().message})
        if (e) {
            std::cerr << "sluice replay: " << *e << "\n";
            return kExitUsage;
        }
    if (!recordPath.empty() && backendName != "gpu") {
        std::cerr << "sluice replay: --record draws with the GPU solver; drop --backend cpu\n";
        return kExitUsage;
    }
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
    const auto startSteps = session.solver().counters().steps;
    const render::Camera videoCamera = sceneCamera(scene, *cameraArg);
    Result<void> frameError;
    long long stepsSeen = 0;
    // A video frame every stepsPerFrame steps, drawn before the step that follows them.
    auto beforeStep = [&](sim::Session&) {
        if (!recorder || !frameError || stepsSeen++ % stepsPerFrame != 0 || stepsSeen == 1) return;
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
    if (auto w = writeRunOutputs(outDir, saveFile, name, solver, snap, runSummary(name, solver, snap, courant, timing),
                                 savedCamera);
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

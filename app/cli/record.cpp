// `sluice record [SCENE] --seconds S --out demo.mp4|DIR/|frames/%05d.png [...]`: runs a scene headless on
// the GPU solver through a sim::Session, plays a timeline's events into it, renders every video frame
// offscreen and records it with app::VideoRecorder. A fixed number of steps per frame makes the
// video show simulated time evenly, however fast the machine is.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/headless_view.hpp"
#include "app/record/ffmpeg_pipe.hpp"
#include "app/record/timeline.hpp"
#include "app/record/timeline_player.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/output/output_check.hpp"
#include "app/record/video_recorder.hpp"
#include "sim/bodies/body_run.hpp"
#include "sim/session.hpp"

namespace sluice::app {

namespace {
/// A positive finite number option; the error names it.
Result<double> positiveOption(const CliArgs& args, const std::string& name, double fallback, double max) {
    const auto text = args.get(name);
    if (!text) return fallback;
    char* end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    if (text->empty() || end != text->c_str() + text->size() || !std::isfinite(v) || !(v > 0) || v > max)
        return Error{name + ": expected a number > 0 and <= " + std::to_string(long(max)) + ", got '" + *text + "'"};
    return v;
}

/// Progress on stderr: one updating line on a terminal, a line per tenth otherwise (logs).
class Progress {
public:
    Progress(long long total, bool quiet) : total_(total), quiet_(quiet), tty_(::isatty(2) == 1) {}
    void frameDone(long long done, double simSeconds) {
        if (quiet_) return;
        const long long tenth = std::max(1LL, total_ / 10);
        if (!tty_ && done % tenth != 0 && done != total_) return;
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
        std::cerr << (tty_ ? "\r" : "") << "recording: frame " << done << "/" << total_ << " ("
                  << (100 * done / total_) << "%), " << std::fixed << std::setprecision(2) << simSeconds
                  << " s simulated, " << std::setprecision(1) << (wall > 0 ? double(done) / wall : 0.0) << " frames/s"
                  << std::defaultfloat << (tty_ ? "   " : "\n") << std::flush;
        if (tty_ && done == total_) std::cerr << "\n";
    }

private:
    long long total_;
    bool quiet_, tty_;
    std::chrono::steady_clock::time_point t0_ = std::chrono::steady_clock::now();
};
}  // namespace

int runRecord(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("record");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (args.positional.size() > 1) return verbUsageError(spec, "expected at most one SCENE, got " + args.positional[1]);
    if (!args.has("--seconds")) return verbUsageError(spec, "missing --seconds S");
    if (!args.has("--out")) return verbUsageError(spec, "missing --out FILE|DIR/");
    auto seconds = positiveOption(args, "--seconds", 0, 24 * 3600);
    auto fps = positiveOption(args, "--fps", 30, 1000);
    auto size = sizeOption(args, {1280, 720});
    auto cameraArg = cameraOption(args);
    auto stepsPerFrameArg = args.integer("--steps-per-frame", 0, 1, 1000000);
    for (const Error* e : {seconds ? nullptr : &seconds.error(), fps ? nullptr : &fps.error(),
                           size ? nullptr : &size.error(), cameraArg ? nullptr : &cameraArg.error(),
                           stepsPerFrameArg ? nullptr : &stepsPerFrameArg.error()})
        if (e) return verbUsageError(spec, e->message);
    const long long frames = std::llround(*seconds * *fps);
    if (frames < 1)
        return verbUsageError(spec, "--seconds " + args.get("--seconds").value_or("") + " at --fps " + args.get("--fps").value_or("30") +
                                        " is less than one frame");
    const std::string outArg = *args.get("--out");
    auto output = classifyRecordingOutput(outArg);
    if (!output) return verbUsageError(spec, "--out: " + output.error().message);
    if (auto ok = checkRecordingWritable("--out", *output); !ok) {
        std::cerr << "error: " << ok.error().message << "\n";
        return kExitWriteFailed;
    }
    // Before any work: a missing encoder must not cost a simulation run.
    if (output->needsFfmpeg())
        if (auto ffmpeg = findFfmpeg(); !ffmpeg) {
            std::cerr << "error: " << ffmpeg.error().message << " with --out DIR/\n";
            return kExitWriteFailed;
        }

    auto scene = loadSceneArgument(args.positional.empty() ? "builtin:default:256" : args.positional[0]);
    if (!scene) {
        std::cerr << "error: " << scene.error().message << "\n";
        return kExitBadInput;
    }
    Timeline timeline;
    if (auto path = args.get("--timeline")) {
        auto loaded = loadTimelineFile(*path, *scene);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        timeline = std::move(*loaded);
    }
    auto headless = makeHeadlessView(*scene, *size);
    if (!headless) {
        std::cerr << "error: " << headless.error().message << "\n";
        return kExitNoGpu;
    }
    sim::GpuSolver& gpu = *headless->gpu;
    // Bodies (docs/BODIES.md): the session steps them after the water, as simulate does; drawn.
    auto world = sim::bodyWorldFor(*scene);  // null without bodies
    if (!world) {
        std::cerr << "error: " << world.error().message << "\n";
        return kExitBadInput;
    }
    sim::Session session(std::move(headless->solver));
    session.setBodies(std::move(*world));
    const double dt = session.solver().params().dtSeconds;
    const long long stepsPerFrame =
        *stepsPerFrameArg > 0 ? *stepsPerFrameArg : std::max(1LL, std::llround(1.0 / (*fps * dt)));
    TimelinePlayer player(timeline.events, session);
    const render::Camera startCamera = sceneCamera(*scene, *cameraArg, float(size->width) / float(size->height));
    const render::CameraPath cameraPath = timeline.cameraPath(startCamera);
    const render::ViewSettings view;

    auto recorder = VideoRecorder::open(outArg, size->width, size->height, *fps);
    if (!recorder) {
        std::cerr << "error: " << recorder.error().message << "\n";
        return kExitWriteFailed;
    }
    const double startTime = gpu.counters().timeSeconds;
    Progress progress(frames, args.has("--quiet"));
    for (long long f = 0; f < frames; ++f) {
        for (long long k = 0; k < stepsPerFrame; ++k) {
            if (auto ok = player.beforeStep(session); !ok) {
                std::cerr << "error: " << ok.error().message << "\n";
                return kExitBadInput;
            }
            session.step();
        }
        const double videoTime = double(f) / *fps;
        headless->bodies = session.bodies() ? &session.bodies()->bodies() : nullptr;
        headless->draw(cameraPath.at(videoTime, startCamera), view, float(gpu.counters().timeSeconds));
        if (auto ok = (*recorder)->pushFrame(headless->target->framebuffer()); !ok) {
            std::cerr << "error: " << ok.error().message << "\n";
            return kExitWriteFailed;
        }
        progress.frameDone(f + 1, gpu.counters().timeSeconds - startTime);
    }
    if (auto ok = (*recorder)->finish(); !ok) {
        std::cerr << "error: " << ok.error().message << "\n";
        return kExitWriteFailed;
    }
    if (player.eventsLeft() > 0)
        std::cerr << "warning: " << player.eventsLeft() << " timeline event(s) from t=" << player.nextEventTime()
                  << " s were after the end of the recording\n";
    if (!args.has("--quiet"))
        std::cout << outArg << ": " << frames << " frames of " << size->width << "x" << size->height << " at " << *fps
              << " fps, " << (gpu.counters().timeSeconds - startTime) << " s simulated (" << stepsPerFrame
              << (stepsPerFrame == 1 ? " step" : " steps") << " per frame) of " << scene->name << "\n";
    return kExitOk;
}

}  // namespace sluice::app

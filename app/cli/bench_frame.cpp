// `sluice bench --frame`: the cost of a whole frame of the app's 3-D view, headless
// (app/bench/frame_bench.hpp measures; this file parses the options and prints the figures).
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/bench/frame_bench.hpp"
#include "app/cli/args.hpp"
#include "app/cli/headless_view.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "gl/egl_context.hpp"
#include "gl/renderer_info.hpp"
#include "sim/builtin_scenes.hpp"

namespace sluice::app {

namespace {


}  // namespace

int runBenchFrame(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("bench");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (auto ok = args.check({"--frame", "--grid", "--size", "--frames", "--render-scale", "--timelapse", "--bodies", "--json"});
        !ok || !args.positional.empty())
        return verbUsageError(spec, ok ? "unexpected argument " + args.positional[0] : ok.error().message + " (not with --frame)");
    auto frames = args.integer("--frames", 120, 1, 100000);
    auto renderScale = args.number("--render-scale", 1.0, 0.1, 1.0);
    auto bodies = args.integer("--bodies", 0, 0, 100000);
    int width = 1920, height = 1080;
    const auto sizeText = args.get("--size");
    if (!frames || !renderScale || !bodies || (sizeText && !parseImageSize(*sizeText, width, height))) {
        std::cerr << "sluice bench: "
                  << (!frames        ? frames.error().message
                      : !renderScale ? renderScale.error().message
                      : !bodies      ? bodies.error().message
                                     : "--size: expected WxH in pixels (1 to 16384)")
                  << "\n";
        return kExitUsage;
    }
    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    auto grid = args.integer("--grid", gl::isSoftwareRenderer() ? 256 : 1024, sim::kMinBuiltinSize, sim::kMaxBuiltinSize);
    if (!grid) {
        std::cerr << "sluice bench: " << grid.error().message << "\n";
        return kExitUsage;
    }
    const bool timeLapse = args.has("--timelapse");
    auto bench = measureFrames(int(*grid), width, height, *frames, *renderScale, timeLapse, int(*bodies));
    if (!bench) {
        std::cerr << "error: " << bench.error().message << "\n";
        return kExitNoGpu;
    }
    const FrameBench& fb = *bench;
    const long long steps = fb.steps;
    const float dt = fb.dtSeconds;
    auto column = [&](double FrameFigures::*field) { return fb.column(field); };
    const std::vector<double> wall = column(&FrameFigures::wall);
    std::vector<double> stepsPerFrame;
    for (const FrameFigures& f : fb.frames) stepsPerFrame.push_back(double(f.steps));
    const double stepsMedian = percentile(stepsPerFrame, 0.5);
    const render::RenderStats& st = fb.stats;
    const std::string device = (*ctx)->description();
    struct Pass {
        const char* name;
        std::vector<double> ms;
    };
    const std::vector<Pass> passes = {{"sim", column(&FrameFigures::sim)},
                                      {"bounds", column(&FrameFigures::bounds)},  // and the renderer's maps
                                      {"terrain", column(&FrameFigures::terrain)},
                                      {"water", column(&FrameFigures::water)},
                                      {"resolve", column(&FrameFigures::resolve)}};

    if (args.has("--json")) {
        nlohmann::json j = {{"device", device},
                            {"grid", *grid},
                            {"width", width},
                            {"height", height},
                            {"frames", *frames},
                            {"render_scale", *renderScale},
                            {"internal_size", nlohmann::json::array({st.internalWidthPx, st.internalHeightPx})},
                            {"renderer_bytes_per_cell", st.gridBytesPerCell},
                            {"solver_bytes_per_cell", fb.solverBytesPerCell},
                            {"gpu_bytes_per_cell", fb.totalBytesPerCell()},
                            {"sim_steps", steps},
                            {"timelapse", timeLapse},
                            {"speed_up", fb.wallSeconds > 0 ? fb.simulatedSeconds / fb.wallSeconds : 0.0},
                            {"frames_per_second", fb.wallSeconds > 0 ? double(fb.frames.size()) / fb.wallSeconds : 0.0},
                            {"frame_ms", {{"median", percentile(wall, 0.5)}, {"p95", percentile(wall, 0.95)}, {"mean", mean(wall)}}},
                            {"bodies", fb.bodies},
                            {"triangles", {{"terrain", st.terrainTriangles()}, {"water", st.waterTriangles()}, {"bodies", st.bodyTriangles}}},
                            {"chunks", {{"terrain", st.terrainChunks}, {"water", st.waterChunks}}}};
        for (const Pass& p : passes)
            j["gpu_ms"][p.name] = {{"median", percentile(p.ms, 0.5)}, {"mean", mean(p.ms)}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("device: %s\n", device.c_str());
    if (timeLapse)
        std::printf("default scene %lld^2, %dx%d px (3-D passes at %dx%d), %lld frames in time-lapse (as fast as possible, "
                    "paced for >= 30 fps; %lld simulation steps of %.3g s, median %.0f a frame)\n",
                    *grid, width, height, st.internalWidthPx, st.internalHeightPx, *frames, steps, double(dt),
                    stepsMedian);
    else
        std::printf("default scene %lld^2, %dx%d px (3-D passes at %dx%d), %lld frames of 1/60 s simulated (%lld "
                    "simulation steps of %.3g s)\n",
                    *grid, width, height, st.internalWidthPx, st.internalHeightPx, *frames, steps, double(dt));
    if (fb.bodies > 0)
        std::printf("%d logs drawn, with their shadows (%lld triangles; the shadow map in bounds, the logs in terrain)\n",
                    fb.bodies, st.bodyTriangles);
    std::printf("frame wall ms (glFinish each frame): median %.2f, p95 %.2f, mean %.2f\n", percentile(wall, 0.5),
                percentile(wall, 0.95), mean(wall));
    if (timeLapse && fb.wallSeconds > 0)  // real-time frames simulate 1/60 s each by design
        std::printf("speed-up: %.1fx real time (%.1f s simulated in %.2f s), %.1f frames per second\n",
                    fb.simulatedSeconds / fb.wallSeconds, fb.simulatedSeconds, fb.wallSeconds,
                    double(fb.frames.size()) / fb.wallSeconds);
    std::printf("%-10s %12s %12s\n", "GPU pass", "median ms", "mean ms");
    for (const Pass& p : passes) std::printf("%-10s %12.3f %12.3f\n", p.name, percentile(p.ms, 0.5), mean(p.ms));
    std::printf("triangles: terrain %lld, water %lld (%d and %d chunks)\n", st.terrainTriangles(), st.waterTriangles(),
                st.terrainChunks, st.waterChunks);
    std::printf("GPU memory per cell: %.1f B (simulation %.1f, renderer maps %.1f, depth snapshot for interpolation 4,\n"
                "  water history for the overlays 4: what the viewer keeps)\n",
                fb.totalBytesPerCell(), fb.solverBytesPerCell, st.gridBytesPerCell);
    return kExitOk;
}

}  // namespace sluice::app

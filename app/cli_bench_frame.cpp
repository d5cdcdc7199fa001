// `sluice bench --frame`: the cost of a whole frame of the app's 3-D view, headless. The built-in
// default scene runs at real-time speed (whole steps of params.dtSeconds, 1/60 s of simulated time
// per frame, drawn interpolated between the last two states as the viewer does) and each frame is
// rendered offscreen with the full look, then glFinish'd: wall time per frame plus GPU time per pass
// (timestamp queries, collected after the finish) and triangle counts.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli_args.hpp"
#include "app/cli_view.hpp"
#include "app/frame_bench.hpp"
#include "app/verbs.hpp"
#include "render/depth_snapshot.hpp"
#include "render/gl/egl_context.hpp"
#include "render/gl/gpu_pass_timer.hpp"
#include "render/offscreen_target.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {

using Clock = std::chrono::steady_clock;

const char* kUsage = "usage: sluice bench --frame [--grid N] [--size WxH] [--frames K] [--render-scale S] [--json]\n"
                     "  N defaults to 1024 (256 on a software renderer), WxH to 1920x1080, K to 120,\n"
                     "  S (internal resolution of the 3-D passes, 0.1..1) to 1\n";

constexpr double kFrameSeconds = 1.0 / 60.0;  // simulated time per frame: real time at 60 fps

bool softwareRenderer() {
    const char* r = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return r && (std::strstr(r, "llvmpipe") || std::strstr(r, "softpipe") || std::strstr(r, "SwiftShader"));
}

}  // namespace

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t i = std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5));
    return v[i];
}

double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? 0 : s / double(v.size());
}

std::vector<double> FrameBench::column(double FrameFigures::*field) const {
    std::vector<double> v;
    for (const FrameFigures& f : frames) v.push_back(f.*field);
    return v;
}

double FrameBench::totalBytesPerCell() const {
    // What the viewer keeps per cell besides the solver: the renderer's maps, the depth snapshot for
    // interpolation and the water history behind the max-depth / first-wet overlays (4 B each).
    return solverBytesPerCell + stats.gridBytesPerCell + 4.0 + 4.0;
}

Result<FrameBench> measureFrames(int gridSize, int width, int height, long long frameCount, double renderScale) {
    auto scene = sim::builtinScene("default", gridSize);
    if (!scene) return scene.error();
    auto solver = sim::GpuSolver::create(*scene);
    auto renderer = render::SceneRenderer::create();
    auto target = render::OffscreenTarget::create(width, height);
    if (!solver || !renderer || !target) return !solver ? solver.error() : !renderer ? renderer.error() : target.error();
    sim::GpuSolver& gpu = **solver;
    render::SceneRenderer& r = **renderer;
    const render::Camera camera = framingCamera(*scene);
    render::ViewSettings look;  // the full look: shadows, detail normals, foam
    look.renderScale = float(renderScale);
    const float dt = scene->params.dtSeconds;
    render::DepthSnapshot previous;
    previous.capture(gpu.depthBuffer());
    gl::GpuPassTimer simTimer(1);

    // One untimed frame first: drivers compile shader variants on first use.
    r.render(render::solverInputs(gpu), camera, look, width, height, target->framebuffer());
    glFinish();

    // The simulation stays up to one step ahead of the clock; the frame shows the state at the clock
    // time, blended between the states before and after the last step.
    FrameBench out;
    out.dtSeconds = dt;
    double clockSeconds = 0, simSeconds = 0;
    for (long long f = 0; f < frameCount; ++f) {
        FrameFigures fig;
        const auto start = Clock::now();
        simTimer.beginFrame();
        while (simSeconds <= clockSeconds) {
            previous.capture(gpu.depthBuffer());
            gpu.step(dt);
            simSeconds += dt;
            ++fig.steps;
        }
        simTimer.endPass();
        render::RenderInputs in = render::solverInputs(gpu);
        in.previousDepth = &previous.buffer();
        in.blend = float(std::clamp(1.0 - (simSeconds - clockSeconds) / dt, 0.0, 1.0));
        r.render(in, camera, look, width, height, target->framebuffer());
        glFinish();
        fig.wall = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        // After the finish this frame's queries are done: collect them now rather than frames late.
        simTimer.collect();
        r.collectGpuTimes();
        const render::RenderStats& st = r.lastStats();
        if (st.gpuFrameAge == 0) {
            fig.bounds = st.gpu.boundsMs;
            fig.terrain = st.gpu.skyTerrainMs;
            fig.water = st.gpu.waterMs;
            fig.resolve = st.gpu.resolveMs;
        }
        if (simTimer.latestAgeFrames() == 0) fig.sim = simTimer.latestMs()[0];
        out.frames.push_back(fig);
        out.steps += fig.steps;
        clockSeconds += kFrameSeconds;
    }
    out.stats = r.lastStats();
    out.solverBytesPerCell = gpu.bytesPerCell();
    return out;
}

int runBenchFrame(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--frame", "--json"});
    if (auto ok = args.check({"--frame", "--grid", "--size", "--frames", "--render-scale", "--json"});
        !ok || !args.positional.empty()) {
        std::cerr << "sluice bench: " << (ok ? "unexpected argument " + args.positional[0] : ok.error().message) << "\n"
                  << kUsage;
        return kExitUsage;
    }
    auto frames = args.integer("--frames", 120, 1, 100000);
    auto renderScale = args.number("--render-scale", 1.0, 0.1, 1.0);
    int width = 1920, height = 1080;
    const auto sizeText = args.get("--size");
    if (!frames || !renderScale || (sizeText && !parseImageSize(*sizeText, width, height))) {
        std::cerr << "sluice bench: "
                  << (!frames ? frames.error().message
                              : !renderScale ? renderScale.error().message : "--size: expected WxH in pixels (1 to 16384)")
                  << "\n" << kUsage;
        return kExitUsage;
    }
    auto ctx = gl::EglContext::create();
    if (!ctx) {
        std::cerr << "error: " << ctx.error().message << "\n";
        return kExitNoGpu;
    }
    auto grid = args.integer("--grid", softwareRenderer() ? 256 : 1024, sim::kMinBuiltinSize, sim::kMaxBuiltinSize);
    if (!grid) {
        std::cerr << "sluice bench: " << grid.error().message << "\n";
        return kExitUsage;
    }
    auto bench = measureFrames(int(*grid), width, height, *frames, *renderScale);
    if (!bench) {
        std::cerr << "error: " << bench.error().message << "\n";
        return kExitNoGpu;
    }
    const FrameBench& fb = *bench;
    const long long steps = fb.steps;
    const float dt = fb.dtSeconds;
    auto column = [&](double FrameFigures::*field) { return fb.column(field); };
    const std::vector<double> wall = column(&FrameFigures::wall);
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
                            {"frame_ms", {{"median", percentile(wall, 0.5)}, {"p95", percentile(wall, 0.95)}, {"mean", mean(wall)}}},
                            {"triangles", {{"terrain", st.terrainTriangles()}, {"water", st.waterTriangles()}}},
                            {"chunks", {{"terrain", st.terrainChunks}, {"water", st.waterChunks}}}};
        for (const Pass& p : passes)
            j["gpu_ms"][p.name] = {{"median", percentile(p.ms, 0.5)}, {"mean", mean(p.ms)}};
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::printf("device: %s\n", device.c_str());
    std::printf("default scene %lld^2, %dx%d px (3-D passes at %dx%d), %lld frames of 1/60 s simulated (%lld "
                "simulation steps of %.3g s)\n",
                *grid, width, height, st.internalWidthPx, st.internalHeightPx, *frames, steps, double(dt));
    std::printf("frame wall ms (glFinish each frame): median %.2f, p95 %.2f, mean %.2f\n", percentile(wall, 0.5),
                percentile(wall, 0.95), mean(wall));
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

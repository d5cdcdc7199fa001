// Whole frames of the 3-D view, headless: the built-in default scene at real-time speed (whole steps of
// params.dtSeconds, 1/60 s of simulated time per frame, drawn interpolated between the last two states
// as the viewer does), each frame rendered offscreen with the full look, then glFinish'd: wall time per
// frame plus GPU time per pass (timestamp queries, collected after the finish) and triangle counts.
#include "app/bench/frame_bench.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "app/cli/headless_view.hpp"
#include "app/pacing/timelapse_pacer.hpp"
#include "gl/gpu_pass_timer.hpp"
#include "render/depth_snapshot.hpp"
#include "render/offscreen_target.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "sim/bodies/body.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kFrameSeconds = 1.0 / 60.0;  // simulated time per frame: real time at 60 fps
constexpr long long kTimeLapseWarmUpFrames = 60;  // untimed frames for the time-lapse pacer to settle

/// After a frame's glFinish its timer queries are done: collects them into `fig` now rather than
/// frames late (a pass whose result is not this frame's stays 0).
void collectGpuFigures(FrameFigures& fig, gl::GpuPassTimer& simTimer, render::SceneRenderer& r) {
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
}

// `count` logs scattered over the scene (a fixed sequence: the same on every run), floating at the
// water's surface where there is water and lying on the bed elsewhere, turned every way about z.
std::vector<sim::Body> scatteredLogs(const sim::Scene& scene, int count) {
    std::vector<sim::Body> out;
    std::uint32_t seed = 12345u;
    const auto next = [&seed]() {  // a 32-bit LCG, uniform in [0, 1)
        seed = seed * 1664525u + 1013904223u;
        return float(seed >> 8) / float(1u << 24);
    };
    for (int i = 0; i < count; ++i) {
        sim::Body b;
        b.id = i + 1;
        b.spec.shape = sim::BodyShape::Log;
        b.spec.sizeM = glm::vec3(3.0f, 0.4f, 0.4f);
        b.spec.densityKgPerM3 = 700.0f;
        const int x = std::min(scene.width - 1, int(next() * float(scene.width)));
        const int y = std::min(scene.height - 1, int(next() * float(scene.height)));
        const std::size_t c = std::size_t(y) * std::size_t(scene.width) + std::size_t(x);
        const float level = scene.terrainM[c] + scene.depthM[c];
        b.spec.positionM = glm::vec3((float(x) + 0.5f) * scene.cellSizeM, (float(y) + 0.5f) * scene.cellSizeM, level + 0.08f);
        b.spec.yawDeg = 360.0f * next();
        b.state = sim::initialState(b.spec);
        out.push_back(b);
    }
    return out;
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

Result<FrameBench> measureFrames(int gridSize, int width, int height, long long frameCount, double renderScale,
                                 bool timeLapse, int bodies) {
    auto scene = sim::builtinScene("default", gridSize);
    if (!scene) return scene.error();
    auto solver = sim::GpuSolver::create(*scene);
    auto renderer = render::SceneRenderer::create();
    auto target = render::OffscreenTarget::create(width, height);
    if (!solver || !renderer || !target) return !solver ? solver.error() : !renderer ? renderer.error() : target.error();
    sim::GpuSolver& gpu = **solver;
    render::SceneRenderer& r = **renderer;
    const render::Camera camera = framingCamera(*scene, float(width) / float(height));
    render::ViewSettings look;  // the full look: shadows, detail normals, foam
    look.renderScale = float(renderScale);
    const float dt = scene->params.dtSeconds;
    render::DepthSnapshot previous;
    previous.capture(gpu.depthBuffer());
    gl::GpuPassTimer simTimer(1);
    const std::vector<sim::Body> logs = scatteredLogs(*scene, bodies);
    const auto inputs = [&logs](const sim::GpuSolver& g) {
        render::RenderInputs in = render::solverInputs(g);
        if (!logs.empty()) in.bodies = &logs;
        return in;
    };

    // One untimed frame first: drivers compile shader variants on first use.
    r.render(inputs(gpu), camera, look, width, height, target->framebuffer());
    glFinish();

    FrameBench out;
    out.dtSeconds = dt;
    out.bodies = bodies;
    if (timeLapse) {
        // The viewer's pacing: each frame runs the pacer's steps, draws the newest state, finishes
        // (the swap's wait), and tells the pacer how long it took. Warm-up frames let it settle.
        out.timeLapse = true;
        TimeLapsePacer pacer;
        for (long long f = -kTimeLapseWarmUpFrames; f < frameCount; ++f) {
            FrameFigures fig;
            const auto start = Clock::now();
            fig.steps = pacer.stepsForNextFrame();
            simTimer.beginFrame();
            for (int i = 0; i < fig.steps; ++i) gpu.step(dt);
            simTimer.endPass();
            r.render(inputs(gpu), camera, look, width, height, target->framebuffer());
            glFinish();
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            pacer.frameDone(fig.steps, dt, seconds);
            collectGpuFigures(fig, simTimer, r);
            if (f < 0) continue;
            fig.wall = seconds * 1e3;
            out.frames.push_back(fig);
            out.steps += fig.steps;
            out.simulatedSeconds += double(fig.steps) * dt;
            out.wallSeconds += seconds;
        }
        out.stats = r.lastStats();
        out.solverBytesPerCell = gpu.bytesPerCell();
        return out;
    }

    // The simulation stays up to one step ahead of the clock; the frame shows the state at the clock
    // time, blended between the states before and after the last step.
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
        render::RenderInputs in = inputs(gpu);
        in.previousDepth = &previous.buffer();
        in.blend = float(std::clamp(1.0 - (simSeconds - clockSeconds) / dt, 0.0, 1.0));
        r.render(in, camera, look, width, height, target->framebuffer());
        glFinish();
        fig.wall = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        collectGpuFigures(fig, simTimer, r);
        out.frames.push_back(fig);
        out.steps += fig.steps;
        out.simulatedSeconds += double(fig.steps) * dt;
        out.wallSeconds += fig.wall * 1e-3;
        clockSeconds += kFrameSeconds;
    }
    out.stats = r.lastStats();
    out.solverBytesPerCell = gpu.bytesPerCell();
    return out;
}

}  // namespace sluice::app

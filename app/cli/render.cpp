// `sluice render [SCENE] [--steps N] [--size WxH] [--camera yaw,pitch,distance] [--vertical-exaggeration X]
// --out IMG.png`: runs a scene headless on the GPU solver, renders the 3-D view offscreen and writes it
// as a PNG atomically.
// The max-depth and first-wet overlays fold every step into a water history while stepping.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "sim/bodies/body_run.hpp"
#include "app/cli/headless_view.hpp"
#include "app/cli/verb_table.hpp"
#include "app/cli/verbs.hpp"
#include "app/output/output_check.hpp"
#include "render/camera.hpp"
#include "render/offscreen_target.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "render/png_output.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

int runRender(int argc, char** argv) {
    const VerbSpec& spec = *findVerb("render");
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 2, spec, exitCode);
    if (!parsed) return exitCode;
    const CliArgs& args = *parsed;
    if (args.positional.size() > 1) return verbUsageError(spec, "expected at most one SCENE, got " + args.positional[1]);
    if (!args.has("--out")) return verbUsageError(spec, "missing --out IMG.png");
    auto steps = args.integer("--steps", 0, 0, 1000000000LL);
    if (!steps) return verbUsageError(spec, steps.error().message);
    auto size = sizeOption(args, FrameSize{1280, 720});
    if (!size) return verbUsageError(spec, size.error().message);
    const int width = size->width, height = size->height;
    auto cameraArg = cameraOption(args);
    if (!cameraArg) return verbUsageError(spec, cameraArg.error().message);
    render::ViewSettings view;
    const std::string overlay = args.get("--overlay").value_or("none");
    view.overlay = render::overlayFromName(overlay);
    if (view.overlay < 0)
        return verbUsageError(spec, "--overlay: expected " + std::string(render::overlayNameList()) + ", got '" + overlay + "'");
    auto exaggeration = args.number("--vertical-exaggeration", 1.0, 0.1, 20.0);
    if (!exaggeration) return verbUsageError(spec, exaggeration.error().message);
    view.verticalExaggeration = float(*exaggeration);
    float timeOverride = -1;
    if (auto t = args.get("--time")) {
        char* end = nullptr;
        timeOverride = std::strtof(t->c_str(), &end);
        if (end == t->c_str() || *end != '\0' || !std::isfinite(timeOverride) || timeOverride < 0)
            return verbUsageError(spec, "--time: expected seconds >= 0, got '" + *t + "'");
    }
    const std::string outPath = *args.get("--out");
    if (auto ok = checkExtension("--out", outPath, {".png"}); !ok) return verbUsageError(spec, ok.error().message);
    if (auto ok = checkWritable("--out", outPath, false); !ok) {  // before the simulation, not after it
        std::cerr << "error: " << ok.error().message << "\n";
        return kExitWriteFailed;
    }

    auto scene = loadSceneArgument(args.positional.empty() ? "builtin:default:256" : args.positional[0]);
    if (!scene) {
        std::cerr << "error: " << scene.error().message << "\n";
        return kExitBadInput;
    }
    auto context = gl::EglContext::create();
    if (!context) {
        std::cerr << "error: no OpenGL 4.5 context: " << context.error().message << "\n";
        return kExitNoGpu;
    }
    auto solver = sim::GpuSolver::create(*scene);
    if (!solver) {
        std::cerr << "error: " << scene->name << ": " << solver.error().message << "\n";
        return kExitNoGpu;
    }
    auto renderer = render::SceneRenderer::create();
    if (!renderer) {
        std::cerr << "error: renderer: " << renderer.error().message << "\n";
        return kExitNoGpu;
    }
    sim::GpuSolver& gpu = **solver;
    std::unique_ptr<render::WaterHistory> history;
    if (render::overlayNeedsHistory(view.overlay)) {
        auto created = render::WaterHistory::create();
        if (!created) {
            std::cerr << "error: water history: " << created.error().message << "\n";
            return kExitNoGpu;
        }
        history = std::move(*created);
        history->update(render::solverInputs(gpu), gpu.counters().timeSeconds);  // the initial state
    }
    // Bodies (docs/BODIES.md): moved by the water over the steps, as simulate moves them, and drawn.
    auto world = sim::startBodies(*scene, gpu);  // null without bodies
    if (!world) {
        std::cerr << "error: " << world.error().message << "\n";
        return kExitBadInput;
    }
    const std::unique_ptr<sim::BodyWorld> bodies = std::move(*world);
    for (long long i = 0; i < *steps; ++i) {
        gpu.step(scene->params.dtSeconds);
        if (bodies) sim::stepBodies(*bodies, gpu, scene->params.dtSeconds, gpu.params().erosion.enabled);
        if (history) history->update(render::solverInputs(gpu), gpu.counters().timeSeconds);
    }

    auto target = render::OffscreenTarget::create(width, height);
    if (!target) {
        std::cerr << "error: " << target.error().message << "\n";
        return kExitNoGpu;
    }

    // A snapshot's saved view unless --camera is given.
    const render::Camera camera = sceneCamera(*scene, *cameraArg, float(width) / float(height));

    render::RenderInputs inputs = render::solverInputs(gpu);
    inputs.history = history.get();
    if (bodies) inputs.bodies = &bodies->bodies();
    if (timeOverride >= 0) inputs.timeSeconds = timeOverride;
    (*renderer)->render(inputs, camera, view, width, height, target->framebuffer());
    render::RgbImage image = target->read();
    // An overlay without its scale cannot be read: the legend the viewer shows, in the corner.
    if (auto legend = render::overlayLegend(view.overlay, view, history ? history->elapsedSeconds() : -1.0))
        render::drawOverlayLegend(image, *legend, width >= 1600 ? 2 : 1);

    Result<void> written = createParentFolders(outPath);
    if (written) written = render::writePng(outPath, image);
    if (!written) {
        std::cerr << "error: " << written.error().message << "\n";
        return kExitWriteFailed;
    }
    if (!args.has("--quiet")) {
        (*renderer)->collectGpuTimes();  // the read-back above waited for the frame: its queries are done
        const render::RenderStats& st = (*renderer)->lastStats();
        std::cout << outPath << ": " << width << "x" << height << " of " << scene->name << " after "
                  << gpu.counters().steps << " steps (" << gpu.counters().timeSeconds << " s simulated); "
                  << st.terrainChunks << " terrain chunks (stride " << st.finestStride << ".." << st.coarsestStride
                  << "), " << st.waterChunks << " water chunks\n";
        std::printf("GPU ms: bounds %.3f, sky+terrain %.3f, water %.3f, resolve %.3f\n", st.gpu.boundsMs,
                    st.gpu.skyTerrainMs, st.gpu.waterMs, st.gpu.resolveMs);
    }
    return kExitOk;
}

}  // namespace sluice::app

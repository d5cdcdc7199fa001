// `sluice render [SCENE] [--steps N] [--size WxH] [--camera yaw,pitch,distance] --out IMG.png`: runs a
// scene headless on the GPU solver, renders the 3-D view offscreen and writes it as a PNG atomically.
// The max-depth and first-wet overlays fold every step into a water history while stepping.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/headless_view.hpp"
#include "app/cli/verbs.hpp"
#include "render/camera.hpp"
#include "render/offscreen_target.hpp"
#include "render/overlay.hpp"
#include "render/png_output.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice render [SCENE] --out IMG.png [--steps N] [--size WxH] [--camera yaw,pitch,distance]\n"
    "                     [--overlay none|depth|speed|courant|max-depth|first-wet] [--time SECONDS] [--quiet]\n"
    "  SCENE defaults to builtin:default:256; the camera frames the whole world unless --camera is given\n"
    "  (degrees, degrees, metres; yaw 0 looks north, pitch is down from the horizon).\n";

bool parseCamera(const std::string& text, float& yawDeg, float& pitchDeg, float& distance) {
    char c1 = 0, c2 = 0;
    std::istringstream in(text);
    if (!(in >> yawDeg >> c1 >> pitchDeg >> c2 >> distance) || c1 != ',' || c2 != ',' || !in.eof()) return false;
    return std::isfinite(yawDeg) && std::isfinite(pitchDeg) && std::isfinite(distance) && distance > 0;
}
}  // namespace

int runRender(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 2, {"--quiet"});
    if (auto ok = args.check({"--steps", "--size", "--camera", "--out", "--overlay", "--time", "--quiet"}); !ok) {
        std::cerr << "sluice render: " << ok.error().message << "\n" << kUsage;
        return kExitUsage;
    }
    if (args.positional.size() > 1 || !args.has("--out") || args.get("--out")->empty()) {
        std::cerr << "sluice render: need --out IMG.png and at most one SCENE\n" << kUsage;
        return kExitUsage;
    }
    auto steps = args.integer("--steps", 0, 0, 1000000000LL);
    if (!steps) {
        std::cerr << "sluice render: " << steps.error().message << "\n";
        return kExitUsage;
    }
    int width = 1280, height = 720;
    if (auto size = args.get("--size"); size && !parseImageSize(*size, width, height)) {
        std::cerr << "sluice render: --size: expected WxH in pixels (1 to 16384), got '" << *size << "'\n";
        return kExitUsage;
    }
    float yawDeg = 0, pitchDeg = 0, distance = 0;
    const auto cameraText = args.get("--camera");
    if (cameraText && !parseCamera(*cameraText, yawDeg, pitchDeg, distance)) {
        std::cerr << "sluice render: --camera: expected yaw,pitch,distance (degrees, degrees, metres > 0), got '"
                  << *cameraText << "'\n";
        return kExitUsage;
    }
    render::ViewSettings view;
    const std::string overlay = args.get("--overlay").value_or("none");
    view.overlay = render::overlayFromName(overlay);
    if (view.overlay < 0) {
        std::cerr << "sluice render: --overlay: expected " << render::overlayNameList() << ", got '" << overlay << "'\n";
        return kExitUsage;
    }
    float timeOverride = -1;
    if (auto t = args.get("--time")) {
        char* end = nullptr;
        timeOverride = std::strtof(t->c_str(), &end);
        if (end == t->c_str() || *end != '\0' || !std::isfinite(timeOverride) || timeOverride < 0) {
            std::cerr << "sluice render: --time: expected seconds >= 0, got '" << *t << "'\n";
            return kExitUsage;
        }
    }
    const std::string outPath = *args.get("--out");

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
    for (long long i = 0; i < *steps; ++i) {
        gpu.step(scene->params.dtSeconds);
        if (history) history->update(render::solverInputs(gpu), gpu.counters().timeSeconds);
    }

    auto target = render::OffscreenTarget::create(width, height);
    if (!target) {
        std::cerr << "error: " << target.error().message << "\n";
        return kExitNoGpu;
    }

    // A snapshot's saved view unless --camera is given.
    const render::Camera camera =
        sceneCamera(*scene, cameraText ? std::optional<CameraOption>(CameraOption{yawDeg, pitchDeg, distance}) : std::nullopt);

    render::RenderInputs inputs = render::solverInputs(gpu);
    inputs.history = history.get();
    if (timeOverride >= 0) inputs.timeSeconds = timeOverride;
    (*renderer)->render(inputs, camera, view, width, height, target->framebuffer());
    const render::RgbImage image = target->read();

    if (auto written = render::writePng(outPath, image); !written) {
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

// `sluice render [SCENE] [--steps N] [--size WxH] [--camera yaw,pitch,distance] --out IMG.png`: runs a
// scene headless on the GPU solver, renders the 3-D view offscreen and writes it as a PNG atomically.
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "app/cli_args.hpp"
#include "app/cli_common.hpp"
#include "app/cli_view.hpp"
#include "app/verbs.hpp"
#include "render/png_output.hpp"

namespace sluice::app {

namespace {
const char* kUsage =
    "usage: sluice render [SCENE] --out IMG.png [--steps N] [--size WxH] [--camera yaw,pitch,distance]\n"
    "                     [--overlay none|depth|speed] [--time SECONDS] [--quiet]\n"
    "  SCENE defaults to builtin:default:256; the camera frames the whole world unless --camera is given\n"
    "  (degrees, degrees, metres; yaw 0 looks north, pitch is down from the horizon).\n";
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
    auto size = sizeOption(args, {1280, 720});
    if (!size) {
        std::cerr << "sluice render: " << size.error().message << "\n";
        return kExitUsage;
    }
    auto cameraArg = cameraOption(args);
    if (!cameraArg) {
        std::cerr << "sluice render: " << cameraArg.error().message << "\n";
        return kExitUsage;
    }
    render::ViewSettings view;
    const std::string overlay = args.get("--overlay").value_or("none");
    if (overlay == "depth") view.overlay = 1;
    else if (overlay == "speed") view.overlay = 2;
    else if (overlay != "none") {
        std::cerr << "sluice render: --overlay: expected none, depth or speed, got '" << overlay << "'\n";
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
    auto headless = makeHeadlessView(*scene, *size);
    if (!headless) {
        std::cerr << "error: " << headless.error().message << "\n";
        return kExitNoGpu;
    }
    sim::GpuSolver& gpu = *headless->gpu;
    for (long long i = 0; i < *steps; ++i) gpu.step(scene->params.dtSeconds);

    const render::Camera camera = sceneCamera(*scene, *cameraArg);
    headless->draw(camera, view, timeOverride >= 0 ? timeOverride : float(gpu.counters().timeSeconds));
    const int width = size->width, height = size->height;
    const render::RgbImage image = render::readFramebuffer(headless->target.framebuffer.id(), width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    if (auto written = render::writePng(outPath, image); !written) {
        std::cerr << "error: " << written.error().message << "\n";
        return kExitWriteFailed;
    }
    if (!args.has("--quiet")) {
        const render::RenderStats& st = headless->renderer->lastStats();
        std::cout << outPath << ": " << width << "x" << height << " of " << scene->name << " after "
                  << gpu.counters().steps << " steps (" << gpu.counters().timeSeconds << " s simulated); "
                  << st.terrainChunks << " terrain chunks (stride " << st.finestStride << ".." << st.coarsestStride
                  << "), " << st.waterChunks << " water chunks\n";
    }
    return kExitOk;
}

}  // namespace sluice::app

// sluice: the interactive viewer when run without a verb, headless verbs otherwise.
#include <cstring>
#include <iostream>
#include <string>

#include "app/cli/args.hpp"
#include "app/cli/verbs.hpp"

namespace {
const char* kHelp =
    "Sluice: real-time water over terrain (virtual pipes on the GPU).\n"
    "\n"
    "usage:\n"
    "  sluice [SCENE.json]                 open the viewer (built-in valley scene by default)\n"
    "  sluice simulate SCENE --steps N [--out DIR] [--save STATE.sluice] [--backend gpu|cpu]\n"
    "                                      run headless; write depth/terrain/flow .npy + summary.json\n"
    "  sluice render [SCENE] --out IMG.png [--steps N] [--size WxH] [--camera yaw,pitch,dist]\n"
    "                                      render the 3-D view headless to a PNG\n"
    "  sluice record [SCENE] --seconds S --out demo.mp4|DIR/ [--fps F] [--size WxH] [--timeline T.json]\n"
    "                [--camera yaw,pitch,dist] [--steps-per-frame K] [--quiet]\n"
    "                                      record a video (ffmpeg) or PNG frames; timeline: docs/TIMELINE.md\n"
    "  sluice replay LOG [--out DIR] [--save STATE.sluice]\n"
    "                                      re-run a session log (viewer --log) to its final state\n"
    "  sluice sweep SCENE --param NAME=v1,v2,... [--param ...] --seconds T --out DIR\n"
    "               [--backend gpu|cpu] [--thumb WxH] [--quiet]\n"
    "                                      run every combination of parameter values; write\n"
    "                                      results.csv, a thumbnail per run and contact_sheet.png\n"
    "  sluice bench [--sizes 1024,2048,4096] [--quick] [--json]\n"
    "                                      copy-bandwidth ceiling, GPU and CPU step throughput\n"
    "  sluice info                         describe the headless OpenGL context\n"
    "  sluice help | --version\n"
    "\n"
    "SCENE is a scene JSON file (docs/SCENE_FORMAT.md), a snapshot .sluice (continues that run) or\n"
    "builtin:default[:SIZE] / builtin:bench[:SIZE].\n";
}

int main(int argc, char** argv) {
    using namespace sluice::app;
    const std::string verb = argc > 1 ? argv[1] : "";
    if (verb == "simulate") return runSimulate(argc, argv);
    if (verb == "bench") return runBench(argc, argv);
    if (verb == "info") return runInfo(argc, argv);
    if (verb == "render") return runRender(argc, argv);
    if (verb == "record") return runRecord(argc, argv);
    if (verb == "replay") return runReplay(argc, argv);
    if (verb == "sweep") return runSweep(argc, argv);
    if (verb == "help" || verb == "--help" || verb == "-h") {
        std::cout << kHelp;
        return kExitOk;
    }
    if (verb == "--version") {
        std::cout << "sluice 0.1.0\n";
        return kExitOk;
    }
#ifdef SLUICE_HAS_WINDOW
    return runViewer(argc, argv);
#else
    if (argc > 1 && std::strncmp(argv[1], "-", 1) != 0 && std::string(argv[1]).find('.') == std::string::npos) {
        std::cerr << "sluice: unknown verb '" << verb << "'\n\n" << kHelp;
        return kExitUsage;
    }
    std::cerr << "sluice: this build has no viewer (configured with SLUICE_WINDOW=OFF)\n\n" << kHelp;
    return kExitUsage;
#endif
}

#include "app/window/viewer_options.hpp"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "app/cli/args.hpp"

namespace sluice::app {

const char* const kViewerUsage =
    "usage: sluice [SCENE.json | builtin:NAME[:SIZE]] [--frames N] [--screenshot PATH.png] [--speed X]\n"
    "  --frames N           quit after N frames (scripted runs, tests)\n"
    "  --screenshot PATH    save the last frame as a PNG\n"
    "  --speed X            simulated seconds per real second at start (default 1)\n"
    "  --input-script FILE  inject timed mouse/key events (app/window/input_script.hpp)\n"
    "  --dump-state DIR     at exit, write DIR/terrain.npy and DIR/depth.npy\n"
    "  --map | --3d         start in the map or the 3-D view (default: 3-D on a GPU, map on llvmpipe)\n"
    "  --render-scale S     draw the views at S (0.1..1) of the window's resolution, scaled up (default\n"
    "                       1 on a GPU; on a software renderer such as llvmpipe, from 0.5 adapted to\n"
    "                       keep frames under ~85 ms)\n"
    "  --print-fps          at exit, print the mean frame time of the frames after the first 10\n"
    "  --heightmap F:MIN:MAX  replace the scene's terrain by a PNG (grey mapped to MIN..MAX m) or .npy\n"
    "  --log FILE           at exit, write the session log (replay it with `sluice replay FILE`)\n"
    "  --autosave-seconds S autosave period (default 120; 0 disables)\n"
    "  --restore-autosave   after a crash, restore the autosave without asking\n"
    "  --preset NAME        apply the parameter preset NAME at start (<config dir>/presets/NAME.json, or\n"
    "                       one that ships: clear-water, muddy-flood, lava, steady-rain)\n"
    "  --ab K=V[,K=V...]    compare A/B from the start: B runs with these scene-format params changed\n"
    "  --ab-view side|difference  how to show the comparison (default side by side)\n"
    "  --record FILE        record from the first frame to exit (.mp4 via ffmpeg, DIR/ or %05d.png)\n"
    "keys: Space pause, S single step, R reset, V map/3-D, F12 screenshot, Esc quit, 1-9 tool;\n"
    "      Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open;\n"
    "      left drag applies the tool,"
    " wheel zooms, middle/right drag pans\n";

namespace {

int usageError(const std::string& message) {
    std::cerr << "sluice: " << message << "\n";
    return kExitUsage;
}

/// FILE[:MIN:MAX]; the range matters for PNGs only.
bool parseHeightmap(const std::string& text, HeightmapOption& out) {
    out.file = text;
    const auto c2 = text.rfind(':');
    const auto c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : text.rfind(':', c2 - 1);
    if (c1 == std::string::npos) return true;
    char* e1 = nullptr;
    char* e2 = nullptr;
    const std::string a = text.substr(c1 + 1, c2 - c1 - 1), b = text.substr(c2 + 1);
    out.minM = std::strtof(a.c_str(), &e1);
    out.maxM = std::strtof(b.c_str(), &e2);
    if (*e1 != '\0' || *e2 != '\0' || a.empty() || b.empty()) return false;
    out.file = text.substr(0, c1);
    return true;
}

}  // namespace

int parseViewerOptions(int argc, char** argv, ViewerOptions& out) {
    CliArgs args = CliArgs::parse(argc, argv, 1, {"--map", "--3d", "--restore-autosave", "--print-fps"});
    if (auto ok = args.check({"--frames", "--screenshot", "--speed", "--input-script", "--dump-state", "--map", "--3d",
                              "--heightmap", "--log", "--autosave-seconds", "--restore-autosave", "--preset", "--ab",
                              "--ab-view", "--record", "--render-scale", "--print-fps"});
        !ok || args.positional.size() > 1) {
        std::cerr << "sluice: " << (ok ? "expected at most one SCENE" : ok.error().message) << "\n" << kViewerUsage;
        return kExitUsage;
    }
    if (!args.positional.empty()) out.scene = args.positional[0];
    auto frames = args.integer("--frames", 0, 1, 1LL << 40);
    if (!frames) return usageError(frames.error().message);
    out.frames = *frames;
    auto renderScale = args.number("--render-scale", 0.0, 0.1, 1.0);  // 0: not given, chosen by renderer
    if (!renderScale) return usageError(renderScale.error().message);
    out.renderScale = *renderScale;
    if (auto sp = args.get("--speed")) {
        char* end = nullptr;
        out.speed = std::strtof(sp->c_str(), &end);
        if (end == sp->c_str() || *end != '\0' || !std::isfinite(out.speed) || out.speed <= 0)
            return usageError("--speed: expected a positive number, got '" + *sp + "'");
    }
    if (auto a = args.get("--autosave-seconds")) {
        char* end = nullptr;
        out.autosaveSeconds = std::strtod(a->c_str(), &end);
        if (end == a->c_str() || *end != '\0' || !std::isfinite(out.autosaveSeconds) || out.autosaveSeconds < 0)
            return usageError("--autosave-seconds: expected a number >= 0, got '" + *a + "'");
    }
    out.logPath = args.get("--log").value_or("");
    out.screenshotPath = args.get("--screenshot").value_or("");
    out.dumpDir = args.get("--dump-state").value_or("");
    out.recordPath = args.get("--record").value_or("");
    out.preset = args.get("--preset").value_or("");
    out.startMap = args.has("--map");
    out.start3d = args.has("--3d");
    out.restoreAutosave = args.has("--restore-autosave");
    out.printFps = args.has("--print-fps");
    if (auto hm = args.get("--heightmap")) {
        HeightmapOption h;
        if (!parseHeightmap(*hm, h)) return usageError("--heightmap: expected FILE:MIN:MAX, got '" + *hm + "'");
        out.heightmap = h;
    }
    if (auto ab = args.get("--ab")) {
        // K=V pairs as a partial scene "params" object; the viewer validates it with the scene loader's rules.
        nlohmann::json params = nlohmann::json::object();
        std::stringstream list(*ab);
        for (std::string pair; std::getline(list, pair, ',');) {
            const auto eq = pair.find('=');
            char* end = nullptr;
            const double v = eq == std::string::npos ? 0.0 : std::strtod(pair.c_str() + eq + 1, &end);
            if (eq == std::string::npos || end == pair.c_str() + eq + 1 || *end != '\0')
                return usageError("--ab: expected NAME=NUMBER pairs, got '" + pair + "'");
            params[pair.substr(0, eq)] = v;
        }
        out.abParams = std::move(params);
    }
    if (auto mode = args.get("--ab-view")) {
        if (*mode != "side" && *mode != "difference")
            return usageError("--ab-view: expected side or difference, got '" + *mode + "'");
        out.abView = *mode == "difference" ? 1 : 0;
    }
    if (auto path = args.get("--input-script")) {
        auto loaded = loadInputScript(*path);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        out.script = std::move(*loaded);
    }
    return kExitOk;
}

}  // namespace sluice::app

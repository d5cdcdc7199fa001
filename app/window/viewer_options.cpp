#include "app/window/viewer_options.hpp"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "app/cli/args.hpp"
#include "app/cli/verb_table.hpp"
#include "app/output/output_check.hpp"
#include "app/record/recording_output.hpp"

namespace sluice::app {

namespace {

int usageError(const std::string& message) { return verbUsageError(*findVerb("viewer"), message); }

/// An output the viewer writes at exit must be writable at start: finding out after a long session
/// would lose it (issue 15). Exit codes as the verbs': 2 for the wrong kind of file, 4 if unwritable.
int checkOutputs(const ViewerOptions& o) {
    if (!o.screenshotPath.empty())
        if (auto ok = checkExtension("--screenshot", o.screenshotPath, {".png"}); !ok) return usageError(ok.error().message);
    Result<void> writable;
    if (!o.screenshotPath.empty()) writable = checkWritable("--screenshot", o.screenshotPath, false);
    if (writable && !o.dumpDir.empty()) writable = checkWritable("--dump-state", o.dumpDir, true);
    if (writable && !o.logPath.empty()) writable = checkWritable("--log", o.logPath, false);
    if (writable && !o.recordPath.empty()) {
        auto output = classifyRecordingOutput(o.recordPath);
        if (!output) return usageError("--record: " + output.error().message);
        writable = checkRecordingWritable("--record", *output);
    }
    if (!writable) {
        std::cerr << "error: " << writable.error().message << "\n";
        return kExitWriteFailed;
    }
    return kExitOk;
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
    out.rangeGiven = true;
    return true;
}

}  // namespace

int parseViewerOptions(int argc, char** argv, ViewerOptions& out) {
    int exitCode = kExitOk;
    const auto parsed = parseVerbArgs(argc, argv, 1, *findVerb("viewer"), exitCode);
    if (!parsed) {
        out.helpShown = exitCode == kExitOk;
        return exitCode;
    }
    const CliArgs& args = *parsed;
    if (args.positional.size() > 1) return usageError("expected at most one SCENE, got " + args.positional[1]);
    if (!args.positional.empty()) out.scene = args.positional[0];
    auto frames = args.integer("--frames", 0, 1, 1LL << 40);
    if (!frames) return usageError(frames.error().message);
    out.frames = *frames;
    auto renderScale = args.number("--render-scale", 0.0, 0.1, 1.0);  // 0: not given, chosen by renderer
    if (!renderScale) return usageError(renderScale.error().message);
    out.renderScale = *renderScale;
    if (auto sp = args.get("--speed"); sp && *sp == "max") {
        out.timeLapse = true;
    } else if (sp) {
        char* end = nullptr;
        out.speed = std::strtof(sp->c_str(), &end);
        if (end == sp->c_str() || *end != '\0' || !std::isfinite(out.speed) || out.speed <= 0)
            return usageError("--speed: expected a positive number or max, got '" + *sp + "'");
    }
    auto stepsPerFrame = args.integer("--steps-per-frame", 0, 1, 100000);
    if (!stepsPerFrame) return usageError(stepsPerFrame.error().message);
    out.stepsPerFrame = int(*stepsPerFrame);
    if (out.stepsPerFrame > 0 && args.get("--speed"))
        return usageError("--steps-per-frame and --speed exclude each other (one sets the steps of a frame, the other "
                          "simulated seconds per real second)");
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
    if (auto backend = args.get("--backend")) {
        if (*backend != "gpu" && *backend != "cpu") return usageError("--backend: expected gpu or cpu, got '" + *backend + "'");
        out.backend = *backend;
    }
    if (auto mode = args.get("--ab-view")) {
        if (*mode != "side" && *mode != "difference")
            return usageError("--ab-view: expected side or difference, got '" + *mode + "'");
        out.abView = *mode == "difference" ? 1 : 0;
    }
    if (int code = checkOutputs(out); code != kExitOk) return code;
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

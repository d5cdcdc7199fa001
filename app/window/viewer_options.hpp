#pragma once
// The viewer's command line (`sluice [SCENE] [options]`), parsed and checked before any window opens
// so that a typo fails fast. What needs the scene or the GL context (the heightmap file, the preset,
// the A/B parameters' ranges) is checked later by the viewer, with the same exit codes.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/window/input_script.hpp"

namespace sluice::app {

/// --heightmap FILE[:MIN:MAX]: a PNG (grey mapped to MIN..MAX metres) or .npy replacing the terrain.
struct HeightmapOption {
    std::string file;
    float minM = 0, maxM = 50;
    bool rangeGiven = false;  ///< FILE:MIN:MAX rather than FILE: a RAW16 then ignores its sidecar's range
};

struct ViewerOptions {
    std::optional<std::string> scene;  ///< SCENE argument; none: the built-in default world
    long long frames = 0;              ///< quit after this many frames (0: run until closed)
    double renderScale = 0;            ///< fixed render scale; 0: chosen for the renderer
    float speed = 1.0f;                ///< simulated seconds per real second at start
    bool timeLapse = false;            ///< --speed max: start in time-lapse (as fast as possible)
    int stepsPerFrame = 0;             ///< --steps-per-frame: whole steps each frame, whatever the clock (0: --speed)
    double autosaveSeconds = 120;      ///< 0: no autosave
    std::string logPath, screenshotPath, dumpDir, recordPath, preset;
    std::optional<HeightmapOption> heightmap;
    std::vector<ScriptEvent> script;
    bool startMap = false, start3d = false, restoreAutosave = false, printFps = false;
    /// --ab: B's parameters as a partial scene "params" object (ranges checked against the scene later).
    std::optional<nlohmann::json> abParams;
    int abView = 0;  ///< 0 side by side, 1 difference map
    std::string backend;  ///< --backend gpu|cpu; "" = the faster one on this machine (fasterBackend)
    bool helpShown = false;  ///< --help / -h: the help was printed; exit 0 without opening a window
};

/// Parses argv[1..argc) against the viewer's entry in app/cli/verb_table.cpp. On a problem prints
/// "sluice: <option>: <problem>" and the synopsis to stderr and returns the exit code (kExitUsage;
/// kExitWriteFailed for an output that could not be written; kExitBadInput for an unreadable input
/// script); kExitOk on success and after --help (helpShown).
int parseViewerOptions(int argc, char** argv, ViewerOptions& out);

}  // namespace sluice::app

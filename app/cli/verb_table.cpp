#include "app/cli/verb_table.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "app/sweep/sweep_params.hpp"

namespace sluice::app {

namespace {

const char* const kSceneHelp =
    "SCENE is a scene .json (docs/SCENE_FORMAT.md), a snapshot .sluice (continues that run) or\n"
    "builtin:NAME[:SIZE] (NAME valley (or default), dam, coast, terraces or bench; docs/WORLDS.md; SIZE the grid's side in cells).";

const OptionSpec kQuiet{"--quiet", nullptr, "print nothing but errors and warnings"};
const OptionSpec kBackend{"--backend", "gpu|cpu", "where the simulation runs (default gpu)"};
const OptionSpec kOutDir{"--out", "DIR",
                         "write the final depth/terrain/flow .npy files and summary.json to DIR (created if\n"
                         "missing; all or nothing)"};
const OptionSpec kSave{"--save", "STATE.sluice", "write a snapshot of the final state to resume from"};
const OptionSpec kSize{"--size", "WxH", "image size in pixels"};
const OptionSpec kCamera{"--camera", "YAW,PITCH,DIST",
                         "the view: yaw in degrees (0 looks north), pitch in degrees down from the horizon\n"
                         "(-89..89), distance in metres (> 0); default: frames the whole world"};
const OptionSpec kFps{"--fps", "F", "frames per second of the video (default 30)"};
const OptionSpec kStepsPerFrame{"--steps-per-frame", "K",
                                "solver steps per video frame (default round(1 / (F dt)), at least 1)"};

std::vector<VerbSpec> makeTable() {
    std::vector<VerbSpec> t;
    t.push_back({"viewer", "[SCENE] [options]", "open the viewer (the built-in default world without SCENE)",
                 "Opens the interactive viewer. Keys: Space pause, S single step, R reset, V map/3-D, O next\n"
                 "3-D overlay, F12 screenshot, Esc quit (asks first when there are unsaved changes), 1-9 tool;\n"
                 "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open; left drag\n"
                 "applies the tool, wheel zooms, middle/right drag pans.",
                 {{"--frames", "N", "quit after N frames (scripted runs, tests)"},
                  {"--screenshot", "PATH.png", "save the last frame as a PNG"},
                  {"--speed", "X", "simulated seconds per real second at start (default 1); max: time-lapse, as fast as\n"
                                   "the view keeps drawing at >= 30 fps"},
                  {"--steps-per-frame", "N", "run exactly N steps of dt every frame, however long frames take (scripted runs,\n"
                                             "tests: the same steps at any machine's speed); excludes --speed"},
                  {"--input-script", "FILE", "inject timed mouse/key events (docs/TESTING.md)"},
                  {"--dump-state", "DIR", "at exit, write DIR/terrain.npy, DIR/depth.npy and DIR/summary.json"},
                  {"--backend", "gpu|cpu",
                   "where the water is simulated (default: the faster here, the CPU's cores on a software\n"
                   "renderer such as llvmpipe, else the GPU; the Simulation panel switches it)"},
                  {"--map", nullptr, "start in the map view (default on a software renderer)"},
                  {"--3d", nullptr, "start in the 3-D view (default on a GPU)"},
                  {"--render-scale", "S",
                   "draw the views at S (0.1..1) of the window's resolution (default 1 on a GPU;\n"
                   "on a software renderer adapted to keep frames under ~85 ms)"},
                  {"--print-fps", nullptr, "at exit, print the mean frame time after the first 10 frames"},
                  {"--heightmap", "FILE[:MIN:MAX]", "replace the terrain by a heightmap of the grid's size: PNG or RAW16 (.r16/.raw)\n"
                                                     "mapped to MIN..MAX m (PNG default 0..50; RAW16 default: its\n"
                                                     "FILE.json sidecar), float .exr, GeoTIFF .tif or .npy (docs/EXCHANGE.md)"},
                  {"--log", "FILE", "at exit, write the session log (sluice replay FILE re-runs it)"},
                  {"--autosave-seconds", "S", "autosave period (default 120; 0 disables)"},
                  {"--restore-autosave", nullptr, "after a crash, restore the autosave without asking"},
                  {"--preset", "NAME",
                   "apply a parameter preset at start (<config dir>/presets/NAME.json, or one that\n"
                   "ships: clear-water, muddy-flood, lava, steady-rain)"},
                  {"--ab", "K=V[,K=V...]", "compare A/B from the start: B runs with these scene params changed"},
                  {"--ab-view", "side|difference", "how to show the comparison (default side)"},
                  {"--record", "FILE", "record from the first frame to exit (.mp4/.mov/.mkv, DIR/ or %05d.png)"}}});
    t.push_back({"simulate", "SCENE --steps N [options]", "run a scene headless and write its final state",
                 "Runs N steps of the scene's dt. Without --out or --save the summary (JSON) is printed on\n"
                 "stdout; with --out it is DIR/summary.json (fields: docs/SCENE_FORMAT.md).",
                 {{"--steps", "N", "solver steps to run (required; 0 writes the initial state)"},
                  {"--dt", "SECONDS", "step length, overriding the scene's (and a snapshot's) dt"},
                  kBackend,
                  kOutDir,
                  kSave,
                  kQuiet}});
    t.push_back({"export", "SCENE|SNAPSHOT --out DIR [options]",
                 "write terrain, water, flow and splat maps and glTF meshes for engines and terrain tools",
                 "Runs N steps (default 0) like simulate, then writes the current bed and water into DIR\n"
                 "(replaced as a whole, all or nothing). Layers x formats (docs/EXCHANGE.md): terrain as\n"
                 "png (16-bit), raw16 (+ .json sidecar), npy, exr, geotiff; depth as npy, exr; surface as exr;\n"
                 "wet, foam, splat as png; flow as png (+ flow.json) and exr; mesh as glb (terrain.glb, water.glb).",
                 {{"--out", "DIR", "the folder to write (required; created if missing)"},
                  {"--what", "LIST", "layers, comma-separated: terrain,depth,surface,wet,foam,flow,splat,mesh\n(default all)"},
                  {"--format", "LIST", "formats, comma-separated: png,raw16,npy,exr,geotiff,glb (default all that\nthis build has; exr/geotiff/glb need SLUICE_EXCHANGE_FORMATS)"},
                  {"--steps", "N", "solver steps to run first (default 0)"},
                  {"--mesh-step", "K", "glTF meshes keep every K-th vertex in x and y (default 1)"},
                  kBackend,
                  kQuiet}});
    t.push_back({"render", "[SCENE] --out IMG.png [options]", "render the 3-D view headless to a PNG",
                 "SCENE defaults to builtin:default:256.",
                 {{"--out", "IMG.png", "the image to write (.png; its folder is created if missing)"},
                  {"--steps", "N", "solver steps to run before rendering (default 0)"},
                  {"--size", "WxH", "image size in pixels (default 1280x720)"},
                  kCamera,
                  {"--target", "X,Y,Z", "with --camera: the point it turns about, metres (default: the world's centre); put it under the water for the view from below"},
                  {"--overlay", "NAME",
                   "colour by none|depth|speed|courant|max-depth|first-wet|sediment|soft-layer|bed-change"},
                  {"--time", "SECONDS", "animation time of the water surface (default: the simulated time)"},
                  {"--vertical-exaggeration", "X", "draw heights X times as tall, 0.1 to 20 (default 1; view only)"},
                  kQuiet}});
    t.push_back({"record", "[SCENE] --seconds S --out FILE|DIR/ [options]", "record a video or PNG frames headless",
                 "Records S seconds at F frames per second: H.264 through ffmpeg for .mp4/.mov/.mkv, numbered\n"
                 "PNGs for DIR/ or a %05d.png pattern. Each frame advances the simulation K steps. The\n"
                 "timeline (docs/TIMELINE.md) flies the camera and changes the world. SCENE defaults to\n"
                 "builtin:default:256.",
                 {{"--seconds", "S", "length of the video in seconds (required)"},
                  {"--out", "FILE|DIR/", "demo.mp4 (.mov, .mkv), frames/ or frames/%05d.png"},
                  kFps,
                  {"--size", "WxH", "frame size in pixels (default 1280x720)"},
                  {"--timeline", "T.json", "camera moves and world events (docs/TIMELINE.md)"},
                  kCamera,
                  kStepsPerFrame,
                  kQuiet}});
    t.push_back({"replay", "LOG [options]", "re-run a session log (viewer --log) to its final state",
                 "Re-runs the commands of a session log from its start snapshot, like `sluice simulate`;\n"
                 "--record re-renders the run to video at any size and camera (default: the log's view).",
                 {kBackend,
                  kOutDir,
                  kSave,
                  {"--record", "FILE|DIR/", "also render the run to a video or PNG frames (GPU)"},
                  kFps,
                  {"--size", "WxH", "frame size of --record in pixels (default 1280x720)"},
                  kCamera,
                  kStepsPerFrame,
                  kQuiet}});
    t.push_back({"sweep", "SCENE --param NAME=v1,v2,... --seconds T --out DIR [options]",
                 "run every combination of parameter values; results.csv and a contact sheet",
                 "Runs every combination of the values (at most 1000) for T simulated seconds each, from the\n"
                 "same start; writes DIR/results.csv (columns: docs/SWEEP.md), DIR/run_NNN.png and\n"
                 "DIR/contact_sheet.png.",
                 {{"--param", "NAME=v1,v2,...", "a parameter and its values (repeatable); NAME is one of\n(see below)"},
                  {"--seconds", "T", "simulated seconds per run (required)"},
                  {"--out", "DIR", "where results.csv and the images go (created if missing)"},
                  kBackend,
                  {"--thumb", "WxH", "thumbnail size in pixels (default 320x200)"},
                  kQuiet}});
    t.push_back({"bench", "[options]", "copy ceiling, GPU and CPU step throughput, whole frames",
                 "Prints one table per measurement (docs/PERFORMANCE.md explains each column). With --frame,\n"
                 "times whole frames of the 3-D view instead; with --bodies, bodies beside the water.",
                 {{"--sizes", "N,N,...", "grid sides to measure (default 1024,2048,4096; --quick 64,128)"},
                  {"--quick", nullptr, "small grids and short timings (a smoke test)"},
                  {"--json", nullptr, "print the results as JSON"},
                  {"--min-seconds", "S", "time each figure for at least S seconds (default 0.5)"},
                  {"--cpu-max", "N", "largest grid side the CPU reference runs on (default 4096)"},
                  {"--wet", "F", "wet fraction of the mostly dry world (0.01..0.5, default 0.1)"},
                  {"--strips", "ROWSxK,...", "also time skewed sweeps of ROWS-row strips, K substeps each"},
                  {"--copy-sizes", "N,...", "buffer sizes (MiB) of the copy-ceiling probe"},
                  {"--kernels", nullptr, "only the step kernels side by side: two passes and fused, both models,\n"
                                         "moving and still water, with bytes per cell-step and the copy ceiling"},
                  {"--fused-rows", "R,...", "with --kernels: fused tile shapes, cell rows per invocation (1, 2, 4; default 2)"},
                  {"--fused-threads", "T,...", "with --kernels: fused group shapes, invocation rows per group (2, 4, 8; default 4)"},
                  {"--arith-patches", "WxH,...", "with --kernels: the arithmetic ceiling's patch shapes, cells (1 to 8; default 2x2,4x2)"},
                  {"--tb-tiles", "WxHrRsS,...", "with --kernels: the temporally blocked kernel's tiles (both models), W x H cells, R cell rows\n"
                                                "per invocation, S substeps per pass (default 64x32r2s1,64x32r2s2,64x32r2s3,64x24r2s1,64x24r2s2,32x32r4s1,32x32r4s2);\n"
                                                "each also as the pipes' whole step so blocked (step rows)"},
                  {"--dry-shapes", "S,...", "only the mostly dry worlds, dry groups skipped, against the all-wet grid:\n"
                                            "basin (bench-dry), square, rows, columns (bench-slosh's water in that region)"},
                  {"--dry-wets", "F,...", "with --dry-shapes: wet fractions (0.01..0.5; default --wet's); with --layout-probe:\n"
                                          "the bands' shares (default 0.05,0.2)"},
                  {"--layout-probe", "L,...", "only the step's memory traffic without its arithmetic, over the whole grid and over\n"
                                              "bands of columns and of rows, per storage layout: row (row-major) or tiles WxH;\n"
                                              "a trailing c lists the groups column by column (rowc, WxHc)"},
                  {"--frames", "K", "also time K whole frames of the default world per grid (default 0)"},
                  {"--frame-size", "WxH", "frame size of --frames (default 1920x1080)"},
                  {"--frame-max", "N", "largest grid side that --frames renders (default 8192)"},
                  {"--frame", nullptr, "time whole frames of the 3-D view (the options below)"},
                  {"--grid", "N", "with --frame or --bodies: the grid side (default 1024; --frame: 256 on a software renderer)"},
                  {"--size", "WxH", "with --frame: the frame size (default 1920x1080)"},
                  {"--render-scale", "S", "with --frame: internal resolution of the 3-D passes (0.1..1)"},
                  {"--timelapse", nullptr, "with --frame: the viewer's time-lapse, as many steps a frame as keep it at >= 30 fps;\n"
                                           "prints the speed-up over real time"},
                  {"--bodies", "N", "time N logs on a flowing lake, stage by stage (--grid, default 1024;\n"
                                    "--steps K, default 20; --backend gpu|cpu; docs/BODIES.md); with --frame: N logs\n"
                                    "drawn in every frame, with their shadows"},
                  {"--steps", "K", "with --bodies: water steps timed (default 20)"},
                  kBackend}});
    t.push_back({"info", "", "describe the headless OpenGL context and how its kernels round division", "", {}});
    t.push_back({"help", "[VERB]", "this overview, or one verb's options", "", {}});
    return t;
}

std::string optionLine(const OptionSpec& o) {
    std::string head = std::string("  ") + o.name + (o.value ? std::string(" ") + o.value : std::string());
    std::string out;
    std::istringstream lines(o.help);
    bool first = true;
    for (std::string line; std::getline(lines, line); first = false) {
        const std::string left = first ? head : std::string();
        if (first && left.size() >= 26) out += left + "\n" + std::string(26, ' ');
        else out += left + std::string(26 - left.size(), ' ');
        out += line + "\n";
    }
    return out;
}

std::string synopsisLine(const VerbSpec& v) {
    std::string line = "sluice";
    if (std::string(v.name) != "viewer") line += std::string(" ") + v.name;
    return *v.synopsis ? line + " " + v.synopsis : line;
}

}  // namespace

const std::vector<VerbSpec>& verbTable() {
    static const std::vector<VerbSpec> table = makeTable();
    return table;
}

const VerbSpec* findVerb(std::string_view name) {
    for (const VerbSpec& v : verbTable())
        if (name == v.name) return &v;
    return nullptr;
}

std::string exitCodeTable() {
    return "exit codes (every verb):\n"
           "  0  done\n"
           "  1  bad input: a scene, snapshot, log, timeline or image that cannot be read or is invalid\n"
           "  2  usage: an unknown verb or option, a missing or malformed option value\n"
           "  3  no GPU: no usable OpenGL 4.5 context, or the grid does not fit in GPU memory\n"
           "  4  cannot write an output (folder not writable, disk full, ffmpeg missing or failing)\n";
}

std::string overviewHelp() {
    std::string out = "Sluice: real-time water over terrain (shallow water and virtual pipes on the GPU).\n\nusage:\n";
    for (const VerbSpec& v : verbTable()) {
        const std::string syn = synopsisLine(v);
        out += "  " + syn + "\n      " + v.summary + "\n";
    }
    out += std::string("\n") + kSceneHelp + "\n`sluice help VERB` or `sluice VERB --help` lists a verb's options.\n\n" +
           exitCodeTable();
    return out;
}

std::string verbHelp(const VerbSpec& v) {
    std::string out = "usage: " + synopsisLine(v) + "\n  " + v.summary + "\n";
    if (*v.details) out += std::string("\n") + v.details + "\n";
    if (std::string(v.synopsis).find("SCENE") != std::string::npos) out += std::string("\n") + kSceneHelp + "\n";
    if (!v.options.empty()) {
        out += "\noptions:\n";
        for (const OptionSpec& o : v.options) out += optionLine(o);
        out += optionLine({"--help", nullptr, "print this help"});
    }
    if (std::string(v.name) == "sweep") out += std::string("\nsweep parameters:\n") + kSweepParameterHelp;
    return out + "\n" + exitCodeTable();
}

std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates) {
    // Levenshtein distance, one row at a time.
    auto distance = [](std::string_view a, std::string_view b) {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t diag = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t up = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diag = up;
            }
        }
        return row[b.size()];
    };
    std::optional<std::string> best;
    std::size_t bestD = std::min<std::size_t>(3, std::max<std::size_t>(1, word.size() / 3)) + 1;
    for (const std::string& c : candidates) {
        const std::size_t d = distance(word, c);
        if (d < bestD) {
            bestD = d;
            best = c;
        }
    }
    return best;
}

int verbUsageError(const VerbSpec& verb, const std::string& message) {
    const std::string who = std::string(verb.name) == "viewer" ? "sluice" : std::string("sluice ") + verb.name;
    std::cerr << who << ": " << message << "\nusage: " << synopsisLine(verb) << "\n(`" << who
              << " --help` lists the options)\n";
    return kExitUsage;
}

std::optional<CliArgs> parseVerbArgs(int argc, char** argv, int first, const VerbSpec& verb, int& exitCode) {
    std::vector<std::string> flags = {"--help"}, known = {"--help"};
    for (const OptionSpec& o : verb.options) {
        known.push_back(o.name);
        if (!o.value) flags.push_back(o.name);
    }
    for (int i = first; i < argc; ++i)
        if (std::string_view(argv[i]) == "-h" || std::string_view(argv[i]) == "--help") {
            std::cout << verbHelp(verb);
            exitCode = kExitOk;
            return std::nullopt;
        }
    CliArgs args = CliArgs::parse(argc, argv, first, flags);
    for (const auto& [name, value] : args.ordered)
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            const auto guess = closestMatch(name, known);
            exitCode = verbUsageError(verb, "unknown option " + name + (guess ? " (did you mean " + *guess + "?)" : ""));
            return std::nullopt;
        }
    for (const OptionSpec& o : verb.options)
        if (o.value && args.has(o.name) && args.get(o.name)->empty()) {
            exitCode = verbUsageError(verb, std::string(o.name) + ": missing value " + o.value);
            return std::nullopt;
        }
    exitCode = kExitOk;
    return args;
}

std::optional<CliArgs> parseSceneVerbArgs(int argc, char** argv, const VerbSpec& verb, int& exitCode) {
    auto args = parseVerbArgs(argc, argv, 2, verb, exitCode);
    if (args && args->positional.size() != 1) {
        exitCode = verbUsageError(verb, args->positional.empty() ? "missing SCENE" : "expected one SCENE, got " + args->positional[1]);
        return std::nullopt;
    }
    return args;
}

}  // namespace sluice::app

// `sluice [SCENE]`: the interactive viewer. An SDL2 window with a GL 4.5 context, the GPU solver
// stepping in real time (fixed steps of params.dtSeconds, `speed` simulated seconds per real second),
// the map view of app/window/map_view.hpp and an ImGui panel to steer the run.
#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <algorithm>
#include <array>

#include <glm/glm.hpp>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "app/cli_args.hpp"
#include "app/cli_common.hpp"
#include "app/verbs.hpp"
#include "app/output_dir.hpp"
#include "app/user_dirs.hpp"
#include "app/window/autosave.hpp"
#include "app/window/file_menu.hpp"
#include "app/window/input_script.hpp"
#include "app/window/map_view.hpp"
#include "app/window/panels.hpp"
#include "app/window/render_scale.hpp"
#include "app/window/simulation.hpp"
#include "app/window/split_view.hpp"
#include "app/video_recorder.hpp"
#include "app/window/tools.hpp"
#include "app/window/screenshot.hpp"
#include "sim/builtin_scenes.hpp"
#include "render/camera.hpp"
#include "render/gl/depth_probe.hpp"
#include "render/gl/gpu_timer.hpp"
#include "render/render_inputs.hpp"
#include "render/overlay.hpp"
#include "render/scaled_target.hpp"
#include "render/scene_renderer.hpp"
#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "sim/gpu_solver.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include <nlohmann/json.hpp>

#include "sim/scene_loader.hpp"
#include "sim/presets.hpp"
#include "sim/session_log.hpp"
#include "sim/snapshot.hpp"
#include "sim/terrain_import.hpp"

namespace sluice::app {

namespace {

const char* kUsage =
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
    "  --preset NAME        apply the parameter preset NAME (<config dir>/presets/NAME.json) at start\n"
    "  --ab K=V[,K=V...]    compare A/B from the start: B runs with these scene-format params changed\n"
    "  --ab-view side|difference  how to show the comparison (default side by side)\n"
    "  --record FILE        record from the first frame to exit (.mp4 via ffmpeg, DIR/ or %05d.png)\n"
    "keys: Space pause, S single step, R reset, V map/3-D, F12 screenshot, Esc quit, 1-9 tool;\n"
    "      Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open;\n"
    "      left drag applies the tool,"
    " wheel zooms, middle/right drag pans\n";


/// Starting resolution of the views on a software renderer (llvmpipe), as a fraction of the window's:
/// shading there costs per pixel, and half the resolution in each direction is a quarter of the
/// pixels. RenderScaleControl adapts it from there.
constexpr float kSoftwareRenderScale = 0.5f;

/// The ledger and the Courant number read back from the GPU; refresh them this often (seconds).
constexpr double kStatsPeriodSeconds = 0.25;

/// SDL window plus GL context, released in reverse order of creation.
struct WindowContext {
    SDL_Window* window = nullptr;
    SDL_GLContext context = nullptr;
    WindowContext() = default;
    WindowContext(const WindowContext&) = delete;
    WindowContext& operator=(const WindowContext&) = delete;
    ~WindowContext() {
        if (context) SDL_GL_DeleteContext(context);
        if (window) SDL_DestroyWindow(window);
        SDL_Quit();
    }
};

/// Opens the window with a GL 4.5 core context (direct state access, #version 450 shaders); loads GL
/// through glad.
Result<void> openWindow(WindowContext& wc, const std::string& title) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return Error{std::string("cannot open a display: ") + SDL_GetError()};
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);  // the map is drawn in one layer
    wc.window = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 800,
                                 SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!wc.window) return Error{std::string("cannot create an OpenGL window: ") + SDL_GetError()};
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 4);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 5);
    wc.context = SDL_GL_CreateContext(wc.window);
    if (!wc.context) return Error{std::string("no OpenGL 4.5 core context: ") + SDL_GetError()};
    SDL_GL_MakeCurrent(wc.window, wc.context);
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress));
    if (version == 0) return Error{"cannot load the OpenGL functions"};
    if (GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 45)
        return Error{"OpenGL 4.5 or newer is needed, the context offers " + std::to_string(GLAD_VERSION_MAJOR(version)) +
                     "." + std::to_string(GLAD_VERSION_MINOR(version))};
    SDL_GL_SetSwapInterval(1);  // vsync; where refused the frame rate is simply uncapped
    return {};
}

/// Mouse as the event stream reports it (window units, origin top-left). Tracked from events rather
/// than polled, so scripted events drive the tools exactly like a user's.
struct MouseState {
    int x = 0, y = 0;
    bool left = false;
};

/// The 3-D view: camera, renderer (created on first use), look settings and picking.
struct PerspectiveView {
    bool active = false;
    render::Camera camera;
    std::unique_ptr<render::SceneRenderer> renderer;
    render::ViewSettings settings;
    std::unique_ptr<gl::DepthProbe> probe;
    std::array<glm::mat4, 8> invViewProj{};  ///< by frame number % 8, to unproject late depth reads
    bool havePick = false;
    glm::vec3 pick{0.0f};  ///< world point under the cursor (metres), from a frame or two ago
};

/// What the user asked for this frame besides immediate camera and pause changes.
struct FrameRequests {
    bool quit = false;
    bool reset = false;
    bool screenshot = false;
};

/// Applies one SDL event after ImGui has seen it. `pixelScale` is drawable pixels per window unit
/// (HiDPI), `drawH` the drawable height: SDL's mouse y grows downwards, the map's upwards.
void handleEvent(const SDL_Event& e, float pixelScale, int drawH, Simulation& s, MapView& view, PerspectiveView& p3,
                 ToolState& tools, MouseState& mouse, FrameRequests& req, FileUi& files, FileRequest& fileReq) {
    const ImGuiIO& io = ImGui::GetIO();
    if (e.type == SDL_QUIT) req.quit = true;
    if (e.type == SDL_MOUSEMOTION) {
        mouse.x = e.motion.x;
        mouse.y = e.motion.y;
    }
    if ((e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) && e.button.button == SDL_BUTTON_LEFT) {
        mouse.x = e.button.x;
        mouse.y = e.button.y;
        // A stroke starts only outside the panels; releasing ends it wherever the cursor is.
        mouse.left = e.type == SDL_MOUSEBUTTONDOWN && !io.WantCaptureMouse;
    }
    if (p3.active && !io.WantCaptureMouse) {
        if (e.type == SDL_MOUSEWHEEL) p3.camera.zoom(std::pow(0.88f, float(e.wheel.y)));
        if (e.type == SDL_MOUSEMOTION && (e.motion.state & SDL_BUTTON_RMASK))
            p3.camera.orbit(0.006f * float(e.motion.xrel), 0.006f * float(e.motion.yrel));
        if (e.type == SDL_MOUSEMOTION && (e.motion.state & SDL_BUTTON_MMASK))
            p3.camera.pan(float(e.motion.xrel) * pixelScale / float(drawH), float(e.motion.yrel) * pixelScale / float(drawH));
    }
    if (!p3.active && e.type == SDL_MOUSEWHEEL && !io.WantCaptureMouse) {
        int mx = 0, my = 0;
        SDL_GetMouseState(&mx, &my);
        view.zoomAt(float(mx) * pixelScale, float(drawH) - float(my) * pixelScale, std::pow(1.15f, float(e.wheel.y)));
    }
    if (!p3.active && e.type == SDL_MOUSEMOTION && !io.WantCaptureMouse && (e.motion.state & (SDL_BUTTON_MMASK | SDL_BUTTON_RMASK)))
        view.panPixels(float(e.motion.xrel) * pixelScale, -float(e.motion.yrel) * pixelScale);
    if (e.type != SDL_KEYDOWN || io.WantCaptureKeyboard || e.key.repeat) return;
    if (e.key.keysym.mod & KMOD_CTRL) {
        const bool shift = e.key.keysym.mod & KMOD_SHIFT;
        switch (e.key.keysym.sym) {
            case SDLK_z: fileReq.action = shift ? FileAction::Redo : FileAction::Undo; break;
            case SDLK_y: fileReq.action = FileAction::Redo; break;
            case SDLK_o: askForPath(files, FileAction::Open); break;
            case SDLK_s:
                if (shift || files.currentPath.empty()) askForPath(files, FileAction::Save);
                else fileReq = {FileAction::Save, files.currentPath};
                break;
            default: break;
        }
        return;
    }
    switch (e.key.keysym.sym) {
        case SDLK_ESCAPE: req.quit = true; break;
        case SDLK_SPACE: s.paused = !s.paused; break;
        case SDLK_s: s.singleStep(); break;
        case SDLK_r: req.reset = true; break;
        case SDLK_F12: req.screenshot = true; break;
        case SDLK_v: p3.active = !p3.active; break;
        case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5:
        case SDLK_6: case SDLK_7: case SDLK_8: case SDLK_9:
            tools.tool = Tool(e.key.keysym.sym - SDLK_1);
            break;
        default: break;
    }
}

/// Writes the final terrain and depth (float32 .npy, shape (height, width)) into dir, all or nothing;
/// with an A/B comparison running, also run B's depth as depth_b.npy.
Result<void> dumpState(sim::Solver& solver, sim::Solver* runB, const std::string& dir) {
    const sim::FieldSnapshot snap = solver.download();
    auto out = OutputDir::begin(dir);
    if (!out) return out.error();
    if (runB) {  // A/B comparison: B's water too
        const sim::FieldSnapshot b = runB->download();
        if (auto w = sim::writeNpy(out->file("depth_b.npy"), b.depthM.data(), b.height, b.width); !w) return w;
    }
    if (auto w = sim::writeNpy(out->file("terrain.npy"), snap.terrainM.data(), snap.height, snap.width); !w) return w;
    if (auto w = sim::writeNpy(out->file("depth.npy"), snap.depthM.data(), snap.height, snap.width); !w) return w;
    return out->commit();
}

}  // namespace

int runViewer(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 1, {"--map", "--3d", "--restore-autosave", "--print-fps"});
    if (auto ok = args.check({"--frames", "--screenshot", "--speed", "--input-script", "--dump-state", "--map", "--3d",
                              "--heightmap", "--log", "--autosave-seconds", "--restore-autosave", "--preset", "--ab",
                              "--ab-view", "--record", "--render-scale", "--print-fps"});
        !ok || args.positional.size() > 1) {
        std::cerr << "sluice: " << (ok ? "expected at most one SCENE" : ok.error().message) << "\n" << kUsage;
        return kExitUsage;
    }
    auto frames = args.integer("--frames", 0, 1, 1LL << 40);
    if (!frames) {
        std::cerr << "sluice: " << frames.error().message << "\n";
        return kExitUsage;
    }
    auto renderScaleArg = args.number("--render-scale", 0.0, 0.1, 1.0);  // 0: not given, chosen by renderer
    if (!renderScaleArg) {
        std::cerr << "sluice: " << renderScaleArg.error().message << "\n";
        return kExitUsage;
    }
    float speed = 1.0f;
    if (auto sp = args.get("--speed")) {
        char* end = nullptr;
        speed = std::strtof(sp->c_str(), &end);
        if (end == sp->c_str() || *end != '\0' || !std::isfinite(speed) || speed <= 0) {
            std::cerr << "sluice: --speed: expected a positive number, got '" << *sp << "'\n";
            return kExitUsage;
        }
    }
    double autosaveSeconds = 120;
    if (auto a = args.get("--autosave-seconds")) {
        char* end = nullptr;
        autosaveSeconds = std::strtod(a->c_str(), &end);
        if (end == a->c_str() || *end != '\0' || !std::isfinite(autosaveSeconds) || autosaveSeconds < 0) {
            std::cerr << "sluice: --autosave-seconds: expected a number >= 0, got '" << *a << "'\n";
            return kExitUsage;
        }
    }
    const std::string logPath = args.get("--log").value_or("");
    const std::string screenshotPath = args.get("--screenshot").value_or("");
    const std::string dumpDir = args.get("--dump-state").value_or("");
    std::vector<ScriptEvent> script;
    if (auto path = args.get("--input-script")) {
        auto loaded = loadInputScript(*path);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        script = std::move(*loaded);
    }

    // A scene named on the command line is loaded before any window opens: a typo fails fast.
    std::optional<sim::Scene> scene;
    if (!args.positional.empty()) {
        auto loaded = loadSceneArgument(args.positional[0]);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        scene = std::move(*loaded);
    }

    WindowContext wc;  // declared before every GL object so that it is destroyed after them
    if (auto opened = openWindow(wc, "Sluice"); !opened) {
        std::cerr << "error: " << opened.error().message << "\n";
        return kExitNoGpu;
    }
    const char* glRenderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const bool software = glRenderer && std::strstr(glRenderer, "llvmpipe");
    if (!scene) {
        // The default scene at a size the renderer can step in real time.
        scene = sim::defaultScene(software ? 256 : 1024);
    }
    if (auto hm = args.get("--heightmap")) {
        // FILE[:MIN:MAX]; the range matters for PNGs only.
        std::string file = *hm;
        float lo = 0, hi = 50;
        const auto c2 = file.rfind(':');
        const auto c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : file.rfind(':', c2 - 1);
        if (c1 != std::string::npos) {
            char* e1 = nullptr;
            char* e2 = nullptr;
            const std::string a = file.substr(c1 + 1, c2 - c1 - 1), b = file.substr(c2 + 1);
            lo = std::strtof(a.c_str(), &e1);
            hi = std::strtof(b.c_str(), &e2);
            if (*e1 != '\0' || *e2 != '\0' || a.empty() || b.empty()) {
                std::cerr << "sluice: --heightmap: expected FILE:MIN:MAX, got '" << *hm << "'\n";
                return kExitUsage;
            }
            file = file.substr(0, c1);
        }
        auto heights = sim::importTerrain(file, scene->width, scene->height, lo, hi);
        if (!heights) {
            std::cerr << "error: " << heights.error().message << "\n";
            return kExitBadInput;
        }
        scene->terrainM = std::move(*heights);
    }
    Simulation simState;
    simState.scene = &*scene;
    simState.speed = speed;
    if (auto r = simState.start(false); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }
    std::optional<MapView> view;
    float minBed = 0, maxBed = 1;
    // (Re)builds what depends on the grid: the map view, the bed range and the camera framing.
    auto adoptScene = [&]() -> Result<void> {
        const auto [minIt, maxIt] = std::minmax_element(scene->terrainM.begin(), scene->terrainM.end());
        minBed = *minIt;
        maxBed = *maxIt;
        auto created = MapView::create(scene->width, scene->height, scene->cellSizeM, minBed, maxBed);
        if (!created) return created.error();
        view.reset();
        view.emplace(std::move(*created));
        return {};
    };
    if (auto r = adoptScene(); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }

    ToolState tools;
    TerrainImportState terrainImport;
    bool vsync = true;
    MouseState mouse;
    PerspectiveView p3;
    auto frameCamera = [&]() {
        if (scene->camera) {
            const sim::ViewPose& v = *scene->camera;
            p3.camera.target = glm::vec3(v.targetM[0], v.targetM[1], v.targetM[2]);
            p3.camera.yawRad = v.yawRad;
            p3.camera.pitchRad = v.pitchRad;
            p3.camera.distanceM = v.distanceM;
        } else {
            p3.camera.frame(float(scene->width) * scene->cellSizeM, float(scene->height) * scene->cellSizeM, minBed, maxBed);
        }
    };
    frameCamera();
    auto cameraPose = [&]() {
        const render::Camera& c = p3.camera;
        return std::optional<sim::ViewPose>(sim::ViewPose{{c.target.x, c.target.y, c.target.z}, c.yawRad, c.pitchRad, c.distanceM});
    };
    CompareState compare;
    bool interpolate = true;
    RecordState recording;
    std::unique_ptr<VideoRecorder> recorder;
    int recordW = 0, recordH = 0;
    auto startRecording = [&](int w, int h) {
        auto opened = VideoRecorder::open(recording.path, w, h, double(recording.fps));
        recording.failed = !opened;
        recording.message = opened ? "" : opened.error().message;
        if (!opened) {
            std::cerr << "error: " << opened.error().message << "\n";
            return false;
        }
        recorder = std::move(*opened);
        recordW = w;
        recordH = h;
        recording.active = true;
        recording.frames = 0;
        // Fixed steps per video frame: `speed` simulated seconds per second of video.
        const double dt = simState.solver->params().dtSeconds;
        simState.fixedStepsPerFrame = std::max(1, int(std::lround(double(simState.speed) / (recording.fps * dt))));
        return true;
    };
    auto stopRecording = [&](const std::string& why) {
        if (!recorder) return;
        const auto done = recorder->finish();
        recording.failed = !done;
        recording.message = done ? "saved " + std::string(recording.path) + " (" + std::to_string(recording.frames) + " frames)" + why
                                 : done.error().message;
        if (!done) std::cerr << "error: " << done.error().message << "\n";
        recorder.reset();
        recording.active = false;
        simState.fixedStepsPerFrame = 0;
    };
    std::unique_ptr<render::WaterHistory> history;  // created when a history overlay is first shown
    SplitView split2;
    PresetState presets;
    presets.reference = simState.solver->params();
    presets.active = "scene";
    if (auto config = userConfigDir()) {
        std::error_code ec;
        std::filesystem::create_directories(*config / "presets", ec);
        presets.dir = (*config / "presets").string();
    }
    if (auto name = args.get("--preset")) {
        auto loaded = presets.dir.empty() ? Result<sim::SimParams>(Error{"no config directory for presets"})
                                          : sim::loadPreset(presets.dir, *name);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        simState.apply(sim::SetParams{*loaded});
        presets.reference = *loaded;
        presets.active = *name;
    }
    if (auto ab = args.get("--ab")) {
        // K=V pairs as a partial scene "params" object, validated with the scene loader's rules.
        nlohmann::json params = nlohmann::json::object();
        std::stringstream list(*ab);
        for (std::string pair; std::getline(list, pair, ',');) {
            const auto eq = pair.find('=');
            char* end = nullptr;
            const double v = eq == std::string::npos ? 0.0 : std::strtod(pair.c_str() + eq + 1, &end);
            if (eq == std::string::npos || end == pair.c_str() + eq + 1 || *end != '\0') {
                std::cerr << "sluice: --ab: expected NAME=NUMBER pairs, got '" << pair << "'\n";
                return kExitUsage;
            }
            params[pair.substr(0, eq)] = v;
        }
        sim::Scene base;
        base.params = simState.solver->params();
        auto parsed = sim::parseSettingsJson(nlohmann::json{{"params", params}}, "--ab", scene->width, scene->height, &base);
        if (!parsed) {
            std::cerr << "sluice: " << parsed.error().message << "\n";
            return kExitUsage;
        }
        if (auto r = simState.forkB(parsed->scene.params); !r) {
            std::cerr << "error: " << r.error().message << "\n";
            return kExitNoGpu;
        }
    }
    if (auto mode = args.get("--ab-view")) {
        if (*mode != "side" && *mode != "difference") {
            std::cerr << "sluice: --ab-view: expected side or difference, got '" << *mode << "'\n";
            return kExitUsage;
        }
        compare.mode = *mode == "difference" ? 1 : 0;
    }
    FileUi files;
    if (scene->resume && !args.positional.empty()) files.currentPath = args.positional[0];
    std::unique_ptr<Autosave> autosave;
    if (autosaveSeconds > 0) {
        auto dir = userDataDir();
        auto began = dir ? Autosave::begin(*dir, autosaveSeconds) : Result<std::unique_ptr<Autosave>>(dir.error());
        if (began) {
            autosave = std::move(*began);
            files.autosavePath = autosave->file().string();
            files.offerRestore = autosave->crashed() && !args.has("--restore-autosave");
        } else {
            files.status = "autosave is off: " + began.error().message;
            files.statusFailed = true;
        }
    }
    FileRequest startRequest;
    if (autosave && autosave->crashed() && args.has("--restore-autosave"))
        startRequest = {FileAction::RestoreAutosave, autosave->file().string()};
    // A GPU draws the 3-D view in real time; a software renderer (llvmpipe) starts on the map.
    p3.active = args.has("--3d") || (!software && !args.has("--map"));
    RenderScaleControl scaleControl(*renderScaleArg > 0 ? float(*renderScaleArg) : (software ? kSoftwareRenderScale : 1.0f),
                                    *renderScaleArg <= 0 && software);
    render::ScaledTarget mapTarget;  // the map below render scale 1
    if (auto t = render::ScaledTarget::create()) {
        mapTarget = std::move(*t);
    } else {
        std::cerr << "error: " << t.error().message << "\n";
        return kExitNoGpu;
    }
    // --print-fps: frame start times after the warm-up frames.
    constexpr long long kWarmupFrames = 10;
    Clock::time_point fpsStart{};
    long long fpsFrames = 0;
    int lastDrawW = 0, lastDrawH = 0;
    gl::GpuTimer simTimer, renderTimer;
    bool scriptLeftDown = false;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini dropped into whatever directory we run in
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForOpenGL(wc.window, wc.context);
    ImGui_ImplOpenGL3_Init("#version 430 core");

    if (auto path = args.get("--record")) {  // from the first frame
        std::snprintf(recording.path, sizeof recording.path, "%s", path->c_str());
        int w = 0, h = 0;
        SDL_GL_GetDrawableSize(wc.window, &w, &h);
        if (!startRecording(w, h)) return kExitWriteFailed;
    }
    int exitCode = kExitOk;
    std::string windowTitle;
    // File and Edit actions from the menus, shortcuts and the crash-recovery question. Failures go to
    // the status line; nothing that is open is lost by a failed open or save.
    auto report = [&](const Result<void>& r, const std::string& done) {
        files.statusFailed = !r;
        files.status = r ? done : r.error().message;
        if (!r) std::cerr << "error: " << r.error().message << "\n";
    };
    auto openWorld = [&](const std::string& path, bool adoptPath) {
        auto loaded = loadSceneArgument(path);
        if (!loaded) return report(loaded.error(), "");
        sim::Scene previous = std::move(*scene);
        *scene = std::move(*loaded);
        if (auto r = simState.start(false); !r) {  // e.g. the grid does not fit: keep the old world
            *scene = std::move(previous);
            [[maybe_unused]] auto back = simState.start(false);
            return report(r, "");
        }
        if (auto r = adoptScene(); !r) return report(r, "");
        frameCamera();
        tools.selection = {};
        if (history) history->reset(simState.solver->counters().timeSeconds);
        files.currentPath = adoptPath && scene->resume ? path : "";
        report({}, "opened " + path);
    };
    auto performFileRequest = [&](const FileRequest& r) {
        switch (r.action) {
            case FileAction::None: break;
            case FileAction::Undo: simState.undo(); break;
            case FileAction::Redo: simState.redo(); break;
            case FileAction::Save: {
                const auto w = sim::writeSnapshotFile(r.path, sim::Snapshot{scene->name, simState.solver->saveState(), cameraPose()});
                if (w) {
                    files.currentPath = r.path;
                    simState.savedLogSize = simState.session->log().size();
                }
                report(w, "saved " + r.path);
                break;
            }
            case FileAction::Open: openWorld(r.path, true); break;
            case FileAction::RestoreAutosave: openWorld(r.path, false); break;
            case FileAction::DiscardAutosave: files.status.clear(); break;
            case FileAction::ExportTerrainPng: {
                const sim::FieldSnapshot f = simState.solver->download();
                const auto [lo, hi] = std::minmax_element(f.terrainM.begin(), f.terrainM.end());
                const float top = *hi > *lo ? *hi : *lo + 1.0f;
                char range[96];
                std::snprintf(range, sizeof range, " (grey 0..65535 = %.3f..%.3f m)", double(*lo), double(top));
                report(sim::writeHeightmapPng16(r.path, f.terrainM.data(), f.width, f.height, *lo, top),
                       "exported " + r.path + range);
                break;
            }
            case FileAction::ExportTerrainNpy:
            case FileAction::ExportDepthNpy: {
                const sim::FieldSnapshot f = simState.solver->download();
                const auto& a = r.action == FileAction::ExportTerrainNpy ? f.terrainM : f.depthM;
                report(sim::writeNpy(r.path, a.data(), f.height, f.width), "exported " + r.path);
                break;
            }
            case FileAction::SaveLog:
                report(sim::writeSessionLog(r.path, *simState.session, scene->name, cameraPose()), "saved log " + r.path);
                break;
        }
    };
    bool running = true;
    auto last = Clock::now();
    for (long long frame = 1; running; ++frame) {
        const auto now = Clock::now();
        if (frame > 1) scaleControl.frame(std::chrono::duration<double>(now - last).count());
        if (frame == kWarmupFrames + 1) fpsStart = now;
        if (frame > kWarmupFrames + 1) fpsFrames = frame - kWarmupFrames - 1;
        const double frameSeconds = std::chrono::duration<double>(now - last).count();
        last = now;

        int winW = 1, winH = 1, drawW = 1, drawH = 1;
        SDL_GetWindowSize(wc.window, &winW, &winH);
        SDL_GL_GetDrawableSize(wc.window, &drawW, &drawH);
        lastDrawW = drawW;
        lastDrawH = drawH;
        const float pixelScale = float(drawW) / float(std::max(winW, 1));
        FrameRequests req;
        FileRequest fileReq = std::exchange(startRequest, FileRequest{});
        pushScriptEvents(script, frame, scriptLeftDown);
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            handleEvent(e, pixelScale, drawH, simState, *view, p3, tools, mouse, req, files, fileReq);
        }
        performFileRequest(fileReq);

        // Tools act on the world under the cursor while the left button is held outside the panels;
        // edits land between steps, before this frame's simulation.
        // Side by side, each half shows the same world: the cursor picks in whichever half it is over.
        const int pickW = simState.runB && compare.mode == 0 ? std::max(1, drawW / 2) : drawW;
        float cellX = 0, cellY = 0;
        if (p3.active) {
            // WASD + QE move the camera target at a speed proportional to the viewing distance.
            const Uint8* keys = SDL_GetKeyboardState(nullptr);
            if (!ImGui::GetIO().WantCaptureKeyboard) {
                const float step = p3.camera.distanceM * 0.8f * float(std::min(frameSeconds, 0.1));
                p3.camera.moveGround(step * float(keys[SDL_SCANCODE_W] - keys[SDL_SCANCODE_S]),
                                     step * float(keys[SDL_SCANCODE_D] - keys[SDL_SCANCODE_A]),
                                     step * float(keys[SDL_SCANCODE_E] - keys[SDL_SCANCODE_Q]));
            }
            if (auto sample = p3.probe ? p3.probe->poll() : std::nullopt) {
                // Unproject with the matrices of the frame the depth was read from.
                p3.havePick = sample->depth < 1.0f;
                if (p3.havePick) {
                    // Depth pixels are the renderer's internal ones (render scale).
                    const render::RenderStats& rs = p3.renderer->lastStats();
                    const glm::vec4 ndc(2.0f * (float(sample->x) + 0.5f) / float(std::max(rs.internalWidthPx, 1)) - 1.0f,
                                        2.0f * (float(sample->y) + 0.5f) / float(std::max(rs.internalHeightPx, 1)) - 1.0f,
                                        2.0f * sample->depth - 1.0f, 1.0f);
                    glm::vec4 world = p3.invViewProj[sample->tag % 8] * ndc;
                    p3.pick = glm::vec3(world) / world.w;
                }
            }
            cellX = p3.pick.x / scene->cellSizeM;
            cellY = p3.pick.y / scene->cellSizeM;
        } else {
            view->gridPointAt(std::fmod(float(mouse.x) * pixelScale, float(pickW)), float(drawH) - float(mouse.y) * pixelScale,
                              cellX, cellY);
        }
        const bool overWorld = !ImGui::GetIO().WantCaptureMouse && (!p3.active || p3.havePick) && cellX >= 0 &&
                               cellY >= 0 && cellX <= float(scene->width) && cellY <= float(scene->height);
        const bool leftDown = mouse.left;
        if (leftDown && overWorld) {
            const bool pressed = !tools.stroking;
            float bedM = 0;
            if (pressed && tools.tool == Tool::Flatten) {
                // Once per stroke: the bed height to flatten to (4 bytes; a stall only at the click).
                const std::size_t cell = std::size_t(std::min(int(cellY), scene->height - 1)) * std::size_t(scene->width) +
                                         std::size_t(std::min(int(cellX), scene->width - 1));
                simState.solver->terrainBuffer().download(&bedM, sizeof bedM, cell * sizeof(float));
            }
            applyTool(tools, *simState.session, pressed, cellX, cellY, bedM, float(std::min(frameSeconds, 0.1)));
            tools.stroking = true;
        } else if (!leftDown) {
            tools.stroking = false;
        }

        simTimer.begin();
        simState.advance(frameSeconds);
        if (p3.active && render::overlayNeedsHistory(p3.settings.overlay)) {
            if (!history) {
                if (auto h = render::WaterHistory::create()) history = std::move(*h);
                else std::cerr << "error: " << h.error().message << "\n";
            }
            if (history) history->update(render::solverInputs(*simState.solver), simState.solver->counters().timeSeconds);
        }
        simTimer.end();
        if (now - simState.statsTime > std::chrono::duration<double>(kStatsPeriodSeconds)) simState.refreshStats(now);
        if (autosave) autosave->tick(simState, scene->name, cameraPose(), now);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        performFileRequest(drawFileMenus(files, simState));
        if (autosave && !autosave->status().empty() && files.status.empty()) files.status = autosave->status();
        ImGui::SetNextWindowPos(ImVec2(10, 30), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
        ImGui::Begin("Sluice");
        ImGui::PushItemWidth(170);
        PanelRequests panel;
        simulationSection(simState, panel, presets);
        toolsSection(tools);
        emittersSection(simState, tools);
        ledgerSection(simState);
        compareSection(simState, compare);
        terrainSection(simState, *scene, terrainImport);
        if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
            int mode = p3.active ? 1 : 0;
            ImGui::RadioButton("map", &mode, 0);
            ImGui::SameLine();
            ImGui::RadioButton("3D (V)", &mode, 1);
            p3.active = mode == 1;
            if (ImGui::Checkbox("vsync", &vsync)) SDL_GL_SetSwapInterval(vsync ? 1 : 0);
            float scale = scaleControl.scale();
            if (ImGui::SliderFloat(scaleControl.adaptive() ? "render scale (auto)" : "render scale", &scale,
                                   RenderScaleControl::kMinScale, 1.0f, "%.2f"))
                scaleControl.set(scale);
            if (p3.active) {
                ImGui::Checkbox("shadows", &p3.settings.shadows);
                ImGui::SameLine();
                ImGui::Checkbox("detail normals", &p3.settings.normalMaps);
                ImGui::SameLine();
                ImGui::Checkbox("foam", &p3.settings.foam);
                ImGui::SliderFloat3("absorption (1/m)", &p3.settings.absorptionPerM.x, 0.0f, 2.0f, "%.2f");
                ImGui::ColorEdit3("scatter", &p3.settings.scatterColor.x);
                ImGui::Combo("overlay", &p3.settings.overlay, render::kOverlayComboItems);
                if (ImGui::Checkbox("interpolate between steps", &interpolate)) simState.previousValid = false;
            } else {
                ImGui::SliderFloat("relief shading", &view->style.reliefExaggeration, 0.0f, 20.0f, "%.1f");
            }
        }
        const bool recordToggled = recordSection(recording);
        FrameStats stats{simTimer.milliseconds(), renderTimer.milliseconds(),
                         p3.active && p3.renderer ? &p3.renderer->lastStats() : nullptr};
        statsSection(stats);
        ImGui::PopItemWidth();
        ImGui::End();
        ImGui::Render();
        req.reset |= panel.reset;
        if (panel.fitView) {
            view->resetCamera();
            p3.camera.frame(float(scene->width) * scene->cellSizeM, float(scene->height) * scene->cellSizeM, minBed, maxBed);
        }

        // Overlays: the brush ring under the cursor and the source/drain markers.
        const bool brushTool = tools.tool != Tool::PlaceSource && tools.tool != Tool::PlaceDrain && tools.tool != Tool::MoveSelected;
        view->brushX = cellX;
        view->brushY = cellY;
        view->brushRadius = overWorld ? (brushTool ? tools.radiusCells : tools.radiusCells * 0.5f) : 0.0f;
        view->markers.clear();
        for (int list = 0; list < 2; ++list) {
            const auto& v = list == 0 ? simState.solver->sources() : simState.solver->drains();
            for (int i = 0; i < int(v.size()); ++i) {
                const bool selected = tools.selection.isDrain == (list == 1) && tools.selection.index == i;
                const sim::Emitter& em = v[std::size_t(i)];
                view->markers.push_back({em.x, em.y, em.radiusCells, selected ? 2.0f : (list == 0 ? 1.0f : -1.0f)});
            }
        }
        // The same overlays in the 3-D view, in world metres.
        const float dx = scene->cellSizeM;
        p3.settings.brushRing = glm::vec3(cellX * dx, cellY * dx, view->brushRadius * dx);
        p3.settings.markers.clear();
        for (const MapView::Marker& m : view->markers)
            p3.settings.markers.emplace_back(m.x * dx, m.y * dx, std::max(m.radius * dx, 1.5f * dx), m.kind);

        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        if (p3.active && !p3.renderer) {
            auto created = render::SceneRenderer::create();
            if (!created) {
                std::cerr << "error: " << created.error().message << "\n";
                p3.active = false;
            } else {
                p3.renderer = std::move(*created);
                p3.probe = std::make_unique<gl::DepthProbe>();
            }
        }
        renderTimer.begin();
        // A/B side by side: each run in its half of the window; otherwise one view (the difference
        // map compares B with A in one picture).
        const bool split = simState.runB && compare.mode == 0;
        const int viewW = split ? std::max(1, drawW / 2) : drawW;
        if (split) split2.ensure(viewW, drawH);
        const float renderScale = scaleControl.scale();
        p3.settings.renderScale = renderScale;
        const int probeX = int(float(mouse.x) * pixelScale) % viewW;
        for (int half = 0; half < (split ? 2 : 1); ++half) {
            const sim::GpuSolver& g = half == 0 ? *simState.solver : *simState.runB;
            const GLuint target = split ? split2.framebuffer(half) : 0;
            glBindFramebuffer(GL_FRAMEBUFFER, target);
            if (p3.active) {
                render::RenderInputs in = render::solverInputs(g);
                const float blend = half == 0 && interpolate ? simState.blend() : -1.0f;
                if (blend >= 0.0f) {  // the surface between the last two states (fixed steps, any frame rate)
                    in.previousDepth = &simState.previousDepth.buffer();
                    in.blend = blend;
                }
                if (half == 0 && history) in.history = history.get();
                p3.renderer->render(in, p3.camera, p3.settings, viewW, drawH, target);
            } else {
                const bool difference = simState.runB && compare.mode == 1;
                const bool scaled = renderScale < 1.0f;
                if (scaled) {
                    mapTarget.ensure(viewW, drawH, renderScale);
                    glBindFramebuffer(GL_FRAMEBUFFER, mapTarget.framebuffer());
                }
                view->draw(viewW, drawH, g.terrainBuffer(), g.depthBuffer(),
                           difference ? &simState.runB->depthBuffer() : nullptr, compare.differenceScaleM, renderScale);
                if (scaled) mapTarget.present(target, viewW, drawH);
            }
        }
        if (p3.active) {
            // Queue the depth under the cursor; it is unprojected a frame or two later (no stall).
            p3.invViewProj[std::size_t(frame % 8)] = glm::inverse(p3.camera.projection(float(viewW) / float(drawH)) * p3.camera.view());
            // The depth target has the renderer's internal size: scale the cursor's pixel to it.
            const render::RenderStats& rs = p3.renderer->lastStats();
            const float toInternal = float(rs.internalHeightPx) / float(drawH);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, p3.renderer->depthFramebuffer());
            p3.probe->request(std::min(int(float(probeX) * toInternal), rs.internalWidthPx - 1),
                              std::min(int(float(drawH - 1 - int(float(mouse.y) * pixelScale)) * toInternal),
                                       rs.internalHeightPx - 1),
                              std::uint64_t(frame));
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        }
        if (split) split2.present();
        renderTimer.end();
        auto captureFrame = [&]() {
            if (!recorder) return;
            if (drawW != recordW || drawH != recordH) return stopRecording(" - stopped: the window was resized");
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
            glReadBuffer(GL_BACK);
            if (auto ok = recorder->pushFrame(0); !ok) {
                recording.failed = true;
                recording.message = ok.error().message;
                recorder.reset();  // no finish(): the partial video is discarded
                recording.active = false;
                simState.fixedStepsPerFrame = 0;
                return;
            }
            recording.frames = recorder->framesPushed();
        };
        if (!recording.withPanels) captureFrame();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        if (recording.withPanels) captureFrame();

        // The frame drawn after a quit request is the last one too, so --screenshot works without --frames.
        const bool lastFrame = req.quit || (*frames > 0 && frame >= *frames);
        glReadBuffer(GL_BACK);
        if (req.screenshot) {
            const auto path = nextScreenshotPath();
            if (auto saved = saveScreenshot(path, drawW, drawH); !saved) std::cerr << "error: " << saved.error().message << "\n";
            else std::cout << "saved " << path.string() << "\n";
        }
        if (lastFrame && !screenshotPath.empty()) {
            if (auto saved = saveScreenshot(screenshotPath, drawW, drawH); !saved) {
                std::cerr << "error: " << saved.error().message << "\n";
                exitCode = kExitWriteFailed;
            }
        }
        SDL_GL_SwapWindow(wc.window);
        running = !lastFrame;

        if (req.reset) {
            simState.apply(sim::ResetRun{});
            if (history) history->reset(simState.solver->counters().timeSeconds);
        }
        if (recordToggled && recorder) {
            stopRecording("");
        } else if (recordToggled) {
            startRecording(drawW, drawH);
        }
        const std::string title = "Sluice - " + scene->name + (simState.modified() ? " *" : "") + " (" +
                                  std::to_string(scene->width) + " x " + std::to_string(scene->height) + ")" +
                                  (files.currentPath.empty() ? "" : "  " + files.currentPath);
        if (title != windowTitle) SDL_SetWindowTitle(wc.window, (windowTitle = title).c_str());
    }

    if (args.has("--print-fps")) {
        if (fpsFrames > 0) {
            const double ms = std::chrono::duration<double, std::milli>(last - fpsStart).count() / double(fpsFrames);
            std::printf("frames %lld..%lld: mean %.1f ms per frame (%.1f fps), %s view, %d x %d px, render scale %.2f%s, "
                        "grid %d x %d, renderer: %s\n",
                        kWarmupFrames + 1, kWarmupFrames + fpsFrames, ms, 1000.0 / ms, p3.active ? "3-D" : "map",
                        lastDrawW, lastDrawH, double(scaleControl.scale()),
                        scaleControl.adaptive() ? " (auto)" : "", scene->width, scene->height,
                        glRenderer ? glRenderer : "?");
        } else {
            std::printf("frames: too few to measure (more than %lld needed)\n", kWarmupFrames + 1);
        }
    }
    if (!logPath.empty()) {
        if (auto w = sim::writeSessionLog(logPath, *simState.session, scene->name, cameraPose()); !w) {
            std::cerr << "error: " << w.error().message << "\n";
            exitCode = kExitWriteFailed;
        }
    }
    stopRecording("");
    if (autosave) autosave->finish();

    if (!dumpDir.empty()) {
        if (auto dumped = dumpState(*simState.solver, simState.runB.get(), dumpDir); !dumped) {
            std::cerr << "error: " << dumped.error().message << "\n";
            exitCode = kExitWriteFailed;
        }
    }

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    return exitCode;
}

}  // namespace sluice::app

// `sluice [SCENE]`: the interactive viewer. An SDL2 window with a GL 4.5 context, the GPU solver
// stepping in real time (fixed steps of params.dtSeconds, `speed` simulated seconds per real second),
// the map view of app/window/map_view.hpp and an ImGui panel to steer the run.
#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/cli_args.hpp"
#include "app/cli_common.hpp"
#include "app/verbs.hpp"
#include "app/window/map_view.hpp"
#include "app/window/screenshot.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::app {

namespace {

const char* kUsage =
    "usage: sluice [SCENE.json | builtin:NAME[:SIZE]] [--frames N] [--screenshot PATH.png] [--speed X]\n"
    "  --frames N           quit after N frames (scripted runs, tests)\n"
    "  --screenshot PATH    save the last frame as a PNG\n"
    "  --speed X            simulated seconds per real second at start (default 1)\n"
    "keys: Space pause, S single step, R reset, F12 screenshot, Esc quit; wheel zooms, middle/right drag pans\n";

using Clock = std::chrono::steady_clock;

/// Real time the simulation may take per frame (seconds): beyond it the run falls behind `speed`
/// instead of dragging the frame rate down (and never spirals: the backlog is dropped).
constexpr double kMaxStepWorkSeconds = 0.050;
/// Longest frame the accumulator believes (seconds), so a stall (window drag, breakpoint) does not
/// turn into a burst of catch-up steps.
constexpr double kMaxFrameSeconds = 0.25;
/// The ledger and the Courant number read back from the GPU; refresh them this often (seconds).
constexpr double kStatsPeriodSeconds = 0.25;
/// Millimetres per hour in one metre per second, for the rain/evaporation sliders.
constexpr float kMmPerHourPerMPerS = 3.6e6f;

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

/// The running simulation and the clock that drives it.
struct Simulation {
    const sim::Scene* scene = nullptr;
    std::unique_ptr<sim::GpuSolver> solver;
    double backlogSeconds = 0;  // simulated time owed to the wall clock, < one step after each frame
    float speed = 1.0f;         // simulated seconds per real second
    bool paused = false;
    bool behind = false;        // the last frame hit kMaxStepWorkSeconds
    sim::Ledger ledger;
    float courant = 0;
    Clock::time_point statsTime{};

    /// New solver from the scene, keeping the user's parameters when there is a previous one.
    Result<void> reset() {
        auto created = sim::GpuSolver::create(*scene);
        if (!created) return Error{scene->name + ": " + created.error().message};
        if (solver) (*created)->setParams(solver->params());
        solver = std::move(*created);
        backlogSeconds = 0;
        refreshStats(Clock::now());
        return {};
    }

    void refreshStats(Clock::time_point now) {
        ledger = solver->ledger();
        courant = solver->counters().steps > 0 ? solver->lastCourant() : 0.0f;
        statsTime = now;
    }

    /// Advances by speed * frameSeconds of simulated time in whole steps, within the work budget.
    void advance(double frameSeconds) {
        behind = false;
        if (paused) return;
        const double dt = solver->params().dtSeconds;
        backlogSeconds += double(speed) * std::min(frameSeconds, kMaxFrameSeconds);
        const auto start = Clock::now();
        while (backlogSeconds >= dt) {
            if (std::chrono::duration<double>(Clock::now() - start).count() > kMaxStepWorkSeconds) {
                behind = true;
                backlogSeconds = 0;  // drop what cannot be done in real time
                break;
            }
            solver->step(float(dt));
            backlogSeconds -= dt;
        }
    }
};

/// The "Simulation" panel. Returns true when the user asked for a reset.
bool drawPanel(Simulation& s, MapView& view) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::Begin("Simulation", nullptr, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::PushItemWidth(170);  // pixels; the labels carry units, so leave them room
    sim::SimParams p = s.solver->params();
    const sim::SimParams before = p;
    float rainMmH = p.rainMPerS * kMmPerHourPerMPerS, evaporationMmH = p.evaporationMPerS * kMmPerHourPerMPerS;
    const auto clampLog = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic;
    ImGui::SliderFloat("dt (s)", &p.dtSeconds, 0.005f, 0.5f, "%.3f", clampLog);
    ImGui::SliderFloat("gravity (m/s2)", &p.gravity, 0.5f, 30.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderFloat("friction (1/s)", &p.friction, 0.0f, 0.95f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderFloat("viscosity (m2/s)", &p.viscosity, 0.0f, 10.0f, "%.4f", clampLog);
    ImGui::SliderFloat("rain (mm/h)", &rainMmH, 0.0f, 500.0f, "%.1f", clampLog);
    ImGui::SliderFloat("evaporation (mm/h)", &evaporationMmH, 0.0f, 500.0f, "%.1f", clampLog);
    p.rainMPerS = rainMmH / kMmPerHourPerMPerS;
    p.evaporationMPerS = evaporationMmH / kMmPerHourPerMPerS;
    // SimParams is plain floats and ints without padding, so a byte compare spots any slider edit.
    if (std::memcmp(&p, &before, sizeof p) != 0) s.solver->setParams(p);

    ImGui::SliderFloat("speed (x real time)", &s.speed, 0.1f, 200.0f, "%.2f", clampLog);
    if (ImGui::Button(s.paused ? "Run" : "Pause")) s.paused = !s.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step")) {
        s.paused = true;
        s.solver->step(p.dtSeconds);
    }
    ImGui::SameLine();
    const bool reset = ImGui::Button("Reset");
    ImGui::SameLine();
    if (ImGui::Button("Fit view")) view.resetCamera();
    ImGui::SliderFloat("relief shading", &view.style.reliefExaggeration, 0.0f, 20.0f, "%.1f");

    ImGui::Separator();
    const sim::RunCounters& c = s.solver->counters();
    ImGui::Text("time %.1f s, %lld steps%s", c.timeSeconds, static_cast<long long>(c.steps),
                s.behind ? "  (slower than requested)" : "");
    ImGui::Text("substeps last step %d, Courant %.3f", c.lastSubsteps, double(s.courant));
    ImGui::Text("volume   %.6g m3", s.ledger.volumeM3);
    ImGui::Text("added    %.6g m3", s.ledger.addedM3);
    ImGui::Text("removed  %.6g m3", s.ledger.removedM3);
    ImGui::Text("residual %.3g m3", s.ledger.residual());
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::Text("%.1f FPS, %.2f ms/frame", double(io.Framerate), io.Framerate > 0 ? 1000.0 / double(io.Framerate) : 0.0);
    ImGui::PopItemWidth();
    ImGui::End();
    return reset;
}

/// What the user asked for this frame besides immediate camera and pause changes.
struct FrameRequests {
    bool quit = false;
    bool reset = false;
    bool screenshot = false;
};

/// Applies one SDL event after ImGui has seen it. `pixelScale` is drawable pixels per window unit
/// (HiDPI), `drawH` the drawable height: SDL's mouse y grows downwards, the map's upwards.
void handleEvent(const SDL_Event& e, float pixelScale, int drawH, Simulation& s, MapView& view, FrameRequests& req) {
    const ImGuiIO& io = ImGui::GetIO();
    if (e.type == SDL_QUIT) req.quit = true;
    if (e.type == SDL_MOUSEWHEEL && !io.WantCaptureMouse) {
        int mx = 0, my = 0;
        SDL_GetMouseState(&mx, &my);
        view.zoomAt(float(mx) * pixelScale, float(drawH) - float(my) * pixelScale, std::pow(1.15f, float(e.wheel.y)));
    }
    if (e.type == SDL_MOUSEMOTION && !io.WantCaptureMouse && (e.motion.state & (SDL_BUTTON_MMASK | SDL_BUTTON_RMASK)))
        view.panPixels(float(e.motion.xrel) * pixelScale, -float(e.motion.yrel) * pixelScale);
    if (e.type != SDL_KEYDOWN || io.WantCaptureKeyboard || e.key.repeat) return;
    switch (e.key.keysym.sym) {
        case SDLK_ESCAPE: req.quit = true; break;
        case SDLK_SPACE: s.paused = !s.paused; break;
        case SDLK_s:
            s.paused = true;
            s.solver->step(s.solver->params().dtSeconds);
            break;
        case SDLK_r: req.reset = true; break;
        case SDLK_F12: req.screenshot = true; break;
        default: break;
    }
}

}  // namespace

int runViewer(int argc, char** argv) {
    CliArgs args = CliArgs::parse(argc, argv, 1, {});
    if (auto ok = args.check({"--frames", "--screenshot", "--speed"}); !ok || args.positional.size() > 1) {
        std::cerr << "sluice: " << (ok ? "expected at most one SCENE" : ok.error().message) << "\n" << kUsage;
        return kExitUsage;
    }
    auto frames = args.integer("--frames", 0, 1, 1LL << 40);
    if (!frames) {
        std::cerr << "sluice: " << frames.error().message << "\n";
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
    const std::string screenshotPath = args.get("--screenshot").value_or("");

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
    if (!scene) {
        // The default scene at a size the renderer can step in real time.
        const char* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
        const bool software = renderer && std::strstr(renderer, "llvmpipe");
        scene = sim::defaultScene(software ? 256 : 1024);
    }
    SDL_SetWindowTitle(wc.window, ("Sluice - " + scene->name + " (" + std::to_string(scene->width) + " x " +
                                   std::to_string(scene->height) + ")").c_str());

    Simulation simState;
    simState.scene = &*scene;
    simState.speed = speed;
    if (auto r = simState.reset(); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }
    const auto [minIt, maxIt] = std::minmax_element(scene->terrainM.begin(), scene->terrainM.end());
    auto mapView = MapView::create(scene->width, scene->height, scene->cellSizeM, *minIt, *maxIt);
    if (!mapView) {
        std::cerr << "error: " << mapView.error().message << "\n";
        return kExitNoGpu;
    }
    MapView& view = *mapView;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini dropped into whatever directory we run in
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForOpenGL(wc.window, wc.context);
    ImGui_ImplOpenGL3_Init("#version 430 core");

    int exitCode = kExitOk;
    bool running = true;
    auto last = Clock::now();
    for (long long frame = 1; running; ++frame) {
        const auto now = Clock::now();
        const double frameSeconds = std::chrono::duration<double>(now - last).count();
        last = now;

        int winW = 1, winH = 1, drawW = 1, drawH = 1;
        SDL_GetWindowSize(wc.window, &winW, &winH);
        SDL_GL_GetDrawableSize(wc.window, &drawW, &drawH);
        const float pixelScale = float(drawW) / float(std::max(winW, 1));
        FrameRequests req;
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            handleEvent(e, pixelScale, drawH, simState, view, req);
        }

        simState.advance(frameSeconds);
        if (now - simState.statsTime > std::chrono::duration<double>(kStatsPeriodSeconds)) simState.refreshStats(now);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        ImGui::NewFrame();
        req.reset = drawPanel(simState, view) || req.reset;
        ImGui::Render();

        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        view.draw(drawW, drawH, simState.solver->terrainBuffer(), simState.solver->depthBuffer());
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

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
            if (auto r = simState.reset(); !r) std::cerr << "error: " << r.error().message << "\n";
        }
    }

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    return exitCode;
}

}  // namespace sluice::app

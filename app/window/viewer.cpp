// `sluice [SCENE]`: the interactive viewer. An SDL2 window with a GL 4.5 context, the GPU solver
// stepping in real time (fixed steps of params.dtSeconds, `speed` simulated seconds per real second),
// the map or 3-D view and an ImGui sidebar to steer the run. This file holds start-up and the frame
// loop; the rest of app/window/ holds one concern each: options (viewer_options), the window
// (window_context), shared state (viewer_state), input and picking (viewer_input), drawing
// (viewer_draw), File/Edit actions (file_actions), autosave and crash recovery (crash_recovery), A/B
// (ab_compare) and recording (window_recording).
#include <SDL.h>
#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <iostream>
#include <string>
#include <utility>

#include "app/cli/args.hpp"
#include "app/cli/common.hpp"
#include "app/cli/verbs.hpp"
#include "app/window/ab_compare.hpp"
#include "app/window/bodies_panel.hpp"
#include "app/window/body_outlines.hpp"
#include "app/window/camera_control.hpp"
#include "app/window/compare_view.hpp"
#include "app/window/close_prompt.hpp"
#include "app/window/crash_recovery.hpp"
#include "app/window/erosion_panel.hpp"
#include "app/window/file_actions.hpp"
#include "app/window/legend_view.hpp"
#include "app/window/render_scale.hpp"
#include "app/window/screenshot.hpp"
#include "app/window/user_dirs.hpp"
#include "app/window/viewer_draw.hpp"
#include "app/window/viewer_input.hpp"
#include "app/window/viewer_options.hpp"
#include "app/window/viewer_state.hpp"
#include "app/window/window_context.hpp"
#include "app/window/window_recording.hpp"
#include "gl/gpu_timer.hpp"
#include "gl/renderer_info.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "render/scaled_target.hpp"
#include "render/solver_inputs.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/presets.hpp"
#include "sim/session_log.hpp"
#include "sim/terrain_import.hpp"

namespace sluice::app {

namespace {

/// Starting resolution of the views on a software renderer (llvmpipe), as a fraction of the window's:
/// shading there costs per pixel, and half the resolution in each direction is a quarter of the
/// pixels. RenderScaleControl adapts it from there.
constexpr float kSoftwareRenderScale = 0.5f;

/// The ledger and the Courant number read back from the GPU; refresh them this often (seconds).
constexpr double kStatsPeriodSeconds = 0.25;

/// --print-fps ignores this many frames at the start (shader compilation, first uploads).
constexpr long long kWarmupFrames = 10;

/// Applies --preset NAME at start; false (message on stderr) when it cannot be read.
bool applyStartPreset(ViewerState& v, const std::string& name) {
    auto loaded = v.presets.dir.empty() ? Result<sim::SimParams>(Error{"no config directory for presets"})
                                        : sim::loadPreset(v.presets.dir, name, v.sim.solver->params());
    if (!loaded) {
        std::cerr << "error: " << loaded.error().message << "\n";
        return false;
    }
    v.sim.apply(sim::SetParams{*loaded});
    v.presets.reference = *loaded;
    v.presets.active = name;
    return true;
}

/// Presets live in <config dir>/presets (created on demand); without a config directory they are off.
void findPresets(ViewerState& v) {
    v.presets.reference = v.sim.solver->params();
    v.presets.active = "scene";
    if (auto config = userConfigDir()) {
        std::error_code ec;
        std::filesystem::create_directories(*config / "presets", ec);
        v.presets.dir = (*config / "presets").string();
    }
}

/// The sidebar, one section per task. Returns what it asked of the frame loop and where it is (the
/// views take the free area beside it).
struct SidebarOutcome {
    PanelRequests panel;
    CameraRequests camera;
    bool recordToggled = false;
    bool vsyncToggled = false;
    SidebarPlacement placement;
};
SidebarOutcome drawSidebar(ViewerState& v, RenderScaleControl& scale, WindowRecorder& recorder, const FrameStats& stats) {
    SidebarOutcome out;
    ImGui::SetNextWindowPos(ImVec2(10, 30), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(380, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("Sluice");
    ImGui::PushItemWidth(170);
    simulationSection(v.sim, out.panel, v.presets);
    toolsSection(v.tools, v.sim.session->solver().hasErosionState());
    emittersSection(v.sim, v.tools);
    bodiesSection(v.sim, v.tools);
    ledgerSection(v.sim);
    erosionSection(v.sim, v.presets.reference);
    compareSection(v.sim, v.compare);
    terrainSection(v.sim, v.scene, v.terrainImport);
    out.vsyncToggled = viewSection({v.p3.active, v.vsync, scale, v.p3.settings, v.interpolate, v.map->style, v.p3.control, out.camera}, v.sim);
    out.recordToggled = recordSection(recorder.state);
    statsSection(stats);
    ImGui::PopItemWidth();
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    out.placement = {WindowRect{pos.x, pos.y, size.x, size.y}, ImGui::IsWindowCollapsed()};
    ImGui::End();
    return out;
}

}  // namespace

int runViewer(int argc, char** argv) {
    ViewerOptions opt;
    if (int code = parseViewerOptions(argc, argv, opt); code != kExitOk || opt.helpShown) return code;

    // A scene named on the command line is loaded before any window opens: a typo fails fast.
    std::optional<sim::Scene> scene;
    if (opt.scene) {
        auto loaded = loadSceneArgument(*opt.scene);
        if (!loaded) {
            std::cerr << "error: " << loaded.error().message << "\n";
            return kExitBadInput;
        }
        scene = std::move(*loaded);
    }

    if (opt.heightmap) {  // the file is read once the grid is known; a missing one fails before the window
        std::error_code ec;
        if (!std::filesystem::is_regular_file(opt.heightmap->file, ec)) {
            std::cerr << "error: --heightmap: " << opt.heightmap->file << ": no such file\n";
            return kExitBadInput;
        }
    }

    WindowContext wc;  // declared before every GL object so that it is destroyed after them
    if (auto opened = openWindow(wc, "Sluice"); !opened) {
        std::cerr << "error: " << opened.error().message << "\n";
        return kExitNoGpu;
    }
    const char* glRenderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const bool software = gl::isSoftwareRenderer();
    auto state = std::make_unique<ViewerState>();  // holds GL objects: after the window
    ViewerState& v = *state;
    // The default world (and the Worlds menu's) at a size the renderer can step in real time.
    const int worldSize = software ? 256 : 1024;
    v.scene = scene ? std::move(*scene) : sim::defaultScene(worldSize);
    v.files.worldSize = worldSize;
    if (opt.heightmap) {
        // Without MIN:MAX a RAW16 takes its sidecar's range (importTerrain reads min >= max so), a PNG 0..50 m.
        const bool raw = opt.heightmap->file.ends_with(".r16") || opt.heightmap->file.ends_with(".raw");
        const bool sidecar = raw && !opt.heightmap->rangeGiven;
        auto heights = sim::importTerrain(opt.heightmap->file, v.scene.width, v.scene.height,
                                          sidecar ? 0.0f : opt.heightmap->minM, sidecar ? 0.0f : opt.heightmap->maxM);
        if (!heights) {
            std::cerr << "error: " << heights.error().message << "\n";
            return kExitBadInput;
        }
        v.scene.terrainM = std::move(*heights);
    }
    v.sim.scene = &v.scene;
    v.sim.speed = opt.speed;
    v.sim.timeLapse = opt.timeLapse;
    v.sim.stepsPerFrameOption = opt.stepsPerFrame;
    v.sim.fixedStepsPerFrame = opt.stepsPerFrame;
    // The file dialog's "world's folder": where a scene named on the command line lives.
    if (opt.scene && opt.scene->rfind("builtin:", 0) != 0) v.files.worldPath = *opt.scene;
    v.sim.backend = opt.backend == "cpu" ? SimBackend::Cpu : opt.backend == "gpu" ? SimBackend::Gpu : fasterBackend(software);
    if (auto r = v.sim.start(false); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }
    if (!v.sim.bodiesProblem.empty()) {
        std::cerr << "warning: " << v.sim.bodiesProblem << "\n";
        v.files.status = v.sim.bodiesProblem;
    }
    if (auto r = v.adoptScene(); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }
    v.frameCamera();
    findPresets(v);
    if (!opt.preset.empty() && !applyStartPreset(v, opt.preset)) return kExitBadInput;
    if (opt.abParams)
        if (int code = startComparison(v, *opt.abParams); code != kExitOk) return code;
    v.compare.mode = opt.abView;
    if (v.scene.resume && opt.scene) v.files.currentPath = *opt.scene;
    FileRequest startRequest = startAutosave(v, opt.autosaveSeconds, opt.restoreAutosave);
    // A GPU draws the 3-D view in real time; a software renderer (llvmpipe) starts on the map.
    v.p3.active = opt.start3d || (!software && !opt.startMap);
    RenderScaleControl scaleControl(opt.renderScale > 0 ? float(opt.renderScale) : (software ? kSoftwareRenderScale : 1.0f),
                                    opt.renderScale <= 0 && software);
    render::ScaledTarget mapTarget;  // the map below render scale 1
    if (auto t = render::ScaledTarget::create()) {
        mapTarget = std::move(*t);
    } else {
        std::cerr << "error: " << t.error().message << "\n";
        return kExitNoGpu;
    }
    // --print-fps: frame start times after the warm-up frames.
    Clock::time_point fpsStart{};
    long long fpsFrames = 0;
    int lastDrawW = 0, lastDrawH = 0;
    gl::GpuTimer simTimer, renderTimer;
    ScriptPointer scriptPointer;
    int lastCompareMode = v.compare.mode;  // last frame's, for reconcileCompareView
    bool lastView3d = v.p3.active;

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini dropped into whatever directory we run in
    ImGui::StyleColorsDark();
    ImGui_ImplSDL2_InitForOpenGL(wc.window, wc.context);
    ImGui_ImplOpenGL3_Init("#version 430 core");

    WindowRecorder recorder;
    // --record starts with the first frame, once the views are laid out (a world-only recording
    // captures their area).
    bool recordFromStart = !opt.recordPath.empty();
    // Without a saved view the 3-D camera fits the world to its pane once the pane is laid out.
    bool fitOnFirstFrame = !v.scene.camera;
    if (recordFromStart) std::snprintf(recorder.state.path, sizeof recorder.state.path, "%s", opt.recordPath.c_str());
    int exitCode = kExitOk;
    std::string windowTitle;
    bool running = true;
    auto last = Clock::now();
    double drawSeconds = 0;                // the last frame's drawing of the views (render scale)
    std::optional<SidebarPlacement> sidebarPlacement;  // as of the last frame (none before the first)
    for (long long frame = 1; running; ++frame) {
        const auto now = Clock::now();
        const double frameSeconds = std::chrono::duration<double>(now - last).count();
        // The last frame's times. In time-lapse the scale holds still: the pacer sizes the
        // simulation's share of each frame to the drawing, so a slow frame there is the simulation's
        // by design, and shrinking the views would only hand it more.
        if (frame > 1 && !v.sim.timeLapse) scaleControl.frame({frameSeconds, drawSeconds});
        if (frame == kWarmupFrames + 1) fpsStart = now;
        if (frame > kWarmupFrames + 1) fpsFrames = frame - kWarmupFrames - 1;
        last = now;

        int winW = 1, winH = 1, drawW = 1, drawH = 1;
        SDL_GetWindowSize(wc.window, &winW, &winH);
        SDL_GL_GetDrawableSize(wc.window, &drawW, &drawH);
        lastDrawW = drawW;
        lastDrawH = drawH;
        // Where the views go: the free area beside the sidebar as it was last drawn; redone once this
        // frame's sidebar is drawn (it may have moved, or the comparison started or stopped).
        auto layoutViews = [&] {
            v.layout = ViewLayout::compute(winW, winH, drawW, drawH, v.files.menuBarHeight,
                                           sidebarPlacement ? &*sidebarPlacement : nullptr,
                                           v.sim.runB && v.compare.mode == 0 ? 2 : 1);
        };
        layoutViews();
        FrameRequests req;
        FileRequest fileReq = std::exchange(startRequest, FileRequest{});
        pushScriptEvents(opt.script, frame, scriptPointer);
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            ImGui_ImplSDL2_ProcessEvent(&e);
            handleEvent(e, v, req, fileReq);
        }
        // A close request (window button, Esc) quits at once only when nothing is unsaved; otherwise
        // the prompt opens. The --frames limit below is no user's request and ends the run regardless.
        bool quit = req.quit && requestClose(v);
        performFileRequest(v, fileReq);

        // Tools act on the world under the cursor while the left button is held outside the panels;
        // edits land between steps, before this frame's simulation.
        if (v.p3.active) updateCamera(v, frameSeconds);
        const CursorPick cursor = pickUnderCursor(v);
        applyToolUnderCursor(v, cursor, frameSeconds);

        simTimer.begin();
        v.sim.advance(frameSeconds);
        if (v.p3.active && render::overlayNeedsHistory(v.p3.settings.overlay)) {
            if (!v.history) {
                if (auto h = render::WaterHistory::create()) v.history = std::move(*h);
                else std::cerr << "error: " << h.error().message << "\n";
            }
            v.sim.syncMirrors();
            if (v.history) v.history->update(v.sim.drawInputs(0), v.sim.solver->counters().timeSeconds);
        }
        simTimer.end();
        if (now - v.sim.statsTime > std::chrono::duration<double>(kStatsPeriodSeconds)) v.sim.refreshStats(now);
        if (v.autosave) v.autosave->tick(v.sim, v.scene.name, v.cameraPose(), savedBookmarks(v.p3.control), now);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        if (!opt.script.empty()) {
            // The SDL backend polls the real pointer; a scripted run drives the panels with its own.
            ImGuiIO& io = ImGui::GetIO();
            io.MousePos = ImVec2(float(v.mouse.x), float(v.mouse.y));
            for (int b = 0; b < 3; ++b)
                io.MouseDown[b] = v.mouse.buttons & SDL_BUTTON(b == 0 ? SDL_BUTTON_LEFT : b == 1 ? SDL_BUTTON_RIGHT : SDL_BUTTON_MIDDLE);
        }
        ImGui::NewFrame();
        performFileRequest(v, drawFileMenus(v.files, v.sim));
        if (v.autosave && !v.autosave->status().empty() && v.files.status.empty()) v.files.status = v.autosave->status();
        const FrameStats stats{simTimer.milliseconds(), renderTimer.milliseconds(),
                               v.p3.active && v.p3.renderer ? &v.p3.renderer->lastStats() : nullptr};
        const SidebarOutcome sidebar = drawSidebar(v, scaleControl, recorder, stats);
        if (sidebar.vsyncToggled) SDL_GL_SetSwapInterval(v.vsync ? 1 : 0);
        sidebarPlacement = sidebar.placement;
        reconcileCompareView(bool(v.sim.runB), v.compare.mode, v.p3.active, lastCompareMode, lastView3d);
        lastCompareMode = v.compare.mode;
        lastView3d = v.p3.active;
        layoutViews();
        if (fitOnFirstFrame) {
            fitOnFirstFrame = false;
            v.fitCamera();
        }
        if (recordFromStart) {  // the first frame, now that the views have their place
            recordFromStart = false;
            if (!recorder.start(recorder.state.withPanels ? PixelRect{0, 0, drawW, drawH} : v.layout.freePixels(), v.sim))
                return kExitWriteFailed;
        }
        quit |= closePromptFrame(v);
        if (v.sim.runB) {  // which run each pane shows, and what B changes
            const std::string changes = parameterDifferences(v.sim.solver->params(), v.sim.runB->params());
            if (v.compare.mode == 0) {
                drawPaneLabel(v.layout.pane(0), "A");
                drawPaneLabel(v.layout.pane(1), "B: " + changes);
            } else {
                drawPaneLabel(v.layout.pane(0), "B - A (B: " + changes + ")");
                drawDifferenceLegend(v.compare.differenceScaleM, v.layout.free());
            }
        }
        // The 3-D view shows every overlay; the map erosion's (not over the A/B difference map).
        const bool mapOverlay = render::overlayShowsErosion(v.p3.settings.overlay) && !(v.sim.runB && v.compare.mode == 1);
        if (v.p3.active || mapOverlay) {
            const bool history = v.history && v.history->valid();
            if (auto legend = render::overlayLegend(v.p3.settings.overlay, v.p3.settings, history ? v.history->elapsedSeconds() : -1.0))
                drawLegend(*legend, v.layout.free());
        }
        drawBodyFootprints(v);
        ImGui::Render();
        req.reset |= sidebar.panel.reset;
        if (sidebar.panel.fitView) {
            v.map->resetCamera();
            v.fitCamera();
        }
        applyCameraRequests(v, sidebar.camera);

        updateOverlays(v, cursor);
        const auto drawStart = Clock::now();
        renderTimer.begin();
        v.sim.syncMirrors();  // the CPU backend's state after this frame's steps and edits
        drawViews(v, ViewFrame{scaleControl.scale(), frame}, mapTarget);
        renderTimer.end();
        // The render scale answers to the drawing's time, not the frame's (the simulation's share is
        // not the scale's to win back). A CPU rasteriser draws at the next flush: finish here so the
        // cost lands in this stretch, not in the swap or the next frame's simulation. Only the
        // adaptive (software) case pays that wait, and there the CPU would wait at the swap anyway.
        if (scaleControl.adaptive()) glFinish();
        drawSeconds = std::chrono::duration<double>(Clock::now() - drawStart).count();
        const PixelRect recorded = recorder.state.withPanels ? PixelRect{0, 0, drawW, drawH} : v.layout.freePixels();
        if (!recorder.state.withPanels) recorder.capture(recorded, v.sim);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        if (recorder.state.withPanels) recorder.capture(recorded, v.sim);

        // The frame drawn after a quit request is the last one too, so --screenshot works without --frames.
        const bool lastFrame = quit || (opt.frames > 0 && frame >= opt.frames);
        glReadBuffer(GL_BACK);
        if (req.screenshot) {
            const auto path = nextScreenshotPath();
            if (auto saved = saveScreenshot(path, drawW, drawH); !saved) std::cerr << "error: " << saved.error().message << "\n";
            else std::cout << "saved " << path.string() << "\n";
        }
        if (lastFrame && !opt.screenshotPath.empty()) {
            if (auto saved = saveScreenshot(opt.screenshotPath, drawW, drawH); !saved) {
                std::cerr << "error: " << saved.error().message << "\n";
                exitCode = kExitWriteFailed;
            }
        }
        SDL_GL_SwapWindow(wc.window);
        running = !lastFrame;

        if (req.reset) {
            v.sim.apply(sim::ResetRun{});
            if (v.history) v.history->reset(v.sim.solver->counters().timeSeconds);
        }
        const PixelRect toRecord = recorder.state.withPanels ? PixelRect{0, 0, drawW, drawH} : v.layout.freePixels();
        if (sidebar.recordToggled && recorder.recording()) {
            recorder.stop("", v.sim);
        } else if (sidebar.recordToggled) {
            recorder.start(toRecord, v.sim);
        }
        const std::string title = "Sluice - " + v.scene.name + (v.sim.modified() ? " *" : "") + " (" +
                                  std::to_string(v.scene.width) + " x " + std::to_string(v.scene.height) + ")" +
                                  (v.files.currentPath.empty() ? "" : "  " + v.files.currentPath);
        if (title != windowTitle) SDL_SetWindowTitle(wc.window, (windowTitle = title).c_str());
    }

    if (opt.printFps) {
        if (fpsFrames > 0) {
            const double ms = std::chrono::duration<double, std::milli>(last - fpsStart).count() / double(fpsFrames);
            std::printf("frames %lld..%lld: mean %.1f ms per frame (%.1f fps), %s view, %d x %d px, render scale %.2f%s, "
                        "grid %d x %d, simulated on the %s, renderer: %s\n",
                        kWarmupFrames + 1, kWarmupFrames + fpsFrames, ms, 1000.0 / ms, v.p3.active ? "3-D" : "map",
                        lastDrawW, lastDrawH, double(scaleControl.scale()), scaleControl.adaptive() ? " (auto)" : "",
                        v.scene.width, v.scene.height, backendLabel(v.sim.backend), glRenderer ? glRenderer : "?");
        } else {
            std::printf("frames: too few to measure (more than %lld needed)\n", kWarmupFrames + 1);
        }
    }
    if (!opt.logPath.empty()) {
        if (auto w = sim::writeSessionLog(opt.logPath, *v.sim.session, v.scene.name, v.cameraPose()); !w) {
            std::cerr << "error: " << w.error().message << "\n";
            exitCode = kExitWriteFailed;
        }
    }
    recorder.stop("", v.sim);
    if (v.autosave) v.autosave->finish();

    if (!opt.dumpDir.empty()) {
        if (auto dumped = dumpState(v, opt.dumpDir); !dumped) {
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

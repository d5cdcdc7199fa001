#pragma once
// The viewer's sidebar: one ImGui window, one function per section. Panels edit settings or call
// the solver's setters between steps; they never call GL.
#include <string>
#include <vector>

#include "app/window/camera_control.hpp"
#include "app/window/map_view.hpp"
#include "app/window/render_scale.hpp"
#include "app/window/simulation.hpp"
#include "app/window/tools.hpp"
#include "render/scene_renderer.hpp"

namespace sluice::app {

/// GPU and frame timings shown in the Stats section (milliseconds).
struct FrameStats {
    double simulationGpuMs = 0, renderGpuMs = 0;
    const render::RenderStats* passes = nullptr;  ///< the 3-D renderer's per-pass figures, if drawn
};

/// What the sidebar asked the frame loop to do.
struct PanelRequests {
    bool reset = false;
    bool fitView = false;
};

/// Named parameter presets (sim/presets.hpp) in the per-user config directory. `reference` is the
/// preset last applied or saved (the defaults at first); sliders whose value differs from it are
/// highlighted.
struct PresetState {
    std::string dir;                  ///< "" when there is no config directory (presets disabled)
    std::vector<std::string> names;   ///< refreshed when the list opens
    std::string active = "defaults";  ///< name of `reference`
    sim::SimParams reference{};
    char newName[64] = "";
    std::string message;
    bool failed = false;
};

/// Simulation: parameters (with presets), speed, boundaries, pause/step/reset, Courant and substeps.
void simulationSection(Simulation& s, PanelRequests& req, PresetState& presets);
/// Tools: brush kind, radius, strength, falloff; placement settings.
/// The tools; the material tools (paint soft layer, hardness) when the run has erosion state.
void toolsSection(ToolState& t, bool erosionState);
/// Sources and drains: list, select, edit, enable, delete.
void emittersSection(Simulation& s, ToolState& t);
/// Water ledger: figures and plots over time.
void ledgerSection(const Simulation& s);
/// Terrain import settings and the outcome of the last import, shown in the panel.
struct TerrainImportState {
    char path[512] = "";
    float minM = 0.0f, maxM = 50.0f;  ///< height range a PNG's 0..max grey maps to
    std::string message;
    bool failed = false;
};

/// Terrain: import a PNG/.npy heightmap onto the grid (undoable; Reset keeps the terrain).
void terrainSection(Simulation& s, const sim::Scene& scene, TerrainImportState& t);
/// A/B comparison settings (Simulation::runB holds run B).
struct CompareState {
    int mode = 0;                 ///< 0: A and B side by side; 1: one map of the depth difference B - A
    float differenceScaleM = 0.5f;
    std::string message;
};

/// Compare A/B: fork B from A, B's parameters, view mode, both ledgers.
void compareSection(Simulation& s, CompareState& c);
/// The in-app recorder's settings and state (the viewer owns the VideoRecorder).
struct RecordState {
    char path[512] = "sluice-recording.mp4";  ///< .mp4/.mov/.mkv (ffmpeg), DIR/ or frames/%05d.png
    int fps = 30;
    bool withPanels = false;  ///< capture the sidebar too (default: the world only)
    bool active = false;
    long long frames = 0;
    std::string message;
    bool failed = false;
};

/// Record: output, frame rate, start/stop. Returns true when the user pressed Start or Stop.
bool recordSection(RecordState& r);
/// Stats: FPS and GPU time per pass.
void statsSection(const FrameStats& f);

/// What the View section edits: which view, vsync, the render scale and each view's look.
struct ViewPanel {
    bool& view3d;
    bool& vsync;
    RenderScaleControl& scale;
    render::ViewSettings& look;  ///< the 3-D view's
    bool& interpolate;           ///< draw the surface between the last two steps
    MapStyle& mapStyle;
    CameraControl& camera;       ///< the 3-D camera's mode and bookmarks (names edited in place)
    CameraRequests& cameraReq;   ///< mode switches, Home, bookmark store / go / delete asked for
};

/// View: map or 3-D, vsync, render scale, the 3-D camera (mode, Home, bookmarks), the 3-D look and
/// overlays or the map's relief shading.
/// Returns true when vsync was toggled (the caller applies it to the window).
bool viewSection(ViewPanel p, Simulation& s);

}  // namespace sluice::app

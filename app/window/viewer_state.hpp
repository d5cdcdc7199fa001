#pragma once
// Everything the viewer's frame loop, its input handlers and its file actions share: the world being
// edited (scene, simulation session), the two views, the tools, the A/B comparison and the menus.
// One object owned by runViewer (app/window/viewer.cpp); the functions of the other app/window files
// take it by reference.
#include <array>
#include <memory>
#include <optional>

#include <glm/glm.hpp>

#include "app/window/autosave.hpp"
#include "app/window/camera_control.hpp"
#include "app/window/close_prompt.hpp"
#include "app/window/file_menu.hpp"
#include "app/window/map_view.hpp"
#include "app/window/panels.hpp"
#include "app/window/simulation.hpp"
#include "app/window/tools.hpp"
#include "app/window/view_layout.hpp"
#include "app/window/view_panes.hpp"
#include "gl/depth_probe.hpp"
#include "render/camera.hpp"
#include "render/scene_renderer.hpp"
#include "render/water_history.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// The 3-D view: camera, renderer (created on first use), look settings and picking.
struct PerspectiveView {
    bool active = false;
    render::Camera camera;
    CameraControl control;  ///< orbit / fly / walk, bookmarks, a move under way (camera_control)
    std::unique_ptr<render::SceneRenderer> renderer;
    render::ViewSettings settings;
    std::unique_ptr<gl::DepthProbe> probe;
    std::array<glm::mat4, 8> invViewProj{};  ///< by frame number % 8, to unproject late depth reads
    bool havePick = false;
    glm::vec3 pick{0.0f};  ///< world point under the cursor (metres), from a frame or two ago
};

/// Mouse and keys as the event stream reports them (window units, origin top-left). Tracked from
/// events rather than polled, so scripted events drive tools, camera and panels exactly like a user's.
struct MouseState {
    int x = 0, y = 0;
    bool left = false;       ///< a stroke is in progress (the left button went down outside the panels)
    unsigned buttons = 0;    ///< SDL button mask of the buttons held
    std::array<bool, 512> keysHeld{};  ///< by SDL_Scancode (SDL_NUM_SCANCODES is 512)
};

struct ViewerState {
    sim::Scene scene;      ///< the world as opened (sim.scene points here)
    Simulation sim;
    std::optional<MapView> map;  ///< rebuilt with the grid (adoptScene)
    float minBedM = 0, maxBedM = 1;
    PerspectiveView p3;
    ToolState tools;
    TerrainImportState terrainImport;
    CompareState compare;
    ViewLayout layout;     ///< where the views go (the free area beside the sidebar), this frame's
    ViewPanes panes;       ///< the views' offscreen targets, one per pane
    PresetState presets;
    FileUi files;
    ClosePrompt closing;   ///< "Save changes before closing?"
    std::unique_ptr<Autosave> autosave;
    std::unique_ptr<render::WaterHistory> history;  ///< created when a history overlay is first shown
    MouseState mouse;
    bool interpolate = true;  ///< draw the surface between the last two steps
    bool vsync = true;

    /// (Re)builds what depends on the grid: the map view and the bed range. Needs a GL context.
    Result<void> adoptScene();
    /// Puts the 3-D camera where the scene's saved view says, or frames the whole world; takes the
    /// scene's bookmarks and starts in orbit mode.
    void frameCamera();
    /// Frames the whole world in the 3-D pane in orbit mode at its current yaw and pitch: the world's
    /// centre at the view's centre and every corner of the terrain's box (heights times the vertical
    /// exaggeration) in view (render/camera_fit.hpp, render::homeView).
    void fitCamera();
    /// The 3-D camera as the snapshot and log formats store it (an orbit pose in every mode).
    std::optional<sim::ViewPose> cameraPose() const;
};

}  // namespace sluice::app

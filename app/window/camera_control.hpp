#pragma once
// The 3-D view's camera modes (orbit, fly, walk), Home, and the nine view bookmarks (issue 17):
// keys and the View panel call these; the math is render/eye_camera.hpp. The camera is view state,
// not a world command: moving it never marks the world modified. Bookmarks are saved with
// snapshots (sim::ViewBookmark) and come back when one is opened.
#include <array>
#include <optional>
#include <vector>

#include "render/camera.hpp"
#include "render/eye_camera.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

struct ViewerState;

/// One stored view: what Shift+N (or the panel's "go") returns to.
struct CameraBookmark {
    char name[sim::kMaxBookmarkName + 1] = "";  ///< edited in place by the View panel
    render::Camera view;                         ///< pose and lens as stored
    render::CameraMode mode = render::CameraMode::Orbit;
};

/// A move to a bookmarked view (or Home) under way: `seconds` of real time from `from` to `to`,
/// eased; camera keys and the mouse are ignored until it arrives.
struct CameraTransition {
    render::Camera from, to;
    render::CameraMode mode = render::CameraMode::Orbit;  ///< the mode on arrival
    double elapsedSeconds = 0;
};
/// How long a recall (or Home) takes, real seconds.
inline constexpr double kCameraTransitionSeconds = 0.5;

/// The camera's mode, the fly speed, the bookmarks and a move under way (PerspectiveView holds it).
struct CameraControl {
    render::CameraMode mode = render::CameraMode::Orbit;
    float speedFactor = 1.0f;  ///< the wheel in fly and walk modes: x1.25 a notch, 1/16 .. 16
    std::array<std::optional<CameraBookmark>, sim::kBookmarkSlots> bookmarks;  ///< slot N at [N - 1]
    std::optional<CameraTransition> transition;
    float groundUnderEyeM = 0;  ///< last sampled ground under the eye (stored metres), walk mode
    bool groundKnown = false;
};

/// What the View panel asked for this frame (applied by applyCameraRequests).
struct CameraRequests {
    std::optional<render::CameraMode> mode;
    bool home = false;
    int store = 0, recall = 0, remove = 0;  ///< a slot 1..9, 0 for none
};

/// Switches the camera's mode keeping the view: into fly or walk the eye and direction stay (walk
/// then drops the eye to eye height over the ground); back to orbit the target goes in front of the
/// eye, where the view ray meets the ground's level.
void setCameraMode(ViewerState& v, render::CameraMode mode);
/// Home: frames the whole world in orbit mode, from any mode, at the current heading and the
/// default pitch (render::homeView), over kCameraTransitionSeconds.
void goHome(ViewerState& v);
/// Fit view (Simulation panel): as Home but at once and keeping the pitch (clamped into the orbit's range).
void fitWorld(ViewerState& v);
/// Stores the current view in `slot` (1..9), keeping a name it already had ("view N" otherwise).
void storeBookmark(ViewerState& v, int slot);
/// Moves to the view stored in `slot` (1..9) over kCameraTransitionSeconds; nothing if it is empty.
void recallBookmark(ViewerState& v, int slot);
/// Applies the View panel's requests.
void applyCameraRequests(ViewerState& v, const CameraRequests& r);
/// Per frame, before the simulation steps: a move under way advances; otherwise held keys move the
/// camera (orbit: W A S D Q E move the target; fly: W A S D or the arrows along the view and
/// sideways, Q E or PageDown PageUp down and up; walk: the same on the ground), Shift four times
/// faster, by `frameSeconds` of real time (at most 0.1 s a frame), unless ImGui has the keyboard.
/// Walk keeps the eye at eye height over the ground under it each frame (one 2x2-cell read of the
/// bed and the depth: a sync point on the GPU backend, walk mode only).
void updateCamera(ViewerState& v, double frameSeconds);
/// Mouse look in fly and walk modes (a drag with the right button): window units.
void lookWithMouse(ViewerState& v, float dxUnits, float dyUnits);
/// The wheel in fly and walk modes: the speed factor, x1.25 a notch.
void changeEyeSpeed(CameraControl& c, float notches);

/// The camera as an orbit pose (fly and walk: the eye and direction as leaving the mode would give).
sim::ViewPose orbitPose(const ViewerState& v);
/// The bookmarks as snapshots store them, by slot.
std::vector<sim::ViewBookmark> savedBookmarks(const CameraControl& c);
/// Replaces the bookmarks with a world's (slots not in the list are emptied), resets the mode to
/// orbit and drops any move under way: a newly opened world.
void adoptBookmarks(CameraControl& c, const std::vector<sim::ViewBookmark>& list, const render::Camera& lens);

/// The ground under world point (x, y) (stored metres): the bed plus the water on it (or the bed
/// alone when `withWater` is false), bilinear between cell centres, clamped to the grid. Reads 2x2
/// cells of run A's solver.
float groundHeightAt(ViewerState& v, float xM, float yM, bool withWater = true);

}  // namespace sluice::app

#include "app/window/camera_control.hpp"

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iterator>

#include "app/window/viewer_state.hpp"
#include "render/scene_renderer.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::app {

namespace {

using render::CameraMode;

/// The pitch Home frames the world at (render::Camera's default).
constexpr float kHomePitchRad = 0.7f;
/// Mouse look: radians per window unit of drag (orbiting uses 0.006; looking wants finer control).
constexpr float kLookRadPerUnit = 0.004f;

float verticalScale(const ViewerState& v) { return render::SceneRenderer::verticalScale(v.p3.settings); }

render::Footprint footprint(const ViewerState& v) {
    return {float(v.scene.width) * v.scene.cellSizeM, float(v.scene.height) * v.scene.cellSizeM};
}

float worldExtentM(const ViewerState& v) {
    const render::Footprint f = footprint(v);
    return std::max(f.widthM, f.heightM);
}

/// The world's box in drawn space (heights times the exaggeration).
void worldBox(const ViewerState& v, glm::vec3& lo, glm::vec3& hi) {
    const float s = verticalScale(v);
    const render::Footprint f = footprint(v);
    lo = glm::vec3(0.0f, 0.0f, v.minBedM * s);
    hi = glm::vec3(f.widthM, f.heightM, v.maxBedM * s);
}

float paneAspect(const ViewerState& v) {
    const WindowRect pane = v.layout.pane(0);
    return pane.w > 1.0f && pane.h > 1.0f ? pane.w / pane.h : 1.0f;
}

/// Near and far planes for an eye at `eye`: near a fraction of the height above the ground (or the
/// lowest bed), far enough to hold the whole world from there.
void eyeLens(const ViewerState& v, render::Camera& c, float groundM) {
    const float s = verticalScale(v);
    const float above = std::max(c.position().z - groundM * s, 0.0f);
    c.nearM = std::clamp(0.1f * above, 0.1f, 20.0f);
    glm::vec3 lo, hi;
    worldBox(v, lo, hi);
    c.farM = std::max(c.farM, glm::length(c.position() - 0.5f * (lo + hi)) + 2.0f * glm::length(hi - lo));
}

/// Where the orbit target goes on leaving fly or walk: where the view ray meets the level of the
/// ground under the eye (looking down), else a quarter of the world ahead; within [2 m, the world's size].
float targetDistanceAhead(const ViewerState& v, const render::Camera& c, float groundM) {
    const float extent = worldExtentM(v);
    const float pitch = std::clamp(c.pitchRad, render::kOrbitPitchMinRad, render::kOrbitPitchMaxRad);
    const float above = c.position().z - groundM * verticalScale(v);
    const float d = pitch > 0.1f && above > 0.0f ? above / std::sin(pitch) : 0.25f * extent;
    return std::clamp(d, 2.0f, std::max(extent, 2.0f));
}

render::CameraMode modeOf(sim::ViewBookmark::Mode m) {
    return m == sim::ViewBookmark::Mode::Fly ? CameraMode::Fly : m == sim::ViewBookmark::Mode::Walk ? CameraMode::Walk : CameraMode::Orbit;
}
sim::ViewBookmark::Mode savedModeOf(CameraMode m) {
    return m == CameraMode::Fly ? sim::ViewBookmark::Mode::Fly : m == CameraMode::Walk ? sim::ViewBookmark::Mode::Walk : sim::ViewBookmark::Mode::Orbit;
}

sim::ViewPose poseOf(const render::Camera& c) {
    return sim::ViewPose{{c.target.x, c.target.y, c.target.z}, c.yawRad, c.pitchRad, c.distanceM};
}

/// Drops the eye to eye height over the ground under it (walk), inside the footprint.
void walkStep(ViewerState& v, float forwardM, float rightM) {
    CameraControl& c = v.p3.control;
    render::walkMove(v.p3.camera, forwardM, rightM, footprint(v),
                     [&](float x, float y) {
                         c.groundUnderEyeM = groundHeightAt(v, x, y);
                         c.groundKnown = true;
                         return c.groundUnderEyeM;
                     },
                     verticalScale(v));
    eyeLens(v, v.p3.camera, c.groundUnderEyeM);
}

void startTransition(ViewerState& v, const render::Camera& to, CameraMode mode) {
    v.p3.control.transition = CameraTransition{v.p3.camera, to, mode, 0.0};
}

}  // namespace

float groundHeightAt(ViewerState& v, float xM, float yM, bool withWater) {
    const int W = v.scene.width, H = v.scene.height;
    const float dx = v.scene.cellSizeM;
    // Cell centres at (i + 0.5) dx: the 2x2 cells around the point, clamped to the grid.
    const float gx = std::clamp(xM / dx - 0.5f, 0.0f, float(W - 1)), gy = std::clamp(yM / dx - 0.5f, 0.0f, float(H - 1));
    const int x0 = std::min(int(gx), W - 2), y0 = std::min(int(gy), H - 2);
    const float fx = gx - float(x0), fy = gy - float(y0);
    const sim::CellBox box{x0, y0, 2, 2};
    std::uint32_t bed[4], depth[4];
    v.sim.solver->readRegion(sim::Solver::Field::Terrain, box, bed);
    if (withWater) v.sim.solver->readRegion(sim::Solver::Field::Depth, box, depth);
    else std::fill(std::begin(depth), std::end(depth), 0u);
    float surface[4];
    for (int i = 0; i < 4; ++i) {
        float b = 0;
        std::memcpy(&b, &bed[i], sizeof b);
        surface[i] = b + float(double(std::int32_t(depth[i])) * sim::kDepthUnitM);
    }
    const float south = surface[0] + (surface[1] - surface[0]) * fx, north = surface[2] + (surface[3] - surface[2]) * fx;
    return south + (north - south) * fy;
}

void setCameraMode(ViewerState& v, CameraMode mode) {
    CameraControl& c = v.p3.control;
    c.transition.reset();
    if (mode == c.mode) return;
    render::Camera& cam = v.p3.camera;
    const glm::vec3 eye = cam.position();
    const float ground = groundHeightAt(v, eye.x, eye.y);
    if (mode == CameraMode::Orbit) {
        render::leaveEyeMode(cam, targetDistanceAhead(v, cam, ground));
        cam.nearM = std::max(0.1f, 0.001f * cam.distanceM);
    } else {
        // Fly starts at the orbit's eye; walk where the orbit looked (a walker dropped under a far
        // orbit eye would land off the world's edge).
        if (c.mode == CameraMode::Orbit && mode == CameraMode::Walk) render::enterWalkFromOrbit(cam);
        else if (c.mode == CameraMode::Orbit) render::enterEyeMode(cam);
        eyeLens(v, cam, ground);
    }
    c.mode = mode;
    if (mode == CameraMode::Walk) walkStep(v, 0.0f, 0.0f);
}

void goHome(ViewerState& v) {
    glm::vec3 lo, hi;
    worldBox(v, lo, hi);
    startTransition(v, render::homeView(v.p3.camera, lo, hi, paneAspect(v), v.p3.camera.yawRad, kHomePitchRad), CameraMode::Orbit);
}

void fitWorld(ViewerState& v) {
    glm::vec3 lo, hi;
    worldBox(v, lo, hi);
    v.p3.control.transition.reset();
    v.p3.control.mode = CameraMode::Orbit;
    v.p3.camera = render::homeView(v.p3.camera, lo, hi, paneAspect(v), v.p3.camera.yawRad, v.p3.camera.pitchRad);
}

void storeBookmark(ViewerState& v, int slot) {
    if (slot < 1 || slot > sim::kBookmarkSlots) return;
    std::optional<CameraBookmark>& b = v.p3.control.bookmarks[std::size_t(slot - 1)];
    if (!b) {
        b.emplace();
        std::snprintf(b->name, sizeof b->name, "view %d", slot);
    }
    // A move under way is stored where it is headed.
    const CameraControl& c = v.p3.control;
    b->view = c.transition ? c.transition->to : v.p3.camera;
    b->mode = c.transition ? c.transition->mode : c.mode;
    v.files.status = std::string("stored the view in bookmark ") + std::to_string(slot) + " (" + b->name + ")";
}

void recallBookmark(ViewerState& v, int slot) {
    if (slot < 1 || slot > sim::kBookmarkSlots) return;
    const std::optional<CameraBookmark>& b = v.p3.control.bookmarks[std::size_t(slot - 1)];
    if (!b) {
        v.files.status = "bookmark " + std::to_string(slot) + " is empty (Ctrl+" + std::to_string(slot) + " stores the view)";
        return;
    }
    render::Camera to = b->view;
    to.fovYRad = v.p3.camera.fovYRad;
    startTransition(v, to, b->mode);
}

void applyCameraRequests(ViewerState& v, const CameraRequests& r) {
    if (r.mode) setCameraMode(v, *r.mode);
    if (r.home) goHome(v);
    if (r.store) storeBookmark(v, r.store);
    if (r.recall) recallBookmark(v, r.recall);
    if (r.remove >= 1 && r.remove <= sim::kBookmarkSlots) v.p3.control.bookmarks[std::size_t(r.remove - 1)].reset();
}

void updateCamera(ViewerState& v, double frameSeconds) {
    CameraControl& c = v.p3.control;
    const float dt = float(std::clamp(frameSeconds, 0.0, 0.1));
    if (c.transition) {
        CameraTransition& t = *c.transition;
        t.elapsedSeconds += frameSeconds;
        const float u = float(std::min(t.elapsedSeconds / kCameraTransitionSeconds, 1.0));
        v.p3.camera = render::blendViews(t.from, t.to, u);
        if (u < 1.0f) return;
        c.mode = t.mode;
        c.transition.reset();
        if (c.mode == CameraMode::Walk) walkStep(v, 0.0f, 0.0f);
        return;
    }
    const auto& keys = v.mouse.keysHeld;
    const bool typing = ImGui::GetIO().WantCaptureKeyboard;
    auto held = [&](SDL_Scancode a, SDL_Scancode b) { return !typing && (keys[a] || keys[b]) ? 1.0f : 0.0f; };
    if (c.mode == CameraMode::Orbit) {
        if (typing) return;
        const float step = v.p3.camera.distanceM * 0.8f * dt;
        v.p3.camera.moveGround(step * float(keys[SDL_SCANCODE_W] - keys[SDL_SCANCODE_S]),
                               step * float(keys[SDL_SCANCODE_D] - keys[SDL_SCANCODE_A]),
                               step * float(keys[SDL_SCANCODE_E] - keys[SDL_SCANCODE_Q]));
        return;
    }
    const bool fast = held(SDL_SCANCODE_LSHIFT, SDL_SCANCODE_RSHIFT) > 0.0f;
    const float step = render::eyeSpeedMPerS(c.mode, worldExtentM(v), fast) * c.speedFactor * dt;
    const float forward = held(SDL_SCANCODE_W, SDL_SCANCODE_UP) - held(SDL_SCANCODE_S, SDL_SCANCODE_DOWN);
    const float right = held(SDL_SCANCODE_D, SDL_SCANCODE_RIGHT) - held(SDL_SCANCODE_A, SDL_SCANCODE_LEFT);
    const float up = held(SDL_SCANCODE_E, SDL_SCANCODE_PAGEUP) - held(SDL_SCANCODE_Q, SDL_SCANCODE_PAGEDOWN);
    if (c.mode == CameraMode::Walk) {
        walkStep(v, forward * step, right * step);  // every frame: the ground (or the water) moves too
        return;
    }
    if (forward != 0.0f || right != 0.0f || up != 0.0f) {
        render::flyMove(v.p3.camera, forward * step, right * step, up * step);
        // Flying into a hill stops just above it; into water it goes on (the view from under water).
        render::keepAboveBed(v.p3.camera, [&](float x, float y) { return groundHeightAt(v, x, y, false); }, verticalScale(v));
        eyeLens(v, v.p3.camera, v.minBedM);
    }
}

void lookWithMouse(ViewerState& v, float dxUnits, float dyUnits) {
    if (v.p3.control.mode == CameraMode::Orbit || v.p3.control.transition) return;
    render::lookAround(v.p3.camera, kLookRadPerUnit * dxUnits, kLookRadPerUnit * dyUnits);
}

void changeEyeSpeed(CameraControl& c, float notches) { c.speedFactor = std::clamp(c.speedFactor * std::pow(1.25f, notches), 1.0f / 16.0f, 16.0f); }

sim::ViewPose orbitPose(const ViewerState& v) {
    const CameraControl& c = v.p3.control;
    render::Camera cam = c.transition ? c.transition->to : v.p3.camera;
    const CameraMode mode = c.transition ? c.transition->mode : c.mode;
    if (mode != CameraMode::Orbit) render::leaveEyeMode(cam, targetDistanceAhead(v, cam, c.groundKnown ? c.groundUnderEyeM : v.minBedM));
    return poseOf(cam);
}

std::vector<sim::ViewBookmark> savedBookmarks(const CameraControl& c) {
    std::vector<sim::ViewBookmark> out;
    for (int slot = 1; slot <= sim::kBookmarkSlots; ++slot)
        if (const auto& b = c.bookmarks[std::size_t(slot - 1)]) out.push_back(sim::ViewBookmark{slot, b->name, poseOf(b->view), savedModeOf(b->mode)});
    return out;
}

void adoptBookmarks(CameraControl& c, const std::vector<sim::ViewBookmark>& list, const render::Camera& lens) {
    c.mode = CameraMode::Orbit;
    c.transition.reset();
    c.groundKnown = false;
    for (auto& b : c.bookmarks) b.reset();
    for (const sim::ViewBookmark& s : list) {
        if (s.slot < 1 || s.slot > sim::kBookmarkSlots) continue;  // the reader refuses these; a scene built in code might not
        CameraBookmark b;
        std::snprintf(b.name, sizeof b.name, "%s", s.name.c_str());
        b.view = lens;
        b.view.target = glm::vec3(s.pose.targetM[0], s.pose.targetM[1], s.pose.targetM[2]);
        b.view.yawRad = s.pose.yawRad;
        b.view.pitchRad = s.pose.pitchRad;
        b.view.distanceM = s.pose.distanceM;
        b.mode = modeOf(s.mode);
        // An eye's lens sees close by; an orbit's as the fit sets it.
        b.view.nearM = b.mode == CameraMode::Orbit ? std::max(0.1f, 0.001f * s.pose.distanceM) : 0.1f;
        c.bookmarks[std::size_t(s.slot - 1)] = b;
    }
}

}  // namespace sluice::app

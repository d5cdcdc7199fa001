#include "app/window/viewer_input.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "app/window/bodies_panel.hpp"
#include "render/overlay.hpp"

namespace sluice::app {

void handleEvent(const SDL_Event& e, ViewerState& v, FrameRequests& req, FileRequest& fileReq) {
    const ImGuiIO& io = ImGui::GetIO();
    PerspectiveView& p3 = v.p3;
    MapView& view = *v.map;
    MouseState& mouse = v.mouse;
    if (e.type == SDL_QUIT) req.quit = true;
    if (e.type == SDL_MOUSEMOTION) {
        mouse.x = e.motion.x;
        mouse.y = e.motion.y;
    }
    if (e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP) {
        mouse.x = e.button.x;
        mouse.y = e.button.y;
        if (e.type == SDL_MOUSEBUTTONDOWN) mouse.buttons |= SDL_BUTTON(e.button.button);
        else mouse.buttons &= ~unsigned(SDL_BUTTON(e.button.button));
        // A stroke starts only outside the panels; releasing ends it wherever the cursor is.
        if (e.button.button == SDL_BUTTON_LEFT) mouse.left = e.type == SDL_MOUSEBUTTONDOWN && !io.WantCaptureMouse;
    }
    if ((e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) && e.key.keysym.scancode >= 0 &&
        std::size_t(e.key.keysym.scancode) < mouse.keysHeld.size())
        // A shortcut's key (Ctrl+S, Ctrl+1) is not a held camera key: Ctrl+S used to nudge the view back.
        mouse.keysHeld[std::size_t(e.key.keysym.scancode)] = e.type == SDL_KEYDOWN && !(e.key.keysym.mod & KMOD_CTRL);
    const float pixelScale = v.layout.pixelScale();
    float localX = 0, localY = 0;  // the pointer in the pixels of the view under it
    const bool overView = v.layout.paneAt(float(mouse.x), float(mouse.y), &localX, &localY) >= 0;
    if (p3.active && !io.WantCaptureMouse && p3.control.mode != render::CameraMode::Orbit) {
        // Fly and walk: the wheel sets the speed, a right drag looks around the eye.
        if (e.type == SDL_MOUSEWHEEL && overView) changeEyeSpeed(p3.control, float(e.wheel.y));
        if (e.type == SDL_MOUSEMOTION && (e.motion.state & SDL_BUTTON_RMASK)) lookWithMouse(v, float(e.motion.xrel), float(e.motion.yrel));
    } else if (p3.active && !io.WantCaptureMouse) {
        const float paneH = float(v.layout.panePixels(0).h);  // pan: fractions of the view's height
        if (e.type == SDL_MOUSEWHEEL && overView) p3.camera.zoom(std::pow(0.88f, float(e.wheel.y)));
        if (e.type == SDL_MOUSEMOTION && (e.motion.state & SDL_BUTTON_RMASK))
            p3.camera.orbit(0.006f * float(e.motion.xrel), 0.006f * float(e.motion.yrel));
        if (e.type == SDL_MOUSEMOTION && (e.motion.state & SDL_BUTTON_MMASK))
            p3.camera.pan(float(e.motion.xrel) * pixelScale / paneH, float(e.motion.yrel) * pixelScale / paneH);
    }
    if (!p3.active && e.type == SDL_MOUSEWHEEL && !io.WantCaptureMouse && overView)
        view.zoomAt(localX, localY, std::pow(1.15f, float(e.wheel.y)));
    if (!p3.active && e.type == SDL_MOUSEMOTION && !io.WantCaptureMouse && (e.motion.state & (SDL_BUTTON_MMASK | SDL_BUTTON_RMASK)))
        view.panPixels(float(e.motion.xrel) * pixelScale, -float(e.motion.yrel) * pixelScale);
    if (e.type != SDL_KEYDOWN || io.WantCaptureKeyboard || e.key.repeat) return;
    if (e.key.keysym.mod & KMOD_CTRL) {
        const bool shift = e.key.keysym.mod & KMOD_SHIFT;
        switch (e.key.keysym.sym) {
            case SDLK_z: fileReq.action = shift ? FileAction::Redo : FileAction::Undo; break;
            case SDLK_y: fileReq.action = FileAction::Redo; break;
            case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5:
            case SDLK_6: case SDLK_7: case SDLK_8: case SDLK_9:
                if (p3.active) storeBookmark(v, int(e.key.keysym.sym - SDLK_1) + 1);
                break;
            case SDLK_o: askForPath(v.files, FileAction::Open); break;
            case SDLK_s:
                if (shift || v.files.currentPath.empty()) askForPath(v.files, FileAction::Save);
                else fileReq = {FileAction::Save, v.files.currentPath};
                break;
            default: break;
        }
        return;
    }
    const bool eyeMode = p3.active && p3.control.mode != render::CameraMode::Orbit;
    switch (e.key.keysym.sym) {
        case SDLK_ESCAPE: req.quit = true; break;
        case SDLK_SPACE: v.sim.paused = !v.sim.paused; break;
        case SDLK_s:  // in fly and walk S moves back
            if (!eyeMode) v.sim.singleStep();
            break;
        case SDLK_f:  // orbit <-> fly
            if (p3.active) setCameraMode(v, p3.control.mode == render::CameraMode::Fly ? render::CameraMode::Orbit : render::CameraMode::Fly);
            break;
        case SDLK_g:  // walk on and off (off: fly)
            if (p3.active) setCameraMode(v, p3.control.mode == render::CameraMode::Walk ? render::CameraMode::Fly : render::CameraMode::Walk);
            break;
        case SDLK_HOME:
            if (p3.active) goHome(v);
            else view.resetCamera();
            break;
        case SDLK_r: req.reset = true; break;
        case SDLK_DELETE: deleteSelectedBody(v.sim, v.tools); break;
        case SDLK_LEFTBRACKET: turnSelectedBody(v.sim, v.tools, kTurnStepDeg); break;  // counter-clockwise
        case SDLK_RIGHTBRACKET: turnSelectedBody(v.sim, v.tools, -kTurnStepDeg); break;
        // The body tools: L places a body (a log by default), B lays blocks, M selects and moves.
        case SDLK_l: v.tools.tool = Tool::PlaceBody; break;
        case SDLK_b: v.tools.tool = Tool::BuildBlocks; break;
        case SDLK_m: v.tools.tool = Tool::SelectBody; break;
        case SDLK_F12: req.screenshot = true; break;
        case SDLK_v: p3.active = !p3.active; break;
        case SDLK_o:  // the next overlay (the View panel's combo), none after the last; the map has erosion's
            do p3.settings.overlay = (p3.settings.overlay + 1) % render::kOverlayCount;
            while (!p3.active && p3.settings.overlay != render::kOverlayNone && !render::overlayShowsErosion(p3.settings.overlay));
            break;
        case SDLK_1: case SDLK_2: case SDLK_3: case SDLK_4: case SDLK_5:
        case SDLK_6: case SDLK_7: case SDLK_8: case SDLK_9:
            if (!(e.key.keysym.mod & KMOD_SHIFT)) v.tools.tool = Tool(e.key.keysym.sym - SDLK_1);
            else if (p3.active) recallBookmark(v, int(e.key.keysym.sym - SDLK_1) + 1);
            break;
        default: break;
    }
}

CursorPick pickUnderCursor(ViewerState& v) {
    CursorPick out;
    float localX = 0, localY = 0;
    const bool overView = v.layout.paneAt(float(v.mouse.x), float(v.mouse.y), &localX, &localY) >= 0;
    PerspectiveView& p3 = v.p3;
    if (p3.active) {
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
        out.cellX = p3.pick.x / v.scene.cellSizeM;
        out.cellY = p3.pick.y / v.scene.cellSizeM;
    } else {
        v.map->gridPointAt(localX, localY, out.cellX, out.cellY);
    }
    out.overWorld = overView && !ImGui::GetIO().WantCaptureMouse && (!p3.active || p3.havePick) && out.cellX >= 0 && out.cellY >= 0 &&
                    out.cellX <= float(v.scene.width) && out.cellY <= float(v.scene.height);
    return out;
}

void applyToolUnderCursor(ViewerState& v, const CursorPick& at, double frameSeconds) {
    ToolState& tools = v.tools;
    if (v.mouse.left && at.overWorld) {
        const bool pressed = !tools.stroking;
        float bedM = 0;
        if (pressed && tools.tool == Tool::Flatten) {
            // Once per stroke: the bed height to flatten to (4 bytes; a stall only at the click).
            const sim::CellBox cell{std::min(int(at.cellX), v.scene.width - 1), std::min(int(at.cellY), v.scene.height - 1), 1, 1};
            std::uint32_t word = 0;
            v.sim.solver->readRegion(sim::Solver::Field::Terrain, cell, &word);
            std::memcpy(&bedM, &word, sizeof bedM);
        }
        applyTool(tools, v.sim, pressed, at.cellX, at.cellY, bedM, float(std::min(frameSeconds, 0.1)));
        tools.stroking = true;
    } else if (!v.mouse.left) {
        tools.stroking = false;
    }
}

}  // namespace sluice::app

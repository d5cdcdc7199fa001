#include "app/window/close_prompt.hpp"

#include <SDL.h>
#include <imgui.h>

#include <utility>

#include "app/window/file_actions.hpp"
#include "app/window/viewer_state.hpp"

namespace sluice::app {

namespace {
constexpr const char* kTitle = "Unsaved changes";

/// Pressed this frame (no key repeat); `key` is an io.KeysDown index (the SDL scancode in 1.86's backend).
bool pressed(int key) { return ImGui::IsKeyPressed(key, false); }
}  // namespace

CloseChoice drawClosePrompt(ClosePrompt& p, const std::string& worldName) {
    if (!p.open) return CloseChoice::None;
    if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(0.5f * display.x, 0.5f * display.y), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    CloseChoice choice = CloseChoice::None;
    if (ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        if (p.openAfter.action == FileAction::None) ImGui::Text("Save changes to %s before closing?", worldName.c_str());
        else ImGui::Text("Save changes to %s before opening %s?", worldName.c_str(), p.openAfter.path.c_str());
        ImGui::TextDisabled("Enter: save    D or N: don't save    Esc: cancel");
        // The Esc that asked to close is still "pressed" in the frame the prompt appears: keys count
        // from the next frame, or that Esc would cancel the prompt it opened.
        const bool keys = !ImGui::IsWindowAppearing();
        if (ImGui::Button("Save") ||
            (keys && (pressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) || pressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter)))))
            choice = CloseChoice::Save;
        ImGui::SameLine();
        if (ImGui::Button("Don't save") || (keys && (pressed(SDL_SCANCODE_D) || pressed(SDL_SCANCODE_N))))
            choice = CloseChoice::DontSave;
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || (keys && pressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))) choice = CloseChoice::Cancel;
        if (choice != CloseChoice::None) {
            p.open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    return choice;
}

bool requestClose(ViewerState& v) {
    if (!v.sim.modified()) return true;
    v.closing.open = true;
    return false;
}

namespace {
/// The changes are saved or discarded: quit (true), or open the world the prompt was asked for.
bool proceed(ViewerState& v) {
    FileRequest open = std::exchange(v.closing.openAfter, FileRequest{});
    if (open.action == FileAction::None) return true;
    open.confirmed = true;
    performFileRequest(v, open);
    return false;
}
}  // namespace

bool closePromptFrame(ViewerState& v) {
    ClosePrompt& p = v.closing;
    if (p.quitAfterSave && v.files.dialog == FileAction::None) {
        // The Save-as dialog closed: its save (performed before this) landed, or it was cancelled.
        p.quitAfterSave = false;
        if (!v.sim.modified()) return proceed(v);
        p.openAfter = {};
    }
    switch (drawClosePrompt(p, v.scene.name)) {
        case CloseChoice::None: return false;
        case CloseChoice::Cancel: p.openAfter = {}; return false;
        case CloseChoice::DontSave: return proceed(v);
        case CloseChoice::Save:
            if (v.files.currentPath.empty()) {
                askForPath(v.files, FileAction::Save);
                p.quitAfterSave = true;
                return false;
            }
            performFileRequest(v, FileRequest{FileAction::Save, v.files.currentPath});
            if (v.sim.modified()) {
                p.openAfter = {};
                return false;
            }
            return proceed(v);
    }
    return false;
}

}  // namespace sluice::app

#include "app/window/file_menu.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstring>

namespace sluice::app {

namespace {
const char* titleOf(FileAction a) {
    switch (a) {
        case FileAction::Save: return "Save snapshot as";
        case FileAction::Open: return "Open scene or snapshot";
        case FileAction::ExportTerrainPng: return "Export terrain (16-bit PNG)";
        case FileAction::ExportTerrainNpy: return "Export terrain (.npy)";
        case FileAction::ExportDepthNpy: return "Export water depth (.npy)";
        case FileAction::SaveLog: return "Save session log";
        default: return "";
    }
}

const char* defaultName(FileAction a) {
    switch (a) {
        case FileAction::ExportTerrainPng: return "terrain.png";
        case FileAction::ExportTerrainNpy: return "terrain.npy";
        case FileAction::ExportDepthNpy: return "depth.npy";
        case FileAction::SaveLog: return "session.log";
        default: return "world.sluice";
    }
}
}  // namespace

void askForPath(FileUi& ui, FileAction action) {
    ui.dialog = action;
    ui.dialogJustOpened = true;
    const std::string initial =
        (action == FileAction::Save || action == FileAction::Open) && !ui.currentPath.empty() ? ui.currentPath
                                                                                              : defaultName(action);
    std::snprintf(ui.path, sizeof ui.path, "%s", initial.c_str());
}

FileRequest drawFileMenus(FileUi& ui, const Simulation& s) {
    FileRequest req;
    if (ImGui::BeginMainMenuBar()) {
        if (ImGui::BeginMenu("File")) {
            if (ImGui::MenuItem("Open...", "Ctrl+O")) askForPath(ui, FileAction::Open);
            if (ImGui::MenuItem("Save", "Ctrl+S")) {
                if (ui.currentPath.empty()) askForPath(ui, FileAction::Save);
                else req = {FileAction::Save, ui.currentPath};
            }
            if (ImGui::MenuItem("Save as...", "Ctrl+Shift+S")) askForPath(ui, FileAction::Save);
            ImGui::Separator();
            if (ImGui::MenuItem("Export terrain as 16-bit PNG...")) askForPath(ui, FileAction::ExportTerrainPng);
            if (ImGui::MenuItem("Export terrain as .npy...")) askForPath(ui, FileAction::ExportTerrainNpy);
            if (ImGui::MenuItem("Export water depth as .npy...")) askForPath(ui, FileAction::ExportDepthNpy);
            if (ImGui::MenuItem("Save session log...")) askForPath(ui, FileAction::SaveLog);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Edit")) {
            const std::string undo = "Undo " + s.session->undoLabel(), redo = "Redo " + s.session->redoLabel();
            if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, s.session->canUndo())) req.action = FileAction::Undo;
            if (ImGui::MenuItem(redo.c_str(), "Ctrl+Shift+Z", false, s.session->canRedo())) req.action = FileAction::Redo;
            ImGui::EndMenu();
        }
        if (!ui.status.empty()) {
            ImGui::SameLine(0, 30);
            ImGui::TextColored(ui.statusFailed ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.65f, 0.9f, 0.65f, 1.0f), "%s",
                               ui.status.c_str());
        }
        ImGui::EndMainMenuBar();
    }

    if (ui.dialog != FileAction::None) {
        const char* title = titleOf(ui.dialog);
        if (ui.dialogJustOpened) {
            ImGui::OpenPopup(title);
            ui.dialogJustOpened = false;
        }
        if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
            if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
            const bool enter = ImGui::InputText("path", ui.path, sizeof ui.path, ImGuiInputTextFlags_EnterReturnsTrue);
            if (ImGui::Button("OK") || enter) {
                req = {ui.dialog, ui.path};
                ui.dialog = FileAction::None;
                ImGui::CloseCurrentPopup();
            }
            ImGui::SameLine();
            if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
                ui.dialog = FileAction::None;
                ImGui::CloseCurrentPopup();
            }
            ImGui::EndPopup();
        } else {
            ui.dialog = FileAction::None;  // closed by clicking outside
        }
    }

    if (ui.offerRestore) {
        if (!ImGui::IsPopupOpen("Restore autosave?")) ImGui::OpenPopup("Restore autosave?");
        if (ImGui::BeginPopupModal("Restore autosave?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
            ImGui::Text("Sluice did not exit cleanly last time.");
            ImGui::Text("An autosave exists: %s", ui.autosavePath.c_str());
            if (ImGui::Button("Restore it")) {
                req = {FileAction::RestoreAutosave, ui.autosavePath};
                ui.offerRestore = false;
                ImGui::CloseCurrentPopup();
            }
            ImGui::SameLine();
            if (ImGui::Button("Start fresh")) {
                req = {FileAction::DiscardAutosave, ui.autosavePath};
                ui.offerRestore = false;
                ImGui::CloseCurrentPopup();
            }
            ImGui::EndPopup();
        }
    }
    return req;
}

}  // namespace sluice::app

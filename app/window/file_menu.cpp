#include "app/window/file_menu.hpp"

#include <imgui.h>

#include <filesystem>

#include "sim/builtin_scenes.hpp"

namespace sluice::app {

namespace {

namespace fs = std::filesystem;

const FileType kScenesAndSnapshots{"Scenes and snapshots (*.json, *.sluice)", {".json", ".sluice"}};
const FileType kScenes{"Scenes (*.json)", {".json"}};
const FileType kSnapshots{"Snapshots (*.sluice)", {".sluice"}};
const FileType kAllFiles{"All files", {}};

/// What the dialog of each action looks like and admits. The title keys the ImGui popup, so each
/// action has its own.
FileBrowserSpec specOf(FileAction a) {
    switch (a) {
        case FileAction::Open:
            return {"Open scene or snapshot", "Open", {kScenesAndSnapshots, kScenes, kSnapshots, kAllFiles}, true, false, true};
        case FileAction::ExportTerrainPng:
            return {"Export terrain (16-bit PNG)", "Export", {{"16-bit PNG (*.png)", {".png"}}}, false, true, false};
        case FileAction::ExportTerrainNpy:
            return {"Export terrain (.npy)", "Export", {{"NumPy array (*.npy)", {".npy"}}}, false, true, false};
        case FileAction::ExportDepthNpy:
            return {"Export water depth (.npy)", "Export", {{"NumPy array (*.npy)", {".npy"}}}, false, true, false};
        case FileAction::ExportForEngines:  // the name of a folder to create (or replace, all at once)
            return {"Export for engines (a folder)", "Export", {{"Export folder", {}}}, false, true, false};
        case FileAction::SaveLog:  // any name works (sim/session_log); .log is what the viewer suggests
            return {"Save session log", "Save", {{"Session logs (*.log)", {".log"}}, kAllFiles}, false, true, false};
        default: return {"Save snapshot as", "Save", {kSnapshots}, false, true, true};
    }
}

const char* defaultName(FileAction a) {
    switch (a) {
        case FileAction::Open: return "";
        case FileAction::ExportTerrainPng: return "terrain.png";
        case FileAction::ExportTerrainNpy: return "terrain.npy";
        case FileAction::ExportDepthNpy: return "depth.npy";
        case FileAction::ExportForEngines: return "sluice-export";
        case FileAction::SaveLog: return "session.log";
        default: return "world.sluice";
    }
}

fs::path folderOf(const std::string& file) { return file.empty() ? fs::path() : normalFolder(fs::path(file).parent_path()); }

}  // namespace

void askForPath(FileUi& ui, FileAction action) {
    ui.dialog = action;
    fs::path folder = ui.browserUsed ? ui.browser.folder() : folderOf(ui.worldPath);
    std::string name = defaultName(action);
    if (action == FileAction::Save && !ui.currentPath.empty()) name = fs::path(ui.currentPath).filename().string();
    if ((action == FileAction::Save || action == FileAction::Open) && !ui.currentPath.empty()) folder = folderOf(ui.currentPath);
    ui.browser.open(specOf(action), folder, name);  // an empty or unreadable folder: the working folder
    ui.browserUsed = true;
}

FileRequest drawFileMenus(FileUi& ui, const Simulation& s) {
    FileRequest req;
    if (ImGui::BeginMainMenuBar()) {
        ui.menuBarHeight = ImGui::GetWindowHeight();
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
            if (ImGui::MenuItem("Export for engines (maps, meshes)...")) askForPath(ui, FileAction::ExportForEngines);
            if (ImGui::MenuItem("Save session log...")) askForPath(ui, FileAction::SaveLog);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Edit")) {
            const std::string undo = "Undo " + s.session->undoLabel(), redo = "Redo " + s.session->redoLabel();
            if (ImGui::MenuItem(undo.c_str(), "Ctrl+Z", false, s.session->canUndo())) req.action = FileAction::Undo;
            if (ImGui::MenuItem(redo.c_str(), "Ctrl+Shift+Z", false, s.session->canRedo())) req.action = FileAction::Redo;
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Worlds")) {
            for (const std::string& name : sim::builtinSceneNames())
                if (ImGui::MenuItem(name.c_str()))
                    req = {FileAction::OpenWorld, "builtin:" + name + ":" + std::to_string(ui.worldSize)};
            // One click changes the world through a command (undoable, logged, replayed).
            if (s.scene && !s.scene->actions.empty()) {
                ImGui::Separator();
                for (const sim::WorldAction& a : s.scene->actions)
                    if (ImGui::MenuItem(a.label.c_str())) req = {FileAction::WorldAction, a.name};
            }
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
        FileBrowserPlaces places;
        places.worldFolder = folderOf(ui.worldPath.empty() ? ui.currentPath : ui.worldPath);
        if (auto chosen = ui.browser.draw(places)) {
            req = {ui.dialog, chosen->string()};
            if (ui.dialog == FileAction::Open || ui.dialog == FileAction::Save) ui.worldPath = req.path;
            ui.dialog = FileAction::None;
        } else if (!ui.browser.isOpen()) {
            ui.dialog = FileAction::None;  // cancelled
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

#pragma once
// The viewer's menu bar (File, Edit, Worlds) and its file dialogs: every path is chosen in the in-app file
// browser (app/window/file_browser), set up here for each action (title, file types, whether it
// reads or writes). The menu only reports what was chosen; the viewer performs it (opening rebuilds
// views, saving needs the camera).
#include <string>

#include "app/window/file_browser.hpp"
#include "app/window/simulation.hpp"

namespace sluice::app {

enum class FileAction {
    None, Save, Open, ExportTerrainPng, ExportTerrainNpy, ExportDepthNpy,
    ExportForEngines,  ///< a folder of every layer in every format (app/exchange, as `sluice export`)
    SaveLog, Undo, Redo,
    RestoreAutosave, DiscardAutosave,
    OpenWorld,   ///< the Worlds menu: path "builtin:NAME:SIZE"
    WorldAction  ///< the Worlds menu: path the name of one of the world's actions (sim::WorldAction)
};

/// State of the menus and dialogs between frames.
struct FileUi {
    std::string currentPath;     ///< where Save writes without asking ("" = ask)
    FileAction dialog = FileAction::None;  ///< the file dialog open now
    FileBrowser browser;         ///< the dialog; keeps its folder and Recent files between uses
    bool browserUsed = false;    ///< the next dialog starts in the browser's last folder
    std::string worldPath;       ///< the file the world was last opened from or saved to ("" = none)
    std::string status;          ///< outcome of the last action, shown under the menu bar
    bool statusFailed = false;
    bool offerRestore = false;   ///< show the crash-recovery question
    std::string autosavePath;
    float menuBarHeight = 0;     ///< window units, as last drawn (the views start below it)
    int worldSize = 256;         ///< cells per side of the worlds the Worlds menu opens
};

/// An action to perform now, with its path where it needs one.
struct FileRequest {
    FileAction action = FileAction::None;
    std::string path;
    /// Open / OpenWorld: the user already answered "unsaved changes" (or there were none to lose).
    bool confirmed = false;
};

/// Opens the file dialog for `action` (Save with no current path, Save As, Open, exports, log): in the
/// current file's folder for Open and Save, else where the last dialog was, else the world's folder,
/// else the working folder.
void askForPath(FileUi& ui, FileAction action);
/// Draws the menu bar, the status line, the file dialog and the crash-recovery question. The Worlds
/// menu lists the built-in worlds (sim::builtinSceneNames, opened at ui.worldSize) and the open
/// world's actions (e.g. "Breach the dam").
FileRequest drawFileMenus(FileUi& ui, const Simulation& s);

}  // namespace sluice::app

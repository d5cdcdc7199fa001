#pragma once
// The viewer's menu bar (File, Edit) and its path dialogs. There is no native file dialog (no extra
// dependency): a modal asks for a path, pre-filled with the current file. The menu only reports what
// was chosen; the viewer performs it (opening rebuilds views, saving needs the camera).
#include <string>

#include "app/window/simulation.hpp"

namespace sluice::app {

enum class FileAction {
    None, Save, Open, ExportTerrainPng, ExportTerrainNpy, ExportDepthNpy, SaveLog, Undo, Redo,
    RestoreAutosave, DiscardAutosave
};

/// State of the menus and dialogs between frames.
struct FileUi {
    std::string currentPath;     ///< where Save writes without asking ("" = ask)
    FileAction dialog = FileAction::None;  ///< the path dialog open now
    bool dialogJustOpened = false;
    char path[1024] = "";
    std::string status;          ///< outcome of the last action, shown under the menu bar
    bool statusFailed = false;
    bool offerRestore = false;   ///< show the crash-recovery question
    std::string autosavePath;
};

/// An action to perform now, with its path where it needs one.
struct FileRequest {
    FileAction action = FileAction::None;
    std::string path;
};

/// Opens the path dialog for `action` (Save with no current path, Save As, Open, exports, log).
void askForPath(FileUi& ui, FileAction action);
/// Draws the menu bar, the status line, the open dialog and the crash-recovery question.
FileRequest drawFileMenus(FileUi& ui, const Simulation& s);

}  // namespace sluice::app

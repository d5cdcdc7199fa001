#pragma once
// What the File and Edit menus, their shortcuts and the crash-recovery question ask for, carried out:
// open a scene or snapshot, save, export, save the session log, undo, redo. Failures go to the status
// line (and stderr); nothing that is open is lost by a failed open or save.
#include <string>

#include "app/window/file_menu.hpp"
#include "app/window/viewer_state.hpp"
#include "gl/result.hpp"

namespace sluice::app {

/// Performs one request (FileAction::None does nothing).
void performFileRequest(ViewerState& v, const FileRequest& r);

/// Writes the final terrain and depth (float32 .npy, shape (height, width)) and summary.json (the
/// figures `sluice simulate` writes: ledgers, erosion's among them) into dir, all or nothing; with an
/// A/B comparison running, also run B's depth as depth_b.npy (`--dump-state`).
Result<void> dumpState(ViewerState& v, const std::string& dir);

}  // namespace sluice::app

#pragma once
// Start-up of autosave and the question after a crash: the autosave is begun (its lock taken), and
// when the previous session died without a clean exit the viewer either asks whether to restore its
// autosave or, with --restore-autosave, restores it on the first frame.
#include "app/window/file_menu.hpp"
#include "app/window/viewer_state.hpp"

namespace sluice::app {

/// Begins autosave every `periodSeconds` (0: off) in the per-user data directory. Returns the request
/// to perform on the first frame (restore the autosave without asking, or nothing); otherwise the
/// File menu shows the restore question. A directory that cannot be used turns autosave off with a
/// status message.
FileRequest startAutosave(ViewerState& v, double periodSeconds, bool restoreWithoutAsking);

}  // namespace sluice::app

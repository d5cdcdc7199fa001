#pragma once
// The viewer's input: SDL events (after ImGui has seen them) turned into camera moves, tool choices,
// shortcuts and requests for the frame loop; the world point under the cursor; the tools applied
// while the left button is held over the world.
#include <SDL.h>

#include "app/window/file_menu.hpp"
#include "app/window/viewer_state.hpp"

namespace sluice::app {

/// What the user asked for this frame besides immediate camera and pause changes.
struct FrameRequests {
    bool quit = false;
    bool reset = false;
    bool screenshot = false;
};

/// Applies one SDL event after ImGui has seen it. Pointer positions are mapped into the view under
/// them through ViewerState::layout (the panes of the free area; SDL's y grows down, the views' up).
/// `req.quit` reports a close request (window button, Esc); the caller asks about unsaved changes.
void handleEvent(const SDL_Event& e, ViewerState& v, FrameRequests& req, FileRequest& fileReq);

/// The grid point under the cursor (cells). 3-D: from the depth read a frame or two ago, unprojected
/// with that frame's matrices. Map: from the map's pan and zoom; side by side, in whichever pane the
/// cursor is over. Outside the panes (under the sidebar or the menu bar) it is over no world.
struct CursorPick {
    float cellX = 0, cellY = 0;
    bool overWorld = false;  ///< inside the grid, not over a panel, and (3-D) the pick is valid
};
CursorPick pickUnderCursor(ViewerState& v);

/// Applies the current tool at the cursor while the left button is held over the world (edits land
/// between steps, before this frame's simulation); ends the stroke when the button is released.
void applyToolUnderCursor(ViewerState& v, const CursorPick& at, double frameSeconds);

}  // namespace sluice::app

#pragma once
// Drawing the world into the window: the map or the 3-D view (one of them, or A and B side by side),
// with the brush ring and the source/drain markers, and the request for the depth under the cursor
// that the next frames unproject for picking.
#include "app/window/viewer_input.hpp"
#include "app/window/viewer_state.hpp"
#include "render/scaled_target.hpp"

namespace sluice::app {

/// One frame's drawing settings; where the views go is ViewerState::layout.
struct ViewFrame {
    float renderScale = 1;  ///< internal resolution of the views (fraction of the window's)
    long long frame = 0;    ///< frame number (tags depth reads)
};

/// Updates the map's and the 3-D view's overlays (brush ring under the cursor, source and drain
/// markers, the selected one highlighted) from the tools and the solver's emitters.
void updateOverlays(ViewerState& v, const CursorPick& cursor);

/// Draws the views into their panes of the default framebuffer (ViewerState::layout), creating the
/// 3-D renderer on first use (if that fails the map is shown with the error on stderr). `mapTarget`
/// holds the map below render scale 1.
void drawViews(ViewerState& v, const ViewFrame& f, render::ScaledTarget& mapTarget);

}  // namespace sluice::app

#pragma once
// The bodies on the map (docs/BODIES.md, "Tools"): the map draws the grid's fields only, so each
// body's footprint (its turned length x width) is drawn over it in ImGui's background list (above
// the views, below the panels), the selected one brighter. The 3-D view draws the bodies themselves.
#include "app/window/viewer_state.hpp"

namespace sluice::app {

/// Call between ImGui::NewFrame and ImGui::Render, while the map is the view (nothing in 3-D).
void drawBodyFootprints(const ViewerState& v);

}  // namespace sluice::app

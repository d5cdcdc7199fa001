#pragma once
// What an A/B comparison shows beside the views: each pane's label (which run, and what B changes),
// the difference map's colour bar with its scale, and the rule that the difference is a map (in the
// 3-D view it would have shown A alone). Labels and legends are ImGui drawings on the background draw
// list, over the panes and behind the panels.
#include <string>

#include "app/window/view_layout.hpp"
#include "sim/params.hpp"

namespace sluice::app {

/// The scene-format parameters B sets differently from A, "manning_n 0.08 (A 0.035), dt 0.05 (A
/// 0.1)"; "same parameters as A" when none differ.
std::string parameterDifferences(const sim::SimParams& a, const sim::SimParams& b);

/// A label in the top-left corner of `pane` (window units), on a dark box.
void drawPaneLabel(const WindowRect& pane, const std::string& text);

/// Below this fraction of the full-colour difference the map shows grey: run-to-run differences of
/// a few millimetres would otherwise speckle the whole lake.
inline constexpr float kDifferenceDeadBand = 0.05f;

/// The difference map's colour bar in the bottom-right corner of `area`: red where A is deeper,
/// through grey, to blue where B is, full colour at `scaleM` metres either way.
void drawDifferenceLegend(float scaleM, const WindowRect& area);

/// The view to show this frame when a comparison is on. `mode` 1 (difference) is a map: choosing it
/// in the 3-D view moves to the map, and moving to the 3-D view (V) goes back to side by side. With
/// the previous frame's values, so the user's latest choice wins.
void reconcileCompareView(bool comparing, int& mode, bool& view3d, int previousMode, bool previousView3d);

}  // namespace sluice::app

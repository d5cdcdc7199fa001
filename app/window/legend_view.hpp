#pragma once
// The colour bar of the overlay shown in the 3-D view, drawn with ImGui in the bottom-right corner of
// the free view area (behind the panels and dialogs). What it says (name, unit, range, colours)
// comes from render/overlay_legend.hpp, which the renderer and `sluice render` use too.
#include "app/window/view_layout.hpp"
#include "render/overlay_legend.hpp"

namespace sluice::app {

/// Bar size and margin, window units: tests look for the bar there.
inline constexpr float kLegendBarW = 200, kLegendBarH = 14, kLegendMargin = 12;

/// Draws the legend into `area` (window units) on ImGui's background draw list. Needs an ImGui frame.
void drawLegend(const render::OverlayLegend& legend, const WindowRect& area);

}  // namespace sluice::app

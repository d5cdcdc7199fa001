// False-colour overlays shared by terrain.frag and water.frag. Overlay colours are display values
// from the viridis ramp or, for bed change, the diverging one (render_layout.h), turned into the
// radiance that the resolve pass maps back to exactly that colour, so what is on screen can be read
// against the ramp. Dry ground under an overlay (never-wet ground under the history overlays, every
// cell under the erosion overlays when the run has no erosion state) turns grey, so the ramp's hues
// mark water.
#ifndef SLUICE_OVERLAY_GLSL
#define SLUICE_OVERLAY_GLSL
#include "render_common.glsl"
#include "erosion_fields.glsl"
#include "overlay_ramp.glsl"
#include "tonemap.glsl"

uniform int uOverlay;         // SLUICE_OVERLAY_*
uniform float uOverlayRange;  // the value at the top of the ramp: metres, m/s, 1 or seconds by overlay
uniform int uHistoryValid;    // 1 when a water history of this grid is bound

// Water history (render/water_history.hpp): per cell, low half max depth (m), high half first-wet
// time (s, +infinity = never wet), both half floats.
layout(std430, binding = SLUICE_RBIND_HISTORY) readonly buffer HistoryBuffer { uint history[]; };

bool isHistoryOverlay() { return uOverlay == SLUICE_OVERLAY_MAX_DEPTH || uOverlay == SLUICE_OVERLAY_FIRST_WET; }

// The history overlay's colour (display) of the cell containing world point p; false where the cell
// has never been wet or no history is bound. Cells are not interpolated: each shows its own record.
bool historyDisplay(vec2 p, out vec3 display) {
    display = vec3(0.0);
    if (uHistoryValid == 0) return false;
    ivec2 c = clamp(ivec2(floor(p / uCellSize)), ivec2(0), uGrid - 1);
    vec2 record = unpackHalf2x16(history[c.y * uGrid.x + c.x]);  // x max depth, y first-wet time
    if (isinf(record.y)) return false;
    display = rampDisplay((uOverlay == SLUICE_OVERLAY_MAX_DEPTH ? record.x : record.y) / uOverlayRange);
    return true;
}

bool isErosionOverlay() {
    return uOverlay == SLUICE_OVERLAY_SEDIMENT || uOverlay == SLUICE_OVERLAY_SOFT || uOverlay == SLUICE_OVERLAY_BED_CHANGE;
}

// The erosion overlay's colour (display) of the cell containing world point p; false when the run has
// no erosion state. Cells are not interpolated: each shows its own amount.
bool erosionDisplay(vec2 p, out vec3 display) {
    display = vec3(0.0);
    if (uErosion == 0) return false;
    display = erosionOverlayDisplay(uOverlay, ivec2(floor(p / uCellSize)), uOverlayRange);
    return true;
}

// Ground with no overlay value: its own shading in grey, darkened (radiance).
vec3 overlayGround(vec3 radiance) { return vec3(dot(radiance, vec3(0.2126, 0.7152, 0.0722)) * 0.6); }

#endif

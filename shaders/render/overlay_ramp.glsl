// The overlays' colour ramps (render_layout.h) as display (sRGB) colours, shared by the scene
// renderer's overlays (overlay.glsl) and the map (map_view.frag); render/overlay.cpp computes the same
// on the CPU for legends and tests.
#ifndef SLUICE_OVERLAY_RAMP_GLSL
#define SLUICE_OVERLAY_RAMP_GLSL
#include "render_layout.h"

const float kRampSrgb[SLUICE_RAMP_STOPS * 3] = float[](SLUICE_RAMP_SRGB);
const float kDivergingSrgb[SLUICE_DIVERGING_STOPS * 3] = float[](SLUICE_DIVERGING_SRGB);
const vec3 kAboveRangeRed = vec3(SLUICE_ABOVE_RANGE_SRGB);  // Courant number above 1

vec3 rampStop(int i) { return vec3(kRampSrgb[3 * i], kRampSrgb[3 * i + 1], kRampSrgb[3 * i + 2]); }
vec3 divergingStop(int i) { return vec3(kDivergingSrgb[3 * i], kDivergingSrgb[3 * i + 1], kDivergingSrgb[3 * i + 2]); }

// Ramp colour (display) at t, clamped to [0, 1]; linear between the stops.
vec3 rampDisplay(float t) {
    float x = clamp(t, 0.0, 1.0) * float(SLUICE_RAMP_STOPS - 1);
    int i = min(int(x), SLUICE_RAMP_STOPS - 2);
    return mix(rampStop(i), rampStop(i + 1), x - float(i));
}

// Diverging colour (display) of a signed value v in units of its range: -1 (red) .. 0 .. +1 (blue).
vec3 divergingDisplay(float v) {
    float x = clamp(0.5 + 0.5 * v, 0.0, 1.0) * float(SLUICE_DIVERGING_STOPS - 1);
    int i = min(int(x), SLUICE_DIVERGING_STOPS - 2);
    return mix(divergingStop(i), divergingStop(i + 1), x - float(i));
}

#endif

#pragma once
// C++ view of shaders/render/render_layout.h (the header shared with GLSL): binding points, overlay
// codes, the history packing and the overlay colour ramps.
#include <glad/gl.h>

namespace sluice::render::layout {
#include "shaders/render/render_layout.h"

/// The ramp's stops as an array (display sRGB, R G B per stop), the same numbers the shaders use.
inline constexpr float kRampSrgb[SLUICE_RAMP_STOPS * 3] = {SLUICE_RAMP_SRGB};
/// The diverging ramp of signed overlays (bed change), -max .. +max, the same numbers as the shaders'.
inline constexpr float kDivergingSrgb[SLUICE_DIVERGING_STOPS * 3] = {SLUICE_DIVERGING_SRGB};
/// The colour of values above the range (Courant number > 1), display sRGB, as the shaders use it.
inline constexpr float kAboveRangeSrgb[3] = {SLUICE_ABOVE_RANGE_SRGB};
}  // namespace sluice::render::layout

// The drawn water depth (depthAt: blended like the rest of the frame) per cell, clipped to the shore
// map's range, once per frame: min(h / SLUICE_SHORE_RANGE_M, 1) in one R8 texel per cell (2 mm
// steps). The terrain shader takes its "water nearby" samples from it with hardware bilinear
// filtering, one fetch each instead of four depth reads (eight when blending); its thresholds
// (2 cm) lie well inside the range, so clipping deeper water changes nothing it decides.
#include "render_common.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(r8, binding = 0) writeonly uniform image2D uShore;

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(c, uGrid))) return;
    imageStore(uShore, c, vec4(min(depthAt(c) / SLUICE_SHORE_RANGE_M, 1.0)));
}

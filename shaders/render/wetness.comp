// The wetness map (render/wetness_map.hpp), once per frame: 1 where the drawn depth is above the dry
// threshold, elsewhere the previous wetness less uDecrease (whole 1/255 steps of drying gathered since
// the last update), never below 0. uRestart starts from the water drawn now.
#include "render_common.glsl"
#include "terrain_look.h"

layout(local_size_x = SLUICE_WETNESS_GROUP, local_size_y = SLUICE_WETNESS_GROUP) in;
layout(r8, binding = 0) uniform image2D uWetness;

uniform float uDecrease;  // wetness lost since the last update, in [0, 1]
uniform int uRestart;     // 1: forget earlier wetness

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(c, uGrid))) return;
    float before = uRestart != 0 ? 0.0 : imageLoad(uWetness, c).r;
    float w = depthAt(c) > kDryDepth ? 1.0 : max(before - uDecrease, 0.0);
    imageStore(uWetness, c, vec4(w));
}

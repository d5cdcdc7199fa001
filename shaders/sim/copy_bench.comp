// Bandwidth ceiling for the benchmark: a plain copy, one vec4 per invocation over a 2-D grid of work
// groups (no loop, no tail work), the access pattern of a perfectly streaming kernel.
#include "sim_layout.h"

layout(local_size_x = 256) in;
layout(std430, binding = SLUICE_BIND_COPY_SRC) restrict readonly buffer Src { vec4 src[]; };
layout(std430, binding = SLUICE_BIND_COPY_DST) restrict writeonly buffer Dst { vec4 dst[]; };
uniform int uCount;  // vec4 elements

void main() {
    const uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    const int i = int(group * 256u + gl_LocalInvocationID.x);
    if (i < uCount) dst[i] = src[i];
}

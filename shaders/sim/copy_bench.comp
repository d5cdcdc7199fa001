// Bandwidth ceiling for the benchmark: a plain copy over a 2-D grid of work groups, uPerThread vec4
// per invocation, each step of a work group touching 256 consecutive vec4 (coalesced). Offsets move
// the source and destination ranges inside their buffers (app/bench/copy_bandwidth.cpp's sweep).
#include "sim_layout.h"

layout(local_size_x = 256) in;
layout(std430, binding = SLUICE_BIND_COPY_SRC) restrict readonly buffer Src { vec4 src[]; };
layout(std430, binding = SLUICE_BIND_COPY_DST) restrict writeonly buffer Dst { vec4 dst[]; };
uniform int uCount;      // vec4 elements
uniform int uPerThread;  // vec4 per invocation
uniform int uSrcOffset;  // vec4 elements
uniform int uDstOffset;

void main() {
    const uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    const int base = int(group) * 256 * uPerThread + int(gl_LocalInvocationID.x);
    for (int k = 0; k < uPerThread; ++k) {
        const int i = base + k * 256;
        if (i < uCount) dst[uDstOffset + i] = src[uSrcOffset + i];
    }
}

// Bandwidth ceiling for the benchmark: a plain vec4 copy, grid-stride, the same access pattern a
// perfectly streaming kernel would have.
#include "sim_layout.h"

layout(local_size_x = 256) in;
layout(std430, binding = SLUICE_BIND_COPY_SRC) restrict readonly buffer Src { vec4 src[]; };
layout(std430, binding = SLUICE_BIND_COPY_DST) restrict writeonly buffer Dst { vec4 dst[]; };
uniform int uCount;  // vec4 elements

void main() {
    const int stride = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
    for (int i = int(gl_GlobalInvocationID.x); i < uCount; i += stride) dst[i] = src[i];
}

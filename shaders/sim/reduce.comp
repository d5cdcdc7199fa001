// Reduction of the depth field (sum in double, min, max) and of the per-group ledger slots, in one
// dispatch of SLUICE_REDUCE_GROUPS groups. Each group writes one partial; the host adds them.
#include "sim_layout.h"

layout(local_size_x = SLUICE_REDUCE_THREADS) in;

layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { float depth[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict readonly buffer LedgerBuffer { double ledger[]; };
layout(std430, binding = SLUICE_BIND_REDUCE_OUT) restrict writeonly buffer PartialBuffer { GpuReducePartial partials[]; };

uniform int uCellCount;
uniform int uLedgerSlots;  // groups of the depth pass (2 doubles each)

shared double sSum[SLUICE_REDUCE_THREADS];
shared double sAdded[SLUICE_REDUCE_THREADS];
shared double sRemoved[SLUICE_REDUCE_THREADS];
shared float sMin[SLUICE_REDUCE_THREADS];
shared float sMax[SLUICE_REDUCE_THREADS];

void main() {
    const uint t = gl_LocalInvocationID.x;
    const int stride = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
    const int first = int(gl_GlobalInvocationID.x);
    // Each thread sums its strided cells in float chunks of up to 64, then in double: fast and exact
    // enough (64 floats of similar size lose < 1e-6 relative).
    double sum = 0.0;
    float lo = 3.0e38, hi = -3.0e38;
    float chunk = 0.0;
    int inChunk = 0;
    for (int i = first; i < uCellCount; i += stride) {
        const float h = depth[i];
        chunk += h;
        lo = min(lo, h);
        hi = max(hi, h);
        if (++inChunk == 64) {
            sum += double(chunk);
            chunk = 0.0;
            inChunk = 0;
        }
    }
    sum += double(chunk);
    double added = 0.0, removed = 0.0;
    for (int g = first; g < uLedgerSlots; g += stride) {
        added += ledger[2 * g];
        removed += ledger[2 * g + 1];
    }
    sSum[t] = sum;
    sAdded[t] = added;
    sRemoved[t] = removed;
    sMin[t] = lo;
    sMax[t] = hi;
    memoryBarrierShared();
    barrier();
    for (uint s = SLUICE_REDUCE_THREADS / 2u; s > 0u; s >>= 1u) {
        if (t < s) {
            sSum[t] += sSum[t + s];
            sAdded[t] += sAdded[t + s];
            sRemoved[t] += sRemoved[t + s];
            sMin[t] = min(sMin[t], sMin[t + s]);
            sMax[t] = max(sMax[t], sMax[t + s]);
        }
        memoryBarrierShared();
        barrier();
    }
    if (t == 0u) {
        partials[gl_WorkGroupID.x].volumeDepthSum = sSum[0];
        partials[gl_WorkGroupID.x].addedM3 = sAdded[0];
        partials[gl_WorkGroupID.x].removedM3 = sRemoved[0];
        partials[gl_WorkGroupID.x].minDepth = sMin[0];
        partials[gl_WorkGroupID.x].maxDepth = sMax[0];
    }
}

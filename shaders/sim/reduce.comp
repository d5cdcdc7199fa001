// Reduction of the depth field (sum in 64-bit integer units, exact; min, max) and of the per-group
// ledger slots, in one dispatch of SLUICE_REDUCE_GROUPS groups. Each group writes one partial; the
// host adds them.
#include "sim_layout.h"
#include "field_layout.h"

layout(local_size_x = SLUICE_REDUCE_THREADS) in;

layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict readonly buffer LedgerBuffer { int64_t ledger[]; };
layout(std430, binding = SLUICE_BIND_REDUCE_OUT) restrict writeonly buffer PartialBuffer { GpuReducePartial partials[]; };

uniform int uCellCount;    // W * H
uniform int uWidth;        // W: cell k is (k % W, k / W), stored where field_layout.h puts it
uniform int uLedgerSlots;  // added / removed pairs
uniform int uCellOffset;   // the field starts here in its buffer (a half of erosion's ping-pong pairs)

shared int64_t sSum[SLUICE_REDUCE_THREADS];
shared int64_t sAdded[SLUICE_REDUCE_THREADS];
shared int64_t sRemoved[SLUICE_REDUCE_THREADS];
shared int sMin[SLUICE_REDUCE_THREADS];
shared int sMax[SLUICE_REDUCE_THREADS];

void main() {
    const uint t = gl_LocalInvocationID.x;
    const int stride = int(gl_NumWorkGroups.x * gl_WorkGroupSize.x);
    const int first = int(gl_GlobalInvocationID.x);
    int64_t sum = 0l;
    int lo = 2147483647, hi = -2147483647;
    const int fieldsStride = fieldStride(uWidth, uCellCount / uWidth);
    for (int k = first; k < uCellCount; k += stride) {
        const int h = depth[uCellOffset + fieldIndex(k % uWidth, k / uWidth, fieldsStride)];
        sum += int64_t(h);
        lo = min(lo, h);
        hi = max(hi, h);
    }
    int64_t added = 0l, removed = 0l;
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
        partials[gl_WorkGroupID.x].volumeUnits = sSum[0];
        partials[gl_WorkGroupID.x].addedUnits = sAdded[0];
        partials[gl_WorkGroupID.x].removedUnits = sRemoved[0];
        partials[gl_WorkGroupID.x].minDepth = sMin[0];
        partials[gl_WorkGroupID.x].maxDepth = sMax[0];
    }
}

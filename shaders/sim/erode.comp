// Erosion, step 1 of 2 (after the water's pass 2), one invocation per cell: the transport capacity
// from the cell's flow and bed slope, then dissolution or deposition between its suspended load and its
// bed (erosion_math.h, bedExchange), in place on the current halves of the sediment, soft-layer and
// bed-change buffers. Reads the bed (terrain, as the last slump.comp left it) but does not write it:
// slump.comp recomputes the bed from base + dz. Work groups follow pass 2's, whose activity flags
// say which groups hold (or just held) water: the others carry no sediment and are skipped. Each group
// adds what it eroded and deposited to its ledger slots.
#include "sim_layout.h"
#include "transfer_math.h"
#include "erosion_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
layout(std430, binding = SLUICE_BIND_SEDIMENT) restrict buffer SedimentBuffer { int sediment[]; };
layout(std430, binding = SLUICE_BIND_SOFT) restrict buffer SoftBuffer { int soft[]; };
layout(std430, binding = SLUICE_BIND_BED_CHANGE) restrict buffer BedChangeBuffer { int bedChange[]; };
layout(std430, binding = SLUICE_BIND_HARDNESS) restrict readonly buffer HardnessBuffer { float hardness[]; };
layout(std430, binding = SLUICE_BIND_TILES_IN) restrict readonly buffer FlagsIn { uint flagsIn[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { int64_t ledger[]; };

uniform ivec2 uSize;
uniform float uCellSize;
uniform float uCapacity, uMinSin, uThin, uDissolve, uDeposit, uSoftYield, uHalfInvDx;
uniform int uSed;            // current half of the sediment buffer
uniform int uLayer;          // current half of the soft-layer and bed-change buffers
uniform int uSedimentSlot0;  // erosion's first ledger slot

const uint kGroupSize = SLUICE_PASS_GROUP_X * SLUICE_PASS_GROUP_Y;
shared int64_t sEroded[kGroupSize];
shared int64_t sDeposited[kGroupSize];

void main() {
    const int W = uSize.x, H = uSize.y;
    const int self = int(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x);
    if (flagsIn[self] == 0u) return;  // uniform across the group: dry now and before
    const ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    int64_t eroded = 0l, deposited = 0l;
    if (p.x < W && p.y < H) {
        const int i = p.y * W + p.x;
        const int h = depth[i];
        const int sed = sediment[uSed + i];
        if (h > 0 || sed > 0) {
            // Central differences of the bed, one-sided at the domain's edge.
            const int xW = max(p.x - 1, 0), xE = min(p.x + 1, W - 1), yS = max(p.y - 1, 0), yN = min(p.y + 1, H - 1);
            SLUICE_PRECISE float sx = (terrain[p.y * W + xE] - terrain[p.y * W + xW]) * (xE - xW == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
            SLUICE_PRECISE float sy = (terrain[yN * W + p.x] - terrain[yS * W + p.x]) * (yN - yS == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
            const int fx = p.y * (W + 1) + p.x;
            const float cap = sedimentCapacity(flowX[fx], flowX[fx + 1], flowY[i], flowY[i + W], unitsToMetres(h), uCellSize,
                                               sx, sy, uCapacity, uMinSin, uThin);
            const int s = soft[uLayer + i], dz = bedChange[uLayer + i];
            const int d = bedExchange(h, sed, s, dz, materialUnits(cap), uDissolve, uDeposit, uSoftYield, 1.0 - hardness[i]);
            if (d != 0) {
                sediment[uSed + i] = sed - d;
                soft[uLayer + i] = softAfter(s, d);
                bedChange[uLayer + i] = dz + d;
                if (d > 0) deposited = int64_t(d);
                else eroded = -int64_t(d);
            }
        }
    }
    const uint t = gl_LocalInvocationIndex;
    sEroded[t] = eroded;
    sDeposited[t] = deposited;
    memoryBarrierShared();
    barrier();
    for (uint stride = kGroupSize / 2u; stride > 0u; stride >>= 1u) {
        if (t < stride) {
            sEroded[t] += sEroded[t + stride];
            sDeposited[t] += sDeposited[t + stride];
        }
        memoryBarrierShared();
        barrier();
    }
    if (t == 0u) {
        ledger[uSedimentSlot0 + SLUICE_SEDIMENT_SLOTS * self + SLUICE_SEDIMENT_ERODED] += sEroded[0];
        ledger[uSedimentSlot0 + SLUICE_SEDIMENT_SLOTS * self + SLUICE_SEDIMENT_DEPOSITED] += sDeposited[0];
    }
}

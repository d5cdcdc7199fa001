// Pass 2 of the two-pass substep, one invocation per cell: the outflow limit of the cell and of the
// neighbours that drain into it (recomputed from the raw flows, not read, so no third pass is
// needed), the effective face flows, the depth update, then sources, drains, rain and evaporation.
// Writes the new depth to the other ping-pong buffer and the effective flows of the cell's west and
// south faces (and of the domain's east / north edge faces): over the last substep's, which pass 1 has
// consumed, when the whole grid runs at once; to the other flow pair in a skewed sweep (GpuSolver),
// where a later strip still reads the last substep's. With uLedgerActive, each work group adds what
// entered and left through it to its own ledger slot (no atomics needed). Skips dry groups
// (dry_skip.h) and writes the group's activity flag. Computes the cell rows uRowRange.
#include "sim_layout.h"
#include "pipe_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { float depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOutBuffer { float depthOut[]; };
layout(std430, binding = SLUICE_BIND_RAW_X) restrict readonly buffer RawXBuffer { float rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict readonly buffer RawYBuffer { float rawY[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer EffXBuffer { float effX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer EffYBuffer { float effY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { double ledger[]; };

#include "pipe_kernel_common.h"
#include "pass_region.h"

const uint kGroupSize = SLUICE_PASS_GROUP_X * SLUICE_PASS_GROUP_Y;
shared float sAdded[kGroupSize];
shared float sRemoved[kGroupSize];
shared uint sWet;
uniform int uCountWetOnly;  // 1: count groups that hold water rather than groups run (skewed sweeps)

// Raw flows of the faces of cell (x, y), from pass 1's buffers (which start at row uRawRow0).
float rawXAt(int x, int y) { return rawX[(y - uRawRow0) * (uSize.x + 1) + x]; }
float rawYAt(int x, int y) { return rawY[(y - uRawRow0) * uSize.x + x]; }

float limitAt(int x, int y) {
    return pipeCellLimit(depth[y * uSize.x + x], rawXAt(x, y), rawXAt(x + 1, y), rawYAt(x, y), rawYAt(x, y + 1),
                         uDx2OverDt);
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 group = passGroup();
    const ivec2 p = passCell();
    float added = 0.0, removed = 0.0;  // metres of depth in this cell
    const int self = group.y * int(gl_NumWorkGroups.x) + group.x;
    if (gl_LocalInvocationIndex == 0u) sWet = 0u;
    castPassGroupVote(group);
    memoryBarrierShared();
    barrier();
    if (!passGroupRuns()) {  // uniform across the group
        // Stays dry: both depth copies and its flows already hold zeros.
        if (gl_LocalInvocationIndex == 0u) flagsOut[self] = 0u;
        return;
    }
    if (p.x < W && p.y < H && passRowInRange(p.y)) {
        const int i = p.y * W + p.x;
        const int fx = p.y * (W + 1) + p.x;
        const float qW = rawXAt(p.x, p.y), qE = rawXAt(p.x + 1, p.y), qS = rawYAt(p.x, p.y), qN = rawYAt(p.x, p.y + 1);
        const float kC = pipeCellLimit(depth[i], qW, qE, qS, qN, uDx2OverDt);
        // A neighbour's limit matters only when it drains into this cell.
        const float kW = (qW > 0.0 && p.x > 0) ? limitAt(p.x - 1, p.y) : 1.0;
        const float kE = (qE < 0.0 && p.x < W - 1) ? limitAt(p.x + 1, p.y) : 1.0;
        const float kS = (qS > 0.0 && p.y > 0) ? limitAt(p.x, p.y - 1) : 1.0;
        const float kN = (qN < 0.0 && p.y < H - 1) ? limitAt(p.x, p.y + 1) : 1.0;
        const float eW = pipeEffectiveFlow(qW, kW, kC);
        const float eE = pipeEffectiveFlow(qE, kC, kE);
        const float eS = pipeEffectiveFlow(qS, kS, kC);
        const float eN = pipeEffectiveFlow(qN, kC, kN);
        precise float h = pipeDepthUpdate(depth[i], eW, eE, eS, eN, uDtOverDx2);
        if (uLedgerActive != 0) h = cellExchanges(p, terrain[i], h, eW, eE, eS, eN, added, removed);
        depthOut[i] = h;
        effX[fx] = eW;
        effY[i] = eS;
        if (p.x == W - 1) effX[fx + 1] = eE;
        if (p.y == H - 1) effY[i + W] = eN;
        if (h != 0.0 || eW != 0.0 || eS != 0.0 || (p.x == W - 1 && eE != 0.0) || (p.y == H - 1 && eN != 0.0))
            sWet = 1u;
    }
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        // A sweep runs every group, so it counts those that hold water: what skipping would leave
        // (nearly) for Kernel::Auto's choice.
        if (uCountTiles != 0 && (uCountWetOnly == 0 || sWet != 0u)) atomicAdd(stats.tilesRun, 1u);
        const uint wasWet = (flagsIn[self] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u;
        flagsOut[self] = (sWet != 0u ? SLUICE_TILE_WET : 0u) | wasWet;
    }
    if (uLedgerActive != 0) {
        const uint t = gl_LocalInvocationIndex;
        sAdded[t] = added;
        sRemoved[t] = removed;
        memoryBarrierShared();
        barrier();
        for (uint stride = kGroupSize / 2u; stride > 0u; stride >>= 1u) {
            if (t < stride) {
                sAdded[t] += sAdded[t + stride];
                sRemoved[t] += sRemoved[t + stride];
            }
            memoryBarrierShared();
            barrier();
        }
        if (t == 0u) {
            ledger[2 * self] += double(sAdded[0]) * double(uCellArea);
            ledger[2 * self + 1] += double(sRemoved[0]) * double(uCellArea);
        }
    }
}

// Pass 2 of the substep in both water models, one invocation per cell (cell_step.h: the limiter, the
// depth update, edges, sources, drains, rain, evaporation, erosion's step 1): reads pass 1's raw
// transfers, writes the new depth to the other ping-pong buffer and the effective flows (and the
// shallow-water model's face velocities) over the last substep's, which pass 1 has consumed, when the
// whole grid runs at once; to the other flow pair in a skewed sweep (GpuSolver), where a later strip
// still reads the last substep's. Each work group adds what entered and left through it to its own
// ledger slot (no atomics needed). Skips dry groups (dry_skip.h) and writes the group's activity
// flag. Computes the cell rows uRowRange. Compiled for each configuration a run uses (the model,
// erosion, friction, drag and bodies as constants: GpuSolver::selectStepKernels).
#include "sim_layout.h"
#include "pipe_math.h"
#include "transfer_math.h"
#include "boundary_math.h"
#include "swe_math.h"
#include "erosion_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOutBuffer { int depthOut[]; };
layout(std430, binding = SLUICE_BIND_RAW_X) restrict readonly buffer RawXBuffer { int rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict readonly buffer RawYBuffer { int rawY[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer EffXBuffer { float effX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer EffYBuffer { float effY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { int64_t ledger[]; };
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict buffer FaceVelocityBuffer { float faceVelocity[]; };
layout(std430, binding = SLUICE_BIND_EROSION) restrict buffer ErosionBuffer { int erosion[]; };

#include "step_kernel_common.h"
#include "pass_region.h"
#define SLUICE_CELL_THREADS (SLUICE_PASS_GROUP_X * SLUICE_PASS_GROUP_Y)
#include "cell_step.h"

shared uint sWet;
uniform int uCountWetOnly;  // 1: count groups that hold water rather than groups run (skewed sweeps)

// Raw transfers of the faces of cell (x, y), from pass 1's buffers (which start at uRawRow0's tile
// row, rawAt), with the inflow edges' units from the amounts table.
int rawXAt(int x, int y) {
    const int t = rawX[rawAt(x, y)];
    return x == 0 ? edgeTransfer(0, y, t) : x == uSize.x ? edgeTransfer(1, y, t) : t;
}
int rawYAt(int x, int y) {
    const int t = rawY[rawAt(x, y)];
    return y == 0 ? edgeTransfer(2, x, t) : y == uSize.y ? edgeTransfer(3, x, t) : t;
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 group = passGroup();
    const ivec2 p = passCell();
    const int self = group.y * ((W + SLUICE_PASS_GROUP_X - 1) / SLUICE_PASS_GROUP_X) + group.x;
    if (gl_LocalInvocationIndex == 0u) sWet = 0u;
    castPassGroupVote(group);
    memoryBarrierShared();
    barrier();
    if (!passGroupRuns()) {  // uniform across the group
        // Stays dry: both depth copies and its flows already hold zeros.
        if (gl_LocalInvocationIndex == 0u) flagsOut[self] = 0u;
        return;
    }
    CellTotals t = noTotals();
    if (p.x < W && p.y < H && passRowInRange(p.y) && stepCell(p, t)) sWet = 1u;
    memoryBarrierShared();
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        // A sweep runs every group, so it counts those that hold water: what skipping would leave
        // (nearly) for Kernel::Auto's choice.
        if (uCountTiles != 0 && (uCountWetOnly == 0 || sWet != 0u)) atomicAdd(stats.tilesRun, 1u);
        const uint wasWet = (flagsIn[self] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u;
        flagsOut[self] = (sWet != 0u ? SLUICE_TILE_WET : 0u) | wasWet;
    }
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    bookGroupTotals(t, self, group * side, side);
}

// A whole substep of either water model in one pass over memory (the fused kernel; GpuSolver picks it
// over the two passes, pipe_flux.comp or swe_flux.comp then step_depth.comp, unless asked not to or a
// transmissive edge needs the depth before the last substep, which this pass would overwrite under
// a neighbouring tile's feet). A work group owns a tile of SLUICE_PASS_GROUP_X x SLUICE_FUSED_ROWS
// cells (whole pass groups, so activity flags and ledger slots keep the two-pass layout and the two
// kernels can follow each other). Face phase: the raw transfers of every face of the tile's cells and
// of the ring of cells around it (the limiter reads a neighbour's outflow), computed by the same
// functions as pass 1 (pipe_faces.h or swe_faces.h, picked by SLUICE_FUSED_SWE) into shared memory,
// the inflow edges' units already applied; the ring's faces are computed by the neighbouring tiles too
// (from the same inputs, so to the same bits). Cell phase: pass 2 for each of the tile's cells
// (cell_step.h) from shared memory. Reads the state of the last substep and writes every output to
// the other copy (depth, flows, face velocities, flags): tiles run in any order.
#include "sim_layout.h"
#include "pipe_math.h"
#include "transfer_math.h"
#include "boundary_math.h"
#include "swe_math.h"
#include "erosion_math.h"

#ifndef SLUICE_FUSED_CELL_ROWS
#define SLUICE_FUSED_CELL_ROWS 2    // cells each invocation steps, one above the other
#endif
#define SLUICE_FUSED_ROWS (SLUICE_FUSED_THREAD_ROWS * SLUICE_FUSED_CELL_ROWS)
// 1: the face phase computes the raw transfers (the fused substep); 0: it loads the ones pass 1 wrote
// (a tiled pass 2, after pipe_flux.comp or swe_flux.comp: the outflows of a tile's cells and ring
// are then read from shared memory instead of being gathered from memory again per neighbour).
#ifndef SLUICE_FUSED_FACES
#define SLUICE_FUSED_FACES 1
#endif

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_FUSED_THREAD_ROWS) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOutBuffer { int depthOut[]; };
#if SLUICE_FUSED_FACES
layout(std430, binding = SLUICE_BIND_DEPTH_OLD) restrict readonly buffer DepthOldBuffer { int depthOld[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
#else
layout(std430, binding = SLUICE_BIND_RAW_X) restrict readonly buffer RawXBuffer { int rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict readonly buffer RawYBuffer { int rawY[]; };
#endif
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer EffXBuffer { float effX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer EffYBuffer { float effY[]; };
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict buffer FaceVelocityBuffer { float faceVelocity[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { int64_t ledger[]; };
layout(std430, binding = SLUICE_BIND_EROSION) restrict buffer ErosionBuffer { int erosion[]; };

#include "step_kernel_common.h"
#include "face_speeds.h"
#if !SLUICE_FUSED_FACES
// Pass 1's raw transfers (whole grid) in place of the face computation; pass 1 recorded the speeds.
int rawFaceX(ivec2 f, inout float demand, inout float allowed) { return rawX[fieldAt(f)]; }
int rawFaceY(ivec2 f, inout float demand, inout float allowed) { return rawY[fieldAt(f)]; }
#elif SLUICE_FUSED_SWE
#include "swe_faces.h"
#define rawFaceX sweRawX
#define rawFaceY sweRawY
#else
#include "pipe_faces.h"
#define rawFaceX pipeRawX
#define rawFaceY pipeRawY
#endif
#define SLUICE_CELL_THREADS (SLUICE_PASS_GROUP_X * SLUICE_FUSED_THREAD_ROWS)
#include "cell_step.h"

const int kTileW = SLUICE_PASS_GROUP_X, kTileH = SLUICE_FUSED_ROWS;
const int kGroupRows = SLUICE_FUSED_ROWS / SLUICE_PASS_GROUP_Y;  // pass groups a tile holds, one above the other
// Raw transfers of the faces of the tile's cells and its ring: x-faces x0 - 1 .. x0 + kTileW + 1 of
// rows y0 - 1 .. y0 + kTileH, y-faces of columns x0 - 1 .. x0 + kTileW, rows y0 - 1 .. y0 + kTileH + 1.
const int kRawXW = kTileW + 3, kRawXH = kTileH + 2;
const int kRawYW = kTileW + 2, kRawYH = kTileH + 3;
shared int sRawX[kRawXW * kRawXH];
shared int sRawY[kRawYW * kRawYH];
shared uint sWetRows[kGroupRows];
const int kVotes = 3 * (kGroupRows + 2) + kGroupRows + 1;
shared uint sTileVotes[kVotes];

ivec2 tileOrigin() { return ivec2(gl_WorkGroupID.xy) * ivec2(kTileW, kTileH); }

int rawXAt(int x, int y) {
    const ivec2 o = tileOrigin();
    return sRawX[(y - o.y + 1) * kRawXW + (x - o.x + 1)];
}
int rawYAt(int x, int y) {
    const ivec2 o = tileOrigin();
    return sRawY[(y - o.y + 1) * kRawYW + (x - o.x + 1)];
}

// Whether the tile must run: the dry-skip rule of dry_skip.h for each of its pass groups (a wet group
// among the 3 x 3 around it, its own output of the dispatch before wet, or water pouring in), read
// by kVotes invocations at once.
bool tileRuns(ivec2 g0, ivec2 groups) {
    const uint t = gl_LocalInvocationIndex;
    const uint around = uint(3 * (kGroupRows + 2)), own = uint(kGroupRows);
    if (t < uint(kVotes)) {
        bool vote = false;
        if (uSkipDry == 0) {
            vote = true;
        } else if (t < around) {
            const ivec2 n = g0 + ivec2(int(t) % 3 - 1, int(t) / 3 - 1);
            vote = all(greaterThanEqual(n, ivec2(0))) && all(lessThan(n, groups)) &&
                   (flagsIn[n.y * groups.x + n.x] & SLUICE_TILE_WET) != 0u;
        } else if (t < around + own) {
            const ivec2 g = g0 + ivec2(0, int(t - around));
            vote = g.y < groups.y && (flagsIn[g.y * groups.x + g.x] & SLUICE_TILE_WAS_WET) != 0u;
        } else if (t == around + own) {
            const ivec2 origin = tileOrigin();
            vote = uAllActive != 0 || wettedFromOutside(origin - 2, origin + ivec2(kTileW, kTileH) + 2);
        }
        sTileVotes[t] = vote ? 1u : 0u;
    }
    memoryBarrierShared();
    barrier();
    uint votes = 0u;
    for (int k = 0; k < kVotes; ++k) votes |= sTileVotes[k];
    return votes != 0u;
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const ivec2 groups = (uSize + side - 1) / side;
    const ivec2 g0 = ivec2(gl_WorkGroupID.x, gl_WorkGroupID.y * uint(kGroupRows));  // the tile's first pass group
    const ivec2 origin = tileOrigin();
    const uint t = gl_LocalInvocationIndex;
    if (t == 0u) resetGroupSpeeds();
    if (t < uint(kGroupRows)) sWetRows[t] = 0u;
    if (!tileRuns(g0, groups)) {  // uniform across the group
        // Stays dry: both copies of its state already hold zeros.
        if (t < uint(kGroupRows) && g0.y + int(t) < groups.y) flagsOut[(g0.y + int(t)) * groups.x + g0.x] = 0u;
        return;
    }

    // Face phase: the x-faces, then the y-faces, each loop one face per invocation and pass, so
    // each compiles to one copy of its face function.
    float demand = 0.0, allowed = 0.0;
    for (int k = int(t); k < kRawXW * kRawXH; k += SLUICE_CELL_THREADS) {
        const ivec2 f = origin - 1 + ivec2(k % kRawXW, k / kRawXW);
        int v = 0;
        if (f.x >= 0 && f.x <= W && f.y >= 0 && f.y < H) {
            v = rawFaceX(f, demand, allowed);
            if (f.x == 0) v = edgeTransfer(0, f.y, v);
            else if (f.x == W) v = edgeTransfer(1, f.y, v);
        }
        sRawX[k] = v;
    }
    for (int j = int(t); j < kRawYW * kRawYH; j += SLUICE_CELL_THREADS) {
        const ivec2 f = origin - 1 + ivec2(j % kRawYW, j / kRawYW);
        int v = 0;
        if (f.x >= 0 && f.x < W && f.y >= 0 && f.y <= H) {
            v = rawFaceY(f, demand, allowed);
            if (f.y == 0) v = edgeTransfer(2, f.x, v);
            else if (f.y == H) v = edgeTransfer(3, f.x, v);
        }
        sRawY[j] = v;
    }
#if SLUICE_FUSED_FACES
    recordSpeeds(demand, allowed);  // barrier inside: the shared transfers are complete after it
#else
    memoryBarrierShared();
    barrier();
#endif

    // Cell phase.
    CellTotals totals = noTotals();
    for (int r = 0; r < SLUICE_FUSED_CELL_ROWS; ++r) {
        const int row = r * SLUICE_FUSED_THREAD_ROWS + int(gl_LocalInvocationID.y);
        const ivec2 p = origin + ivec2(int(gl_LocalInvocationID.x), row);
        if (p.x < W && p.y < H && stepCell(p, totals)) sWetRows[row / SLUICE_PASS_GROUP_Y] = 1u;
    }
    memoryBarrierShared();
    barrier();
    if (t < uint(kGroupRows) && g0.y + int(t) < groups.y) {
        const int g = (g0.y + int(t)) * groups.x + g0.x;
        const uint wasWet = (flagsIn[g] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u;
        flagsOut[g] = (sWetRows[t] != 0u ? SLUICE_TILE_WET : 0u) | wasWet;
        if (uCountTiles != 0) atomicAdd(stats.tilesRun, 1u);
    }
    bookGroupTotals(totals, g0.y * groups.x + g0.x, origin, ivec2(kTileW, kTileH));
}

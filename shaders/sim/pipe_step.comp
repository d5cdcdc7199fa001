// The whole pipe-model step in one dispatch: each work group holds a 32 x 32 region of cells in shared
// memory (32 x 8 invocations, each doing the cells of one column in four rows 8 apart) and advances
// the region's inner T x T tile (T = 32 - 4S) by S = SLUICE_STEP_SUBSTEPS substeps (temporal
// blocking). Small groups let several share a multiprocessor, so one waiting at a barrier does not
// idle it. Each global array
// is read once and written once per dispatch: (16 B read + 12 B written) / S per cell-step instead
// of the 48 B of a two-pass step.
//
// Why a halo of 2 per substep: the new depth of a cell needs the effective flows of its faces, which
// need the outflow limits of both neighbours, which need the new raw flows of the neighbours' faces,
// which need depths one cell further out. Every tile recomputes its halo with the same formulas
// (pipe_math.h, `precise`), so a face shared by two tiles gets bit-identical flows in both and the
// volume is conserved exactly as with one global pass.
//
// State between dispatches (ping-pong, in -> out): depth h per cell, effective (outflow-limited)
// flows Qx, Qy per face, activity flags per 4 x 4 block of cells. A tile writes its cells, the west
// and south faces of its cells and the domain's east and north edge faces next to them.
//
// Dry tiles (no water and no flow anywhere within reach) are skipped when uSkipDry is set, unless a
// source, an inflow edge or rain can wet them: skipping them changes no bit of the result.
#if SLUICE_SUBGROUPS
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif
#include "sim_layout.h"
#include "pipe_math.h"

#ifndef SLUICE_STEP_SUBSTEPS
#define SLUICE_STEP_SUBSTEPS 1
#endif

const int S = SLUICE_STEP_SUBSTEPS;
const int R = SLUICE_STEP_REGION;  // region side, cells = invocations per side
const int HALO = 2 * S;
const int T = R - 2 * HALO;        // tile side, cells (a multiple of the flag block)
const int FB = SLUICE_FLAG_BLOCK;
const int TB = T / FB;             // flag blocks per tile side

const int ROWS = SLUICE_STEP_ROWS;  // invocation rows; each invocation does R / ROWS cells
const int NT = R * ROWS;            // invocations per group
layout(local_size_x = SLUICE_STEP_REGION, local_size_y = SLUICE_STEP_ROWS) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthIn { float depthIn[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOut { float depthOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXIn { float flowXIn[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYIn { float flowYIn[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer FlowXOut { float flowXOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer FlowYOut { float flowYOut[]; };
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { double ledger[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };

uniform ivec2 uSize;
uniform float uFrictionFactor;
uniform float uGravityDt;
uniform float uViscosityTerm;
uniform float uCellSize;
uniform float uGravity;
uniform float uDx2OverDt;
uniform float uDtOverDx2;
uniform float uRain;          // metres per substep
uniform float uEvaporation;   // metres per substep
uniform float uCellArea;      // dx^2, m^2
uniform int uLedgerActive;    // sources, drains, rain, evaporation or open/inflow edges present
uniform int uCountTiles;      // 1: count the tiles that ran in stats.tilesRun (benchmarks, tests)
#include "dry_skip.h"

const int N = R * R;
shared float sB[N];   // bed, metres
shared float sH[N];   // depth, metres, updated in place substep by substep
shared float sK[N];   // outflow limits of the current substep
shared float sQx[N];  // effective flow of the west face of each region cell, m^3/s
shared float sQy[N];  // effective flow of the south face
shared float sRx[N];  // raw new flow of the west face (this substep)
shared float sRy[N];  // raw new flow of the south face
shared uint sRun;
shared uint sBlockWet[TB * TB];
#if SLUICE_SUBGROUPS
shared float sPartSpeed[NT / 16];
shared float sPartAdded[NT / 16];
shared float sPartRemoved[NT / 16];
#endif

// New raw flow of a domain-edge face whose inner cell holds depth hC; outSign as in pipeOpenFlow.
float boundaryFlow(int side, float qEff, float hC, float outSign, out float faceDepth) {
    faceDepth = 0.0;
    int kind = uBoundaryKind[side];
    if (kind == SLUICE_BOUNDARY_OPEN)
        return pipeOpenFlow(qEff, hC, outSign, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    if (kind == SLUICE_BOUNDARY_INFLOW) return -outSign * uInflowQ[side];
    return 0.0;
}

// Books a depth change through the domain edge: inflow (> 0) as added, outflow as removed.
void bookEdge(float d, inout float added, inout float removed) {
    if (d > 0.0) added += d;
    else removed -= d;
}

// Per-cell context: region cell (i, j), its global cell and which of its faces exist.
struct Cell {
    int c;         // index in the shared arrays
    ivec2 g;       // global cell
    bool inside;   // the cell is in the domain
    bool xFace;    // its west face is a face of the domain grid
    bool yFace;    // its south face likewise
};

Cell cellOf(ivec2 origin, int i, int j) {
    Cell k;
    k.c = j * R + i;
    k.g = origin + ivec2(i, j);
    k.inside = all(greaterThanEqual(k.g, ivec2(0))) && all(lessThan(k.g, uSize));
    k.xFace = k.g.y >= 0 && k.g.y < uSize.y && k.g.x >= 0 && k.g.x <= uSize.x;
    k.yFace = k.g.x >= 0 && k.g.x < uSize.x && k.g.y >= 0 && k.g.y <= uSize.y;
    return k;
}

// Raw new flows of the cell's west and south faces in substep s (where that substep needs them);
// returns the largest wave speed over those of them the tile owns.
float rawFaces(Cell k, int i, int j, int s) {
    const int W = uSize.x, H = uSize.y;
    const int lo = 2 + 2 * s, hi = R - 2 - 2 * s;
    const int c = k.c;
    float speed = 0.0;
    if (j >= lo - 1 && j < hi + 1 && i >= lo - 1 && i <= hi + 1 && k.xFace) {
        float faceDepth;
        float q;
        if (k.g.x > 0 && k.g.x < W) {
            q = pipeInteriorFlow(sQx[c], sB[c - 1], sH[c - 1], sB[c], sH[c], uFrictionFactor, uGravityDt,
                                 uViscosityTerm, faceDepth);
        } else {
            q = k.g.x == 0 ? boundaryFlow(0, sQx[c], sH[c], -1.0, faceDepth)
                           : boundaryFlow(1, sQx[c], sH[c - 1], 1.0, faceDepth);
        }
        sRx[c] = q;
        const bool own = j >= HALO && j < HALO + T && i >= HALO && (i < HALO + T || k.g.x == W);
        if (own) speed = max(speed, pipeFaceSpeed(q, faceDepth, uCellSize, uGravity));
    }
    if (i >= lo - 1 && i < hi + 1 && j >= lo - 1 && j <= hi + 1 && k.yFace) {
        float faceDepth;
        float q;
        if (k.g.y > 0 && k.g.y < H) {
            q = pipeInteriorFlow(sQy[c], sB[c - R], sH[c - R], sB[c], sH[c], uFrictionFactor, uGravityDt,
                                 uViscosityTerm, faceDepth);
        } else {
            q = k.g.y == 0 ? boundaryFlow(2, sQy[c], sH[c], -1.0, faceDepth)
                           : boundaryFlow(3, sQy[c], sH[c - R], 1.0, faceDepth);
        }
        sRy[c] = q;
        const bool own = i >= HALO && i < HALO + T && j >= HALO && (j < HALO + T || k.g.y == H);
        if (own) speed = max(speed, pipeFaceSpeed(q, faceDepth, uCellSize, uGravity));
    }
    return speed;
}

// Outflow limit of the cell in substep s; cells outside the domain never drain (k = 1).
void limit(Cell k, int i, int j, int s) {
    const int lo = 2 + 2 * s, hi = R - 2 - 2 * s;
    if (j >= lo - 1 && j < hi + 1 && i >= lo - 1 && i < hi + 1) {
        const int c = k.c;
        sK[c] = k.inside ? pipeCellLimit(sH[c], sRx[c], sRx[c + 1], sRy[c], sRy[c + R], uDx2OverDt) : 1.0;
    }
}

// Effective flows of the cell's west and south faces (kept for the next substep and the output),
// and its new depth with sources, drains, rain and evaporation; adds the tile's own cells' exchanges
// (metres of depth) to added / removed.
void update(Cell k, int i, int j, int s, inout float added, inout float removed) {
    const int W = uSize.x, H = uSize.y;
    const int lo = 2 + 2 * s, hi = R - 2 - 2 * s;
    const int c = k.c;
    const bool row = j >= lo && j < hi, col = i >= lo && i < hi;
    if (row && i >= lo && i <= hi && k.xFace) sQx[c] = pipeEffectiveFlow(sRx[c], sK[c - 1], sK[c]);
    if (col && j >= lo && j <= hi && k.yFace) sQy[c] = pipeEffectiveFlow(sRy[c], sK[c - R], sK[c]);
    if (!(row && col && k.inside)) return;
    const ivec2 g = k.g;
    const float eW = pipeEffectiveFlow(sRx[c], sK[c - 1], sK[c]);
    const float eE = pipeEffectiveFlow(sRx[c + 1], sK[c], sK[c + 1]);
    const float eS = pipeEffectiveFlow(sRy[c], sK[c - R], sK[c]);
    const float eN = pipeEffectiveFlow(sRy[c + R], sK[c], sK[c + R]);
    precise float h = pipeDepthUpdate(sH[c], eW, eE, eS, eN, uDtOverDx2);
    if (uLedgerActive != 0) {
        float add = 0.0, rem = 0.0;
        // Water crossing the domain edge, as depth of this cell (inflow > 0). Written out per side:
        // a constructed local array indexed in a loop lost these terms on NVIDIA's compiler.
        if (g.x == 0) bookEdge(uDtOverDx2 * eW, add, rem);
        if (g.x == W - 1) bookEdge(-(uDtOverDx2 * eE), add, rem);
        if (g.y == 0) bookEdge(uDtOverDx2 * eS, add, rem);
        if (g.y == H - 1) bookEdge(-(uDtOverDx2 * eN), add, rem);
        const float b = sB[c];
        for (int e = 0; e < uEmitterCount; ++e) {
            const GpuEmitter em = emitters[e];
            if (g.x < em.x0 || g.x >= em.x1 || g.y < em.y0 || g.y >= em.y1) continue;
            // Same arithmetic as sim::footprintOf so both sides agree on edge cells.
            const float rx = (float(g.x) + 0.5) - em.x, ry = (float(g.y) + 0.5) - em.y;
            precise float r2 = rx * rx + ry * ry;
            if (em.singleCell == 0 && r2 > em.radius2) continue;
            const float d = pipeEmitterDelta(em.mode, em.sign, em.amountM, em.levelM, b, h);
            // Book the change the float sum really made (as sim/cpu_solver.cpp explains).
            const float before = h;
            h = h + d;
            precise float moved = h - before;
            if (moved > 0.0) add += moved; else rem -= moved;
        }
        if (uRain > 0.0) {
            const float before = h;
            h = h + uRain;
            add += h - before;
        }
        if (uEvaporation > 0.0) {
            const float before = h;
            h = h - min(h, uEvaporation);
            rem += before - h;
        }
        if (i >= HALO && i < HALO + T && j >= HALO && j < HALO + T) {
            added += add;
            removed += rem;
        }
    }
    sH[c] = h;
}

// Writes a tile cell's depth and faces; true when any of them holds water or flow.
bool writeCell(Cell k) {
    const int W = uSize.x, H = uSize.y;
    const int c = k.c;
    const ivec2 g = k.g;
    const int gi = g.y * W + g.x;
    const float h = sH[c], qx = sQx[c], qy = sQy[c];
    depthOut[gi] = h;
    flowXOut[g.y * (W + 1) + g.x] = qx;
    flowYOut[gi] = qy;
    bool wet = h != 0.0 || qx != 0.0 || qy != 0.0;
    if (g.x == W - 1) {
        const float q = sQx[c + 1];
        flowXOut[g.y * (W + 1) + W] = q;
        wet = wet || q != 0.0;
    }
    if (g.y == H - 1) {
        const float q = sQy[c + R];
        flowYOut[H * W + g.x] = q;
        wet = wet || q != 0.0;
    }
    return wet;
}

void main() {
    const int W = uSize.x;
    const ivec2 blocks = (uSize + FB - 1) / FB;
    const int i = int(gl_LocalInvocationID.x), j0 = int(gl_LocalInvocationID.y);
    const int lid = int(gl_LocalInvocationIndex);
    const ivec2 tile = ivec2(gl_WorkGroupID.xy);
    const ivec2 origin = tile * T - HALO;  // global cell of region cell (0, 0)
    const ivec2 tileBlock = tile * TB;     // first flag block of the tile

    // Skip test: does any flag block overlapping the region hold water or flow, or did one of the
    // tile's own blocks last dispatch (so the buffer written now may not hold zeros)?
    if (lid == 0) sRun = (uSkipDry == 0 || uAllActive != 0 || wettedFromOutside(origin, origin + R)) ? 1u : 0u;
    if (lid < TB * TB) sBlockWet[lid] = 0u;
    memoryBarrierShared();
    barrier();
    if (sRun == 0u) {
        const ivec2 b0 = max(origin, ivec2(0)) / FB;
        const ivec2 b1 = min(origin + R - 1, uSize - 1) / FB;
        const ivec2 span = b1 - b0 + 1;
        if (lid < span.x * span.y) {
            const ivec2 b = b0 + ivec2(lid % span.x, lid / span.x);
            if ((flagsIn[b.y * blocks.x + b.x] & SLUICE_TILE_WET) != 0u) atomicOr(sRun, 1u);
        }
        if (lid < TB * TB) {
            const ivec2 b = tileBlock + ivec2(lid % TB, lid / TB);
            if (all(lessThan(b, blocks)) && (flagsIn[b.y * blocks.x + b.x] & SLUICE_TILE_WAS_WET) != 0u)
                atomicOr(sRun, 1u);
        }
        memoryBarrierShared();
        barrier();
        if (sRun == 0u) {  // uniform across the group
            if (lid < TB * TB) {
                const ivec2 b = tileBlock + ivec2(lid % TB, lid / TB);
                if (all(lessThan(b, blocks))) flagsOut[b.y * blocks.x + b.x] = 0u;
            }
            return;
        }
    }

    // Load the region (zeros outside the domain).
    for (int j = j0; j < R; j += ROWS) {
        const Cell k = cellOf(origin, i, j);
        const int gi = k.g.y * W + k.g.x;
        sB[k.c] = k.inside ? terrain[gi] : 0.0;
        sH[k.c] = k.inside ? depthIn[gi] : 0.0;
        sQx[k.c] = k.xFace ? flowXIn[k.g.y * (W + 1) + k.g.x] : 0.0;
        sQy[k.c] = k.yFace ? flowYIn[gi] : 0.0;
    }
    memoryBarrierShared();
    barrier();

    float speed = 0.0;
    float added = 0.0, removed = 0.0;  // metres of depth over the tile's own cells
    for (int s = 0; s < S; ++s) {
        // Substep s brings cells [lo, hi)^2 forward (lo = 2 + 2s, hi = R - lo); the range shrinks by
        // 2 per substep and ends on the tile. It needs limits on [lo - 1, hi + 1)^2 and raw flows of
        // those cells' faces.
        for (int j = j0; j < R; j += ROWS) speed = max(speed, rawFaces(cellOf(origin, i, j), i, j, s));
        memoryBarrierShared();
        barrier();
        for (int j = j0; j < R; j += ROWS) limit(cellOf(origin, i, j), i, j, s);
        memoryBarrierShared();
        barrier();
        for (int j = j0; j < R; j += ROWS) update(cellOf(origin, i, j), i, j, s, added, removed);
        memoryBarrierShared();
        barrier();
    }

    // Write the tile's cells and faces; mark the flag blocks that hold water or flow.
    if (i >= HALO && i < HALO + T)
        for (int j = j0; j < R; j += ROWS) {
            const Cell k = cellOf(origin, i, j);
            if (j >= HALO && j < HALO + T && k.inside && writeCell(k))
                atomicOr(sBlockWet[((j - HALO) / FB) * TB + (i - HALO) / FB], 1u);
        }

    // Group totals: max face speed, water added and removed.
#if SLUICE_SUBGROUPS
    const float subSpeed = subgroupMax(speed), subAdded = subgroupAdd(added), subRemoved = subgroupAdd(removed);
    if (subgroupElect()) {
        sPartSpeed[gl_SubgroupID] = subSpeed;
        sPartAdded[gl_SubgroupID] = subAdded;
        sPartRemoved[gl_SubgroupID] = subRemoved;
    }
    memoryBarrierShared();
    barrier();
    float groupSpeed = 0.0, groupAdded = 0.0, groupRemoved = 0.0;
    if (lid == 0)
        for (uint p = 0u; p < gl_NumSubgroups; ++p) {
            groupSpeed = max(groupSpeed, sPartSpeed[p]);
            groupAdded += sPartAdded[p];
            groupRemoved += sPartRemoved[p];
        }
#else
    // Tree reduction in the (no longer needed) limit and raw-flow arrays.
    sK[lid] = speed;
    sRx[lid] = added;
    sRy[lid] = removed;
    memoryBarrierShared();
    barrier();
    for (int stride = NT / 2; stride > 0; stride >>= 1) {
        if (lid < stride) {
            sK[lid] = max(sK[lid], sK[lid + stride]);
            sRx[lid] += sRx[lid + stride];
            sRy[lid] += sRy[lid + stride];
        }
        memoryBarrierShared();
        barrier();
    }
    const float groupSpeed = sK[0], groupAdded = sRx[0], groupRemoved = sRy[0];
#endif

    if (lid < TB * TB) {
        const ivec2 b = tileBlock + ivec2(lid % TB, lid / TB);
        if (all(lessThan(b, blocks))) {
            const int k = b.y * blocks.x + b.x;
            const uint wasWet = (flagsIn[k] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u;
            flagsOut[k] = (sBlockWet[lid] != 0u ? SLUICE_TILE_WET : 0u) | wasWet;
        }
    }
    if (lid == 0) {
        // Non-negative floats order like their bit patterns, so an integer max is a float max.
        if (groupSpeed > 0.0) atomicMax(stats.maxSpeedBits, floatBitsToUint(groupSpeed));
        if (uCountTiles != 0) atomicAdd(stats.tilesRun, 1u);
        if (uLedgerActive != 0) {
            const int slot = tile.y * int(gl_NumWorkGroups.x) + tile.x;
            ledger[2 * slot] += double(groupAdded) * double(uCellArea);
            ledger[2 * slot + 1] += double(groupRemoved) * double(uCellArea);
        }
    }
}

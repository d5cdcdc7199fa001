// The pipe model's step, temporally blocked (Tuning::blockedSubsteps; GpuSolver::advanceBlocked): each
// work group loads a tile of the grid with a halo, advances it uSubsteps (at most
// SLUICE_BLOCKED_SUBSTEPS) whole substeps in registers and shared memory, and writes back the tile's
// inner part, so the state crosses memory once per dispatch instead of twice per substep. A cell's
// state after a substep depends on the cells up to 2 away (its faces read the cells beside them, the
// limiter each donor's outflow, which reads the donor's far face), so after s substeps the cells at
// least 2 s from the tile's edge are right: the halo is 2 SLUICE_BLOCKED_SUBSTEPS cells, computed again
// by the neighbouring tiles.
//
// Everything the two passes do (pipe_flux.comp, then step_depth.comp's cell_step.h), in the same
// functions and order, so every bit agrees with them and with the CPU reference: the edge faces (open,
// level, inflow, walls; pipe_faces.h, edgeTransfer), sources, drains, rain and evaporation
// (cellExchanges, this substep's row of the amounts table each substep), the ledger (the inner
// cells' exchanges, in the tile's own slot pair), the CFL speeds (the inner cells' faces, each face
// of the grid counted by the one tile whose inner part owns it), dry skipping and the activity flags
// of the pass groups (dry_skip.h's rule, widened to the tile and its halo). Not here (GpuSolver runs
// the other kernels then): the shallow-water model, erosion, transmissive edges (the depth before the
// last substep, of cells in another tile).
//
// Slots: a tile slot is a cell position, inside the grid or not. A slot owns its west x-face and south
// y-face, where those exist (x-faces x in [0, W], y in [0, H)), so the slots just beyond the east and
// north edges hold the domain's edge faces. A slot outside the grid holds no water: depth
// kGhostUnits and outflow 0, which is what the limiter takes for the side beyond an edge
// (cell_step.h).
//
// Layout as water_tile.comp: groups of SLUICE_BLOCKED_X x SLUICE_BLOCKED_THREAD_ROWS invocations,
// each owning SLUICE_BLOCKED_CELL_ROWS slots of one column, SLUICE_BLOCKED_THREAD_ROWS rows apart, in
// registers (named variables: NVIDIA's compiler keeps arrays in local memory); shared memory holds
// what neighbours read: depths, raw then effective transfers, outflows (20 bytes a slot).
#include "sim_layout.h"
#include "pipe_math.h"
#include "transfer_math.h"
#include "boundary_math.h"
#include "swe_math.h"
#include "erosion_math.h"

#ifndef SLUICE_BLOCKED_X
#define SLUICE_BLOCKED_X 64
#define SLUICE_BLOCKED_THREAD_ROWS 16
#define SLUICE_BLOCKED_CELL_ROWS 2
#define SLUICE_BLOCKED_SUBSTEPS 2
#endif
// 1: every edge face is a wall (GpuSolver::selectStepKernels; no segments of another kind), so the
// edge faces' code drops out, as the SLUICE_STEP_* constants drop other cases (step_kernel_common.h).
#ifndef SLUICE_BLOCKED_WALLS
#define SLUICE_BLOCKED_WALLS 0
#endif
const int kTileW = SLUICE_BLOCKED_X, kTileH = SLUICE_BLOCKED_THREAD_ROWS * SLUICE_BLOCKED_CELL_ROWS;
const int kHalo = 2 * SLUICE_BLOCKED_SUBSTEPS;
const int kInnerW = kTileW - 2 * kHalo, kInnerH = kTileH - 2 * kHalo;  // cells written per tile
const int kTileCells = kTileW * kTileH;
const int kThreads = SLUICE_BLOCKED_X * SLUICE_BLOCKED_THREAD_ROWS;

layout(local_size_x = SLUICE_BLOCKED_X, local_size_y = SLUICE_BLOCKED_THREAD_ROWS) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOutBuffer { int depthOut[]; };
// Never read: transmissive edges do not run here (pipe_faces.h's edge flow names it).
layout(std430, binding = SLUICE_BIND_DEPTH_OLD) restrict readonly buffer DepthOldBuffer { int depthOld[]; };
// The depth before the last substep (uKeepPrev), which the other copy must hold after the step.
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict writeonly buffer PrevDepthBuffer { int prevOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer EffXBuffer { float effX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer EffYBuffer { float effY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };
// Cleared by the host before each dispatch: several tiles share a pass group and OR their bits in.
layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { int64_t ledger[]; };

uniform int uAmountBase;    // the first substep's row of the amounts table
uniform int uAmountStride;  // ints per row
int gAmountRow;             // this substep's
#define SLUICE_AMOUNT_ROW gAmountRow
#include "step_kernel_common.h"
#include "face_speeds.h"
#include "pipe_faces.h"

uniform int uSubsteps;      // this dispatch's, 1 to SLUICE_BLOCKED_SUBSTEPS
uniform int uKeepPrev;      // 1: write the depth before the last substep to prevOut
uniform int uLedgerSlot0;   // tile t books into ledger slot pair uLedgerSlot0 + t

// The side beyond a domain edge never runs short (an inflow edge's water comes from outside).
const int kGhostUnits = 2147483647;

shared int sH[kTileCells];
shared int sX[kTileCells];  // raw, then effective transfers of each slot's west face
shared int sY[kTileCells];  // and of its south face
shared int64_t sOut[kTileCells];  // outflows; after the substeps, the ledger's reduction
// Activity bits of the pass groups the inner part touches, from its first one on.
const int kGroupsX = kInnerW / SLUICE_PASS_GROUP_X + 2, kGroupsY = kInnerH / SLUICE_PASS_GROUP_Y + 2;
shared uint sGroupBits[kGroupsX * kGroupsY];
shared uint sRuns;

// What a slot is, as bits (one register instead of seven).
const uint kInside = 1u;    // a cell of the grid
const uint kFaceX = 2u;     // owns an x-face
const uint kFaceY = 4u;     // owns a y-face
const uint kInner = 8u;     // an inside cell written back (its exchanges are booked)
const uint kCountX = 16u;   // its faces' speeds count: an inner cell's, or an edge face of one
const uint kCountY = 32u;
const uint kKeptWet = 64u;  // the depth before the last substep was not 0 (uKeepPrev)

struct Slot {
    ivec2 g;                  // position in the grid
    uint is;                  // k* bits
    int i;                    // word of the cell / its faces in every field
    float b, bW, bS, qx, qy;  // flow beds of it and its west and south neighbours; its faces' flows
    int h, rx, ry, ex, ey;
    int64_t outflow;
};
Slot c0, c1, c2, c3;
float demand = 0.0, allowed = 0.0;
int64_t gAdded = 0l, gRemoved = 0l;  // the inner cells' exchanges over the dispatch

#if SLUICE_BLOCKED_CELL_ROWS == 1
#define FOR_SLOTS(F) F(c0, 0)
#elif SLUICE_BLOCKED_CELL_ROWS == 2
#define FOR_SLOTS(F) F(c0, 0) F(c1, 1)
#elif SLUICE_BLOCKED_CELL_ROWS == 4
#define FOR_SLOTS(F) F(c0, 0) F(c1, 1) F(c2, 2) F(c3, 3)
#else
#error SLUICE_BLOCKED_CELL_ROWS must be 1, 2 or 4
#endif

bool has(Slot c, uint bit) { return (c.is & bit) != 0u; }
bool innerAt(int x, int y) { return x >= kHalo && x < kTileW - kHalo && y >= kHalo && y < kTileH - kHalo; }

// Shared index of the slot (dx, dy) from this invocation's slot k, clamped at the tile's edge
// (recomputed where used: cheaper than registers that hold it).
int near(int k, int dx, int dy) {
    const int x = int(gl_LocalInvocationID.x), y = int(gl_LocalInvocationID.y) + k * SLUICE_BLOCKED_THREAD_ROWS;
    return clamp(y + dy, 0, kTileH - 1) * kTileW + clamp(x + dx, 0, kTileW - 1);
}

void load(inout Slot c, int k, ivec2 origin) {
    const int W = uSize.x, H = uSize.y;
    const int x = int(gl_LocalInvocationID.x), y = int(gl_LocalInvocationID.y) + k * SLUICE_BLOCKED_THREAD_ROWS;
    const ivec2 g = origin + ivec2(x, y);
    c.g = g;
    const bool inside = g.x >= 0 && g.x < W && g.y >= 0 && g.y < H;
    const bool faceX = g.x >= 0 && g.x <= W && g.y >= 0 && g.y < H;
    const bool faceY = g.x >= 0 && g.x < W && g.y >= 0 && g.y <= H;
    const bool inner = inside && innerAt(x, y);
    const bool countX = inner || (g.x == W && faceX && innerAt(x - 1, y));
    const bool countY = inner || (g.y == H && faceY && innerAt(x, y - 1));
    c.is = (inside ? kInside : 0u) | (faceX ? kFaceX : 0u) | (faceY ? kFaceY : 0u) | (inner ? kInner : 0u) |
           (countX ? kCountX : 0u) | (countY ? kCountY : 0u);
    c.i = faceX || faceY ? fieldAt(g) : 0;
    c.h = inside ? depth[c.i] : kGhostUnits;
    c.b = inside ? flowBed(c.i) : 0.0;
    c.bW = faceX && g.x > 0 ? flowBed(fieldAt(g.x - 1, g.y)) : 0.0;
    c.bS = faceY && g.y > 0 ? flowBed(fieldAt(g.x, g.y - 1)) : 0.0;
    c.qx = faceX ? flowX[c.i] : 0.0;
    c.qy = faceY ? flowY[c.i] : 0.0;
}
#define LOAD(c, k) load(c, k, origin);

// Friction and the Courant guard as pass 1 (pipe_faces.h, finishFlow), its speeds counted where the
// face is one this tile owns.
int faceUnits(float q, float faceDepth, bool counts) {
    float d = 0.0, a = 0.0;
    const int units = finishFlow(q, faceDepth, d, a);
    if (counts) {
        demand = max(demand, d);
        allowed = max(allowed, a);
    }
    return units;
}

// Pass 1's raw transfer of the slot's west face (pipeRawX, then the inflow edges' units).
int rawWest(Slot c, int k) {
    const int W = uSize.x;
    if (!has(c, kFaceX)) return 0;
    float faceDepth, q;
    if (c.g.x > 0 && c.g.x < W) {
        q = pipeInteriorFlow(c.qx, c.bW, unitsToMetres(sH[near(k, -1, 0)]), c.b, unitsToMetres(c.h), uFrictionFactor, uGravityDt,
                             uViscosityTerm, faceDepth);
#if SLUICE_BLOCKED_WALLS
    } else {
        return 0;  // a wall: no flow, no face depth, so no speed either (pipe_math.h)
    }
#else
    } else if (c.g.x == 0) {
        q = edgeFlowOf(0, c.g.y, c.qx, unitsToMetres(c.h), c.b, c.i, -1.0, faceDepth);
    } else {
        q = edgeFlowOf(1, c.g.y, c.qx, unitsToMetres(sH[near(k, -1, 0)]), c.bW, fieldAt(W - 1, c.g.y), 1.0, faceDepth);
    }
#endif
    const int v = faceUnits(q, faceDepth, has(c, kCountX));
    return c.g.x == 0 ? edgeTransfer(0, c.g.y, v) : c.g.x == W ? edgeTransfer(1, c.g.y, v) : v;
}

// And of its south face (pipeRawY).
int rawSouth(Slot c, int k) {
    const int H = uSize.y;
    if (!has(c, kFaceY)) return 0;
    float faceDepth, q;
    if (c.g.y > 0 && c.g.y < H) {
        q = pipeInteriorFlow(c.qy, c.bS, unitsToMetres(sH[near(k, 0, -1)]), c.b, unitsToMetres(c.h), uFrictionFactor, uGravityDt,
                             uViscosityTerm, faceDepth);
#if SLUICE_BLOCKED_WALLS
    } else {
        return 0;
    }
#else
    } else if (c.g.y == 0) {
        q = edgeFlowOf(2, c.g.x, c.qy, unitsToMetres(c.h), c.b, c.i, -1.0, faceDepth);
    } else {
        q = edgeFlowOf(3, c.g.x, c.qy, unitsToMetres(sH[near(k, 0, -1)]), c.bS, fieldAt(c.g.x, H - 1), 1.0, faceDepth);
    }
#endif
    const int v = faceUnits(q, faceDepth, has(c, kCountY));
    return c.g.y == 0 ? edgeTransfer(2, c.g.x, v) : c.g.y == H ? edgeTransfer(3, c.g.x, v) : v;
}

#define PUT_H(c, k) sH[near(k, 0, 0)] = c.h;
#define FACES(c, k) c.rx = rawWest(c, k); c.ry = rawSouth(c, k); sX[near(k, 0, 0)] = c.rx; sY[near(k, 0, 0)] = c.ry;
// Pass 2 (cell_step.h's stepCell): outflows, the limited transfers of the west and south faces, the
// depth after them and the cell's exchanges with the world.
#define OUTFLOW(c, k) c.outflow = has(c, kInside) ? cellOutflow(c.rx, sX[near(k, 1, 0)], c.ry, sY[near(k, 0, 1)]) : 0l; \
                      sOut[near(k, 0, 0)] = c.outflow;
#define LIMIT(c, k) \
    c.ex = has(c, kFaceX) ? effectiveTransfer(c.rx, sH[near(k, -1, 0)], sOut[near(k, -1, 0)], c.h, c.outflow) : 0; \
    c.ey = has(c, kFaceY) ? effectiveTransfer(c.ry, sH[near(k, 0, -1)], sOut[near(k, 0, -1)], c.h, c.outflow) : 0;
#define PUT_E(c, k) sX[near(k, 0, 0)] = c.ex; sY[near(k, 0, 0)] = c.ey;
void update(inout Slot c, int k, bool last) {
    if (has(c, kInside)) {
        if (last && uKeepPrev != 0) {
            if (c.h != 0) c.is |= kKeptWet;
            if (has(c, kInner)) prevOut[c.i] = c.h;
        }
        const int eE = sX[near(k, 1, 0)], eN = sY[near(k, 0, 1)];
        int h = depthAfter(c.h, c.ex, eE, c.ey, eN);
        if (uLedgerActive != 0) {
            int64_t added = 0l, removed = 0l, sedRemoved = 0l;
            int sed = 0;
            h = cellExchanges(c.g, terrain[c.i], h, c.ex, eE, c.ey, eN, added, removed, sed, sedRemoved);
            if (has(c, kInner)) {
                gAdded += added;
                gRemoved += removed;
            }
        }
        c.h = h;
    }
    precise float fx = float(c.ex) * uUnitFlow, fy = float(c.ey) * uUnitFlow;  // as pass 2 stores them
    c.qx = fx;
    c.qy = fy;
}
#define UPDATE(c, k) update(c, k, last);

// Index in sGroupBits of the pass group holding grid cell g (first: the inner part's first group).
int groupSlot(ivec2 g, ivec2 first) {
    const ivec2 d = g / ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y) - first;
    return d.y * kGroupsX + d.x;
}

// The inner cell's outputs and its group's activity bits: wet (water, or a face it owns carries flow,
// the domain's east / north edge faces included) and, when the other copy is to hold the depth before
// the last substep, that depth's.
void store(Slot c, int k, ivec2 first) {
    if (!has(c, kInner)) return;
    const int W = uSize.x, H = uSize.y;
    const int eE = sX[near(k, 1, 0)], eN = sY[near(k, 0, 1)];
    depthOut[c.i] = c.h;
    effX[c.i] = c.qx;
    effY[c.i] = c.qy;
    if (c.g.x == W - 1) effX[fieldAt(W, c.g.y)] = float(eE) * uUnitFlow;
    if (c.g.y == H - 1) effY[fieldAt(c.g.x, H)] = float(eN) * uUnitFlow;
    const bool wet = c.h != 0 || c.ex != 0 || c.ey != 0 || (c.g.x == W - 1 && eE != 0) || (c.g.y == H - 1 && eN != 0);
    const uint bits = (wet ? SLUICE_TILE_WET : 0u) | (has(c, kKeptWet) ? SLUICE_TILE_WAS_WET : 0u);
    if (bits != 0u) atomicOr(sGroupBits[groupSlot(c.g, first)], bits);
}
#define STORE(c, k) store(c, k, first);
// A skipped tile's cells hold no water before the last substep either.
#define STORE_DRY(c, k) if (has(c, kInner) && uKeepPrev != 0) prevOut[c.i] = 0;

// Whether the tile must run: dry_skip.h's rule over the tile with its halo (a cell of it wet or a
// face carrying flow in the state read, or water poured into it), or the inner part's other copy
// holding water or flow that the dispatch must overwrite.
bool tileRuns(ivec2 origin) {
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const ivec2 groups = (uSize + side - 1) / side;
    const uint t = gl_LocalInvocationIndex;
    if (t == 0u) sRuns = uSkipDry == 0 || uAllActive != 0 || wettedFromOutside(origin, origin + ivec2(kTileW, kTileH)) ? 1u : 0u;
    memoryBarrierShared();
    barrier();
    const ivec2 r0 = max(origin, ivec2(0)) / side, r1 = (min(origin + ivec2(kTileW, kTileH), uSize) - 1) / side;
    const ivec2 span = r1 - r0 + 1;
    for (int k = int(t); k < span.x * span.y; k += kThreads) {
        const ivec2 g = r0 + ivec2(k % span.x, k / span.x);
        const uint f = flagsIn[g.y * groups.x + g.x];
        const ivec2 i0 = (origin + kHalo) / side, i1 = (min(origin + kHalo + ivec2(kInnerW, kInnerH), uSize) - 1) / side;
        const bool innerGroup = all(greaterThanEqual(g, i0)) && all(lessThanEqual(g, i1));
        if ((f & SLUICE_TILE_WET) != 0u || (innerGroup && (f & SLUICE_TILE_WAS_WET) != 0u)) sRuns = 1u;
    }
    memoryBarrierShared();
    barrier();
    return sRuns != 0u;
}

// Sum of v over the group (every invocation calls it; the result in sOut[0]).
void sumOverGroup(int64_t v) {
    const uint t = gl_LocalInvocationIndex;
    memoryBarrierShared();
    barrier();  // the last reader of sOut is done
    sOut[t] = v;
    memoryBarrierShared();
    barrier();
    for (uint stride = 512u; stride > 0u; stride >>= 1u) {  // any group size up to 1024
        if (t < stride && t + stride < uint(kThreads)) sOut[t] += sOut[t + stride];
        memoryBarrierShared();
        barrier();
    }
}

void main() {
    const ivec2 inner0 = ivec2(gl_WorkGroupID.xy) * ivec2(kInnerW, kInnerH);
    const ivec2 origin = inner0 - kHalo;
    const ivec2 first = inner0 / ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const uint t = gl_LocalInvocationIndex;
    const int tile = int(gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x);
    if (t == 0u) resetGroupSpeeds();
    for (int k = int(t); k < kGroupsX * kGroupsY; k += kThreads) sGroupBits[k] = 0u;
    FOR_SLOTS(LOAD)
    if (!tileRuns(origin)) {  // uniform across the group
        FOR_SLOTS(STORE_DRY)
        return;
    }
#define SYNC memoryBarrierShared(); barrier();
    for (int s = 0; s < uSubsteps; ++s) {
        gAmountRow = uAmountBase + s * uAmountStride;
        const bool last = s == uSubsteps - 1;
        FOR_SLOTS(PUT_H)
        SYNC
        FOR_SLOTS(FACES)
        SYNC
        FOR_SLOTS(OUTFLOW)
        SYNC
        FOR_SLOTS(LIMIT)
        SYNC  // every limiter has read the raw transfers
        FOR_SLOTS(PUT_E)
        SYNC
        FOR_SLOTS(UPDATE)
        // The next substep's depths may overwrite sH (the limiters read it two barriers ago) and its
        // raw transfers sX and sY after the barrier that follows.
    }
    FOR_SLOTS(STORE)
    recordSpeeds(demand, allowed);  // barrier inside: sGroupBits is complete after it
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const ivec2 groups = (uSize + side - 1) / side;
    const ivec2 lastGroup = (min(inner0 + ivec2(kInnerW, kInnerH), uSize) - 1) / side;
    for (int k = int(t); k < kGroupsX * kGroupsY; k += kThreads) {
        const ivec2 g = first + ivec2(k % kGroupsX, k / kGroupsX);
        if (g.x > lastGroup.x || g.y > lastGroup.y) continue;
        const int at = g.y * groups.x + g.x;
        // The state read becomes the other copy (unless the host swaps the depth before the last
        // substep in, whose wetness the bits above hold).
        const uint bits = sGroupBits[k] | ((flagsIn[at] & SLUICE_TILE_WET) != 0u ? SLUICE_TILE_WAS_WET : 0u);
        if (bits != 0u) atomicOr(flagsOut[at], bits);
    }
    if (uCountTiles != 0 && t == 0u) atomicAdd(stats.tilesRun, 1u);
    if (uLedgerActive != 0) {
        sumOverGroup(gAdded);
        const int64_t addedSum = sOut[0];
        sumOverGroup(gRemoved);
        if (t == 0u) {
            ledger[2 * (uLedgerSlot0 + tile)] += addedSum;
            ledger[2 * (uLedgerSlot0 + tile) + 1] += sOut[0];
        }
    }
}

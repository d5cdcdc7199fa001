// Pass 2 of the substep in both water models, one invocation per cell: the effective transfers of the
// cell's four faces, each limited by the cell it leaves (whose outflow is recomputed here from pass 1's
// raw transfers, not read, so no third pass is needed), the depth update in whole units, then what the
// domain's edges, sources, drains, rain and evaporation move (step_kernel_common.h). Writes the new
// depth to the other ping-pong buffer and, as flows, the effective transfers of the cell's west and
// south faces (and of the domain's east / north edge faces): the mass fluxes continuity applied, which
// both models keep as their state; over the last substep's, which pass 1 has consumed, when the whole
// grid runs at once; to the other flow pair in a skewed sweep (GpuSolver), where a later strip still
// reads the last substep's. With uLedgerActive, each work group adds what entered and left
// through it to its own 64-bit ledger slot (no atomics needed). Skips dry groups (dry_skip.h) and
// writes the group's activity flag. Computes the cell rows uRowRange.
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
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict writeonly buffer FaceVelocityBuffer { float faceVelocity[]; };
layout(std430, binding = SLUICE_BIND_EROSION) restrict buffer ErosionBuffer { int erosion[]; };

#include "step_kernel_common.h"
#include "pass_region.h"

const uint kGroupSize = SLUICE_PASS_GROUP_X * SLUICE_PASS_GROUP_Y;
shared int64_t sAdded[kGroupSize];
shared int64_t sRemoved[kGroupSize];
shared int64_t sSedRemoved[kGroupSize];
shared int64_t sEroded[kGroupSize];
shared int64_t sDeposited[kGroupSize];
shared uint sWet;
uniform int uCountWetOnly;  // 1: count groups that hold water rather than groups run (skewed sweeps)
uniform int uErosion;       // 1: erosion on: sediment moves with the water, then each cell erodes or deposits
uniform int uSedIn;         // erosion[uSedIn + cell]: the load this substep started from
uniform int uSedOut;        // erosion[uSedOut + cell]: written here
uniform int uSoft, uBedChange, uHardness;  // the current soft layer and bed change (updated in place), hardness
uniform int uSedimentSlot0; // the first of erosion's ledger slots (sim_layout.h)
uniform float uCapacity, uMinSin, uThin, uDissolve, uDeposit, uSoftYield, uHalfInvDx;  // sim::ErosionConstants

// The side beyond a domain edge never runs short (an inflow edge's water comes from outside).
const int kGhostUnits = 2147483647;

// Raw transfers of the faces of cell (x, y), from pass 1's buffers (which start at row uRawRow0), with
// the inflow edges' units from the amounts table.
int rawXAt(int x, int y) {
    const int t = rawX[(y - uRawRow0) * (uSize.x + 1) + x];
    return x == 0 ? edgeTransfer(0, y, t) : x == uSize.x ? edgeTransfer(1, y, t) : t;
}
int rawYAt(int x, int y) {
    const int t = rawY[(y - uRawRow0) * uSize.x + x];
    return y == 0 ? edgeTransfer(2, x, t) : y == uSize.y ? edgeTransfer(3, x, t) : t;
}

int64_t outflowAt(int x, int y) { return cellOutflow(rawXAt(x, y), rawXAt(x + 1, y), rawYAt(x, y), rawYAt(x, y + 1)); }

// The shallow-water model's velocity of a face whose effective transfer is e: its flow over the depth
// it moved through (sweMovedDepth, sweStoredVelocity), from the depths this substep started from. The face lies between cells
// c - n and c along n (x-faces: n = (1, 0)); a cell beyond the edge in the L / R place is the ghost
// (boundary_math.h), one in the LL / RR place is passed as dry.
float cellDepthAt(ivec2 c) { return unitsToMetres(depth[c.y * uSize.x + c.x]); }
bool inGrid(ivec2 c) { return all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, uSize)); }
float faceVelocityOf(int e, ivec2 c, ivec2 n) {
    if (e == 0) return 0.0;
    const ivec2 L = c - n, LL = c - 2 * n, RR = c + n;
    const bool hasL = inGrid(L), hasR = inGrid(c);
    const ivec2 inL = hasL ? L : c, inR = hasR ? c : L;  // the inner cell of an edge face
    const int side = n.x != 0 ? (hasL ? 1 : 0) : (hasL ? 3 : 2);
    const int along = n.x != 0 ? c.y : c.x;
    const float bL = terrain[inL.y * uSize.x + inL.x], bR = terrain[inR.y * uSize.x + inR.x];
    const float hL = hasL ? cellDepthAt(L) : ghostDepthAt(side, along, bL, cellDepthAt(inL));
    const float hR = hasR ? cellDepthAt(c) : ghostDepthAt(side, along, bR, cellDepthAt(inR));
    const bool hasLL = inGrid(LL), hasRR = inGrid(RR);
    const float a = sweMovedDepth(e, hasLL ? terrain[LL.y * uSize.x + LL.x] : bL, hasLL ? cellDepthAt(LL) : 0.0, bL, hL,
                                  bR, hR, hasRR ? terrain[RR.y * uSize.x + RR.x] : bR, hasRR ? cellDepthAt(RR) : 0.0);
    return sweStoredVelocity(float(e) * uUnitFlow, a, uCellSize);
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 group = passGroup();
    const ivec2 p = passCell();
    int64_t added = 0l, removed = 0l;  // units of depth in this cell
    int64_t sedRemoved = 0l;            // units of sediment that left the domain from this cell
    int64_t eroded = 0l, deposited = 0l;  // units of material taken from / laid on this cell's bed
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
        const int tW = rawXAt(p.x, p.y), tE = rawXAt(p.x + 1, p.y), tS = rawYAt(p.x, p.y), tN = rawYAt(p.x, p.y + 1);
        const int hC = depth[i];
        const int64_t outC = cellOutflow(tW, tE, tS, tN);
        // A neighbour's outflow matters only when it drains into this cell.
        const bool fromW = tW > 0 && p.x > 0, fromE = tE < 0 && p.x < W - 1;
        const bool fromS = tS > 0 && p.y > 0, fromN = tN < 0 && p.y < H - 1;
        const int hW = fromW ? depth[i - 1] : kGhostUnits, hE = fromE ? depth[i + 1] : kGhostUnits;
        const int hS = fromS ? depth[i - W] : kGhostUnits, hN = fromN ? depth[i + W] : kGhostUnits;
        const int64_t oW = fromW ? outflowAt(p.x - 1, p.y) : 0l, oE = fromE ? outflowAt(p.x + 1, p.y) : 0l;
        const int64_t oS = fromS ? outflowAt(p.x, p.y - 1) : 0l, oN = fromN ? outflowAt(p.x, p.y + 1) : 0l;
        const int eW = effectiveTransfer(tW, hW, oW, hC, outC);
        const int eE = effectiveTransfer(tE, hC, outC, hE, oE);
        const int eS = effectiveTransfer(tS, hS, oS, hC, outC);
        const int eN = effectiveTransfer(tN, hC, outC, hN, oN);
        int h = depthAfter(hC, eW, eE, eS, eN);
        int sed = 0;
        if (uErosion != 0) {
            // Sediment rides on the same transfers: each face carries its donor's load in proportion
            // to the donor's water it carries (sedimentShare). A neighbour that sends water here
            // was loaded above (from* is true whenever its effective transfer points here).
            const int sC = erosion[uSedIn + i];
            const int oW = sedimentShare(-eW, sC, hC), oE = sedimentShare(eE, sC, hC);
            const int oS = sedimentShare(-eS, sC, hC), oN = sedimentShare(eN, sC, hC);
            const int iW = eW > 0 && p.x > 0 ? sedimentShare(eW, erosion[uSedIn + i - 1], hW) : 0;
            const int iE = eE < 0 && p.x < W - 1 ? sedimentShare(-eE, erosion[uSedIn + i + 1], hE) : 0;
            const int iS = eS > 0 && p.y > 0 ? sedimentShare(eS, erosion[uSedIn + i - W], hS) : 0;
            const int iN = eN < 0 && p.y < H - 1 ? sedimentShare(-eN, erosion[uSedIn + i + W], hN) : 0;
            sed = sC - (oW + oE + oS + oN) + (iW + iE + iS + iN);
            // Out through the domain's edge: removed.
            sedRemoved = int64_t(p.x == 0 ? oW : 0) + int64_t(p.x == W - 1 ? oE : 0) +
                         int64_t(p.y == 0 ? oS : 0) + int64_t(p.y == H - 1 ? oN : 0);
        }
        if (uLedgerActive != 0) h = cellExchanges(p, terrain[i], h, eW, eE, eS, eN, added, removed, sed, sedRemoved);
        depthOut[i] = h;
        if (uErosion != 0) {
            // Erosion step 1 (sim/cpu_erosion.cpp, CpuSolver::erode): dissolution or deposition
            // toward the capacity of the water as it leaves this substep, in place on the soft
            // layer and bed change. The bed is not written here (slump.comp rebuilds it), so the
            // neighbours' slopes read the same bed everywhere.
            if (h > 0 || sed > 0) {
                const int xW = max(p.x - 1, 0), xE = min(p.x + 1, W - 1), yS = max(p.y - 1, 0), yN = min(p.y + 1, H - 1);
                SLUICE_PRECISE float sx = (terrain[p.y * W + xE] - terrain[p.y * W + xW]) * (xE - xW == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
                SLUICE_PRECISE float sy = (terrain[yN * W + p.x] - terrain[yS * W + p.x]) * (yN - yS == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
                // The flows as pass 2 stores them (precise: once inlined, an unqualified product
                // could fuse with the capacity's sums into a multiply-add the CPU does not do).
                SLUICE_PRECISE float qW = float(eW) * uUnitFlow, qE = float(eE) * uUnitFlow;
                SLUICE_PRECISE float qS = float(eS) * uUnitFlow, qN = float(eN) * uUnitFlow;
                const float cap = sedimentCapacity(qW, qE, qS, qN, unitsToMetres(h), uCellSize, sx, sy, uCapacity, uMinSin, uThin);
                const int soft = erosion[uSoft + i], dz = erosion[uBedChange + i];
                const float rockYield = 1.0 - intBitsToFloat(erosion[uHardness + i]);
                const int d = bedExchange(h, sed, soft, dz, materialUnits(cap), uDissolve, uDeposit, uSoftYield, rockYield);
                if (d != 0) {
                    sed -= d;
                    erosion[uSoft + i] = softAfter(soft, d);
                    erosion[uBedChange + i] = dz + d;
                    if (d > 0) deposited = int64_t(d);
                    else eroded = -int64_t(d);
                }
            }
            erosion[uSedOut + i] = sed;
        }
        effX[fx] = float(eW) * uUnitFlow;
        effY[i] = float(eS) * uUnitFlow;
        if (p.x == W - 1) effX[fx + 1] = float(eE) * uUnitFlow;
        if (p.y == H - 1) effY[i + W] = float(eN) * uUnitFlow;
        if (uModel == SLUICE_MODEL_SWE) {
            const int yFaces = (W + 1) * H;
            faceVelocity[fx] = faceVelocityOf(eW, p, ivec2(1, 0));
            faceVelocity[yFaces + i] = faceVelocityOf(eS, p, ivec2(0, 1));
            if (p.x == W - 1) faceVelocity[fx + 1] = faceVelocityOf(eE, p + ivec2(1, 0), ivec2(1, 0));
            if (p.y == H - 1) faceVelocity[yFaces + i + W] = faceVelocityOf(eN, p + ivec2(0, 1), ivec2(0, 1));
        }
        if (h != 0 || eW != 0 || eS != 0 || (p.x == W - 1 && eE != 0) || (p.y == H - 1 && eN != 0)) sWet = 1u;
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
    if (uLedgerActive != 0 || uErosion != 0) {  // uniform
        // Sums only what can be nonzero (each condition is uniform across the group): the water's
        // exchanges when the ledger is active; sediment removed through the domain's edge (groups on
        // it) or with the water a drain or an open boundary takes (ledger active); every other
        // cell's value is 0, so leaving them out changes no sum.
        const bool water = uLedgerActive != 0, sediment = uErosion != 0;
        const ivec2 first = group * ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
        const bool onEdge = first.x == 0 || first.y == 0 || first.x + SLUICE_PASS_GROUP_X >= W || first.y + SLUICE_PASS_GROUP_Y >= H;
        const bool edgeGroup = sediment && (water || onEdge);
        const uint t = gl_LocalInvocationIndex;
        if (water) {
            sAdded[t] = added;
            sRemoved[t] = removed;
        }
        if (sediment) {
            sEroded[t] = eroded;
            sDeposited[t] = deposited;
        }
        if (edgeGroup) sSedRemoved[t] = sedRemoved;
        memoryBarrierShared();
        barrier();
        for (uint stride = kGroupSize / 2u; stride > 0u; stride >>= 1u) {
            if (t < stride) {
                if (water) {
                    sAdded[t] += sAdded[t + stride];
                    sRemoved[t] += sRemoved[t + stride];
                }
                if (sediment) {
                    sEroded[t] += sEroded[t + stride];
                    sDeposited[t] += sDeposited[t + stride];
                }
                if (edgeGroup) sSedRemoved[t] += sSedRemoved[t + stride];
            }
            memoryBarrierShared();
            barrier();
        }
        if (t == 0u) {
            if (water) {
                ledger[2 * self] += sAdded[0];
                ledger[2 * self + 1] += sRemoved[0];
            }
            if (sediment) {
                const int slot = uSedimentSlot0 + SLUICE_SEDIMENT_SLOTS * self;
                ledger[slot + SLUICE_SEDIMENT_ERODED] += sEroded[0];
                ledger[slot + SLUICE_SEDIMENT_DEPOSITED] += sDeposited[0];
                if (edgeGroup) ledger[slot + SLUICE_SEDIMENT_REMOVED] += sSedRemoved[0];
            }
        }
    }
}

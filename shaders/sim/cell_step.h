// What pass 2 of a substep does to one cell in both water models (step_depth.comp; also the cell
// phase of step_fused.comp): the effective transfers of the cell's four faces, each limited by the
// cell it leaves (whose outflow is recomputed from the raw transfers, rawXAt / rawYAt, which the
// including kernel defines), the depth update in whole units, then what the domain's edges, sources,
// drains, rain and evaporation move (step_kernel_common.h), the sediment and the bed exchange with
// erosion on, and the outputs: the new depth, the effective transfers of the cell's west and south
// faces (and of the domain's east / north edge faces) as flows, and with the shallow-water model
// their velocities. Then the group's ledger sums (bookGroupTotals).
//
// Include after step_kernel_common.h in a kernel that declares terrain, depth, depthOut, effX, effY,
// faceVelocity, erosion, ledger and stats, and defines SLUICE_CELL_THREADS (its invocations).
#ifndef SLUICE_CELL_STEP_H
#define SLUICE_CELL_STEP_H

// 1: erosion on: sediment moves with the water, then each cell erodes or deposits. A constant in a
// kernel compiled for erosion on or off (SLUICE_STEP_EROSION, like step_kernel_common.h's SLUICE_STEP_*).
#ifdef SLUICE_STEP_EROSION
const int uErosion = SLUICE_STEP_EROSION;
#else
uniform int uErosion;
#endif
uniform int uSedIn;         // erosion[uSedIn + cell]: the load this substep started from
uniform int uSedOut;        // erosion[uSedOut + cell]: written here
uniform int uSoft, uBedChange, uHardness;  // the current soft layer and bed change (updated in place), hardness
uniform int uSedimentSlot0; // the first of erosion's ledger slots (sim_layout.h)
uniform float uCapacity, uMinSin, uThin, uDissolve, uDeposit, uSoftYield, uHalfInvDx;  // sim::ErosionConstants
uniform int uVelocityOut;   // faceVelocity[uVelocityOut + face]: the velocities written here

// The side beyond a domain edge never runs short (an inflow edge's water comes from outside).
const int kGhostUnits = 2147483647;

// Raw transfers of the faces of cell (x, y), with the inflow edges' units from the amounts table
// (defined by the including kernel: from pass 1's buffers or from shared memory).
int rawXAt(int x, int y);
int rawYAt(int x, int y);

int64_t outflowAt(int x, int y) { return cellOutflow(rawXAt(x, y), rawXAt(x + 1, y), rawYAt(x, y), rawYAt(x, y + 1)); }

// The shallow-water model's velocity of a face whose effective transfer is e: its flow over the depth
// it moved through (sweMovedDepth, sweStoredVelocity), from the depths this substep started from. The face lies between cells
// c - n and c along n (x-faces: n = (1, 0)); a cell beyond the edge in the L / R place is the ghost
// (boundary_math.h), one in the LL / RR place is passed as dry.
float cellDepthAt(ivec2 c) { return unitsToMetres(depth[fieldAt(c)]); }
bool inGrid(ivec2 c) { return all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, uSize)); }
float faceVelocityOf(int e, ivec2 c, ivec2 n, int face) {
    if (e == 0) return 0.0;
    // An interior face: the depth pass 1 reconstructed for its raw transfer, which is this one's
    // whenever e != 0 (swe_math.h, sweMovedDepth). Edge faces (ghost cells, inflow units pass 1
    // never saw) and the fused kernel's faces are reconstructed here.
    const bool edge = n.x != 0 ? (c.x == 0 || c.x == uSize.x) : (c.y == 0 || c.y == uSize.y);
    if (uMovedDepthAt >= 0 && !edge) return sweStoredVelocity(float(e) * uUnitFlow, faceVelocity[uMovedDepthAt + face], uCellSize);
    // The face's Courant number from its velocity when the substep started (the one pass 1 read).
    const float nu = sweCourantOf(faceVelocity[uVelocityIn + face], uDtOverDx2, uCellSize);
    const ivec2 L = c - n, LL = c - 2 * n, RR = c + n;
    const bool hasL = inGrid(L), hasR = inGrid(c);
    const ivec2 inL = hasL ? L : c, inR = hasR ? c : L;  // the inner cell of an edge face
    const int side = n.x != 0 ? (hasL ? 1 : 0) : (hasL ? 3 : 2);
    const int along = n.x != 0 ? c.y : c.x;
    const float bL = flowBed(fieldAt(inL)), bR = flowBed(fieldAt(inR));
    const float hL = hasL ? cellDepthAt(L) : ghostDepthAt(side, along, bL, cellDepthAt(inL));
    const float hR = hasR ? cellDepthAt(c) : ghostDepthAt(side, along, bR, cellDepthAt(inR));
    const bool hasLL = inGrid(LL), hasRR = inGrid(RR);
    const float a = sweMovedDepth(e, nu, hasLL ? flowBed(fieldAt(LL)) : bL, hasLL ? cellDepthAt(LL) : 0.0, bL, hL, bR, hR,
                                  hasRR ? flowBed(fieldAt(RR)) : bR, hasRR ? cellDepthAt(RR) : 0.0);
    return sweStoredVelocity(float(e) * uUnitFlow, a, uCellSize);
}

// What a cell moved this substep, in units: water that entered / left the domain, sediment that left
// it, material taken from / laid on the bed.
struct CellTotals {
    int64_t added;
    int64_t removed;
    int64_t sedRemoved;
    int64_t eroded;
    int64_t deposited;
};

CellTotals noTotals() { return CellTotals(0l, 0l, 0l, 0l, 0l); }

// Substep of cell p (inside the grid); adds what it moved to t. Returns whether, after it, the cell
// holds water or a face it owns carries flow (the group's activity flag, dry_skip.h).
bool stepCell(ivec2 p, inout CellTotals t) {
    const int W = uSize.x, H = uSize.y;
    // Cell p, its west x-face and its south y-face share one word in their fields (field_layout.h).
    const int i = fieldAt(p);
    const int iW = fieldAt(p.x - 1, p.y), iE = fieldAt(p.x + 1, p.y), iS = fieldAt(p.x, p.y - 1), iN = fieldAt(p.x, p.y + 1);
    const int tW = rawXAt(p.x, p.y), tE = rawXAt(p.x + 1, p.y), tS = rawYAt(p.x, p.y), tN = rawYAt(p.x, p.y + 1);
    const int hC = depth[i];
    const int64_t outC = cellOutflow(tW, tE, tS, tN);
    // A neighbour's outflow matters only when it drains into this cell.
    const bool fromW = tW > 0 && p.x > 0, fromE = tE < 0 && p.x < W - 1;
    const bool fromS = tS > 0 && p.y > 0, fromN = tN < 0 && p.y < H - 1;
    const int hW = fromW ? depth[iW] : kGhostUnits, hE = fromE ? depth[iE] : kGhostUnits;
    const int hS = fromS ? depth[iS] : kGhostUnits, hN = fromN ? depth[iN] : kGhostUnits;
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
        const int inW = eW > 0 && p.x > 0 ? sedimentShare(eW, erosion[uSedIn + iW], hW) : 0;
        const int inE = eE < 0 && p.x < W - 1 ? sedimentShare(-eE, erosion[uSedIn + iE], hE) : 0;
        const int inS = eS > 0 && p.y > 0 ? sedimentShare(eS, erosion[uSedIn + iS], hS) : 0;
        const int inN = eN < 0 && p.y < H - 1 ? sedimentShare(-eN, erosion[uSedIn + iN], hN) : 0;
        sed = sC - (oW + oE + oS + oN) + (inW + inE + inS + inN);
        // Out through the domain's edge: removed.
        t.sedRemoved += int64_t(p.x == 0 ? oW : 0) + int64_t(p.x == W - 1 ? oE : 0) +
                     int64_t(p.y == 0 ? oS : 0) + int64_t(p.y == H - 1 ? oN : 0);
    }
    if (uLedgerActive != 0) h = cellExchanges(p, terrain[i], h, eW, eE, eS, eN, t.added, t.removed, sed, t.sedRemoved);
    depthOut[i] = h;
    if (uErosion != 0) {
        // Erosion step 1 (sim/cpu_erosion.cpp, CpuSolver::erode): dissolution or deposition
        // toward the capacity of the water as it leaves this substep, in place on the soft
        // layer and bed change. The bed is not written here (slump.comp rebuilds it), so the
        // neighbours' slopes read the same bed everywhere.
        if (h > 0 || sed > 0) {
            const int xW = max(p.x - 1, 0), xE = min(p.x + 1, W - 1), yS = max(p.y - 1, 0), yN = min(p.y + 1, H - 1);
            SLUICE_PRECISE float sx = (terrain[fieldAt(xE, p.y)] - terrain[fieldAt(xW, p.y)]) * (xE - xW == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
            SLUICE_PRECISE float sy = (terrain[fieldAt(p.x, yN)] - terrain[fieldAt(p.x, yS)]) * (yN - yS == 2 ? uHalfInvDx : 2.0 * uHalfInvDx);
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
                if (d > 0) t.deposited += int64_t(d);
                else t.eroded -= int64_t(d);
            }
        }
        erosion[uSedOut + i] = sed;
    }
    effX[i] = float(eW) * uUnitFlow;
    effY[i] = float(eS) * uUnitFlow;
    if (p.x == W - 1) effX[iE] = float(eE) * uUnitFlow;
    if (p.y == H - 1) effY[iN] = float(eN) * uUnitFlow;
    if (uModel == SLUICE_MODEL_SWE) {
        const int yFaces = fieldSpan();
        // Each face is read (its velocity before) and written by this invocation only.
        faceVelocity[uVelocityOut + i] = faceVelocityOf(eW, p, ivec2(1, 0), i);
        faceVelocity[uVelocityOut + yFaces + i] = faceVelocityOf(eS, p, ivec2(0, 1), yFaces + i);
        if (p.x == W - 1) faceVelocity[uVelocityOut + iE] = faceVelocityOf(eE, p + ivec2(1, 0), ivec2(1, 0), iE);
        if (p.y == H - 1)
            faceVelocity[uVelocityOut + yFaces + iN] = faceVelocityOf(eN, p + ivec2(0, 1), ivec2(0, 1), yFaces + iN);
    }
    return h != 0 || eW != 0 || eS != 0 || (p.x == W - 1 && eE != 0) || (p.y == H - 1 && eN != 0);
}

shared int64_t sAdded[SLUICE_CELL_THREADS];
shared int64_t sRemoved[SLUICE_CELL_THREADS];
shared int64_t sSedRemoved[SLUICE_CELL_THREADS];
shared int64_t sEroded[SLUICE_CELL_THREADS];
shared int64_t sDeposited[SLUICE_CELL_THREADS];

// Adds the group's totals (t from each invocation) to ledger slot `slot` (the water's pair and
// erosion's triple; sim_layout.h). The group's cells lie in [first, first + span). Call from every
// invocation (barriers inside); no atomics: each group owns its slot.
void bookGroupTotals(CellTotals t, int slot, ivec2 first, ivec2 span) {
    if (uLedgerActive == 0 && uErosion == 0) return;  // uniform
    // Sums only what can be nonzero (each condition is uniform across the group): the water's
    // exchanges when the ledger is active; sediment removed through the domain's edge (groups on
    // it) or with the water a drain or an open boundary takes (ledger active); every other
    // cell's value is 0, so leaving them out changes no sum.
    const int W = uSize.x, H = uSize.y;
    const bool water = uLedgerActive != 0, sediment = uErosion != 0;
    const bool onEdge = first.x == 0 || first.y == 0 || first.x + span.x >= W || first.y + span.y >= H;
    const bool edgeGroup = sediment && (water || onEdge);
    const uint i = gl_LocalInvocationIndex;
    if (water) {
        sAdded[i] = t.added;
        sRemoved[i] = t.removed;
    }
    if (sediment) {
        sEroded[i] = t.eroded;
        sDeposited[i] = t.deposited;
    }
    if (edgeGroup) sSedRemoved[i] = t.sedRemoved;
    memoryBarrierShared();
    barrier();
    for (uint stride = uint(SLUICE_CELL_THREADS) / 2u; stride > 0u; stride >>= 1u) {
        if (i < stride) {
            if (water) {
                sAdded[i] += sAdded[i + stride];
                sRemoved[i] += sRemoved[i + stride];
            }
            if (sediment) {
                sEroded[i] += sEroded[i + stride];
                sDeposited[i] += sDeposited[i + stride];
            }
            if (edgeGroup) sSedRemoved[i] += sSedRemoved[i + stride];
        }
        memoryBarrierShared();
        barrier();
    }
    if (i == 0u) {
        if (water) {
            ledger[2 * slot] += sAdded[0];
            ledger[2 * slot + 1] += sRemoved[0];
        }
        if (sediment) {
            const int s = uSedimentSlot0 + SLUICE_SEDIMENT_SLOTS * slot;
            ledger[s + SLUICE_SEDIMENT_ERODED] += sEroded[0];
            ledger[s + SLUICE_SEDIMENT_DEPOSITED] += sDeposited[0];
            if (edgeGroup) ledger[s + SLUICE_SEDIMENT_REMOVED] += sSedRemoved[0];
        }
    }
}

#endif

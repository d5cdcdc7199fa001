// Erosion and sediment, written once in the common subset of C++ and GLSL like transfer_math.h
// (docs/EROSION.md gives the model and where it comes from). Every amount of material is a whole
// number of depth units (SLUICE_DEPTH_UNIT_M metres over one cell), like water:
//   sed    suspended sediment of a cell (units of material, >= 0)
//   soft   thickness of the soft layer (soil / sand) on top of the bedrock (units, >= 0)
//   dz     change of the bed since the start (units): the bed is base + dz, base a float per cell
// Erosion moves units from the bed (dz, soft) into suspension, deposition the other way, sediment
// moves with the water's integer transfers, and slumping moves units of bed between neighbours, so the
// totals balance exactly: sum(sed) = initial + eroded - deposited - removed, and
// sum(dz) = deposited - eroded. Floats decide how much moves; integers record what moved.
// Include after transfer_math.h.
#ifndef SLUICE_EROSION_MATH_H
#define SLUICE_EROSION_MATH_H

#include "portable.h"

// |dz| stays within this (1024 m of carving or filling): the bed's integer change never overflows.
#define SLUICE_MAX_BED_CHANGE_UNITS 1073741824

// Largest excess over the talus height one face counts (256 m of material): four of them still sum
// within int32.
#define SLUICE_MAX_EXCESS_UNITS 268435456

// floor(a b / c) for a, b >= 0 and c > 0, exactly. A 64-bit division is a long emulated sequence on a
// GPU: a float estimate corrected with 64-bit multiplies gives the same exact quotient where it is
// below 2^22 (the estimate is then within a unit or two), the division only beyond. Any estimate
// gives the same result, so the backends agree whatever their float rounding here.
SLUICE_FN int floorMulDiv(int a, int b, int c) {
    const int64_t num = int64_t(a) * int64_t(b);
    const float est = (float(a) * float(b)) / float(c);
    if (est < 4194304.0f) {
        int q = int(est);
        int64_t r = num - int64_t(q) * int64_t(c);
        for (int k = 0; k < 4 && r < int64_t(0); ++k) {
            q -= 1;
            r += int64_t(c);
        }
        for (int k = 0; k < 4 && r >= int64_t(c); ++k) {
            q += 1;
            r -= int64_t(c);
        }
        if (r >= int64_t(0) && r < int64_t(c)) return q;
    }
    return int(num / int64_t(c));
}

// Transport capacity of a cell (metres of material per cell area) after Mei, Decaudin & Hu (2007):
// C = Kc |v| max(sin(alpha), minSin), times a ramp min(1, h / thin) so that still, dry or very thin
// water carries nothing. |v| is the cell-centred speed from the effective flows of its four faces
// (m^3/s) over the cell's depth h (m; at least `thin`, so films do not read as fast jets);
// sin(alpha) from the bed's gradient (slopeX, slopeY: dimensionless).
SLUICE_FN float sedimentCapacity(float qW, float qE, float qS, float qN, float h, float dx, float slopeX, float slopeY,
                                 float capacity, float minSin, float thin) {
    if (!(h > 0.0f)) return 0.0f;
    SLUICE_PRECISE float width = max(h, thin) * dx;
    SLUICE_PRECISE float u = sluiceQuot((qW + qE) * 0.5f, width);
    SLUICE_PRECISE float v = sluiceQuot((qS + qN) * 0.5f, width);
    SLUICE_PRECISE float speed2 = u * u + v * v;
    float speed = sluiceRoot(speed2);
    SLUICE_PRECISE float s2 = slopeX * slopeX + slopeY * slopeY;
    SLUICE_PRECISE float sin2 = sluiceQuot(s2, 1.0f + s2);
    float sinA = sluiceRoot(sin2);
    SLUICE_PRECISE float ramp = min(1.0f, sluiceQuot(h, thin));
    SLUICE_PRECISE float c = ((capacity * speed) * max(sinA, minSin)) * ramp;
    return c;
}

// Whole units of a non-negative amount of metres (nearest, ties to even; clamped to the transfer range).
SLUICE_FN int materialUnits(float metres) { return max(0, metresToUnits(metres)); }

// Bed change of one cell this substep (units, > 0 deposits, < 0 erodes) from its depth h (units), its
// suspended load sed, its soft layer and the capacity (units). Dissolution takes min(1, Ks dt) of the
// missing load, scaled by the exposed layer's yield (1 - hardness): the soft layer while there is one,
// else the bedrock; never more soft than there is. Deposition drops min(1, Kd dt) of the excess, never
// more than is suspended. A dry cell (h = 0) drops all it holds.
SLUICE_FN int bedExchange(int h, int sed, int soft, int dz, int capacityUnits, float dissolveFactor,
                          float depositFactor, float softYield, float rockYield) {
    if (h <= 0 || sed > capacityUnits) {
        int drop = sed;
        if (h > 0) {
            SLUICE_PRECISE float d = float(sed - capacityUnits) * depositFactor;
            drop = min(sed, int(roundEven(d)));
        }
        return min(drop, SLUICE_MAX_BED_CHANGE_UNITS - dz);
    }
    if (sed == capacityUnits) return 0;
    SLUICE_PRECISE float want = float(capacityUnits - sed) * dissolveFactor;
    int take;
    if (soft > 0) {
        SLUICE_PRECISE float fromSoft = want * softYield;
        take = min(soft, int(roundEven(fromSoft)));
    } else {
        SLUICE_PRECISE float fromRock = want * rockYield;
        take = int(roundEven(fromRock));
    }
    return -min(take, SLUICE_MAX_BED_CHANGE_UNITS + dz);
}

// Excess (units) of a cell at height hC (m) over a neighbour at hN across a face, beyond the talus
// height talusM = dx tan(angle): what must slide for the slope to stand at the angle (counted up to
// SLUICE_MAX_EXCESS_UNITS).
SLUICE_FN int talusExcess(float hC, float hN, float talusM) {
    SLUICE_PRECISE float ex = (hC - hN) - talusM;
    return ex > 0.0f ? min(materialUnits(ex), SLUICE_MAX_EXCESS_UNITS) : 0;
}

// Material a cell slides to each lower neighbour this substep (thermal erosion after Musgrave et al.
// 1989 as used by Mei et al. 2007), from its excesses over its west, east, south and north neighbours
// (talusExcess; 0 for a side outside the grid): `factor` (min(1, rate dt) / 2) of the largest excess
// in all, so the steepest pair at most levels, shared in proportion to the excesses, rounded down.
// Soft material slides first; bedrock yields rockYield of the rest. Outputs the four shares (units).
SLUICE_FN void slumpShares(int exW, int exE, int exS, int exN, int soft, float rockYield, float factor,
                           SLUICE_OUT(int) sW, SLUICE_OUT(int) sE, SLUICE_OUT(int) sS, SLUICE_OUT(int) sN) {
    sW = 0;
    sE = 0;
    sS = 0;
    sN = 0;
    const int total = exW + exE + exS + exN;  // < 2^30 (talusExcess)
    if (total == 0) return;
    const int largest = max(max(exW, exE), max(exS, exN));
    SLUICE_PRECISE float w = float(largest) * factor;
    const int want = int(roundEven(w));
    int take = want;
    if (want > soft) {
        SLUICE_PRECISE float rock = float(want - soft) * rockYield;
        take = soft + int(rock);
    }
    if (take <= 0) return;
    sW = floorMulDiv(take, exW, total);
    sE = floorMulDiv(take, exE, total);
    sS = floorMulDiv(take, exS, total);
    sN = floorMulDiv(take, exN, total);
}

// Suspended sediment that leaves a donor cell holding `donorSed` units of sediment in `donorUnits`
// units of water with a transfer of e > 0 units of that water: the same fraction, rounded down. The
// outflow limiter keeps a cell's transfers out within what it holds, so its shares never exceed its
// load: sediment moves with the water, in flux form, exactly (no semi-Lagrangian loss).
SLUICE_FN int sedimentShare(int e, int donorSed, int donorUnits) {
    if (e <= 0 || donorUnits <= 0 || donorSed <= 0) return 0;
    return floorMulDiv(donorSed, min(e, donorUnits), donorUnits);
}

// Soft-layer thickness after a bed change d (bedExchange): deposits add to it; erosion takes from it
// (bedExchange takes bedrock only once it is gone).
SLUICE_FN int softAfter(int soft, int d) { return soft + max(d, -soft); }

// Base (m) that puts a cell's bed at b (m) given its integer change dz: after an outside edit of the
// bed (brushes, imports, undo), so that the next bedHeight() keeps it (to a float rounding).
SLUICE_FN float rebasedBase(float b, int dz) {
    SLUICE_PRECISE float base = b - unitsToMetres(dz);
    return base;
}

// Bed height (m) of a cell from its base and its integer change.
SLUICE_FN float bedHeight(float base, int dz) {
    SLUICE_PRECISE float b = base + unitsToMetres(dz);
    return b;
}

#endif

// Exact water accounting, written once in the common subset of C++ and GLSL like pipe_math.h. Depth
// is stored as an integer number of units of SLUICE_DEPTH_UNIT_M metres per cell; water moves between
// cells as integer transfers, each computed once per face and applied with opposite signs to its two
// cells, so the total is conserved exactly and the ledger is a sum of the same integers. Floats
// (flows, velocities) decide how much moves; integers record what moved.
//
// The C++ side includes this inside a namespace with std::max/min/clamp, int64_t and roundEven
// (std::nearbyint, round half to even under the default rounding mode) in scope; GLSL needs
// GL_ARB_gpu_shader_int64 (every kernel that includes this enables it).
#ifndef SLUICE_TRANSFER_MATH_H
#define SLUICE_TRANSFER_MATH_H

#include "portable.h"

// 2^-20 m (0.95 um): exact to convert to and from float metres (a power of two), fine enough that rain
// of 1 mm/h adds whole units within a second (carried exactly in between, on the host), coarse enough
// for int32 to hold 2048 m.
#define SLUICE_DEPTH_UNITS_PER_M 1048576.0
#define SLUICE_DEPTH_UNIT_M (1.0 / 1048576.0)
// No cell ever holds more than this (1024 m): sources, rain, inflow and brushes add only up to it,
// and the sum of a cell and its four neighbours' transfers stays far inside int32.
#define SLUICE_MAX_DEPTH_UNITS 1073741824
// Largest transfer through one face in one substep (1024 m of depth).
#define SLUICE_MAX_TRANSFER_UNITS 1073741824.0

// Metres of a depth in units (exact for every value below 2^24 units; correctly rounded above).
SLUICE_FN float unitsToMetres(int units) {
    SLUICE_PRECISE float m = float(units) * float(SLUICE_DEPTH_UNIT_M);
    return m;
}

// Units of a depth change of `metres`, rounded to the nearest unit (ties to even), clamped to
// +-SLUICE_MAX_TRANSFER_UNITS.
SLUICE_FN int metresToUnits(float metres) {
    SLUICE_PRECISE float u = metres * float(SLUICE_DEPTH_UNITS_PER_M);
    u = clamp(u, -float(SLUICE_MAX_TRANSFER_UNITS), float(SLUICE_MAX_TRANSFER_UNITS));
    return int(roundEven(u));
}

// Raw transfer of a face this substep from its flow q (m^3/s, positive toward +x / +y):
// q dt / dx^2 metres of depth of one cell, in units.
SLUICE_FN int transferUnits(float q, float dtOverDx2) {
    SLUICE_PRECISE float m = q * dtOverDx2;
    return metresToUnits(m);
}

// Water a cell sends out through its four faces this substep (units, >= 0), from the raw transfers of
// its west, east, south and north faces (positive toward +x / +y).
SLUICE_FN int64_t cellOutflow(int tW, int tE, int tS, int tN) {
    return int64_t(max(0, -tW)) + int64_t(max(0, tE)) + int64_t(max(0, -tS)) + int64_t(max(0, tN));
}

// What a donor cell holding `donorUnits` actually sends through a face whose raw transfer out of it is
// t >= 0, when it sends `outflow` in all: everything if it has that much, else its share of what it
// holds, rounded down, so that no cell ever ends below zero (exactly, in integers).
SLUICE_FN int limitedTransfer(int t, int donorUnits, int64_t outflow) {
    if (outflow <= int64_t(donorUnits)) return t;
    return int((int64_t(t) * int64_t(donorUnits)) / outflow);
}

// Effective transfer of a face (positive toward +x / +y) from its raw transfer t, limited by the cell
// it leaves: the low cell (west / south of the face) when t > 0, the high cell when t < 0.
SLUICE_FN int effectiveTransfer(int t, int lowUnits, int64_t lowOutflow, int highUnits, int64_t highOutflow) {
    return t > 0 ? limitedTransfer(t, lowUnits, lowOutflow) : -limitedTransfer(-t, highUnits, highOutflow);
}

// Depth after one substep from the four effective face transfers. Never below zero (the limiter
// guarantees it); capped at the int32 range only as a last resort, which no scene within the
// documented ranges reaches.
SLUICE_FN int depthAfter(int h, int eW, int eE, int eS, int eN) {
    int64_t sum = int64_t(h) + int64_t(eW) - int64_t(eE) + int64_t(eS) - int64_t(eN);
    return int(min(sum, int64_t(2147483647)));
}

// Units a source adds to a cell holding h units: `amount`, but never above SLUICE_MAX_DEPTH_UNITS.
SLUICE_FN int addUnits(int h, int amount) { return max(0, min(amount, SLUICE_MAX_DEPTH_UNITS - h)); }

// Units an emitter moves in a cell this substep (> 0 adds, < 0 removes). Rate mode: `amount` (the
// host's whole units for this substep). Level mode: toward the level (levelUnits above the bed, as
// units of surface height relative to the cell's bed, may be negative), at most `amount`. Drains never
// take more than is there.
SLUICE_FN int emitterUnits(int mode, int sign, int amount, int levelAboveBedUnits, int h) {
    if (sign > 0) {
        int want = mode == 0 ? amount : min(max(0, levelAboveBedUnits - h), amount);
        return addUnits(h, want);
    }
    int take = mode == 0 ? amount : min(max(0, h - levelAboveBedUnits), amount);
    return -min(h, take);
}

#endif

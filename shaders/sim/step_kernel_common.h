// What the passes of the step do the same way in both water models: the uniforms of a substep (the
// host's SubstepConstants), the domain-edge faces, and what the domain's edges, sources, drains, rain
// and evaporation do to one cell, in whole units (the host's amounts table for this substep).
// Include after sim_layout.h, pipe_math.h and transfer_math.h; it brings dry_skip.h (emitters,
// boundaries).
#ifndef SLUICE_STEP_KERNEL_COMMON_H
#define SLUICE_STEP_KERNEL_COMMON_H

uniform ivec2 uSize;          // grid W, H (cells)
uniform int uModel;           // SLUICE_MODEL_*
uniform int uFrictionLaw;     // SLUICE_FRICTION_*
uniform float uGN2Dt;         // Manning: g n^2 dt
uniform float uGravityDtOverDx;
uniform float uCourantDxOverDt;  // C dx / dt: the largest |u| + c of a face this substep
uniform float uFrictionFactor;
uniform float uGravityDt;
uniform float uViscosityTerm;
uniform float uCellSize;      // dx, metres
uniform float uGravity;       // m/s^2
uniform float uDtOverDx2;
uniform float uUnitFlow;      // m^3/s of a face that moves one unit in one substep
uniform int uLedgerActive;    // sources, drains, rain, evaporation or open/inflow edges present
uniform int uCountTiles;      // 1: count the groups that ran in stats.tilesRun (benchmarks, tests)
uniform int uAmountBase;      // this substep's row of the amounts table
#include "dry_skip.h"

layout(std430, binding = SLUICE_BIND_AMOUNTS) restrict readonly buffer AmountBuffer { int amounts[]; };

int amount(int slot) { return amounts[uAmountBase + slot]; }

// New raw flow of an open domain-edge face whose inner cell holds depth hC (metres); outSign as in
// pipeOpenFlow (+1 east / north, -1 west / south). Walls and inflow edges have none (inflow takes the
// amounts table's units in pass 2). Mirrors boundaryFlow() in sim/cpu_solver.cpp.
float boundaryFlow(int side, float qEff, float hC, float outSign, out float faceDepth) {
    faceDepth = 0.0;
    if (uBoundaryKind[side] == SLUICE_BOUNDARY_OPEN)
        return pipeOpenFlow(qEff, hC, outSign, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    return 0.0;
}

// Raw transfer of a domain-edge face: an inflow edge's units into the domain (positive toward +x / +y
// on the west / south edges, negative on the east / north), else what pass 1 computed.
int edgeTransfer(int side, int raw) {
    if (uBoundaryKind[side] != SLUICE_BOUNDARY_INFLOW) return raw;
    const int units = amount(SLUICE_AMOUNT_INFLOW + side);
    return (side == 0 || side == 2) ? units : -units;
}

// Books water through the domain's edge: into the domain (> 0) as added, out as removed.
void bookEdge(int into, inout int64_t added, inout int64_t removed) {
    if (into > 0) added += int64_t(into);
    else removed -= int64_t(into);
}

// Cell g (bed b) after the transfers left it at h units: water through its domain-edge faces
// (effective transfers eW, eE, eS, eN), then every source and drain covering it, rain and
// evaporation, in the order of sim/cpu_solver.cpp. Returns the new depth; adds the units gained / lost
// to added / removed.
int cellExchanges(ivec2 g, float b, int h, int eW, int eE, int eS, int eN, inout int64_t added, inout int64_t removed) {
    // Written out per side: a constructed local array indexed in a loop lost these terms on NVIDIA's
    // compiler.
    if (g.x == 0) bookEdge(eW, added, removed);
    if (g.x == uSize.x - 1) bookEdge(-eE, added, removed);
    if (g.y == 0) bookEdge(eS, added, removed);
    if (g.y == uSize.y - 1) bookEdge(-eN, added, removed);
    for (int e = 0; e < uEmitterCount; ++e) {
        const GpuEmitter em = emitters[e];
        if (g.x < em.x0 || g.x >= em.x1 || g.y < em.y0 || g.y >= em.y1) continue;
        // Same arithmetic as sim::footprintOf so both sides agree on edge cells.
        const float rx = (float(g.x) + 0.5) - em.x, ry = (float(g.y) + 0.5) - em.y;
        precise float r2 = rx * rx + ry * ry;
        if (em.singleCell == 0 && r2 > em.radius2) continue;
        precise float above = em.levelM - b;
        const int moved = emitterUnits(em.mode, em.sign, amount(SLUICE_AMOUNT_EMITTERS + e), metresToUnits(above), h);
        h += moved;
        if (moved > 0) added += int64_t(moved);
        else removed -= int64_t(moved);
    }
    const int rain = amount(SLUICE_AMOUNT_RAIN);
    if (rain > 0) {
        const int more = addUnits(h, rain);
        h += more;
        added += int64_t(more);
    }
    const int evaporation = amount(SLUICE_AMOUNT_EVAPORATION);
    if (evaporation > 0) {
        const int less = min(h, evaporation);
        h -= less;
        removed += int64_t(less);
    }
    return h;
}

#endif

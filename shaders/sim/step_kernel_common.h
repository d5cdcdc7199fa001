// What the passes of the step do the same way in both water models: the uniforms of a substep (the
// host's SubstepConstants), the domain-edge faces, and what the domain's edges, sources, drains, rain
// and evaporation do to one cell, in whole units (the host's amounts table for this substep).
// Include after sim_layout.h, pipe_math.h, transfer_math.h and boundary_math.h; it brings dry_skip.h
// (emitters, boundaries).
#ifndef SLUICE_STEP_KERNEL_COMMON_H
#define SLUICE_STEP_KERNEL_COMMON_H

uniform ivec2 uSize;          // grid W, H (cells)

#include "field_layout.h"
// Word of cell or face c in every field buffer (field_layout.h: cells, x-faces and y-faces alike).
int fieldAt(ivec2 c) { return fieldIndex(c.x, c.y, fieldStride(uSize.x, uSize.y)); }
int fieldAt(int x, int y) { return fieldIndex(x, y, fieldStride(uSize.x, uSize.y)); }
// Words in one field: where a buffer's second section starts (the bodies' load after the bed, the
// y-faces' velocities after the x-faces').
int fieldSpan() { return fieldWords(uSize.x, uSize.y); }
// The water model (SLUICE_MODEL_*), the friction law (SLUICE_FRICTION_*), whether the laminar drag
// runs (uViscosityTerm != 0) and whether bodies load the water (uBodyLoad): constants in a kernel
// compiled for one configuration (SLUICE_STEP_* defined: GpuSolver::selectStepKernels), so the other
// cases' code drops out and holds no registers (on the H200 the step ran 13-29 % faster,
// docs/PERFORMANCE.md); uniforms where the defines are absent (the general kernels, the fused ones).
#ifdef SLUICE_STEP_MODEL
const int uModel = SLUICE_STEP_MODEL;
#else
uniform int uModel;
#endif
#ifdef SLUICE_STEP_FRICTION_LAW
const int uFrictionLaw = SLUICE_STEP_FRICTION_LAW;
#else
uniform int uFrictionLaw;
#endif
uniform float uGN2Dt;         // Manning: g n^2 dt
uniform float uGravityDtOverDx;
uniform float uCourantDxOverDt;  // C dx / dt: the largest |u| + c of a face this substep
uniform float uFrictionFactor;
uniform float uGravityDt;
#if defined(SLUICE_STEP_VISCOUS) && !SLUICE_STEP_VISCOUS
const float uViscosityTerm = 0.0;
#else
uniform float uViscosityTerm;  // 3 dt nu (m^2): the laminar drag of films
#endif
uniform int uVelocityIn;      // faceVelocity[uVelocityIn + face]: the shallow-water velocities of the last substep
uniform int uMovedDepthAt;    // faceVelocity[uMovedDepthAt + face]: the depth (m) pass 1 moved each interior face's
                              // water through (swe_flux.comp; written where the raw transfer is not 0); -1: none
uniform float uCellSize;      // dx, metres
uniform float uGravity;       // m/s^2
uniform float uDtOverDx2;
uniform float uUnitFlow;      // m^3/s of a face that moves one unit in one substep
#ifdef SLUICE_STEP_LEDGER
const int uLedgerActive = SLUICE_STEP_LEDGER;
#else
uniform int uLedgerActive;    // sources, drains, rain, evaporation or open/inflow edges present
#endif
uniform int uCountTiles;      // 1: count the groups that ran in stats.tilesRun (benchmarks, tests)
// This substep's row of the amounts table: a uniform, or a kernel's variable where one dispatch runs
// several substeps (step_blocked.comp defines SLUICE_AMOUNT_ROW).
#ifndef SLUICE_AMOUNT_ROW
uniform int uAmountBase;
#define SLUICE_AMOUNT_ROW uAmountBase
#endif
uniform int uEmitterBase;     // the first emitter's slot in a row (after the segments)
#if defined(SLUICE_STEP_BODY_LOAD) && !SLUICE_STEP_BODY_LOAD
const int uBodyLoad = 0;
#else
uniform int uBodyLoad;        // 1: terrain[fieldSpan() + i] holds the bodies' load on the water (m, docs/BODIES.md)
#endif

// The bed as the flow sees it: the terrain plus the load of the bodies over the cell (metres of
// water: a floating body's weight per area, a grounded one's thickness), so water flows under a
// floating body through the gap below it and over a grounded one like over terrain. The same add as
// CpuSolver::flowBed; a grid without bodies reads the terrain alone.
float flowBed(int i) {
    if (uBodyLoad == 0) return terrain[i];
    SLUICE_PRECISE float b = terrain[i] + terrain[fieldSpan() + i];
    return b;
}
#include "dry_skip.h"
#include "erosion_math.h"

layout(std430, binding = SLUICE_BIND_AMOUNTS) restrict readonly buffer AmountBuffer { int amounts[]; };

int amount(int slot) { return amounts[SLUICE_AMOUNT_ROW + slot]; }


// Code of the edge face at `along` on `side` (boundary_math.h).
// (The edge codes open the amounts buffer: one storage block fewer, a kernel may use 16 on NVIDIA.)
int edgeCodeAt(int side, int along) { return amounts[edgeFaceIndex(side, along, uSize.x, uSize.y)]; }

// A segment's value this substep: an inflow segment's units per face, a level segment's level (m).
int segmentUnits(int code) { return amount(SLUICE_AMOUNT_SEGMENTS + edgeSegment(code)); }
float segmentLevel(int code) { return intBitsToFloat(amount(SLUICE_AMOUNT_SEGMENTS + edgeSegment(code))); }

// Depth (m) of the ghost cell beyond the edge face at `along` on `side`, whose inner cell has bed b
// and depth h (m).
float ghostDepthAt(int side, int along, float b, float h) {
    const int code = edgeCodeAt(side, along);
    const int kind = edgeKind(code);
    return ghostDepth(kind, b, h, kind == SLUICE_BOUNDARY_LEVEL ? segmentLevel(code) : 0.0);
}

// Raw transfer of an edge face: an inflow face's units into the domain (positive toward +x / +y on
// the west / south sides, negative on the east / north), else what pass 1 computed.
int edgeTransfer(int side, int along, int raw) {
    const int code = edgeCodeAt(side, along);
    if (edgeKind(code) != SLUICE_BOUNDARY_INFLOW) return raw;
    const int units = segmentUnits(code);
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
// to added / removed. A drain takes its share of the cell's suspended sediment `sed` with the water
// (erosion_math.h, sedimentShare), booked in sedRemoved; sources and rain bring clear water and
// evaporation leaves the sediment behind.
int cellExchanges(ivec2 g, float b, int h, int eW, int eE, int eS, int eN, inout int64_t added, inout int64_t removed,
                  inout int sed, inout int64_t sedRemoved) {
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
        const int moved = emitterUnits(em.mode, em.sign, amount(uEmitterBase + e), metresToUnits(above), h);
        const int carried = sedimentShare(-moved, sed, h);
        sed -= carried;
        sedRemoved += int64_t(carried);
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

// What every pipe-step kernel (pipe_flux/pipe_depth, pipe_step, pipe_stream) does the same way: the
// uniforms of a substep, the domain-edge faces, and what sources, drains, rain and evaporation do to
// one cell. Include after sim_layout.h and pipe_math.h; it brings dry_skip.h (emitters, boundaries).
#ifndef SLUICE_PIPE_KERNEL_COMMON_H
#define SLUICE_PIPE_KERNEL_COMMON_H

uniform ivec2 uSize;          // grid W, H (cells)
uniform float uFrictionFactor;
uniform float uGravityDt;
uniform float uViscosityTerm;
uniform float uCellSize;      // dx, metres
uniform float uGravity;       // m/s^2
uniform float uDx2OverDt;
uniform float uDtOverDx2;
uniform float uRain;          // metres per substep
uniform float uEvaporation;   // metres per substep
uniform float uCellArea;      // dx^2, m^2
uniform int uLedgerActive;    // sources, drains, rain, evaporation or open/inflow edges present
uniform int uCountTiles;      // 1: count the groups that ran in stats.tilesRun (benchmarks, tests)
#include "dry_skip.h"

// New raw flow of a domain-edge face whose inner cell holds depth hC; outSign as in pipeOpenFlow
// (+1 east / north, -1 west / south). Mirrors boundaryFlow() in sim/cpu_solver.cpp.
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

// Cell g (bed b) after the flows left it at depth h: water through its domain-edge faces (effective
// flows eW, eE, eS, eN), then every source and drain covering it, rain and evaporation, in the order
// of sim/cpu_solver.cpp. Returns the new depth; adds metres of depth gained / lost to added / removed,
// each as the float sum really changed h, so the ledger balances to rounding.
float cellExchanges(ivec2 g, float b, float h, float eW, float eE, float eS, float eN, inout float added,
                    inout float removed) {
    // Written out per side: a constructed local array indexed in a loop lost these terms on NVIDIA's
    // compiler.
    if (g.x == 0) bookEdge(uDtOverDx2 * eW, added, removed);
    if (g.x == uSize.x - 1) bookEdge(-(uDtOverDx2 * eE), added, removed);
    if (g.y == 0) bookEdge(uDtOverDx2 * eS, added, removed);
    if (g.y == uSize.y - 1) bookEdge(-(uDtOverDx2 * eN), added, removed);
    for (int e = 0; e < uEmitterCount; ++e) {
        const GpuEmitter em = emitters[e];
        if (g.x < em.x0 || g.x >= em.x1 || g.y < em.y0 || g.y >= em.y1) continue;
        // Same arithmetic as sim::footprintOf so both sides agree on edge cells.
        const float rx = (float(g.x) + 0.5) - em.x, ry = (float(g.y) + 0.5) - em.y;
        precise float r2 = rx * rx + ry * ry;
        if (em.singleCell == 0 && r2 > em.radius2) continue;
        const float d = pipeEmitterDelta(em.mode, em.sign, em.amountM, em.levelM, b, h);
        const float before = h;
        h = h + d;
        precise float moved = h - before;
        if (moved > 0.0) added += moved;
        else removed -= moved;
    }
    if (uRain > 0.0) {
        const float before = h;
        h = h + uRain;
        added += h - before;
    }
    if (uEvaporation > 0.0) {
        const float before = h;
        h = h - min(h, uEvaporation);
        removed += before - h;
    }
    return h;
}

#endif

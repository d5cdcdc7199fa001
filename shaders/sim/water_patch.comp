// A water model's substep arithmetic with no memory traffic: the arithmetic ceiling of `sluice bench
// --kernels` (app/bench/arithmetic_ceiling.cpp). Each invocation holds one periodic patch of
// SLUICE_PATCH_W x SLUICE_PATCH_H cells in registers (bed, depth units, the flows of each cell's west
// and south faces and, for the shallow-water model, their velocities; beyond the patch's east edge
// lies its own west column, and so on), and advances it uSubsteps substeps with the step's own
// formulas: every face's new raw transfer (pass 1: pipeInteriorFlow or sweFaceUpdate, friction, the
// Courant guard, transferUnits), every cell's outflow, each face's limited transfer, the depth update,
// the flows and velocities kept (pass 2). Then it writes the patch back and the largest speeds asked
// for and allowed. What it leaves out is what touches memory or the grid's edges (edge faces,
// emitters, the ledger, dry flags, erosion), so no kernel of these formulas steps cells faster than
// this one with the patch shape that holds the fewest registers (docs/PERFORMANCE.md: 1 x 1, where
// every face joins a cell to itself). sim/water_patch.cpp computes the same bits on the CPU.
//
// The patch lives in arrays indexed only by constants, so that it stays in registers: the host writes
// each phase as one call per cell with its neighbours' indices as literals (SLUICE_PATCH_LOAD, _FACES,
// _OUTFLOWS, _LIMITS, _UPDATES, _STORE); NVIDIA's compiler keeps loop-indexed arrays in local memory
// (and fails on int64 ones).
#include "sim_layout.h"
#include "pipe_math.h"
#include "swe_math.h"
#include "transfer_math.h"

#ifndef SLUICE_PATCH_W  // the 2 x 2 pipe patch, for compiling the kernel without the host's lists
#define SLUICE_PATCH_MODEL 0
#define SLUICE_PATCH_W 2
#define SLUICE_PATCH_H 2
#define SLUICE_PATCH_LOAD load(0, 0, 0); load(1, 1, 0); load(2, 0, 1); load(3, 1, 1);
#define SLUICE_PATCH_FACES rawFaces(0, 1, 2); rawFaces(1, 0, 3); rawFaces(2, 3, 0); rawFaces(3, 2, 1);
#define SLUICE_PATCH_OUTFLOWS outflowOf(0, 1, 2); outflowOf(1, 0, 3); outflowOf(2, 3, 0); outflowOf(3, 2, 1);
#define SLUICE_PATCH_LIMITS limit(0, 1, 2); limit(1, 0, 3); limit(2, 3, 0); limit(3, 2, 1);
#define SLUICE_PATCH_UPDATES update(0, 1, 2); update(1, 0, 3); update(2, 3, 0); update(3, 2, 1);
#define SLUICE_PATCH_STORE store(0, 0, 0); store(1, 1, 0); store(2, 0, 1); store(3, 1, 1);
#endif
#define N_CELLS (SLUICE_PATCH_W * SLUICE_PATCH_H)

layout(local_size_x = 128) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict buffer FlowXBuffer { float flowX[]; };  // W*H: each cell's west face
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict buffer FlowYBuffer { float flowY[]; };  // W*H: each cell's south face
// 2*W*H, m/s: the velocities of the same faces, x-faces first (shallow-water model only)
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict buffer VelocityBuffer { float velocity[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict writeonly buffer SpeedBuffer { vec2 speeds[]; };  // per patch

uniform ivec2 uSize;  // cells, multiples of the patch
uniform int uSubsteps;
uniform float uFrictionFactor, uGravityDt, uGravityDtOverDx, uViscosityTerm, uGN2Dt, uCellSize, uGravity, uCourantDxOverDt;
uniform float uDtOverDx2, uUnitFlow;
uniform int uFrictionLaw;

// The patch (cell c = y * SLUICE_PATCH_W + x) and what a substep computes for it.
float b[N_CELLS], qx[N_CELLS], qy[N_CELLS];
int h[N_CELLS], rx[N_CELLS], ry[N_CELLS], ex[N_CELLS], ey[N_CELLS];
int64_t outflow[N_CELLS];
#if SLUICE_PATCH_MODEL == 1
float ux[N_CELLS], uy[N_CELLS], movedX[N_CELLS], movedY[N_CELLS];
#endif
float demand = 0.0, allowed = 0.0;
ivec2 origin;

int cellIndex(int x, int y) { return (origin.y + y) * uSize.x + origin.x + x; }

void load(int c, int x, int y) {
    const int i = cellIndex(x, y);
    b[c] = terrain[i];
    h[c] = depth[i];
    qx[c] = flowX[i];
    qy[c] = flowY[i];
#if SLUICE_PATCH_MODEL == 1
    ux[c] = velocity[i];
    uy[c] = velocity[uSize.x * uSize.y + i];
#endif
}

void store(int c, int x, int y) {
    const int i = cellIndex(x, y);
    depth[i] = h[c];
    flowX[i] = qx[c];
    flowY[i] = qy[c];
#if SLUICE_PATCH_MODEL == 1
    velocity[i] = ux[c];
    velocity[uSize.x * uSize.y + i] = uy[c];
#endif
}

void recordSpeeds(float d, float a) {
    demand = max(demand, d);
    allowed = max(allowed, a);
}

// Pass 1 of the pipe model (pipe_faces.h): the raw transfers of cell c's west and south faces (w, s:
// the cells beyond them).
int pipeRaw(float q, float faceDepth) {
    q = pipeManningFlow(q, faceDepth, uCellSize, uGN2Dt);
    float d, a;
    q = pipeCourantClamp(q, faceDepth, uCellSize, uGravity, uCourantDxOverDt, d, a);
    recordSpeeds(d, a);
    return transferUnits(q, uDtOverDx2);
}
void rawFaces(int c, int w, int s) {
    float faceDepth;
    float q = pipeInteriorFlow(qx[c], b[w], unitsToMetres(h[w]), b[c], unitsToMetres(h[c]), uFrictionFactor, uGravityDt,
                               uViscosityTerm, faceDepth);
    rx[c] = pipeRaw(q, faceDepth);
    q = pipeInteriorFlow(qy[c], b[s], unitsToMetres(h[s]), b[c], unitsToMetres(h[c]), uFrictionFactor, uGravityDt,
                         uViscosityTerm, faceDepth);
    ry[c] = pipeRaw(q, faceDepth);
}

#if SLUICE_PATCH_MODEL == 1
// Pass 1 of the shallow-water model (swe_faces.h's gather, periodic): cell c's west face with the
// cells w, ww west of it, e, ee east, s south, n north and nw north of w; its south face with s, ss
// south, n, nn north, w, e and es east of s.
int sweRaw(SweStencil st, out float moved) {
    SweFactors k;
    k.dtOverDx2 = uDtOverDx2;
    k.gravityDtOverDx = uGravityDtOverDx;
    k.frictionFactor = uFrictionFactor;
    k.gN2Dt = uGN2Dt;
    k.viscosityTerm = uViscosityTerm;
    k.courantDxOverDt = uCourantDxOverDt;
    k.gravity = uGravity;
    k.dx = uCellSize;
    k.frictionLaw = uFrictionLaw;
    float q, d, a;
    sweFaceUpdate(st, k, q, d, a, moved);
    recordSpeeds(d, a);
    return transferUnits(q, uDtOverDx2);
}
void sweRawFaces(int c, int w, int ww, int e, int ee, int s, int ss, int n, int nn, int nw, int es) {
    SweStencil x;
    x.q = qx[c];
    x.u = ux[c];
    x.qBack = qx[w];
    x.uBack = ux[w];
    x.qFwd = qx[e];
    x.uFwd = ux[e];
    x.uBack2 = ux[ww];
    x.uFwd2 = ux[ee];
    x.uLow = ux[s];
    x.uHigh = ux[n];
    x.qLow = qy[w] + qy[c];
    x.qHigh = qy[nw] + qy[n];
    x.bL = b[w];
    x.hL = unitsToMetres(h[w]);
    x.bR = b[c];
    x.hR = unitsToMetres(h[c]);
    x.bLL = b[ww];
    x.hLL = unitsToMetres(h[ww]);
    x.bRR = b[e];
    x.hRR = unitsToMetres(h[e]);
    rx[c] = sweRaw(x, movedX[c]);
    SweStencil y;
    y.q = qy[c];
    y.u = uy[c];
    y.qBack = qy[s];
    y.uBack = uy[s];
    y.qFwd = qy[n];
    y.uFwd = uy[n];
    y.uBack2 = uy[ss];
    y.uFwd2 = uy[nn];
    y.uLow = uy[w];
    y.uHigh = uy[e];
    y.qLow = qx[s] + qx[c];
    y.qHigh = qx[es] + qx[e];
    y.bL = b[s];
    y.hL = unitsToMetres(h[s]);
    y.bR = b[c];
    y.hR = unitsToMetres(h[c]);
    y.bLL = b[ss];
    y.hLL = unitsToMetres(h[ss]);
    y.bRR = b[n];
    y.hRR = unitsToMetres(h[n]);
    ry[c] = sweRaw(y, movedY[c]);
}
#endif

// Pass 2 (cell_step.h): outflows (e, n: the cells east and north), limited transfers, depths, the
// flows kept and, for the shallow-water model, each face's velocity over the depth it moved through.
void outflowOf(int c, int e, int n) { outflow[c] = cellOutflow(rx[c], rx[e], ry[c], ry[n]); }
void limit(int c, int w, int s) {
    ex[c] = effectiveTransfer(rx[c], h[w], outflow[w], h[c], outflow[c]);
    ey[c] = effectiveTransfer(ry[c], h[s], outflow[s], h[c], outflow[c]);
}
void update(int c, int e, int n) {
    h[c] = depthAfter(h[c], ex[c], ex[e], ey[c], ey[n]);
    // As pass 2 stores them (precise: no multiply-add with the next substep's formulas).
    precise float fx = float(ex[c]) * uUnitFlow, fy = float(ey[c]) * uUnitFlow;
    qx[c] = fx;
    qy[c] = fy;
#if SLUICE_PATCH_MODEL == 1
    ux[c] = ex[c] == 0 ? 0.0 : sweStoredVelocity(fx, movedX[c], uCellSize);
    uy[c] = ey[c] == 0 ? 0.0 : sweStoredVelocity(fy, movedY[c], uCellSize);
#endif
}

void main() {
    const ivec2 patchCount = uSize / ivec2(SLUICE_PATCH_W, SLUICE_PATCH_H);
    if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), patchCount))) return;
    origin = ivec2(gl_GlobalInvocationID.xy) * ivec2(SLUICE_PATCH_W, SLUICE_PATCH_H);
    SLUICE_PATCH_LOAD
    for (int s = 0; s < uSubsteps; ++s) {
        SLUICE_PATCH_FACES
        SLUICE_PATCH_OUTFLOWS
        SLUICE_PATCH_LIMITS
        SLUICE_PATCH_UPDATES
    }
    SLUICE_PATCH_STORE
    speeds[int(gl_GlobalInvocationID.y) * patchCount.x + int(gl_GlobalInvocationID.x)] = vec2(demand, allowed);
}

// A water model's substep, temporally blocked (SLUICE_TILE_MODEL 0: pipes, 1: shallow water): each work group loads a tile of the grid with a halo,
// advances it up to SLUICE_TILE_SUBSTEPS substeps in registers and shared memory, and writes back the
// tile's inner part, so the grid is read and written once per SLUICE_TILE_SUBSTEPS substeps instead
// of twice per substep (`sluice bench --kernels`, tb rows; app/bench/temporal_blocking.cpp). The
// halo is computed again by the neighbouring tiles: a cell's state after a substep depends on the
// cells up to kReach away (pipes: 2, its faces' raw transfers read the cells beside them, the
// limiter each face's donor's outflow, which reads that donor's far face; shallow water: 4, each face
// update also reads the faces two cells either way, SweStencil's uBack2 / uFwd2), so after s
// substeps only the cells at least kReach s from the tile's edge are right, and the tile writes those.
//
// Like water_patch.comp it computes the step's interior formulas only, on a periodic grid (beyond the
// east edge lies the west column, and so on): pass 1's face update (pipeInteriorFlow, friction, the
// Courant guard, transferUnits; or sweFaceUpdate), pass 2's outflows, limiter, depth update, flows
// and velocities kept, and the largest speeds; no edges, emitters, ledger, dry flags or erosion. sim::stepWaterPatches with one
// patch the size of the grid computes the same bits (tests/sim/test_water_tile.cpp). It measures
// what temporal blocking gives before the work of building it into the step (docs/PERFORMANCE.md).
//
// Layout: groups of SLUICE_TILE_X x SLUICE_TILE_THREAD_ROWS invocations; each owns
// SLUICE_TILE_CELL_ROWS cells of one column, SLUICE_TILE_THREAD_ROWS rows apart, and keeps their
// bed, depth, flows and transfers in registers (named variables, not arrays: NVIDIA's compiler keeps
// arrays in local memory). Shared memory carries what neighbours read: depths, raw and effective
// transfers, outflows (20 bytes a cell), and for the shallow-water model the flows (where the
// transfers go later) and velocities (28 bytes a cell).
#include "sim_layout.h"
#include "pipe_math.h"
#include "swe_math.h"
#include "transfer_math.h"

#ifndef SLUICE_TILE_X
#define SLUICE_TILE_MODEL 0
#define SLUICE_TILE_X 32
#define SLUICE_TILE_THREAD_ROWS 8
#define SLUICE_TILE_CELL_ROWS 2
#define SLUICE_TILE_SUBSTEPS 2
#endif
const int kTileW = SLUICE_TILE_X, kTileH = SLUICE_TILE_THREAD_ROWS * SLUICE_TILE_CELL_ROWS;
const int kReach = SLUICE_TILE_MODEL == 1 ? 4 : 2;  // cells a substep's result depends on, each way
const int kHalo = kReach * SLUICE_TILE_SUBSTEPS;
const int kInnerW = kTileW - 2 * kHalo, kInnerH = kTileH - 2 * kHalo;  // cells written per tile
const int kTileCells = kTileW * kTileH;

layout(local_size_x = SLUICE_TILE_X, local_size_y = SLUICE_TILE_THREAD_ROWS) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict writeonly buffer DepthOutBuffer { int depthOut[]; };
// W*H each: every cell's west / south face, m^3/s
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X_OUT) restrict writeonly buffer FlowXOutBuffer { float flowXOut[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y_OUT) restrict writeonly buffer FlowYOutBuffer { float flowYOut[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict writeonly buffer SpeedBuffer { vec2 speeds[]; };  // per tile
#if SLUICE_TILE_MODEL == 1
// 2*W*H each, m/s: the velocities of every cell's west faces, then of its south faces
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict readonly buffer VelocityBuffer { float velocity[]; };
// written here, at pass 1's raw-transfer binding (this kernel keeps its transfers in shared memory)
layout(std430, binding = SLUICE_BIND_RAW_X) restrict writeonly buffer VelocityOutBuffer { float velocityOut[]; };
#endif

uniform ivec2 uSize;   // cells
uniform int uSubsteps;  // this dispatch's, 1 to SLUICE_TILE_SUBSTEPS
uniform float uFrictionFactor, uGravityDt, uViscosityTerm, uGN2Dt, uCellSize, uGravity, uCourantDxOverDt;
uniform float uDtOverDx2, uUnitFlow, uGravityDtOverDx;
uniform int uFrictionLaw;

shared int sH[kTileCells];
shared int sX[kTileCells];  // (shallow water: the flow's bits,) raw, then effective transfers of each cell's west face
shared int sY[kTileCells];  // and of its south face
shared int64_t sOut[kTileCells];
#if SLUICE_TILE_MODEL == 1
shared float sUX[kTileCells];  // velocities of each cell's west and south faces
shared float sUY[kTileCells];
#endif
const int kThreads = SLUICE_TILE_X * SLUICE_TILE_THREAD_ROWS;
shared vec2 sSpeeds[kThreads];

// One owned cell: local position, shared index, bed of it and of its west and south neighbours, the
// state that moves and this substep's transfers. `inner`: written back, and its faces' speeds count.
struct Cell {
    int x, y;            // in the tile
    int l, w, s, e, n;  // shared indices of the cell and its neighbours (clamped at the tile's edge)
    bool inner;
    int global;          // index in the grid
    float b, bW, bS, qx, qy;
    int h, rx, ry, ex, ey;
    int64_t outflow;
#if SLUICE_TILE_MODEL == 1
    float bWW, bE, bSS, bN;  // beds two west, east, two south, north
    float ux, uy, movedX, movedY;
#endif
};
Cell c0, c1, c2, c3;
float demand = 0.0, allowed = 0.0;

#if SLUICE_TILE_CELL_ROWS == 1
#define FOR_CELLS(F) F(c0, 0)
#elif SLUICE_TILE_CELL_ROWS == 2
#define FOR_CELLS(F) F(c0, 0) F(c1, 1)
#elif SLUICE_TILE_CELL_ROWS == 4
#define FOR_CELLS(F) F(c0, 0) F(c1, 1) F(c2, 2) F(c3, 3)
#else
#error SLUICE_TILE_CELL_ROWS must be 1, 2 or 4
#endif

// v within one period of [0, n) (the host keeps tiles no larger than the grid; GLSL's % is undefined
// for negative operands).
int wrap(int v, int n) { return v < 0 ? v + n : v >= n ? v - n : v; }

void load(inout Cell c, int k, ivec2 origin) {
    const int x = int(gl_LocalInvocationID.x), y = int(gl_LocalInvocationID.y) + k * SLUICE_TILE_THREAD_ROWS;
    c.x = x;
    c.y = y;
    c.l = y * kTileW + x;
    c.w = y * kTileW + max(x - 1, 0);
    c.e = y * kTileW + min(x + 1, kTileW - 1);
    c.s = max(y - 1, 0) * kTileW + x;
    c.n = min(y + 1, kTileH - 1) * kTileW + x;
    const ivec2 g = origin + ivec2(x, y);  // unwrapped
    c.inner = x >= kHalo && x < kTileW - kHalo && y >= kHalo && y < kTileH - kHalo && g.x < uSize.x && g.y < uSize.y;
    const int gx = wrap(g.x, uSize.x), gy = wrap(g.y, uSize.y);
    c.global = gy * uSize.x + gx;
    c.b = terrain[c.global];
    c.bW = terrain[gy * uSize.x + wrap(gx - 1, uSize.x)];
    c.bS = terrain[wrap(gy - 1, uSize.y) * uSize.x + gx];
    c.h = depth[c.global];
    c.qx = flowX[c.global];
    c.qy = flowY[c.global];
#if SLUICE_TILE_MODEL == 1
    c.bWW = terrain[gy * uSize.x + wrap(gx - 2, uSize.x)];
    c.bE = terrain[gy * uSize.x + wrap(gx + 1, uSize.x)];
    c.bSS = terrain[wrap(gy - 2, uSize.y) * uSize.x + gx];
    c.bN = terrain[wrap(gy + 1, uSize.y) * uSize.x + gx];
    c.ux = velocity[c.global];
    c.uy = velocity[uSize.x * uSize.y + c.global];
#endif
}
#define LOAD(c, k) load(c, k, origin);

// Pass 1: the raw transfers of the cell's west and south faces (pipe_faces.h's finishFlow).
int faceUnits(float q, float faceDepth, bool counts) {
    q = pipeManningFlow(q, faceDepth, uCellSize, uGN2Dt);
    float d, a;
    q = pipeCourantClamp(q, faceDepth, uCellSize, uGravity, uCourantDxOverDt, d, a);
    if (counts) {
        demand = max(demand, d);
        allowed = max(allowed, a);
    }
    return transferUnits(q, uDtOverDx2);
}
void faces(inout Cell c) {
    const float hC = unitsToMetres(c.h);
    float faceDepth;
    float q = pipeInteriorFlow(c.qx, c.bW, unitsToMetres(sH[c.w]), c.b, hC, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    c.rx = faceUnits(q, faceDepth, c.inner);
    q = pipeInteriorFlow(c.qy, c.bS, unitsToMetres(sH[c.s]), c.b, hC, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    c.ry = faceUnits(q, faceDepth, c.inner);
}
#if SLUICE_TILE_MODEL == 1
// Shared index of the cell (dx, dy) from c, clamped to the tile.
int near(Cell c, int dx, int dy) { return clamp(c.y + dy, 0, kTileH - 1) * kTileW + clamp(c.x + dx, 0, kTileW - 1); }
float qxAt(int i) { return intBitsToFloat(sX[i]); }
float qyAt(int i) { return intBitsToFloat(sY[i]); }
float hAt(int i) { return unitsToMetres(sH[i]); }
int sweUnits(SweStencil st, bool counts, out float moved) {
    const SweFactors k = SweFactors(uDtOverDx2, uGravityDtOverDx, uFrictionFactor, uGN2Dt, uViscosityTerm, uCourantDxOverDt,
                                    uGravity, uCellSize, uFrictionLaw);
    float q, d, a;
    sweFaceUpdate(st, k, q, d, a, moved);
    if (counts) {
        demand = max(demand, d);
        allowed = max(allowed, a);
    }
    return transferUnits(q, uDtOverDx2);
}
// Pass 1 of the shallow-water model for the cell's west and south faces (water_patch.comp's
// sweRawFaces, from shared memory).
void sweFaces(inout Cell c) {
    const int w = near(c, -1, 0), ww = near(c, -2, 0), e = near(c, 1, 0), ee = near(c, 2, 0);
    const int s = near(c, 0, -1), ss = near(c, 0, -2), n = near(c, 0, 1), nn = near(c, 0, 2);
    const int nw = near(c, -1, 1), es = near(c, 1, -1);
    const float hC = unitsToMetres(c.h);
    c.rx = sweUnits(SweStencil(c.ux, sUX[w], sUX[e], sUX[s], sUX[n], sUX[ww], sUX[ee], c.qx, qxAt(w), qxAt(e),
                               qyAt(w) + c.qy, qyAt(nw) + qyAt(n), c.bW, hAt(w), c.b, hC, hAt(ww), c.bWW, hAt(e), c.bE),
                    c.inner, c.movedX);
    c.ry = sweUnits(SweStencil(c.uy, sUY[s], sUY[n], sUY[w], sUY[e], sUY[ss], sUY[nn], c.qy, qyAt(s), qyAt(n),
                               qxAt(s) + c.qx, qxAt(es) + qxAt(e), c.bS, hAt(s), c.b, hC, hAt(ss), c.bSS, hAt(n), c.bN),
                    c.inner, c.movedY);
}
#define PUT_H(c, k) sH[c.l] = c.h; sX[c.l] = floatBitsToInt(c.qx); sY[c.l] = floatBitsToInt(c.qy); sUX[c.l] = c.ux; sUY[c.l] = c.uy;
#define FACES(c, k) sweFaces(c);
#define PUT_R(c, k) sX[c.l] = c.rx; sY[c.l] = c.ry;
#else
#define PUT_H(c, k) sH[c.l] = c.h;
#define FACES(c, k) faces(c); sX[c.l] = c.rx; sY[c.l] = c.ry;
#endif
// Pass 2: outflow, the limited transfers of the west and south faces, the depth and flows after.
#define OUTFLOW(c, k) c.outflow = cellOutflow(c.rx, sX[c.e], c.ry, sY[c.n]); sOut[c.l] = c.outflow;
#define LIMIT(c, k) c.ex = effectiveTransfer(c.rx, sH[c.w], sOut[c.w], c.h, c.outflow); \
                    c.ey = effectiveTransfer(c.ry, sH[c.s], sOut[c.s], c.h, c.outflow);
#define PUT_E(c, k) sX[c.l] = c.ex; sY[c.l] = c.ey;
void update(inout Cell c) {
    c.h = depthAfter(c.h, c.ex, sX[c.e], c.ey, sY[c.n]);
    precise float fx = float(c.ex) * uUnitFlow, fy = float(c.ey) * uUnitFlow;  // as pass 2 stores them
    c.qx = fx;
    c.qy = fy;
#if SLUICE_TILE_MODEL == 1
    c.ux = c.ex == 0 ? 0.0 : sweStoredVelocity(fx, c.movedX, uCellSize);
    c.uy = c.ey == 0 ? 0.0 : sweStoredVelocity(fy, c.movedY, uCellSize);
#endif
}
#define UPDATE(c, k) update(c);
void store(Cell c) {
    if (!c.inner) return;
    depthOut[c.global] = c.h;
    flowXOut[c.global] = c.qx;
    flowYOut[c.global] = c.qy;
#if SLUICE_TILE_MODEL == 1
    velocityOut[c.global] = c.ux;
    velocityOut[uSize.x * uSize.y + c.global] = c.uy;
#endif
}
#define STORE(c, k) store(c);

void main() {
    const ivec2 origin = ivec2(gl_WorkGroupID.xy) * ivec2(kInnerW, kInnerH) - kHalo;
    FOR_CELLS(LOAD)
#define SYNC memoryBarrierShared(); barrier();
    for (int s = 0; s < uSubsteps; ++s) {
        FOR_CELLS(PUT_H)
        SYNC
        FOR_CELLS(FACES)
        SYNC
#if SLUICE_TILE_MODEL == 1
        FOR_CELLS(PUT_R)  // every face update has read the flows
        SYNC
#endif
        FOR_CELLS(OUTFLOW)
        SYNC
        FOR_CELLS(LIMIT)
        SYNC  // every limiter has read the raw transfers
        FOR_CELLS(PUT_E)
        SYNC
        FOR_CELLS(UPDATE)
#if SLUICE_TILE_MODEL == 1
        SYNC  // the next substep's flows overwrite the transfers every update has read
#endif
        // The next substep's depths may overwrite sH: the limiters read it two barriers ago.
    }
    FOR_CELLS(STORE)
    const uint t = gl_LocalInvocationIndex;
    sSpeeds[t] = vec2(demand, allowed);
    SYNC
    for (uint stride = 512u; stride > 0u; stride >>= 1u) {  // any group size up to 1024
        if (t < stride && t + stride < uint(kThreads)) sSpeeds[t] = max(sSpeeds[t], sSpeeds[t + stride]);
        SYNC
    }
    if (t == 0u) speeds[gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x] = sSpeeds[0];
}

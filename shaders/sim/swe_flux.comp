// Pass 1 of the shallow-water model's substep (swe_math.h), one invocation per (x, y) in (W+1) x (H+1):
// the x-face at (x, y) when y < H and the y-face at (x, y) when x < W. Gathers each face's stencil
// (the flows of the faces around it, their velocities measured against the depth before the last
// substep, the beds and depths beside it), computes its new velocity and raw flow, and writes it as a raw
// integer transfer (transfer_math.h) for pass 2 (step_depth.comp) to limit; records the largest face speeds for the CFL
// substep policy. The same gather as sim/cpu_swe.cpp. Whole grid only (no skewed sweeps).
#include "sim_layout.h"
#include "pipe_math.h"
#include "transfer_math.h"
#include "swe_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OLD) restrict readonly buffer DepthOldBuffer { int depthOld[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
layout(std430, binding = SLUICE_BIND_RAW_X) restrict writeonly buffer RawXBuffer { int rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict writeonly buffer RawYBuffer { int rawY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };

#include "step_kernel_common.h"
#include "pass_region.h"
#include "face_speeds.h"

bool insideGrid(ivec2 c) { return all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, uSize)); }
int innerIndex(ivec2 c) {
    const ivec2 q = clamp(c, ivec2(0), uSize - 1);
    return q.y * uSize.x + q.x;
}
// Beyond an edge: a ghost cell with the inner cell's bed; dry beyond an open edge, else as deep as the
// inner cell (sim/cpu_swe.cpp).
bool dryGhost(ivec2 c) {
    if (insideGrid(c)) return false;
    const int side = c.x < 0 ? 0 : c.x >= uSize.x ? 1 : c.y < 0 ? 2 : 3;
    return uBoundaryKind[side] == SLUICE_BOUNDARY_OPEN;
}
float bedAt(ivec2 c) { return terrain[innerIndex(c)]; }
float depthAt(ivec2 c) { return dryGhost(c) ? 0.0 : unitsToMetres(depth[innerIndex(c)]); }
float oldDepthAt(ivec2 c) { return dryGhost(c) ? 0.0 : unitsToMetres(depthOld[innerIndex(c)]); }

// Faces: axis 0 = x-faces (i, y), i in [0, W]; axis 1 = y-faces (x, j), j in [0, H]. Zero outside.
float flowAt(int axis, ivec2 f) {
    const int W = uSize.x, H = uSize.y;
    if (axis == 0) return (f.x >= 0 && f.x <= W && f.y >= 0 && f.y < H) ? flowX[f.y * (W + 1) + f.x] : 0.0;
    return (f.x >= 0 && f.x < W && f.y >= 0 && f.y <= H) ? flowY[f.y * W + f.x] : 0.0;
}

float velocityAt(int axis, ivec2 f) {
    const float q = flowAt(axis, f);
    if (q == 0.0) return 0.0;
    const ivec2 L = f - (axis == 0 ? ivec2(1, 0) : ivec2(0, 1));
    return sweFaceVelocity(q, bedAt(L), oldDepthAt(L), bedAt(f), oldDepthAt(f), uCellSize);
}

float faceUpdate(int axis, ivec2 f, inout float demand, inout float allowed) {
    const ivec2 n = axis == 0 ? ivec2(1, 0) : ivec2(0, 1);
    const ivec2 t = n.yx;
    const ivec2 L = f - n;
    SweStencil s;
    s.q = flowAt(axis, f);
    s.u = velocityAt(axis, f);
    s.qBack = flowAt(axis, L);
    s.uBack = velocityAt(axis, L);
    s.qFwd = flowAt(axis, f + n);
    s.uFwd = velocityAt(axis, f + n);
    s.uLow = velocityAt(axis, f - t);
    s.uHigh = velocityAt(axis, f + t);
    const int other = 1 - axis;
    s.qLow = flowAt(other, L) + flowAt(other, f);
    s.qHigh = flowAt(other, L + t) + flowAt(other, f + t);
    s.bL = bedAt(L);
    s.hL = depthAt(L);
    s.bR = bedAt(f);
    s.hR = depthAt(f);
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
    sweFaceUpdate(s, k, q, d, a);
    demand = max(demand, d);
    allowed = max(allowed, a);
    return q;
}

// A domain-edge face: walls and inflow edges have no raw flow (inflow takes the amounts table's units
// in pass 2); an open edge lets water out only.
float edgeFlow(int axis, ivec2 f, int side, float outSign, inout float demand, inout float allowed) {
    if (uBoundaryKind[side] != SLUICE_BOUNDARY_OPEN) return 0.0;
    const float q = faceUpdate(axis, f, demand, allowed);
    return outSign * q > 0.0 ? q : 0.0;
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 p = passCell();
    if (gl_LocalInvocationIndex == 0u) resetGroupSpeeds();
    castPassGroupVote(passGroup());
    memoryBarrierShared();
    barrier();
    if (!passGroupRuns()) return;  // uniform across the group: nothing here can move (dry_skip.h)
    float demand = 0.0, allowed = 0.0;
    if (p.x <= W && p.y < H) {
        const float q = p.x == 0 ? edgeFlow(0, p, 0, -1.0, demand, allowed)
                      : p.x == W ? edgeFlow(0, p, 1, 1.0, demand, allowed)
                                 : faceUpdate(0, p, demand, allowed);
        rawX[p.y * (W + 1) + p.x] = transferUnits(q, uDtOverDx2);
    }
    if (p.x < W && p.y <= H) {
        const float q = p.y == 0 ? edgeFlow(1, p, 2, -1.0, demand, allowed)
                      : p.y == H ? edgeFlow(1, p, 3, 1.0, demand, allowed)
                                 : faceUpdate(1, p, demand, allowed);
        rawY[p.y * W + p.x] = transferUnits(q, uDtOverDx2);
    }
    recordSpeeds(demand, allowed);
}

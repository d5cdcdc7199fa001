// The shallow-water model's new raw transfer of one face (pass 1 of its substep, swe_flux.comp; also
// the face phase of step_fused.comp): gathers the face's stencil (the flows of the faces around it
// and the velocities pass 2 stored for them, the beds and depths beside it), computes its new
// velocity and raw flow (swe_math.h) and returns it as integer units for the limiter
// (transfer_math.h). The same gather as sim/cpu_swe.cpp. Include after step_kernel_common.h, in a
// kernel that declares terrain, depth, depthOld, flowX, flowY and faceVelocity.
#ifndef SLUICE_SWE_FACES_H
#define SLUICE_SWE_FACES_H

// `deep`: the face lies at least two cells inside every edge, so no stencil reaches beyond the grid.
// Every call passes a constant, so the compiler keeps two copies of the gather: the interior one
// without any edge logic, which nearly every face takes.
bool insideGrid(ivec2 c) { return all(greaterThanEqual(c, ivec2(0))) && all(lessThan(c, uSize)); }
int innerIndex(ivec2 c, bool deep) { return fieldAt(deep ? c : clamp(c, ivec2(0), uSize - 1)); }
// The edge face a cell outside the grid lies beyond: its side and its place along the side.
int sideOf(ivec2 c) { return c.x < 0 ? 0 : c.x >= uSize.x ? 1 : c.y < 0 ? 2 : 3; }
int alongOf(ivec2 c) { return (c.x < 0 || c.x >= uSize.x) ? clamp(c.y, 0, uSize.y - 1) : clamp(c.x, 0, uSize.x - 1); }
float bedAt(ivec2 c, bool deep) { return flowBed(innerIndex(c, deep)); }
// Depth (m) now or before the last substep; beyond an edge the ghost cell's (boundary_math.h).
float depthOf(ivec2 c, int units, bool deep) {
    const float h = unitsToMetres(units);
    return deep || insideGrid(c) ? h : ghostDepthAt(sideOf(c), alongOf(c), bedAt(c, false), h);
}
float depthAt(ivec2 c, bool deep) { return depthOf(c, depth[innerIndex(c, deep)], deep); }
float oldDepthAt(ivec2 c) { return depthOf(c, depthOld[innerIndex(c, false)], false); }
// The reconstruction's outer cells (LL, RR): dry beyond the edge, so the face depth is first order
// there (swe_math.h, sweMovedDepth).
float outerDepthAt(ivec2 c, bool deep) {
    return deep || insideGrid(c) ? unitsToMetres(depth[innerIndex(c, deep)]) : 0.0;
}

// Faces: axis 0 = x-faces (i, y), i in [0, W]; axis 1 = y-faces (x, j), j in [0, H]. A face one
// beyond an edge face carries that face's flow where the outside continues the inside; zero
// elsewhere outside (sim/cpu_swe.cpp).
float flowAt(int axis, ivec2 f, bool deep) {
    const int W = uSize.x, H = uSize.y;
    if (deep) return axis == 0 ? flowX[fieldAt(f)] : flowY[fieldAt(f)];
    if (axis == 0) {
        if (f.y < 0 || f.y >= H) return 0.0;
        if (f.x >= 0 && f.x <= W) return flowX[fieldAt(f)];
        if (f.x != -1 && f.x != W + 1) return 0.0;
        const int side = f.x < 0 ? 0 : 1;
        return continuesBeyond(edgeKind(edgeCodeAt(side, f.y))) ? flowX[fieldAt(side == 0 ? 0 : W, f.y)] : 0.0;
    }
    if (f.x < 0 || f.x >= W) return 0.0;
    if (f.y >= 0 && f.y <= H) return flowY[fieldAt(f)];
    if (f.y != -1 && f.y != H + 1) return 0.0;
    const int side = f.y < 0 ? 2 : 3;
    return continuesBeyond(edgeKind(edgeCodeAt(side, f.x))) ? flowY[fieldAt(f.x, side == 2 ? 0 : H)] : 0.0;
}

// A face beyond an edge face, where the outside continues the inside, moves with the edge face.
float velocityAt(int axis, ivec2 f, bool deep) {
    const int W = uSize.x, H = uSize.y;
    if (axis == 0) {
        if (!deep) {
            if (f.y < 0 || f.y >= H || f.x < -1 || f.x > W + 1) return 0.0;
            if (f.x == -1 || f.x == W + 1) {
                if (!continuesBeyond(edgeKind(edgeCodeAt(f.x < 0 ? 0 : 1, f.y)))) return 0.0;
                f.x = f.x < 0 ? 0 : W;
            }
        }
        return faceVelocity[uVelocityIn + fieldAt(f)];
    }
    if (!deep) {
        if (f.x < 0 || f.x >= W || f.y < -1 || f.y > H + 1) return 0.0;
        if (f.y == -1 || f.y == H + 1) {
            if (!continuesBeyond(edgeKind(edgeCodeAt(f.y < 0 ? 2 : 3, f.x)))) return 0.0;
            f.y = f.y < 0 ? 0 : H;
        }
    }
    return faceVelocity[uVelocityIn + fieldSpan() + fieldAt(f)];
}

float faceUpdate(int axis, ivec2 f, bool deep, inout float demand, inout float allowed, out float moved) {
    const ivec2 n = axis == 0 ? ivec2(1, 0) : ivec2(0, 1);
    const ivec2 t = n.yx;
    const ivec2 L = f - n;
    SweStencil s;
    s.q = flowAt(axis, f, deep);
    s.u = velocityAt(axis, f, deep);
    s.qBack = flowAt(axis, L, deep);
    s.uBack = velocityAt(axis, L, deep);
    s.qFwd = flowAt(axis, f + n, deep);
    s.uFwd = velocityAt(axis, f + n, deep);
    const int branch = sweEnergyBranch(s.u, s.uBack, s.uFwd);
    s.uBack2 = branch > 0 ? velocityAt(axis, f - 2 * n, deep) : 0.0;
    s.uFwd2 = branch < 0 ? velocityAt(axis, f + 2 * n, deep) : 0.0;
    s.uLow = velocityAt(axis, f - t, deep);
    s.uHigh = velocityAt(axis, f + t, deep);
    const int other = 1 - axis;
    s.qLow = flowAt(other, L, deep) + flowAt(other, f, deep);
    s.qHigh = flowAt(other, L + t, deep) + flowAt(other, f + t, deep);
    s.bL = bedAt(L, deep);
    s.hL = depthAt(L, deep);
    s.bR = bedAt(f, deep);
    s.hR = depthAt(f, deep);
    s.bLL = bedAt(L - n, deep);
    s.hLL = outerDepthAt(L - n, deep);
    s.bRR = bedAt(f + n, deep);
    s.hRR = outerDepthAt(f + n, deep);
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
    sweFaceUpdate(s, k, q, d, a, moved);
    demand = max(demand, d);
    allowed = max(allowed, a);
    return q;
}

// An edge face: walls and inflow faces have no raw flow (inflow takes its segment's units in pass 2);
// an open face lets water out only; level and transmissive faces both ways.
float edgeFlow(int axis, ivec2 f, int side, int along, float outSign, inout float demand, inout float allowed) {
    const int kind = edgeKind(edgeCodeAt(side, along));
    if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
        const ivec2 innerCell = outSign > 0.0 ? f - (axis == 0 ? ivec2(1, 0) : ivec2(0, 1)) : f;
        const float h = depthAt(innerCell, false);
        float q = transmissiveFlow(flowAt(axis, f, false), h, oldDepthAt(innerCell), outSign, uGravity, uCellSize);
        float d, a;
        q = pipeCourantClamp(q, h, uCellSize, uGravity, uCourantDxOverDt, d, a);
        demand = max(demand, d);
        allowed = max(allowed, a);
        return q;
    }
    if (!flowsByMomentum(kind)) return 0.0;
    float moved;
    const float q = faceUpdate(axis, f, false, demand, allowed, moved);
    return (kind != SLUICE_BOUNDARY_OPEN || outSign * q > 0.0) ? q : 0.0;
}

// The face at p on `axis` (0: the x-face, p.x in [0, W], p.y in [0, H); 1: the y-face, p.x in [0, W),
// p.y in [0, H]); the callers pass a constant axis, so each call compiles to its own copy. `moved`:
// the depth an interior face's flow moves through (sweFaceUpdate; undefined on an edge face).
int sweRawFace(int axis, ivec2 p, inout float demand, inout float allowed, out float moved) {
    const int W = uSize.x, H = uSize.y;
    const bool deep = p.x >= 2 && p.x <= W - 2 && p.y >= 2 && p.y <= H - 2;
    moved = 0.0;
    const int normal = axis == 0 ? p.x : p.y, along = axis == 0 ? p.y : p.x, last = axis == 0 ? W : H;
    const float q = deep          ? faceUpdate(axis, p, true, demand, allowed, moved)
                  : normal == 0    ? edgeFlow(axis, p, 2 * axis, along, -1.0, demand, allowed)
                  : normal == last ? edgeFlow(axis, p, 2 * axis + 1, along, 1.0, demand, allowed)
                                   : faceUpdate(axis, p, false, demand, allowed, moved);
    return transferUnits(q, uDtOverDx2);
}
int sweRawX(ivec2 p, inout float demand, inout float allowed) {
    float moved;
    return sweRawFace(0, p, demand, allowed, moved);
}
int sweRawY(ivec2 p, inout float demand, inout float allowed) {
    float moved;
    return sweRawFace(1, p, demand, allowed, moved);
}

#endif

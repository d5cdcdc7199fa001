// The pipe model's new raw transfer of one face (pass 1 of its substep; also the face phase of
// step_fused.comp): acceleration, friction, viscosity and open edges, held to the Courant limit, as
// integer units for the limiter (transfer_math.h). Include after step_kernel_common.h, in a kernel
// that declares terrain, depth, depthOld, flowX and flowY (sim_layout.h's bindings).
#ifndef SLUICE_PIPE_FACES_H
#define SLUICE_PIPE_FACES_H

float depthAt(int i) { return unitsToMetres(depth[i]); }

// New flow of the edge face at `along` on `side` whose inner cell is `inner`, of depth h (m) and flow
// bed b; outSign +1 on the east and north sides. Mirrors the edge flow in sim/cpu_solver.cpp.
// (h and b given: step_blocked.comp holds them in registers and shared memory.)
float edgeFlowOf(int side, int along, float qEff, float h, float b, int inner, float outSign, out float faceDepth) {
    faceDepth = 0.0;
    const int kind = edgeKind(edgeCodeAt(side, along));
    if (kind == SLUICE_BOUNDARY_OPEN)
        return pipeOpenFlow(qEff, h, outSign, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
        faceDepth = h;
        return transmissiveFlow(qEff, h, unitsToMetres(depthOld[inner]), outSign, uGravity, uCellSize);
    }
    if (!flowsByMomentum(kind)) return 0.0;
    const float hg = ghostDepthAt(side, along, b, h);
    return outSign > 0.0 ? pipeInteriorFlow(qEff, b, h, b, hg, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth)
                         : pipeInteriorFlow(qEff, b, hg, b, h, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
}
float edgeFlow(int side, int along, float qEff, int inner, float outSign, out float faceDepth) {
    return edgeFlowOf(side, along, qEff, depthAt(inner), flowBed(inner), inner, outSign, faceDepth);
}

// Friction (Manning's law; the linear one is in pipeInteriorFlow) and the Courant guard, then the
// flow as a raw transfer.
int finishFlow(float q, float faceDepth, inout float demand, inout float allowed) {
    q = pipeManningFlow(q, faceDepth, uCellSize, uGN2Dt);
    float d, a;
    q = pipeCourantClamp(q, faceDepth, uCellSize, uGravity, uCourantDxOverDt, d, a);
    demand = max(demand, d);
    allowed = max(allowed, a);
    return transferUnits(q, uDtOverDx2);
}

// The x-face at p (p.x in [0, W], p.y in [0, H)).
int pipeRawX(ivec2 p, inout float demand, inout float allowed) {
    const int W = uSize.x;
    const int f = fieldAt(p);  // the face, and the cell east of it
    const float qEff = flowX[f];
    float faceDepth;
    float q;
    if (p.x > 0 && p.x < W) {
        const int L = fieldAt(p.x - 1, p.y);
        q = pipeInteriorFlow(qEff, flowBed(L), depthAt(L), flowBed(f), depthAt(f), uFrictionFactor, uGravityDt,
                             uViscosityTerm, faceDepth);
    } else {
        q = p.x == 0 ? edgeFlow(0, p.y, qEff, f, -1.0, faceDepth) : edgeFlow(1, p.y, qEff, fieldAt(W - 1, p.y), 1.0, faceDepth);
    }
    return finishFlow(q, faceDepth, demand, allowed);
}

// The y-face at p (p.x in [0, W), p.y in [0, H]).
int pipeRawY(ivec2 p, inout float demand, inout float allowed) {
    const int H = uSize.y;
    const int f = fieldAt(p);  // the face, and the cell north of it
    const float qEff = flowY[f];
    float faceDepth;
    float q;
    if (p.y > 0 && p.y < H) {
        const int L = fieldAt(p.x, p.y - 1);
        q = pipeInteriorFlow(qEff, flowBed(L), depthAt(L), flowBed(f), depthAt(f), uFrictionFactor, uGravityDt,
                             uViscosityTerm, faceDepth);
    } else {
        q = p.y == 0 ? edgeFlow(2, p.x, qEff, f, -1.0, faceDepth) : edgeFlow(3, p.x, qEff, fieldAt(p.x, H - 1), 1.0, faceDepth);
    }
    return finishFlow(q, faceDepth, demand, allowed);
}

#endif

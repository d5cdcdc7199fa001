// The virtual-pipes formulas, written once in the common subset of C++ and GLSL. The CPU reference
// (sim/cpu_solver.cpp) includes this inside a namespace with std::max/min/sqrt/abs in scope; the
// kernels include it through the shader loader. `SLUICE_PRECISE` forbids fused multiply-add in GLSL,
// and the C++ side compiles with -ffp-contract=off, so both round the same way; quotients and roots
// are portable.h's sluiceQuot / sluiceRoot (+ - * only).
//
// Conventions: flows Q in m^3/s through a face, positive toward +x / +y. What a flow moves in a substep
// becomes an integer transfer, limited by the cell it leaves (transfer_math.h); the effective flow
// kept for the next substep is that transfer as a flow.
#ifndef SLUICE_PIPE_MATH_H
#define SLUICE_PIPE_MATH_H

#include "portable.h"

// New flow through an interior face between cell L (lower index) and R, from its effective old flow.
// The pipe's cross-section is faceDepth * dx with faceDepth = water above the higher bed: a lake at
// rest stays exactly at rest over any bed (equal surfaces, zero push) and a front never pulls water
// uphill out of a dry cell. No water column through the face means no flow (zero cross-section).
SLUICE_FN float pipeInteriorFlow(float qEff, float bL, float hL, float bR, float hR, float frictionFactor,
                       float gravityDt, float viscosityTerm, SLUICE_OUT(float) faceDepth) {
    SLUICE_PRECISE float etaL = bL + hL;
    SLUICE_PRECISE float etaR = bR + hR;
    SLUICE_PRECISE float top = max(etaL, etaR) - max(bL, bR);
    faceDepth = max(0.0f, top);
    // Q <- Q (1-f)^dt + g (A/dx) dt (etaL - etaR), A = faceDepth * dx. Computed without a branch (it
    // stays finite when faceDepth is 0) and then selected: straight-line code schedules better.
    SLUICE_PRECISE float q = qEff * frictionFactor + gravityDt * faceDepth * (etaL - etaR);
    if (viscosityTerm > 0.0f) {
        // Q <- Q H^2 / (H^2 + 3 dt nu), H = depth of the cell the flow leaves.
        float H = q > 0.0f ? hL : hR;
        SLUICE_PRECISE float H2 = H * H;
        q = q * sluiceQuot(H2, H2 + viscosityTerm);
    }
    return faceDepth > 0.0f ? q : 0.0f;
}

// New flow through an open boundary face: the ghost cell outside is dry with the inner cell's bed
// height, so the push is the inner depth hC and faceDepth = hC. Only outflow: nothing enters.
// outSign = +1 where "out" is +x/+y (east/north), -1 where it is -x/-y (west/south).
SLUICE_FN float pipeOpenFlow(float qEff, float hC, float outSign, float frictionFactor, float gravityDt,
                   float viscosityTerm, SLUICE_OUT(float) faceDepth) {
    faceDepth = max(0.0f, hC);
    if (faceDepth <= 0.0f) return 0.0f;
    SLUICE_PRECISE float qOut = (outSign * qEff) * frictionFactor + gravityDt * faceDepth * faceDepth;
    qOut = max(0.0f, qOut);
    if (viscosityTerm > 0.0f) {
        SLUICE_PRECISE float H2 = hC * hC;
        qOut = qOut * sluiceQuot(H2, H2 + viscosityTerm);
    }
    return outSign * qOut;
}

// Courant guard of a face whose new flow is q (m^3/s) through water faceDepth deep (m): the flow is
// clamped so that |u| + c <= C dx / dt (courantDxOverDt) with u = q / (faceDepth dx), c = sqrt(g
// faceDepth). `demand` is the speed the unclamped flow asked for (it decides the next step's
// substeps), `allowed` the one it got (the Courant number reported). No depth threshold: the rule is
// the same at every scale.
SLUICE_FN float pipeCourantClamp(float q, float faceDepth, float dx, float gravity, float courantDxOverDt,
                                 SLUICE_OUT(float) demand, SLUICE_OUT(float) allowed) {
    demand = 0.0f;
    allowed = 0.0f;
    if (!(faceDepth > 0.0f)) return 0.0f;
    float c = sluiceRoot(gravity * faceDepth);
    SLUICE_PRECISE float width = faceDepth * dx;
    SLUICE_PRECISE float u = sluiceQuot(abs(q), width);
    SLUICE_PRECISE float want = u + c;
    demand = want;
    SLUICE_PRECISE float cap = max(0.0f, courantDxOverDt - c) * width;
    float held = clamp(q, -cap, cap);
    // Unclamped (nearly every face), the speed it got is the one it asked for, to the bit: the same
    // quotient of the same operands, not computed twice.
    if (held == q) {
        allowed = want;
        return held;
    }
    SLUICE_PRECISE float got = sluiceQuot(abs(held), width) + c;
    allowed = got;
    return held;
}

#endif

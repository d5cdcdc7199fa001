// The virtual-pipes formulas, written once in the common subset of C++ and GLSL. The CPU reference
// (sim/cpu_solver.cpp) includes this inside a namespace with std::max/min/sqrt/abs in scope; the
// kernels include it through the shader loader. `SLUICE_PRECISE` forbids fused multiply-add in GLSL,
// and the C++ side compiles with -ffp-contract=off, so both round the same way.
//
// Conventions: flows Q in m^3/s through a face, positive toward +x / +y. A face's effective flow is
// its raw flow scaled by the outflow limit k of the cell it drains (the cell it leaves).
#ifndef SLUICE_PIPE_MATH_H
#define SLUICE_PIPE_MATH_H

#ifdef __cplusplus
#define SLUICE_OUT(T) T&
#define SLUICE_PRECISE
#else
#define SLUICE_OUT(T) out T
#define SLUICE_PRECISE precise
#endif

// New flow through an interior face between cell L (lower index) and R, from its effective old flow.
// The pipe's cross-section is faceDepth * dx with faceDepth = water above the higher bed: a lake at
// rest stays exactly at rest over any bed (equal surfaces, zero push) and a front never pulls water
// uphill out of a dry cell. No water column through the face means no flow (zero cross-section).
float pipeInteriorFlow(float qEff, float bL, float hL, float bR, float hR, float frictionFactor,
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
        q = q * (H2 / (H2 + viscosityTerm));
    }
    return faceDepth > 0.0f ? q : 0.0f;
}

// New flow through an open boundary face: the ghost cell outside is dry with the inner cell's bed
// height, so the push is the inner depth hC and faceDepth = hC. Only outflow: nothing enters.
// outSign = +1 where "out" is +x/+y (east/north), -1 where it is -x/-y (west/south).
float pipeOpenFlow(float qEff, float hC, float outSign, float frictionFactor, float gravityDt,
                   float viscosityTerm, SLUICE_OUT(float) faceDepth) {
    faceDepth = max(0.0f, hC);
    if (faceDepth <= 0.0f) return 0.0f;
    SLUICE_PRECISE float qOut = (outSign * qEff) * frictionFactor + gravityDt * faceDepth * faceDepth;
    qOut = max(0.0f, qOut);
    if (viscosityTerm > 0.0f) {
        SLUICE_PRECISE float H2 = hC * hC;
        qOut = qOut * (H2 / (H2 + viscosityTerm));
    }
    return outSign * qOut;
}

// Outflow limit of one cell: the factor k in (0,1] that scales its outgoing flows so that in one
// substep they remove at most its depth h. qW/qE/qS/qN are the raw flows of its four faces.
float pipeCellLimit(float h, float qW, float qE, float qS, float qN, float dx2OverDt) {
    SLUICE_PRECISE float outflow = ((max(0.0f, -qW) + max(0.0f, qE)) + max(0.0f, -qS)) + max(0.0f, qN);
    SLUICE_PRECISE float available = h * dx2OverDt;
    return outflow > available ? available / outflow : 1.0f;
}

// Effective flow of a face from its raw flow and the limits of the cells on its low and high side.
float pipeEffectiveFlow(float q, float kLow, float kHigh) {
    SLUICE_PRECISE float e = q > 0.0f ? q * kLow : q * kHigh;
    return e;
}

// Depth after one substep from the four effective face flows; clamped at zero because the limit
// leaves at most a rounding error below it.
float pipeDepthUpdate(float h, float qW, float qE, float qS, float qN, float dtOverDx2) {
    SLUICE_PRECISE float net = (qW - qE) + (qS - qN);
    SLUICE_PRECISE float hNew = h + dtOverDx2 * net;
    return max(0.0f, hNew);
}

// Depth an emitter adds (> 0) or removes (< 0) in one cell this substep. amountM caps the depth per
// cell per substep; level mode fills/empties toward levelM; drains never take more than is there.
float pipeEmitterDelta(int mode, int sign, float amountM, float levelM, float b, float h) {
    if (sign > 0) {
        if (mode == 0) return amountM;
        SLUICE_PRECISE float missing = levelM - (b + h);
        return min(max(0.0f, missing), amountM);
    }
    float take = amountM;
    if (mode != 0) {
        SLUICE_PRECISE float excess = (b + h) - levelM;
        take = min(max(0.0f, excess), amountM);
    }
    return -min(h, take);
}

// Face depth (m) below which a film's velocity Q / (h dx) is not trusted for the CFL limit: in such
// films it is dominated by wet/dry-front noise and would force needless substeps, while the outflow
// limiter alone already keeps them stable and non-negative.
#define SLUICE_VELOCITY_MIN_DEPTH 5.0e-3f

// Wave speed |u| + sqrt(g h) at a face, for the CFL limit.
float pipeFaceSpeed(float q, float faceDepth, float cellSizeM, float gravity) {
    float c = sqrt(gravity * max(faceDepth, 0.0f));
    float u = abs(q) / (max(faceDepth, SLUICE_VELOCITY_MIN_DEPTH) * cellSizeM);
    return faceDepth <= 0.0f ? 0.0f : faceDepth <= SLUICE_VELOCITY_MIN_DEPTH ? c : u + c;
}

#endif

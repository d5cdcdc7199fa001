// The virtual-pipes formulas, written once in the common subset of C++ and GLSL. The CPU reference
// (sim/cpu_solver.cpp) includes this inside a namespace with std::max/min/sqrt/abs in scope; the
// kernels include it through the shader loader. `SLUICE_PRECISE` forbids fused multiply-add in GLSL,
// and the C++ side compiles with -ffp-contract=off, so both round the same way.
//
// Conventions: flows Q in m^3/s through a face, positive toward +x / +y. What a flow moves in a substep
// becomes an integer transfer, limited by the cell it leaves (transfer_math.h); the effective flow
// kept for the next substep is that transfer as a flow.
#ifndef SLUICE_PIPE_MATH_H
#define SLUICE_PIPE_MATH_H

#ifndef SLUICE_FN
#ifdef __cplusplus
#define SLUICE_FN inline
#else
#define SLUICE_FN
#endif
#endif

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
        q = q * (H2 / (H2 + viscosityTerm));
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
        qOut = qOut * (H2 / (H2 + viscosityTerm));
    }
    return outSign * qOut;
}

// Face depth (m) below which a film's velocity Q / (h dx) is not trusted for the CFL limit: in such
// films it is dominated by wet/dry-front noise and would force needless substeps, while the outflow
// limiter alone already keeps them stable and non-negative.
#define SLUICE_VELOCITY_MIN_DEPTH 5.0e-3f

// Wave speed |u| + sqrt(g h) at a face, for the CFL limit.
SLUICE_FN float pipeFaceSpeed(float q, float faceDepth, float cellSizeM, float gravity) {
    float c = sqrt(gravity * max(faceDepth, 0.0f));
    float u = abs(q) / (max(faceDepth, SLUICE_VELOCITY_MIN_DEPTH) * cellSizeM);
    return faceDepth <= 0.0f ? 0.0f : faceDepth <= SLUICE_VELOCITY_MIN_DEPTH ? c : u + c;
}

#endif

// The shallow-water model ("model": "swe"), written once in the common subset of C++ and GLSL like
// pipe_math.h: an explicit staggered scheme after Stelling & Duinmeijer (2003, IJNMF 43), with the
// momentum-conservative upwind advection of their eq. (16) where the flow expands and the
// energy-head form where it contracts, upwind face depths in the continuity equation, and the exact
// integer transfers and outflow limiter of transfer_math.h. docs/ARCHITECTURE.md gives the equations.
//
// State per face: the flow Q (m^3/s) the last continuity step applied (its effective integer transfer
// as a flow), as in the pipe model, and its velocity: Q over the depth it moved through
// (sweMovedDepth, sweStoredVelocity), stored by pass 2, so the advection sees the mass fluxes
// continuity applied (what makes bores move at the Rankine-Hugoniot speed). Pass 2 divides once per
// face; pass 1 reads each velocity up to seven times (its own and its neighbours'), which is why the
// velocity, not the depth, is what is stored (exact division costs a GPU, portable.h). Flows that
// would move less than half a unit in a substep round to none: a lake whose surface differs by float
// rounding stays still.
//
// Only + - * and bit operations: quotients and roots are sluiceQuot / sluiceRoot (portable.h: Newton's
// method from a bit-pattern guess, the same bits on every IEEE device), and so is the inverse cube
// root of the Manning term. With SLUICE_PRECISE and -ffp-contract=off both backends round alike.
#ifndef SLUICE_SWE_MATH_H
#define SLUICE_SWE_MATH_H

#include "portable.h"

// Friction laws (match sim::FrictionLaw).
#define SLUICE_FRICTION_LINEAR 0
#define SLUICE_FRICTION_MANNING 1

// How deep a cell's water stands above a face's crest (the higher of its two beds), metres, >= 0.
// Levels below the crest are clamped to it, so a lake at rest stays exactly still over any bed step.
SLUICE_FN float sweAboveCrest(float b, float h, float crest) {
    SLUICE_PRECISE float surface = b + h;
    SLUICE_PRECISE float above = max(surface, crest) - crest;
    return above;
}

// x^(-1/3) for x > 0 without a division: a guess from the bit pattern and three Newton steps
// r <- r (4 - x r^3) / 3, which leave a relative error below 5e-7 on 1e-7 .. 1e5 m (a few float ulps).
SLUICE_FN float sweInvCbrt(float x) {
    float r = uintBitsToFloat(1420470955u - floatBitsToUint(x) / 3u);
    for (int i = 0; i < 3; ++i) {
        SLUICE_PRECISE float r3 = r * r * r;
        SLUICE_PRECISE float next = r * (4.0f - x * r3) * 0.333333343f;
        r = next;
    }
    return r;
}

// Manning's damping factor 1 + g n^2 dt |u| / h^(4/3) of a flow at speed |u| (m/s) through water h
// deep (m): dividing by it is the semi-implicit Manning step, which never reverses a flow and is
// stable on the thinnest films, where the factor is large. h^(-4/3) = (h^(-1/3))^4: no division.
SLUICE_FN float manningDamp(float h, float speed, float gN2Dt) {
    SLUICE_PRECISE float r = sweInvCbrt(h);
    SLUICE_PRECISE float r2 = r * r;
    SLUICE_PRECISE float damp = 1.0f + (gN2Dt * (r2 * r2)) * speed;
    return damp;
}

// Manning's law on a pipe-model flow q (m^3/s) through water faceDepth deep, u = q / (faceDepth dx).
// A no-op under the linear law (gN2Dt = 0).
SLUICE_FN float pipeManningFlow(float q, float faceDepth, float dx, float gN2Dt) {
    if (!(gN2Dt > 0.0f) || !(faceDepth > 0.0f)) return q;
    SLUICE_PRECISE float width = faceDepth * dx;
    SLUICE_PRECISE float u = sluiceQuot(abs(q), width);
    SLUICE_PRECISE float slowed = sluiceQuot(q, manningDamp(faceDepth, u, gN2Dt));
    return slowed;
}

// What one face needs from around it. "Back" / "forward": the faces one cell before / after it along
// its normal (through cell L / R); "low" / "high": the parallel faces one cell before / after it
// across (the row below / above for an x-face). Velocities from sweStoredVelocity(), zero for faces
// outside the domain.
struct SweStencil {
    float u, uBack, uFwd, uLow, uHigh;  // m/s
    float uBack2, uFwd2;                // m/s: the faces two cells before / after along the normal
                                        // (only read on sweEnergyBranch's +1 / -1 branch; 0 otherwise)
    float q, qBack, qFwd;               // m^3/s: this face's flow and the back / forward faces'
    float qLow, qHigh;                  // m^3/s: sum of the two crossing faces' flows on the low / high
                                        // side of the face's control volume (the cells' low / high faces)
    float bL, hL, bR, hR;               // beds and current depths of the cells before / after the face (m)
    float hLL, bLL, hRR, bRR;           // the same one cell further out on either side
};

// Monotonized-central slope limiter of the one-sided differences a, b: the smallest of 2|a|, 2|b|,
// |a + b| / 2 with their sign, 0 at an extremum.
SLUICE_FN float mcSlope(float a, float b) {
    SLUICE_PRECISE float ab = a * b;
    if (!(ab > 0.0f)) return 0.0f;
    SLUICE_PRECISE float m = min(min(2.0f * abs(a), 2.0f * abs(b)), 0.5f * abs(a + b));
    return a > 0.0f ? m : -m;
}

// The Courant number |u| dt / dx of a face whose velocity at the start of the substep is u (m/s), at
// most 1 (a step longer than the last one's). Pass 1 and pass 2 both take the face's stored velocity,
// so both reconstruct the same depth.
SLUICE_FN float sweCourantOf(float u, float dtOverDx2, float dx) {
    SLUICE_PRECISE float nu = (abs(u) * dtOverDx2) * dx;
    return min(nu, 1.0f);
}

// The square root of a depth-like x (m, below 2^100) for the face depth's reconstruction: two Newton
// steps from the bit-pattern guess (sluiceRoot takes three, for 3 ulps), within 5e-6 of sqrt(x),
// ample for a limited slope; the same bits on every device. 0 for x below 2^-100 (no depth is).
SLUICE_FN float sweDepthRoot(float x) {
    if (!(x > SLUICE_NEWTON_LO)) return 0.0f;
    SLUICE_PRECISE float root = x * sluiceInvRootSteps(x, 2);
    return root;
}

// Water above the crest (m) that the continuity equation moves through a face from the upwind cell
// C, whose water above the crest is aC: C's depth at the face reconstructed from C's neighbours
// upstream (U) and downstream (D) with the limited slope, taken as the mean over the water that
// crosses the face during the substep rather than its value at the face: a profile carried at the
// face's speed moves the stretch nu dx upstream of the face through it, whose mean lies (1 - nu) / 2
// of the slope from C's centre (nu = |u| dt / dx, sweCourantOf; the limited Lax-Wendroff / Fromm
// flux). With the face value instead (nu taken as 0) forward Euler steps a second-order
// reconstruction that is not stable by itself, and the limiter holds it back in steps: the thin
// tongue of a dam break on a dry bed ran as a staircase of small bores, plateaus 8 cells long at 800
// cells, and lagged the exact front (tests/sim/test_swe_validation.cpp, Ritter).
//
// What is reconstructed is whichever of two quantities varies more nearly linearly across U, C and D
// (the smaller second difference relative to the first ones; on a tie the surface): the surface z,
// linear for a planar surface over any bed (a lake, Thacker's bowl, a flow over a bump), or the root
// of the water above C's bed, sqrt(z - bC), which is sqrt(h) on a flat bed: the wave speed
// c = sqrt(g h) is what varies linearly across a rarefaction (in Ritter's fan c = (2 c0 - (x - x0) /
// t) / 3), so in the tongue of a front running onto dry land, where the depth falls off as the
// square of the distance to the front, the root's slope resolves what the surface's cannot. With the
// surface alone the correction took up to the whole of aC in the last cells before the front and
// starved the tongue; held within half of aC (kept for the surface) the front still lagged 2.5-3.2
// cells on three of four grids, with the root 1.2-2.2 (docs/VALIDATION.md). The root's correction
// needs no cap: the MC limit keeps the face's root between 0 and twice C's. The depth change it
// predicts at the face, rFace^2 - rC^2 = shift (2 rC + shift), is applied to the water above the
// crest (aC = hC where C's bed is the crest): written so, it is exactly 0 for no shift and carries
// none of the roots' rounding, where rFace^2 - hC carried rC^2 - hC into every face (with it and
// three-step roots the front lagged 1.2-2.2 cells; now 0.2-1.9). The roots are sweDepthRoot's, and
// none is taken on a planar surface (a lake, still or tilted: the surface wins the tie anyway).
// First order (aC) next to a dry cell.
SLUICE_FN float sweFaceDepth(float aC, float nu, float bU, float hU, float bC, float hC, float bD, float hD) {
    if (!(aC > 0.0f)) return 0.0f;
    if (!(hU > 0.0f) || !(hD > 0.0f)) return aC;
    SLUICE_PRECISE float zU = bU + hU;
    SLUICE_PRECISE float zC = bC + hC;
    SLUICE_PRECISE float zD = bD + hD;
    SLUICE_PRECISE float zBack = zC - zU;
    SLUICE_PRECISE float zFwd = zD - zC;
    SLUICE_PRECISE float zCurve = zFwd - zBack;
    if (zCurve != 0.0f) {
        SLUICE_PRECISE float overU = max(zU - bC, 0.0f);
        SLUICE_PRECISE float overD = max(zD - bC, 0.0f);
        float rU = sweDepthRoot(overU), rC = sweDepthRoot(hC), rD = sweDepthRoot(overD);
        SLUICE_PRECISE float rBack = rC - rU;
        SLUICE_PRECISE float rFwd = rD - rC;
        // Which varies more nearly linearly across U, C, D: |second difference| / (|back| + |fwd|),
        // compared without a division (cross-multiplied).
        SLUICE_PRECISE float zBend = abs(zCurve) * (abs(rBack) + abs(rFwd));
        SLUICE_PRECISE float rBend = abs(rFwd - rBack) * (abs(zBack) + abs(zFwd));
        if (rBend < zBend) {
            SLUICE_PRECISE float shift = (0.5f * mcSlope(rBack, rFwd)) * (1.0f - nu);
            SLUICE_PRECISE float grow = shift * (rC + rC + shift);
            SLUICE_PRECISE float a = aC + grow;
            return max(a, 0.0f);
        }
    }
    SLUICE_PRECISE float lin = (0.5f * mcSlope(zBack, zFwd)) * (1.0f - nu);
    SLUICE_PRECISE float cap = 0.5f * aC;
    SLUICE_PRECISE float al = aC + clamp(lin, -cap, cap);
    return al;
}

// Water above the crest (m) that a face's effective transfer e (units, positive toward +x / +y) moved
// through: sweFaceDepth of the upwind cell by the sign of e, at the face's Courant number nu
// (sweCourantOf of the velocity the substep started from), from the depths the substep started from
// (cells LL, L | R, RR around the face; L or R a ghost cell at a domain edge). A cell beyond the edge
// in the LL / RR place is passed as dry (h 0), which makes the reconstruction first order there. 0
// when nothing moved. Pass 2 turns it into the face's velocity (sweStoredVelocity), so the next
// substep reads each face's velocity instead of rebuilding it from the old depths five times over:
// the same depth pass 1 used for the raw flow whenever the flow's sign survived the limiter, which is
// whenever e != 0.
SLUICE_FN float sweMovedDepth(int e, float nu, float bLL, float hLL, float bL, float hL, float bR, float hR, float bRR, float hRR) {
    if (e == 0) return 0.0f;
    float crest = max(bL, bR);
    return e > 0 ? sweFaceDepth(sweAboveCrest(bL, hL, crest), nu, bLL, hLL, bL, hL, bR, hR)
                 : sweFaceDepth(sweAboveCrest(bR, hR, crest), nu, bRR, hRR, bR, hR, bL, hL);
}

// Velocity (m/s) of a face whose last continuity step moved q (m^3/s) through water a metres deep
// (sweMovedDepth) across a face dx wide. Zero without water.
SLUICE_FN float sweStoredVelocity(float q, float a, float dx) {
    if (q == 0.0f || !(a > 0.0f)) return 0.0f;
    SLUICE_PRECISE float width = a * dx;
    return sluiceQuot(q, width);
}

// Where Stelling & Duinmeijer's energy-head form replaces the momentum-conservative one: a flow
// accelerating along its direction (a contraction), +1 toward +x / +y, -1 toward -x / -y, 0 elsewhere.
// The gathers load the face two cells upstream (SweStencil::uBack2 / uFwd2) only on that branch.
SLUICE_FN int sweEnergyBranch(float u, float uBack, float uFwd) {
    if (u > 0.0f && uBack >= 0.0f && u > uBack) return 1;
    if (u < 0.0f && uFwd <= 0.0f && u < uFwd) return -1;
    return 0;
}

// Minmod of two slopes: the smaller with their common sign, 0 where they differ in sign.
SLUICE_FN float minmodSlope(float a, float b) {
    if (!(a * b > 0.0f)) return 0.0f;
    return abs(a) < abs(b) ? a : b;
}

// The energy-head form's difference K(cell downstream) - K(cell upstream) of the kinetic energy
// K = u^2 / 2 (m^2/s^2) across a face in a contraction, for a flow from the face at u1 (two faces
// upstream: u0; downstream: u3) through u2 (this face's): each cell's K extrapolated half a cell
// downstream from its inflow face with a minmod-limited slope (MUSCL). Taking K at the inflow face
// instead (first order) pairs each cell's level with a velocity head half a cell upstream, which
// loses energy where the depth falls fastest: at a critical section on a crest it set the upstream
// level 2 cm low at dx = 0.25 m (tests/sim/test_swe_validation.cpp, transcritical case).
SLUICE_FN float sweHeadDifference(float u0, float u1, float u2, float u3, bool secondOrder) {
    SLUICE_PRECISE float k0 = 0.5f * u0 * u0;
    SLUICE_PRECISE float k1 = 0.5f * u1 * u1;
    SLUICE_PRECISE float k2 = 0.5f * u2 * u2;
    SLUICE_PRECISE float k3 = 0.5f * u3 * u3;
    // All four faces flowing the same way: otherwise (next to still or dry water, a reversal) first order.
    bool sameWay = secondOrder && u0 * u1 > 0.0f && u2 * u3 > 0.0f;
    SLUICE_PRECISE float upstream = k1 + (sameWay ? 0.5f * minmodSlope(k1 - k0, k2 - k1) : 0.0f);
    SLUICE_PRECISE float downstream = k2 + (sameWay ? 0.5f * minmodSlope(k2 - k1, k3 - k2) : 0.0f);
    SLUICE_PRECISE float d = downstream - upstream;
    return d;
}

// Per-substep factors of the momentum update (sim::SubstepConstants).
struct SweFactors {
    float dtOverDx2;         // dt / dx^2
    float gravityDtOverDx;   // g dt / dx
    float frictionFactor;    // linear law: (1 - f)^dt
    float gN2Dt;             // Manning: g n^2 dt
    float viscosityTerm;     // 3 dt nu
    float courantDxOverDt;   // C dx / dt: the largest |u| + c the substep allows
    float gravity;           // m/s^2
    float dx;                // m
    int frictionLaw;         // SLUICE_FRICTION_*
};

// The new velocity of an interior face (m/s), its raw flow (m^3/s, the upwind water above the crest at
// the face (sweFaceDepth) times the velocity times dx; transfer_math.h rounds and limits it), the speed |u| + c the flow asked for
// (for the next step's substeps) and the speed it was allowed (for the Courant number reported), and
// the water above the crest the flow moves through (sweFaceDepth; 0 without water): whenever the
// face's effective transfer is not 0 it is sweMovedDepth's, so the GPU's pass 2 reads it from pass 1
// instead of reconstructing it again.
SLUICE_FN float sweFaceUpdate(SweStencil s, SweFactors k, SLUICE_OUT(float) qRaw, SLUICE_OUT(float) demand,
                              SLUICE_OUT(float) allowed, SLUICE_OUT(float) movedDepth) {
    float crest = max(s.bL, s.bR);
    SLUICE_PRECISE float zL = max(s.bL + s.hL, crest);
    SLUICE_PRECISE float zR = max(s.bR + s.hR, crest);
    SLUICE_PRECISE float aL = zL - crest;
    SLUICE_PRECISE float aR = zR - crest;
    SLUICE_PRECISE float hBar = 0.5f * (aL + aR);
    qRaw = 0.0f;
    demand = 0.0f;
    allowed = 0.0f;
    movedDepth = 0.0f;
    if (!(hBar > 0.0f)) return 0.0f;  // no water at the face: nothing to move

    // Advection, Stelling & Duinmeijer's momentum-conservative upwind form: what flows into the face's
    // control volume (weights w, m^3/s) brings its upwind velocity; with
    // u += dt/(dx^2 hBar) sum w (u_in - u) the scheme conserves momentum across jumps. Where the flow
    // accelerates along the normal (a contraction) the energy-head form (u^2 - u_back^2) / (2 dx)
    // replaces the normal part, as they prescribe.
    float u = s.u;
    float wB = max(0.5f * (s.qBack + s.q), 0.0f);
    float wF = max(-0.5f * (s.q + s.qFwd), 0.0f);
    SLUICE_PRECISE float energy = 0.0f;  // the energy-head form's change of u, m/s
    // The second-order head only below Froude 5 (u^2 <= 25 g hBar): in the thin tongue of a front
    // running onto dry land (Froude 10 and more) it made the tip ripple (tests/sim/
    // test_swe_validation.cpp, Ritter; Froude 2 and 3 cost the moving shorelines of Thacker's bowl).
    SLUICE_PRECISE float froudeBound = 25.0f * k.gravity * hBar;
    bool secondOrder = u * u <= froudeBound;
    int branch = sweEnergyBranch(u, s.uBack, s.uFwd);
    if (branch > 0) {
        energy = -k.dtOverDx2 * k.dx * sweHeadDifference(s.uBack2, s.uBack, u, s.uFwd, secondOrder);
        wB = 0.0f;
        wF = 0.0f;
    } else if (branch < 0) {
        energy = k.dtOverDx2 * k.dx * sweHeadDifference(s.uFwd2, s.uFwd, u, s.uBack, secondOrder);
        wF = 0.0f;
        wB = 0.0f;
    }
    float wLow = max(0.5f * s.qLow, 0.0f);
    float wHigh = max(-0.5f * s.qHigh, 0.0f);
    SLUICE_PRECISE float num = wB * (s.uBack - u) + wF * (s.uFwd - u) + wLow * (s.uLow - u) + wHigh * (s.uHigh - u);
    SLUICE_PRECISE float den = wB + wF + wLow + wHigh;
    // Upwind explicit advection is bounded while dt/(dx^2 hBar) sum w <= 1; beyond (a thin film fed by
    // deep neighbours) the face takes the weighted mean of what flows in, which is that bound's limit.
    float scale = sluiceQuot(k.dtOverDx2, hBar);
    if (den * scale > 1.0f) scale = sluiceQuot(1.0f, den);
    SLUICE_PRECISE float u1 = u + scale * num + energy;

    // Pressure: the clamped surface slope.
    SLUICE_PRECISE float u2 = u1 - k.gravityDtOverDx * (zR - zL);

    // Friction. Manning, semi-implicit in the new velocity (manningDamp), which tends to the
    // uniform-flow velocity hBar^(2/3) S^(1/2) / n; or the seeds' linear law.
    float u3 = u2;
    if (k.frictionLaw == SLUICE_FRICTION_MANNING) {
        SLUICE_PRECISE float slowed = sluiceQuot(u2, manningDamp(hBar, abs(u2), k.gN2Dt));
        u3 = slowed;
    } else {
        SLUICE_PRECISE float f = u2 * k.frictionFactor;
        u3 = f;
    }
    if (k.viscosityTerm > 0.0f) {
        // Laminar drag of a film: u h^2 / (h^2 + 3 dt nu), as the pipe model applies it.
        SLUICE_PRECISE float h2 = hBar * hBar;
        u3 = u3 * sluiceQuot(h2, h2 + k.viscosityTerm);
    }

    // Courant guard: |u| + c never exceeds C dx / dt in this substep.
    float c = sluiceRoot(k.gravity * max(aL, aR));
    SLUICE_PRECISE float want = abs(u3) + c;
    demand = want;
    float cap = max(0.0f, k.courantDxOverDt - c);
    float u4 = clamp(u3, -cap, cap);
    SLUICE_PRECISE float got = abs(u4) + c;
    allowed = got;
    float nu = sweCourantOf(s.u, k.dtOverDx2, k.dx);
    float aUp = u4 > 0.0f ? sweFaceDepth(aL, nu, s.bLL, s.hLL, s.bL, s.hL, s.bR, s.hR)
                          : sweFaceDepth(aR, nu, s.bRR, s.hRR, s.bR, s.hR, s.bL, s.hL);
    SLUICE_PRECISE float flow = aUp * u4 * k.dx;
    qRaw = flow;
    movedDepth = aUp;
    return u4;
}

#endif

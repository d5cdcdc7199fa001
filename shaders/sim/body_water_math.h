// What the water does to one volume sample of a body (docs/BODIES.md, "Water to body"), written once
// in the common subset of C++ and GLSL like pipe_math.h: the CPU's forces (sim/bodies/water_forces.cpp)
// and the GPU's (body_forces.comp) compute the same terms and add them in the same order, so both
// backends move the bodies to the same bits.
//
// The water is a grid of cells (bed with the bodies' load, depth, velocity) around each body, read
// bilinearly between cell centres ((i + 1/2) dx, (j + 1/2) dx) over the wet cells only. The C++ side
// includes this inside a namespace with glm's vec2, vec3, vec4 in scope (sim/bodies/body_water_math.hpp).
#ifndef SLUICE_BODY_WATER_MATH_H
#define SLUICE_BODY_WATER_MATH_H

#include "portable.h"

// Depth (m) below which a cell counts as dry for the bodies (1 mm: a film carries nothing).
#define SLUICE_BODY_WET_M 1e-3f

// The water at one point, and the gradient (m/m) of the pressure head at one elevation there.
struct BodyProbe {
    float surface;   // water surface elevation (m); the bed where dry
    float depth;     // m; 0 where dry
    vec2 velocity;   // m/s; 0 where dry
    float wetShare;  // the bilinear weight of the wet cells around the point, 0..1
    vec2 headSlope;  // of the head above the elevation asked about (0 at a dry centre)
};

// Where (x, y) (m) falls between the cell centres of a width x height grid of cell size dx: the
// centre south-west of it (x0, y0) and the fractions toward the next (fx, fy). False where the point
// is a cell or more past the outermost centres (dry there).
SLUICE_FN bool bodyCellCoords(float xM, float yM, float dx, int width, int height, SLUICE_OUT(int) x0,
                              SLUICE_OUT(int) y0, SLUICE_OUT(float) fx, SLUICE_OUT(float) fy) {
    SLUICE_PRECISE float gx = SLUICE_DIV(xM, dx) - 0.5f;
    SLUICE_PRECISE float gy = SLUICE_DIV(yM, dx) - 0.5f;
    x0 = 0;
    y0 = 0;
    fx = 0.0f;
    fy = 0.0f;
    if (!(gx > -1.0f && gy > -1.0f && gx < float(width) && gy < float(height))) return false;
    // floor() by truncation (the point is past -1, inside int's range).
    x0 = int(gx);
    y0 = int(gy);
    if (float(x0) > gx) x0 -= 1;
    if (float(y0) > gy) y0 -= 1;
    SLUICE_PRECISE float ox = gx - float(x0);
    SLUICE_PRECISE float oy = gy - float(y0);
    fx = ox;
    fy = oy;
    return true;
}

// The pressure head above z of a cell whose surface is at s (0 where dry or below z).
SLUICE_FN float bodyHead(bool wet, float s, float zM) {
    SLUICE_PRECISE float d = s - zM;
    return wet && 0.0f < d ? d : 0.0f;
}

// 0 + wa a + wb b + wc c + wd d, added in that order (a weight times 1 is the weight: a sum of weights).
SLUICE_FN float bodyWeighted(float wa, float a, float wb, float b, float wc, float c, float wd, float d) {
    SLUICE_PRECISE float sum = 0.0f;
    sum += wa * a;
    sum += wb * b;
    sum += wc * c;
    sum += wd * d;
    return sum;
}

// The water at the point fx, fy between the centres of cells c00 (south-west), c01 (east of it), c10
// (north of it) and c11, each (bed with the load, depth, velocity x, y), and the head's gradient at
// elevation z there. A dry cell adds +0 to every sum, leaving its bits as they are.
SLUICE_FN BodyProbe bodyProbe(vec4 c00, vec4 c01, vec4 c10, vec4 c11, float fx, float fy, float zM, float dx) {
    SLUICE_PRECISE float w00 = (1.0f - fx) * (1.0f - fy);
    SLUICE_PRECISE float w01 = fx * (1.0f - fy);
    SLUICE_PRECISE float w10 = (1.0f - fx) * fy;
    SLUICE_PRECISE float w11 = fx * fy;
    SLUICE_PRECISE float z00 = c00.x + c00.y;
    SLUICE_PRECISE float z01 = c01.x + c01.y;
    SLUICE_PRECISE float z10 = c10.x + c10.y;
    SLUICE_PRECISE float z11 = c11.x + c11.y;
    bool wet00 = c00.y > SLUICE_BODY_WET_M;
    bool wet01 = c01.y > SLUICE_BODY_WET_M;
    bool wet10 = c10.y > SLUICE_BODY_WET_M;
    bool wet11 = c11.y > SLUICE_BODY_WET_M;
    SLUICE_PRECISE float m00 = wet00 ? w00 : 0.0f;
    SLUICE_PRECISE float m01 = wet01 ? w01 : 0.0f;
    SLUICE_PRECISE float m10 = wet10 ? w10 : 0.0f;
    SLUICE_PRECISE float m11 = wet11 ? w11 : 0.0f;
    SLUICE_PRECISE float bed = bodyWeighted(w00, c00.x, w01, c01.x, w10, c10.x, w11, c11.x);
    SLUICE_PRECISE float bedW = bodyWeighted(w00, 1.0f, w01, 1.0f, w10, 1.0f, w11, 1.0f);
    SLUICE_PRECISE float wSum = bodyWeighted(m00, 1.0f, m01, 1.0f, m10, 1.0f, m11, 1.0f);
    SLUICE_PRECISE float surface = bodyWeighted(m00, z00, m01, z01, m10, z10, m11, z11);
    SLUICE_PRECISE float vx = bodyWeighted(m00, c00.z, m01, c01.z, m10, c10.z, m11, c11.z);
    SLUICE_PRECISE float vy = bodyWeighted(m00, c00.w, m01, c01.w, m10, c10.w, m11, c11.w);

    // The pressure head above z at each centre (0 where dry). A grid edge is a wall: the clamped
    // neighbour repeats the edge cell, so no push across it.
    SLUICE_PRECISE float p00 = bodyHead(wet00, z00, zM);
    SLUICE_PRECISE float p01 = bodyHead(wet01, z01, zM);
    SLUICE_PRECISE float p10 = bodyHead(wet10, z10, zM);
    SLUICE_PRECISE float p11 = bodyHead(wet11, z11, zM);
    SLUICE_PRECISE float dpx = (1.0f - fy) * (p01 - p00) + fy * (p11 - p10);
    SLUICE_PRECISE float dpy = (1.0f - fx) * (p10 - p00) + fx * (p11 - p01);

    BodyProbe res;
    SLUICE_PRECISE vec2 headSlope = vec2(SLUICE_DIV(dpx, dx), SLUICE_DIV(dpy, dx));
    SLUICE_PRECISE float bedAt = SLUICE_DIV(bed, bedW);
    res.headSlope = headSlope;
    res.surface = bedAt;
    res.depth = 0.0f;
    res.velocity = vec2(0.0f, 0.0f);
    res.wetShare = 0.0f;
    if (!(wSum > 1e-6f)) return res;
    SLUICE_PRECISE float wetShare = SLUICE_DIV(wSum, bedW);
    res.wetShare = wetShare;
    SLUICE_PRECISE float level = SLUICE_DIV(surface, wSum);
    SLUICE_PRECISE float depth = level - bedAt;
    res.surface = level;
    res.depth = 0.0f < depth ? depth : 0.0f;
    if (res.depth <= 0.0f) return res;
    SLUICE_PRECISE vec2 velocity = vec2(SLUICE_DIV(vx, wSum), SLUICE_DIV(vy, wSum));
    res.velocity = velocity;
    return res;
}

// The no-water probe: a point a cell or more past the grid.
SLUICE_FN BodyProbe bodyDryProbe() {
    BodyProbe res;
    res.surface = 0.0f;
    res.depth = 0.0f;
    res.velocity = vec2(0.0f, 0.0f);
    res.wetShare = 0.0f;
    res.headSlope = vec2(0.0f, 0.0f);
    return res;
}

// glm::cross's formula, operation by operation (GLSL's cross may round differently).
SLUICE_FN vec3 bodyCross(vec3 a, vec3 b) {
    SLUICE_PRECISE vec3 c = vec3(a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y);
    return c;
}

// A body-frame vector turned into the world by the body's rotation, given as its columns (the
// body's axes in the world): glm's mat3 * vec3, operation by operation.
SLUICE_FN vec3 bodyTurn(vec3 r0, vec3 r1, vec3 r2, vec3 v) {
    SLUICE_PRECISE vec3 w = r0 * v.x + r1 * v.y + r2 * v.z;
    return w;
}

// How far a sample of half extents `halfM` (body frame) reaches up and down from its centre once turned.
SLUICE_FN float bodyReach(vec3 r0, vec3 r1, vec3 r2, vec3 halfM) {
    SLUICE_PRECISE float reach = abs(r0.z) * halfM.x + abs(r1.z) * halfM.y + abs(r2.z) * halfM.z;
    return reach;
}

// What one sample adds to its body's sums: decided per sample (in parallel on the GPU), added in the
// samples' order (bodyAddTerms).
struct BodyTerms {
    vec3 r;          // the sample's centre from the body's centre of mass, world frame (m)
    vec2 push;       // the pressure's push sideways (N)
    float volume;    // the sample's volume (m^3)
    float under;     // its volume under the surface (m^3)
    float lift;      // buoyancy (N, up)
    vec2 velocity;   // the water's velocity there (m/s)
    float waterline; // its share of the waterline's area (m^2): 0 when wholly under or above
    int parts;       // 1: pushed sideways, 2: partly under the surface, 4: cut by the surface
};

// The terms of a sample clear above every wet surface around its body (SLUICE_BODY_CLEAR_M): its
// head is 0 at every centre (no push) and no part of it is under, so only its volume counts.
SLUICE_FN BodyTerms bodyClearTerms(vec3 r, float volume) {
    BodyTerms t;
    t.r = r;
    t.push = vec2(0.0f, 0.0f);
    t.volume = volume;
    t.under = 0.0f;
    t.lift = 0.0f;
    t.velocity = vec2(0.0f, 0.0f);
    t.waterline = 0.0f;
    t.parts = 0;
    return t;
}

// x and -x as bits passed through, which no compiler folds into the arithmetic around them: written
// plainly, rho g V * -(dpx / dx) came out of NVIDIA's compiler (580) an ulp or more off in some
// samples, `precise` notwithstanding, and the bodies drifted from the CPU's
// (tests/sim/test_gpu_body_forces.cpp found it; these passes on the H200).
SLUICE_FN float bodyOpaque(float x) { return uintBitsToFloat(floatBitsToUint(x)); }
SLUICE_FN float bodyOpaqueNegated(float x) { return uintBitsToFloat(floatBitsToUint(x) ^ 0x80000000u); }

// The terms of a sample at r (world frame, from the centre of mass) reaching `reach` up and down
// from its centre at elevation atZ, of `volume` m^3, in the water `p` (bodyProbe at its centre and
// lowest point), rhoG the water's weight per volume (N/m^3).
SLUICE_FN BodyTerms bodySampleTerms(BodyProbe p, vec3 r, float atZ, float reach, float volume, float rhoG) {
    BodyTerms t = bodyClearTerms(r, volume);
    // The pressure's push sideways, down the gradient of the pressure head at the sample: the surface
    // slope in open water; a dam's load where the water stands on one side of the body and the ground
    // is dry on the other.
    SLUICE_PRECISE float weight = rhoG * volume;
    SLUICE_PRECISE vec2 push = vec2(bodyOpaque(weight) * bodyOpaqueNegated(p.headSlope.x),
                                    bodyOpaque(weight) * bodyOpaqueNegated(p.headSlope.y));
    t.push = push;
    if (t.push.x != 0.0f || t.push.y != 0.0f) t.parts |= 1;
    if (!(p.depth > 0.0f)) return t;
    SLUICE_PRECISE float low = atZ - reach;
    SLUICE_PRECISE float frac = SLUICE_DIV(p.surface - low, 2.0f * reach);
    SLUICE_PRECISE float under = frac < 0.0f ? 0.0f : (1.0f < frac ? 1.0f : frac);
    if (!(under > 0.0f)) return t;
    // Up by the part under the surface where the water reaches under the sample: fading across a
    // wet/dry border, so a block standing on a dry bed beside the water is not lifted on its wet side.
    SLUICE_PRECISE float v = volume * under;
    SLUICE_PRECISE float lift = rhoG * v * p.wetShare;
    t.under = v;
    t.lift = lift;
    t.velocity = p.velocity;
    t.parts |= 2;
    if (under < 1.0f) {
        SLUICE_PRECISE float waterline = SLUICE_DIV(volume, 2.0f * reach);
        t.waterline = waterline;
        t.parts |= 4;
    }
    return t;
}

// How far (m) above the highest wet surface around a body a sample's lowest point must be to be
// clear of the water: the margin covers the rounding of the bilinear surface, so skipping such a
// sample changes no bit of the sums.
#define SLUICE_BODY_CLEAR_M 0.01f

// A body's sums over its samples.
struct BodySums {
    vec3 force;      // N, world frame: the pushes and the buoyancy
    vec3 torque;     // N m about the centre of mass
    float volume;    // m^3, every sample's
    float submerged; // m^3 under the surface
    vec3 centre;     // submerged volume x its centre (m^4), from the centre of mass
    vec2 current;    // submerged volume x the water's velocity there (m^4/s)
    float waterline; // m^2
};

SLUICE_FN BodySums bodyNoSums() {
    BodySums s;
    s.force = vec3(0.0f, 0.0f, 0.0f);
    s.torque = vec3(0.0f, 0.0f, 0.0f);
    s.volume = 0.0f;
    s.submerged = 0.0f;
    s.centre = vec3(0.0f, 0.0f, 0.0f);
    s.current = vec2(0.0f, 0.0f);
    s.waterline = 0.0f;
    return s;
}

// Adds a sample's terms to its body's sums. Every sum lands in a precise local first: added into a
// struct member straight away, a product may be fused into the add (NVIDIA's compiler did, for the
// centre and the current, and the bodies drifted apart from the CPU's).
SLUICE_FN void bodyAddTerms(SLUICE_INOUT(BodySums) s, BodyTerms t) {
    SLUICE_PRECISE float volume = s.volume + t.volume;
    s.volume = volume;
    if ((t.parts & 1) != 0) {
        SLUICE_PRECISE vec3 side = vec3(t.push.x, t.push.y, 0.0f);
        SLUICE_PRECISE vec3 force = s.force + side;
        // It turns the body about the vertical only: its tipping moment, far below what rights a
        // block resting on the bed, makes Bullet's contacts let the block creep downstream (3-4 mm/s
        // under a metre of water), so a wall walks away instead of holding.
        SLUICE_PRECISE vec3 torque = s.torque + bodyCross(vec3(t.r.x, t.r.y, 0.0f), side);
        s.force = force;
        s.torque = torque;
    }
    if ((t.parts & 2) == 0) return;
    SLUICE_PRECISE vec3 up = vec3(0.0f, 0.0f, t.lift);
    SLUICE_PRECISE vec3 force = s.force + up;
    SLUICE_PRECISE vec3 torque = s.torque + bodyCross(t.r, up);
    SLUICE_PRECISE float submerged = s.submerged + t.under;
    SLUICE_PRECISE vec3 moment = t.r * t.under;
    SLUICE_PRECISE vec3 centre = s.centre + moment;
    SLUICE_PRECISE vec2 carried = t.velocity * t.under;
    SLUICE_PRECISE vec2 current = s.current + carried;
    s.force = force;
    s.torque = torque;
    s.submerged = submerged;
    s.centre = centre;
    s.current = current;
    if ((t.parts & 4) != 0) {
        SLUICE_PRECISE float waterline = s.waterline + t.waterline;
        s.waterline = waterline;
    }
}

#endif

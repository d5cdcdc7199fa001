// The brush formulas, written once in the common subset of C++ and GLSL (like pipe_math.h): the
// weight profile, the footprint, and what one application does to one cell. sim/brush.cpp,
// sim/cpu_solver.cpp and sim/gpu_solver.cpp include this inside namespace sluice::sim::brushmath
// with std::max/min/sqrt in scope (after <algorithm> and <cmath>); shaders/sim/brush.comp includes
// it through the shader loader. Functions are `inline` in C++ so several translation units may
// include it. Besides + - * only division and sqrt are used, as SLUICE_DIV and SLUICE_SQRT
// (portable.h: correctly rounded on both sides); the cosine is a polynomial. With SLUICE_PRECISE and -ffp-contract=off both backends round alike.
//
// Units: distances in cells, bed and depth in metres, `amount` = strength * weight * dt is metres
// for dig/raise/water/paint-soft brushes and a dimensionless rate * time for smooth/flatten/
// paint-hardness.
#ifndef SLUICE_BRUSH_MATH_H
#define SLUICE_BRUSH_MATH_H

#include "portable.h"

// Brush kinds (match sim::BrushKind, checked by static_assert in sim/brush.cpp).
#define SLUICE_BRUSH_DIG 0
#define SLUICE_BRUSH_RAISE 1
#define SLUICE_BRUSH_SMOOTH 2
#define SLUICE_BRUSH_FLATTEN 3
#define SLUICE_BRUSH_ADD_WATER 4
#define SLUICE_BRUSH_REMOVE_WATER 5
// Material brushes: they change erosion's layers (erosion_math.h), never the bed surface or a ledger.
#define SLUICE_BRUSH_PAINT_SOFT 6
#define SLUICE_BRUSH_PAINT_HARDNESS 7

// 0.5 + 0.5 cos(pi t) for t in [0, 1], the cosine ramp of the brush edge. Evaluated as
// 0.5 - 0.5 sin(pi (t - 1/2)) with an odd Taylor polynomial up to x^13 (|x| <= pi/2: error below
// 1e-9), because the built-in cos of GLSL has implementation-defined precision and would make the
// two backends disagree in the last bits. Clamped so the ends are exactly 1 and 0.
SLUICE_FN float brushCosineRamp(float t) {
    SLUICE_PRECISE float x = 3.14159265358979f * (t - 0.5f);
    SLUICE_PRECISE float x2 = x * x;
    // Horner form of x (1 - x^2/3! + x^4/5! - ... - x^12/13!); coefficients 1/13!, 1/11!, ..., 1/3!.
    SLUICE_PRECISE float p = 1.6059043836821613e-10f;
    p = 2.5052108385441720e-08f - x2 * p;
    p = 2.7557319223985893e-06f - x2 * p;
    p = 1.9841269841269841e-04f - x2 * p;
    p = 8.3333333333333333e-03f - x2 * p;
    p = 1.6666666666666667e-01f - x2 * p;
    p = 1.0f - x2 * p;
    SLUICE_PRECISE float s = x * p;
    SLUICE_PRECISE float w = 0.5f - 0.5f * s;
    return min(1.0f, max(0.0f, w));
}

// Weight at distance rCells from the centre: 1 inside the core (1 - falloff) * radius, the cosine
// ramp down to 0 at the radius, 0 at and beyond it. falloff is clamped to [0, 1]; falloff 0 is a
// hard disc (weight 1 for r < radius).
SLUICE_FN float brushWeightAt(float radiusCells, float falloff, float rCells) {
    if (!(rCells < radiusCells)) return 0.0f;  // also a radius <= 0 or NaN
    const float f = min(1.0f, max(0.0f, falloff));
    SLUICE_PRECISE float core = (1.0f - f) * radiusCells;
    if (rCells <= core) return 1.0f;
    // Here core < r < radius, so the ramp width radius - core is > 0.
    SLUICE_PRECISE float t = SLUICE_DIV(rCells - core, radiusCells - core);
    return brushCosineRamp(t);
}

// Distance (cells) from the brush centre (cx, cy) to the centre of cell (x, y).
SLUICE_FN float brushDistance(int x, int y, float cx, float cy) {
    SLUICE_PRECISE float rx = (float(x) + 0.5f) - cx;
    SLUICE_PRECISE float ry = (float(y) + 0.5f) - cy;
    SLUICE_PRECISE float r2 = rx * rx + ry * ry;
    return SLUICE_SQRT(r2);
}

// What one application moves in one cell: strength * weight * dt, in this order on both backends.
SLUICE_FN float brushAmount(float strength, float weight, float dtSeconds) {
    SLUICE_PRECISE float a = (strength * weight) * dtSeconds;
    return a;
}

// Mean of the (up to) 3x3 neighbourhood from its sum and the number of cells inside the grid.
SLUICE_FN float brushMean(float sum, int count) {
    SLUICE_PRECISE float m = SLUICE_DIV(sum, float(count));
    return m;
}

// New bed elevation of a cell under a terrain brush. `mean` is its 3x3 mean (smooth only).
// Smooth and flatten move a fraction min(1, amount) of the way to their goal; a fraction of 1 lands
// on the goal exactly (b + 1 * (goal - b) may round off it).
SLUICE_FN float brushBed(int kind, float b, float amount, float mean, float targetM) {
    if (kind == SLUICE_BRUSH_DIG) {
        SLUICE_PRECISE float d = b - amount;
        return d;
    }
    if (kind == SLUICE_BRUSH_RAISE) {
        SLUICE_PRECISE float r = b + amount;
        return r;
    }
    if (kind == SLUICE_BRUSH_SMOOTH || kind == SLUICE_BRUSH_FLATTEN) {
        const float goal = kind == SLUICE_BRUSH_SMOOTH ? mean : targetM;
        const float f = min(1.0f, amount);
        if (f >= 1.0f) return goal;
        if (!(f > 0.0f)) return b;
        SLUICE_PRECISE float m = b + f * (goal - b);
        return m;
    }
    return b;
}

// Units a water brush moves in a cell holding h units: adds `amount` metres (never above the cap of
// transfer_math.h, which must be included first) or removes up to what is there.
SLUICE_FN int brushWaterUnits(int kind, int h, float amount) {
    const int units = metresToUnits(amount);
    if (kind == SLUICE_BRUSH_ADD_WATER) return addUnits(h, units);
    if (kind == SLUICE_BRUSH_REMOVE_WATER) return -min(h, max(0, units));
    return 0;
}

// Soft-layer thickness (units) of a cell holding `soft` units after a paint-soft application of
// `amount` metres (negative removes): soft + amount in whole units, never below 0 nor above a cell's
// most, SLUICE_MAX_DEPTH_UNITS (1024 m; transfer_math.h, which must be included first). Written so
// no intermediate overflows: soft is in [0, max] and the units in [-2^30, 2^30].
SLUICE_FN int brushSoftUnits(int soft, float amount) {
    const int units = metresToUnits(amount);
    return soft + max(-soft, min(units, SLUICE_MAX_DEPTH_UNITS - soft));
}

// Bedrock hardness of a cell after a paint-hardness application: moved a fraction min(1, amount) of
// the way to `target`, as flatten moves the bed (brushBed), and kept in [0, 1].
SLUICE_FN float brushHardness(float hardness, float amount, float target) {
    return min(1.0f, max(0.0f, brushBed(SLUICE_BRUSH_FLATTEN, hardness, amount, 0.0f, target)));
}

#ifdef __cplusplus
// Cells a stroke can touch: [x0, x1) x [y0, y1), clipped to the W x H grid; empty when the brush
// misses the grid or its radius is not a positive finite number. Cell i has its centre at i + 0.5,
// so it can be within the radius only for cx - radius - 0.5 < i < cx + radius - 0.5; the box adds
// one cell of slack on each side so float rounding of the distance never falls outside it.
struct BrushBox {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
};
inline BrushBox brushBox(float cx, float cy, float radiusCells, int width, int height) {
    BrushBox box;
    if (!(radiusCells > 0.0f) || !::std::isfinite(radiusCells) || !::std::isfinite(cx) || !::std::isfinite(cy))
        return box;
    const double r = double(radiusCells);
    auto lo = [r](float c, int n) { return int(::std::clamp(::std::floor(double(c) - r - 0.5), 0.0, double(n))); };
    auto hi = [r](float c, int n) { return int(::std::clamp(::std::ceil(double(c) + r - 0.5) + 1.0, 0.0, double(n))); };
    box.x0 = lo(cx, width);
    box.x1 = hi(cx, width);
    box.y0 = lo(cy, height);
    box.y1 = hi(cy, height);
    return box;
}
#endif

#endif

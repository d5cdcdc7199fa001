// The macros that let the shared formula headers (pipe_math.h, swe_math.h, transfer_math.h,
// boundary_math.h, brush_math.h) compile both as C++ (the CPU reference, sim/kernel_math.hpp) and as
// GLSL (the kernels, through the shader loader's #include):
//   SLUICE_FN       a function definition: inline in C++ (headers), plain in GLSL
//   SLUICE_PRECISE  forbids fused multiply-add in GLSL (`precise`); C++ compiles with
//                   -ffp-contract=off instead, so both sides round every operation alike
//   SLUICE_OUT(T)   an output parameter: T& in C++, `out T` in GLSL
//   SLUICE_INOUT(T) a parameter read and written: T& in C++, `inout T` in GLSL
//   SLUICE_DIV(a, b), SLUICE_SQRT(x)  float division and square root, correctly rounded on both
//                   sides: IEEE in C++; in GLSL, where a / b and sqrt may be approximate (NVIDIA's
//                   differ from IEEE in 30 % and 37 % of operands, tests/sim/test_float_ops.cpp), the
//                   fastest of the driver's own, sluiceDivFma / sluiceSqrtFma (a correction by the
//                   signs of fma residuals), sluiceDiv / sluiceSqrt (the same with exact double
//                   residuals) and double precision, whose few-ulp result rounds to the correctly rounded float (a quotient
//                   or root of floats lies far from a float rounding boundary unless exactly on one),
//                   that a probe finds exact on this device (SLUICE_DIV_MODE, SLUICE_SQRT_MODE)
#ifndef SLUICE_PORTABLE_H
#define SLUICE_PORTABLE_H

#ifdef __cplusplus
#define SLUICE_FN inline
#define SLUICE_PRECISE
#define SLUICE_OUT(T) T&
#define SLUICE_INOUT(T) T&
#define SLUICE_DIV(a, b) ((a) / (b))
#define SLUICE_SQRT(x) sqrt(x)
#else
#define SLUICE_FN
#define SLUICE_PRECISE precise
#define SLUICE_OUT(T) out T
#define SLUICE_INOUT(T) inout T

// The float after / before c > 0.
float sluiceNext(float c) { return uintBitsToFloat(floatBitsToUint(c) + 1u); }
float sluicePrev(float c) { return uintBitsToFloat(floatBitsToUint(c) - 1u); }

// Correctly rounded a / b and sqrt(x) from the driver's approximate ones (a few ulps off): step to the
// floats c <= exact < next(c), then round by which side of their midpoint the exact value lies. Every
// decision is the sign of a residual computed exactly in double precision: the product of two floats
// (48 bits) and the square of a midpoint (50 bits) are exact doubles, and so are their differences
// from a float of the same magnitude. Only double multiplies and adds, no double division or root
// (which cost a GPU several times more, docs/PERFORMANCE.md). Zeros, infinities, NaN and subnormal
// results, and a driver further off than 3 ulps, take double precision's division or root instead.

// a / b for a, b > 0 given q ~ a / b (positive, normal): 0.0 when the bracket was not found.
float sluiceDivPositive(float a, float b, float q) {
    const double A = double(a), B = double(b);
    float c = q;
    double r = A - double(c) * B;
    for (int k = 0; k < 3 && r < 0.0lf; ++k) {
        c = sluicePrev(c);
        r = A - double(c) * B;
    }
    float n = sluiceNext(c);
    double rn = A - double(n) * B;
    for (int k = 0; k < 3 && rn >= 0.0lf; ++k) {
        c = n;
        r = rn;
        n = sluiceNext(c);
        rn = A - double(n) * B;
    }
    if (r < 0.0lf || rn >= 0.0lf) return 0.0;  // further off than 3 ulps
    if (r == 0.0lf) return c;
    const double m = r - (double(n) - double(c)) * 0.5lf * B;
    if (m > 0.0lf) return n;
    if (m < 0.0lf) return c;
    return (floatBitsToUint(c) & 1u) == 0u ? c : n;
}

float sluiceDiv(float a, float b) {
    const float q = abs(a / b);
    if (q >= 1.17549435e-38 && q <= 3.0e38 && !isinf(a) && !isinf(b)) {
        const float m = sluiceDivPositive(abs(a), abs(b), q);
        if (m > 0.0) return (a < 0.0) != (b < 0.0) ? -m : m;
    }
    return float(double(a) / double(b));
}

float sluiceSqrt(float x) {
    const float s0 = sqrt(x);
    if (x >= 1.17549435e-38 && x <= 3.0e38) {
        const double X = double(x);
        float s = s0;
        double r = X - double(s) * double(s);
        for (int k = 0; k < 3 && r < 0.0lf; ++k) {
            s = sluicePrev(s);
            r = X - double(s) * double(s);
        }
        float n = sluiceNext(s);
        double rn = X - double(n) * double(n);
        for (int k = 0; k < 3 && rn >= 0.0lf; ++k) {
            s = n;
            r = rn;
            n = sluiceNext(s);
            rn = X - double(n) * double(n);
        }
        if (r >= 0.0lf && rn < 0.0lf) {
            if (r == 0.0lf) return s;
            const double mid = double(s) + (double(n) - double(s)) * 0.5lf;
            const double d = X - mid * mid;
            if (d > 0.0lf) return n;
            if (d < 0.0lf) return s;
            return (floatBitsToUint(s) & 1u) == 0u ? s : n;
        }
    }
    return float(sqrt(double(x)));
}

// The same corrections with the residual signs from float fma instead of double products: fma rounds
// the exact residual once, and rounding never changes a sign; at the final bracket c is faithful, so
// a - c b is a float and r - (u/2) b rounds once more (sign exact again). Needs an fma that really
// fuses (NVIDIA's does; llvmpipe's does not, where the driver's own division is exact anyway): the
// probe checks. No conversions to double in the bracketing, which is what costs.
float sluiceDivFmaPositive(float a, float b, float q) {
    float c = q;
    precise float r = fma(-c, b, a);
    for (int k = 0; k < 3 && r < 0.0; ++k) {
        c = sluicePrev(c);
        r = fma(-c, b, a);
    }
    float n = sluiceNext(c);
    precise float rn = fma(-n, b, a);
    for (int k = 0; k < 3 && rn >= 0.0; ++k) {
        c = n;
        r = rn;
        n = sluiceNext(c);
        rn = fma(-n, b, a);
    }
    if (r < 0.0 || rn >= 0.0) return 0.0;
    if (r == 0.0) return c;
    precise float m = r - ((n - c) * 0.5) * b;
    if (m > 0.0) return n;
    if (m < 0.0) return c;
    return (floatBitsToUint(c) & 1u) == 0u ? c : n;
}

float sluiceDivFma(float a, float b) {
    const float q = abs(a / b);
    // Operands and quotient away from the subnormal range and overflow, so that no residual or
    // product underflows (2^-60 .. 2^60).
    const float lo = 8.6736174e-19, hi = 1.1529215e18;
    const float aa = abs(a), ab = abs(b);
    if (q >= lo && q <= hi && aa >= lo && aa <= hi && ab >= lo && ab <= hi) {
        const float m = sluiceDivFmaPositive(aa, ab, q);
        if (m > 0.0) return (a < 0.0) != (b < 0.0) ? -m : m;
    }
    return sluiceDiv(a, b);
}

float sluiceSqrtFma(float x) {
    const float lo = 8.6736174e-19, hi = 1.1529215e18;
    if (x >= lo && x <= hi) {
        float s = sqrt(x);
        precise float r = fma(-s, s, x);
        for (int k = 0; k < 3 && r < 0.0; ++k) {
            s = sluicePrev(s);
            r = fma(-s, s, x);
        }
        float n = sluiceNext(s);
        precise float rn = fma(-n, n, x);
        for (int k = 0; k < 3 && rn >= 0.0; ++k) {
            s = n;
            r = rn;
            n = sluiceNext(s);
            rn = fma(-n, n, x);
        }
        if (r >= 0.0 && rn < 0.0) {
            if (r == 0.0) return s;
            // The midpoint's residual in double, exactly (a 25-bit midpoint squares exactly).
            const double mid = double(s) + (double(n) - double(s)) * 0.5lf;
            const double d = double(x) - mid * mid;
            if (d > 0.0lf) return n;
            if (d < 0.0lf) return s;
            return (floatBitsToUint(s) & 1u) == 0u ? s : n;
        }
    }
    return sluiceSqrt(x);
}

// Which way this device gets correctly rounded results (sim/exact_float_ops.cpp probes it once per
// process and compiles every kernel with the fastest that agrees with IEEE): 0 the driver's own
// operation, 1 sluiceDivFma / sluiceSqrtFma, 2 sluiceDiv / sluiceSqrt, 3 double precision (also the
// default: always right).
#ifndef SLUICE_DIV_MODE
#define SLUICE_DIV_MODE 3
#endif
#ifndef SLUICE_SQRT_MODE
#define SLUICE_SQRT_MODE 3
#endif
#if SLUICE_DIV_MODE == 0
#define SLUICE_DIV(a, b) ((a) / (b))
#elif SLUICE_DIV_MODE == 1
#define SLUICE_DIV(a, b) sluiceDivFma(a, b)
#elif SLUICE_DIV_MODE == 2
#define SLUICE_DIV(a, b) sluiceDiv(a, b)
#else
#define SLUICE_DIV(a, b) float(double(a) / double(b))
#endif
#if SLUICE_SQRT_MODE == 0
#define SLUICE_SQRT(x) sqrt(x)
#elif SLUICE_SQRT_MODE == 1
#define SLUICE_SQRT(x) sluiceSqrtFma(x)
#elif SLUICE_SQRT_MODE == 2
#define SLUICE_SQRT(x) sluiceSqrt(x)
#else
#define SLUICE_SQRT(x) float(sqrt(double(x)))
#endif
#endif


// Quotient and square root from + - * and bit operations only, for the step's formulas: every device
// that rounds + - * as IEEE 754 does (every GPU and CPU Sluice runs on; the probe checks,
// sim/exact_float_ops.cpp) computes the same bits, with no branchy correction, where SLUICE_DIV /
// SLUICE_SQRT pay for correct rounding (on an H200 the shallow-water step ran 1.5x faster with the
// driver's inexact division than with the corrected one, and even a correction that is never taken
// costs registers: docs/PERFORMANCE.md). A guess from the bit pattern and three Newton steps leave at
// most 3 ulps of error (tests/sim/test_float_ops.cpp measures it). Operands outside 2^-100 .. 2^100,
// where the guess fails, are first scaled by 2^100 or 2^-100 (exact). Every step is `precise`: fused,
// it would round otherwise than the CPU. Zero, infinite, NaN and subnormal operands are for the
// callers to keep out (a GPU may flush subnormals to zero where the CPU keeps them).
#define SLUICE_NEWTON_LO 7.88860905e-31f // 2^-100
#define SLUICE_NEWTON_HI 1.26765060e30f  // 2^100
#define SLUICE_NEWTON_UP 1.26765060e30f  // 2^100, the scale below LO
#define SLUICE_NEWTON_DOWN 7.88860905e-31f // 2^-100, the scale above HI

// 1 / b for 2^-100 <= b <= 2^100: r <- r (2 - b r), the relative error squaring each step from 5 %.
SLUICE_FN float sluiceRecipNewton(float b) {
    float r = uintBitsToFloat(0x7EF311C3u - floatBitsToUint(b));
    for (int i = 0; i < 3; ++i) {
        SLUICE_PRECISE float e = 2.0f - b * r;
        SLUICE_PRECISE float next = r * e;
        r = next;
    }
    return r;
}

// a / b within 3 ulps, the same bits on every device.
SLUICE_FN float sluiceQuot(float a, float b) {
    float m = abs(b);
    float n = b < 0.0f ? -a : a;
    if (m < SLUICE_NEWTON_LO) {
        SLUICE_PRECISE float m2 = m * SLUICE_NEWTON_UP;
        SLUICE_PRECISE float n2 = n * SLUICE_NEWTON_UP;
        m = m2;
        n = n2;
    } else if (m > SLUICE_NEWTON_HI) {
        SLUICE_PRECISE float m2 = m * SLUICE_NEWTON_DOWN;
        SLUICE_PRECISE float n2 = n * SLUICE_NEWTON_DOWN;
        m = m2;
        n = n2;
    }
    SLUICE_PRECISE float q = n * sluiceRecipNewton(m);
    return q;
}

// 1 / sqrt(y) for a normal y > 0 from the bit-pattern guess (within 3.5 %) and `steps` Newton steps
// r <- r (3/2 - (y/2) r^2), each squaring the relative error (two: within 5e-6; three: a few ulps).
SLUICE_FN float sluiceInvRootSteps(float y, int steps) {
    float r = uintBitsToFloat(0x5F3759DFu - (floatBitsToUint(y) >> 1u));
    SLUICE_PRECISE float halfY = 0.5f * y;
    for (int i = 0; i < steps; ++i) {
        SLUICE_PRECISE float r2 = r * r;
        SLUICE_PRECISE float e = 1.5f - halfY * r2;
        SLUICE_PRECISE float next = r * e;
        r = next;
    }
    return r;
}

// sqrt(x) within 3 ulps for x >= 0, the same bits on every device: x times its inverse root
// (sluiceInvRootSteps, three steps).
SLUICE_FN float sluiceRoot(float x) {
    if (!(x > 0.0f)) return 0.0f;
    float y = x, back = 1.0f;  // sqrt(x) = sqrt(y) * back
    if (x < SLUICE_NEWTON_LO) {
        SLUICE_PRECISE float up = x * SLUICE_NEWTON_UP;
        y = up;
        back = 8.88178420e-16f;  // 2^-50
    } else if (x > SLUICE_NEWTON_HI) {
        SLUICE_PRECISE float down = x * SLUICE_NEWTON_DOWN;
        y = down;
        back = 1.12589991e15f;  // 2^50
    }
    const float r = sluiceInvRootSteps(y, 3);
    SLUICE_PRECISE float root = (y * r) * back;
    return root;
}

#endif

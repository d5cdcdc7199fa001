// Probe of the device's float division and square root (sim/exact_float_ops.cpp): the CPU reference
// and the kernels compute the same bits only if both round correctly, as IEEE 754 makes the CPU do.
// Per operand pair (a, b), ten results: the driver's a / b, sluiceDivFma(a, b), sluiceDiv(a, b),
// a / b in double, the driver's sqrt(|a|), sluiceSqrtFma(|a|), sluiceSqrt(|a|) and sqrt(|a|) in double
// (portable.h, SLUICE_DIV_MODE 0 to 3), each rounded to float; then sluiceQuot(a, b) and
// sluiceRoot(|a|), which must equal the CPU's bit for bit (+ - * rounded as IEEE 754 rounds them).
#include "sim_layout.h"
#include "portable.h"

layout(local_size_x = 256) in;
layout(std430, binding = SLUICE_BIND_COPY_SRC) restrict readonly buffer Src { float src[]; };
layout(std430, binding = SLUICE_BIND_COPY_DST) restrict writeonly buffer Dst { float dst[]; };
uniform int uCount;

void main() {
    const int i = int(gl_GlobalInvocationID.x);
    if (i >= uCount) return;
    const float a = src[2 * i], b = src[2 * i + 1];
    precise float plainQ = a / b;
    dst[10 * i] = plainQ;
    dst[10 * i + 1] = sluiceDivFma(a, b);
    dst[10 * i + 2] = sluiceDiv(a, b);
    dst[10 * i + 3] = float(double(a) / double(b));
    dst[10 * i + 4] = sqrt(abs(a));
    dst[10 * i + 5] = sluiceSqrtFma(abs(a));
    dst[10 * i + 6] = sluiceSqrt(abs(a));
    dst[10 * i + 7] = float(sqrt(double(abs(a))));
    dst[10 * i + 8] = sluiceQuot(a, b);
    dst[10 * i + 9] = sluiceRoot(abs(a));
}

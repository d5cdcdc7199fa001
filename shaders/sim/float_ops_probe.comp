// Probe of the device's float division and square root (sim/exact_float_ops.cpp): the CPU reference
// and the kernels compute the same bits only if both round correctly, as IEEE 754 makes the CPU do.
// Per operand pair (a, b), six results: the driver's a / b, sluiceDiv(a, b), a / b in double, the
// driver's sqrt(|a|), sluiceSqrt(|a|) and sqrt(|a|) in double (portable.h), each rounded to float.
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
    dst[6 * i] = plainQ;
    dst[6 * i + 1] = sluiceDiv(a, b);
    dst[6 * i + 2] = float(double(a) / double(b));
    dst[6 * i + 3] = sqrt(abs(a));
    dst[6 * i + 4] = sluiceSqrt(abs(a));
    dst[6 * i + 5] = float(sqrt(double(abs(a))));
}

#pragma once
// The kernels round division and square root as the CPU does (shaders/sim/portable.h, SLUICE_DIV and
// SLUICE_SQRT): a probe of this device finds the fastest way that agrees with IEEE 754 bit for bit.
#include <string>

#include "gl/result.hpp"

namespace sluice::sim {

/// What the probe found: per operation, the share of operands whose result differs from IEEE, and the
/// mode chosen: the first (fastest) with none.
struct FloatOpsProbe {
    int operands = 0;
    /// Per mode (portable.h): the driver's own, the fma correction, the double-residual correction,
    /// double precision.
    long divWrong[4] = {0, 0, 0, 0}, sqrtWrong[4] = {0, 0, 0, 0};
    int divMode = 3, sqrtMode = 3;
    /// portable.h's sluiceQuot / sluiceRoot (+ - * only): results that differ from the CPU's (must be
    /// none), and the most ulps the CPU's are from the correctly rounded quotient / root.
    long quotWrong = 0, rootWrong = 0;
    long quotUlps = 0, rootUlps = 0;
    /// "#define SLUICE_DIV_MODE n\n#define SLUICE_SQRT_MODE m\n": for every kernel that includes portable.h.
    std::string defines() const;
};

/// Runs the probe over `operands` pairs (a, b) of every magnitude from 2^-30 to 2^20, both signs.
/// Needs a current GL 4.5 context.
Result<FloatOpsProbe> probeFloatOps(int operands);

/// The probe of 2^18 operands, run once per process and kept (what GpuSolver compiles with). The
/// environment variable SLUICE_FLOAT_OPS_MODE=0..3 forces a mode, exact or not: for measurements.
Result<FloatOpsProbe> deviceFloatOps();

}  // namespace sluice::sim

// The GPU computes the CPU reference's function bit for bit only if its float division and square
// root round correctly, as IEEE 754 makes the CPU's. GLSL lets `a / b` and `sqrt` be approximate
// (NVIDIA's differ from IEEE in about 30 % and 37 % of operands: a 1-ulp difference in one face's
// velocity flipped a transfer by one unit after 123 steps of a valley scene), so the shared formulas
// use SLUICE_DIV and SLUICE_SQRT (shaders/sim/portable.h) in the mode a probe of the device finds
// exact (sim/exact_float_ops.hpp). This test runs the probe over 2^21 operands of every magnitude
// and holds the chosen modes to zero differences.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/exact_float_ops.hpp"
#include "tests/support/backends.hpp"

namespace sluice {
namespace {

TEST(FloatOps, TheChosenDivisionAndSquareRootMatchTheCpuBitForBit) {
    ASSERT_TRUE(test::makeSolver("gpu", test::flatScene(4, 4, 1.0f)));  // the shared GL context
    auto probe = sim::probeFloatOps(1 << 21);
    ASSERT_TRUE(probe) << probe.error().message;
    std::printf("of %d operands, differing from IEEE: division driver %ld, fma correction %ld, double-residual "
                "correction %ld, double %ld; sqrt driver %ld, fma correction %ld, double-residual correction %ld, double "
                "%ld; modes: division %d, sqrt %d\n",
                probe->operands, probe->divWrong[0], probe->divWrong[1], probe->divWrong[2], probe->divWrong[3],
                probe->sqrtWrong[0], probe->sqrtWrong[1], probe->sqrtWrong[2], probe->sqrtWrong[3], probe->divMode,
                probe->sqrtMode);
    EXPECT_EQ(probe->divWrong[probe->divMode], 0);
    EXPECT_EQ(probe->sqrtWrong[probe->sqrtMode], 0);
    // The double-residual corrections and double precision are exact on every device (their
    // decisions are exact double residuals); the fma ones wherever fma fuses.
    EXPECT_EQ(probe->divWrong[2], 0);
    EXPECT_EQ(probe->sqrtWrong[2], 0);
    EXPECT_EQ(probe->divWrong[3], 0);
    EXPECT_EQ(probe->sqrtWrong[3], 0);
    // The solver compiled its kernels with the modes of the smaller per-process probe: the same here.
    auto device = sim::deviceFloatOps();
    ASSERT_TRUE(device);
    EXPECT_EQ(device->divMode, probe->divMode);
    EXPECT_EQ(device->sqrtMode, probe->sqrtMode);
}

}  // namespace
}  // namespace sluice

// The GPU computes the CPU reference's function bit for bit only if its float division and square
// root round correctly, as IEEE 754 makes the CPU's. GLSL lets `a / b` and `sqrt` be approximate
// (NVIDIA's differ from IEEE in about 30 % and 17 % of operands: a 1-ulp difference in one face's
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
    std::printf("of %d operands: driver a / b differs in %ld, sluiceDiv in %ld, double in %ld; driver sqrt in %ld, "
                "sluiceSqrt in %ld, double in %ld; modes: division %d, sqrt %d\n",
                probe->operands, probe->plainDivWrong, probe->fixedDivWrong, probe->doubleDivWrong, probe->plainSqrtWrong,
                probe->fixedSqrtWrong, probe->doubleSqrtWrong, probe->divMode, probe->sqrtMode);
    // The corrections are exact on every device (their decisions are exact double residuals).
    EXPECT_EQ(probe->fixedDivWrong, 0);
    EXPECT_EQ(probe->fixedSqrtWrong, 0);
    // Double precision is exact everywhere we run; it is the fallback of both.
    EXPECT_EQ(probe->doubleDivWrong, 0);
    EXPECT_EQ(probe->doubleSqrtWrong, 0);
    // The solver compiled its kernels with the modes of the smaller per-process probe: the same here.
    auto device = sim::deviceFloatOps();
    ASSERT_TRUE(device);
    EXPECT_EQ(device->divMode, probe->divMode);
    EXPECT_EQ(device->sqrtMode, probe->sqrtMode);
}

}  // namespace
}  // namespace sluice

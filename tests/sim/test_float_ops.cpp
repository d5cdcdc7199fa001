// The GPU computes the CPU reference's function bit for bit only if its float division and square
// root round correctly, as IEEE 754 makes the CPU's. GLSL lets `a / b` and `sqrt` be approximate
// (NVIDIA's differ from IEEE in about 30 % and 37 % of operands: a 1-ulp difference in one face's
// velocity flipped a transfer by one unit after 123 steps of a valley scene), so the step's formulas
// use sluiceQuot / sluiceRoot (shaders/sim/portable.h: + - * only, the same bits wherever + - * round
// as IEEE's) and the brushes SLUICE_DIV / SLUICE_SQRT in the mode a probe of the device finds exact
// (sim/exact_float_ops.hpp). This test runs the probe over 2^21 operands of every magnitude and holds
// the chosen modes and the portable operations to zero differences.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

#include "sim/exact_float_ops.hpp"
#include "sim/kernel_math.hpp"
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
    // The step's hot formulas use sluiceQuot / sluiceRoot (+ - * only): the same bits as the CPU, and
    // within the 3 ulps of the correctly rounded result that three Newton steps leave.
    std::printf("sluiceQuot / sluiceRoot: %ld / %ld differ from the CPU; at most %ld / %ld ulps from IEEE\n",
                probe->quotWrong, probe->rootWrong, probe->quotUlps, probe->rootUlps);
    EXPECT_EQ(probe->quotWrong, 0);
    EXPECT_EQ(probe->rootWrong, 0);
    EXPECT_LE(probe->quotUlps, 3);
    EXPECT_LE(probe->rootUlps, 3);
    EXPECT_GE(probe->quotUlps, 1);  // not the correctly rounded operation in disguise
    // The solver compiled its kernels with the modes of the smaller per-process probe: the same here.
    auto device = sim::deviceFloatOps();
    ASSERT_TRUE(device);
    EXPECT_EQ(device->divMode, probe->divMode);
    EXPECT_EQ(device->sqrtMode, probe->sqrtMode);
}

// The portable quotient and root over every normal magnitude, the scaled ranges below 2^-100 and
// above 2^100 included (the GPU probe above draws operands from 2^-30 .. 2^20): within 3 ulps of
// IEEE. On the CPU: any device that rounds + - * as IEEE does gets the same bits.
TEST(FloatOps, PortableQuotientAndRootStayWithinThreeUlpsAtEveryMagnitude) {
    auto ulps = [](float x, float y) {
        const auto a = std::int64_t(std::bit_cast<std::uint32_t>(std::abs(x)));
        const auto b = std::int64_t(std::bit_cast<std::uint32_t>(std::abs(y)));
        return a > b ? a - b : b - a;
    };
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> mantissa(1.0f, 2.0f);
    std::int64_t worstQ = 0, worstR = 0;
    int scaled = 0;
    for (int e = -125; e <= 125; ++e)
        for (int k = 0; k < 2000; ++k) {
            const float b = std::ldexp(mantissa(rng), e) * (k % 2 == 0 ? 1.0f : -1.0f);
            const float a = std::ldexp(mantissa(rng), std::clamp(-e / 2 + k % 40 - 20, -120, 120));
            const float x = std::ldexp(mantissa(rng), e);
            worstQ = std::max(worstQ, ulps(sim::kmath::sluiceQuot(a, b), a / b));
            worstR = std::max(worstR, ulps(sim::kmath::sluiceRoot(x), std::sqrt(x)));
            scaled += (std::abs(b) < 7.9e-31f || std::abs(b) > 1.2e30f) ? 1 : 0;
        }
    EXPECT_GT(scaled, 100000);
    EXPECT_LE(worstQ, 3);
    EXPECT_LE(worstR, 3);
    EXPECT_EQ(sim::kmath::sluiceRoot(0.0f), 0.0f);
    EXPECT_EQ(sim::kmath::sluiceQuot(0.0f, 3.0f), 0.0f);
    EXPECT_EQ(sim::kmath::sluiceQuot(6.0f, -3.0f), -2.0f);
}

}  // namespace
}  // namespace sluice

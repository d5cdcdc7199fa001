// The shared formula headers' numerics against the exact functions they stand for (they avoid the
// library's pow and cbrt, which GLSL does not round correctly, so that CPU and GPU agree bit for bit).
#include <gtest/gtest.h>

#include <cmath>

#include "sim/kernel_math.hpp"

namespace sluice::sim {
namespace {

TEST(KernelMath, InverseCubeRootIsWithinAFewUlpsOverEveryDepth) {
    double worst = 0;
    for (double h = 1e-7; h < 1e5; h *= 1.013) {
        const float x = float(h);
        const double exact = std::pow(double(x), -1.0 / 3.0);
        worst = std::max(worst, std::abs(double(kmath::sweInvCbrt(x)) - exact) / exact);
    }
    EXPECT_LT(worst, 5e-7);
}

TEST(KernelMath, ManningDampIsOnePlusGn2DtSpeedOverDepthToTheFourThirds) {
    const float gN2Dt = 9.81f * 0.035f * 0.035f * 0.1f;
    for (float h : {1e-6f, 1e-3f, 0.05f, 1.0f, 22.0f, 900.0f})
        for (float speed : {0.0f, 0.3f, 4.0f}) {
            const double exact = 1.0 + double(gN2Dt) * double(speed) / std::pow(double(h), 4.0 / 3.0);
            EXPECT_NEAR(kmath::manningDamp(h, speed, gN2Dt), exact, 2e-6 * exact) << h << " m, " << speed << " m/s";
        }
}

}  // namespace
}  // namespace sluice::sim

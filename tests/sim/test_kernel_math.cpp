// The shared formula headers' numerics against the exact functions they stand for (they avoid the
// library's pow and cbrt, which GLSL does not round correctly, so that CPU and GPU agree bit for bit).
// And two of them against each other where a GPU kernel relies on their agreement.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

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

// The face depth the continuity equation moves water through is reconstructed in whichever variable
// runs linearly across the donor C and its neighbours U (upstream) and D: the root of the depth across
// a rarefaction's tongue, the surface where the surface is planar (shaders/sim/swe_math.h). Exact
// binary fractions, so each case's face value is known to the bit or to a few ulps; nu = 0 (the face
// value itself), then a Courant number that scales the correction by 1 - nu.
TEST(KernelMath, FaceDepthFollowsARarefactionsRootAndAPlanarSurface) {
    // A tongue on a flat bed: h = k s^2 at s = 4, 3, 2 cells from its tip (k = 1/100), sqrt(h) linear.
    // The root's face value is k (s - 1/2)^2 = 0.0625; the surface's MC slope would give k s (s - 1) = 0.06.
    // Within the roots' 5e-6 (sweDepthRoot), so 1e-5 of the square.
    const float hU = 0.16f, hC = 0.09f, hD = 0.04f;
    EXPECT_NEAR(kmath::sweFaceDepth(hC, 0.0f, 0.0f, hU, 0.0f, hC, 0.0f, hD), 0.0625f, 0.0625f * 1e-5f);
    // A quarter of the way through the substep the water crossing the face comes from nearer the
    // centre: sqrt 0.3 - 0.05 * 0.75.
    EXPECT_NEAR(kmath::sweFaceDepth(hC, 0.25f, 0.0f, hU, 0.0f, hC, 0.0f, hD), 0.2625f * 0.2625f, 0.069f * 1e-5f);
    // A planar surface (1, 0.75, 0.5 m) over a bed rising uphill (0, 1/8, 1/4 m): the surface, exactly.
    // The crest is D's bed, so C has 0.5 m above it and the face 0.375 m (the root would give 0.379).
    EXPECT_EQ(kmath::sweFaceDepth(0.5f, 0.0f, 0.0f, 1.0f, 0.125f, 0.625f, 0.25f, 0.25f), 0.375f);
    // A lake at rest over any bed: no correction.
    EXPECT_EQ(kmath::sweFaceDepth(0.5f, 0.0f, 0.0f, 1.0f, 0.25f, 0.75f, 0.5f, 0.5f), 0.5f);
    // Next to a dry cell, first order.
    EXPECT_EQ(kmath::sweFaceDepth(hC, 0.0f, 0.0f, hU, 0.0f, hC, 0.0f, 0.0f), hC);
}

// The GPU's pass 2 turns each moving interior face's flow into its velocity with the depth pass 1
// moved the water through (sweFaceUpdate's last output) instead of reconstructing it
// (shaders/sim/cell_step.h); the CPU reconstructs it (sweMovedDepth). They must be the same bits
// whenever the effective transfer is not 0, which then has the raw flow's sign (the limiter only
// shrinks a transfer). Random stencils: wet and dry cells, steps in the bed, flows both ways.
TEST(KernelMath, TheDepthAFaceUpdateMovesWaterThroughIsTheOnePassTwoReconstructs) {
    std::mt19937 rng(20261129);
    std::uniform_real_distribution<float> bed(0.0f, 2.0f), depth(0.0f, 3.0f), speed(-6.0f, 6.0f), flow(-8.0f, 8.0f);
    std::bernoulli_distribution dry(0.2);
    auto h = [&] { return dry(rng) ? 0.0f : depth(rng); };
    kmath::SweFactors k;
    const float dt = 0.05f, dx = 1.0f, g = 9.81f;
    k.dtOverDx2 = dt / (dx * dx);
    k.gravityDtOverDx = g * dt / dx;
    k.frictionFactor = 1.0f;
    k.gN2Dt = g * 0.03f * 0.03f * dt;
    k.viscosityTerm = 0.0f;
    k.courantDxOverDt = 0.5f * dx / dt;
    k.gravity = g;
    k.dx = dx;
    k.frictionLaw = SLUICE_FRICTION_MANNING;
    int moving = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        kmath::SweStencil s;
        s.u = speed(rng), s.uBack = speed(rng), s.uFwd = speed(rng), s.uLow = speed(rng), s.uHigh = speed(rng);
        s.uBack2 = speed(rng), s.uFwd2 = speed(rng);
        s.q = flow(rng), s.qBack = flow(rng), s.qFwd = flow(rng), s.qLow = flow(rng), s.qHigh = flow(rng);
        s.bLL = bed(rng), s.hLL = h(), s.bL = bed(rng), s.hL = h(), s.bR = bed(rng), s.hR = h(), s.bRR = bed(rng), s.hRR = h();
        float q, demand, allowed, moved;
        kmath::sweFaceUpdate(s, k, q, demand, allowed, moved);
        if (q == 0.0f) continue;
        ++moving;
        const float nu = kmath::sweCourantOf(s.u, k.dtOverDx2, k.dx);
        for (int units : {1, 7, 100000}) {
            const int e = q > 0.0f ? units : -units;
            const float rebuilt = kmath::sweMovedDepth(e, nu, s.bLL, s.hLL, s.bL, s.hL, s.bR, s.hR, s.bRR, s.hRR);
            ASSERT_EQ(std::bit_cast<std::uint32_t>(rebuilt), std::bit_cast<std::uint32_t>(moved))
                << "trial " << trial << ": e " << e << ", rebuilt " << rebuilt << " m, pass 1 " << moved << " m";
        }
    }
    EXPECT_GT(moving, 10000);  // most stencils move water: the check is not vacuous
}

}  // namespace
}  // namespace sluice::sim

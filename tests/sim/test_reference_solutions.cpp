// The references other tests trust: the exact shallow-water solutions (tests/support/
// analytic_solutions.hpp) are checked against their defining relations and mass conservation, and
// the plain HLL scheme (tests/support/hll_reference.hpp) against them: first-order convergence to
// both dam breaks, an exactly preserved lake at rest, the steady bump, exact mass conservation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "tests/support/analytic_solutions.hpp"
#include "tests/support/hll_reference.hpp"

namespace sluice::test {
namespace {

constexpr double kG = kGravity;

// Integral of h over [a, b] by the midpoint rule on n samples. The profiles have jumps (shock,
// initial step) and quadratic fans: a jump costs at most jump * dx / 2, the fans O(dx^2).
double integrate(const Profile& h, double a, double b, int n) {
    const double dx = (b - a) / n;
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += h(a + (i + 0.5) * dx);
    return sum * dx;
}

double total(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); }

// A bumpy bed (m) with an island rising above 0.5 m, rough from cell to cell.
double bumpyBed(double x) {
    if (std::abs(x - 30.0) < 4.0) return 1.0;
    return 0.3 * std::sin(0.37 * x) + 0.15 * std::sin(1.7 * x) + 0.1 * std::cos(5.3 * x);
}

TEST(StokerSolution, MiddleStateMatchesTheKnownValueAndBothRelations) {
    const StokerDamBreak s(2.0, 0.5, 0.0);
    const double hm = s.middleDepth(), um = s.middleVelocity();
    EXPECT_NEAR(hm, 1.1035, 1e-3);
    EXPECT_NEAR(um, 2.0 * (std::sqrt(kG * 2.0) - std::sqrt(kG * hm)), 1e-9) << "rarefaction relation";
    EXPECT_NEAR(um, (hm - 0.5) * std::sqrt(kG * (hm + 0.5) / (2.0 * hm * 0.5)), 1e-9) << "shock relation";
    EXPECT_NEAR(s.shockSpeed(), um * hm / (hm - 0.5), 1e-12);
    EXPECT_TRUE(std::isnan(StokerDamBreak(0.5, 2.0, 0.0).middleDepth())) << "hL < hR is refused";
}

TEST(StokerSolution, ConservesMass) {
    const StokerDamBreak s(2.0, 0.5, 500.0);
    const double initial = 2.0 * 500.0 + 0.5 * 500.0;
    for (double t : {20.0, 40.0}) {
        const double mass = integrate([&](double x) { return s.at(x, t).h; }, 0.0, 1000.0, 2'000'000);
        EXPECT_NEAR(mass / initial, 1.0, 1e-6) << "t = " << t;
    }
}

TEST(RitterSolution, ConservesMassAndFrontMovesAtTwiceTheWaveSpeed) {
    const RitterDamBreak r(2.0, 500.0);
    for (double t : {20.0, 40.0}) {
        const double mass = integrate([&](double x) { return r.at(x, t).h; }, 0.0, 1000.0, 2'000'000);
        EXPECT_NEAR(mass / 1000.0, 1.0, 1e-6) << "t = " << t;
        const double front = r.frontPosition(t);
        EXPECT_NEAR(front, 500.0 + 2.0 * std::sqrt(kG * 2.0) * t, 1e-9);
        EXPECT_GT(r.at(front - 1e-6, t).h, 0.0);
        EXPECT_EQ(r.at(front + 1e-6, t).h, 0.0);
    }
}

// Thacker's solution satisfies both equations (central differences in x and t) in the wet region,
// keeps its volume 4 a h0 / 3, and comes back after one period.
TEST(ThackerSolution, SatisfiesTheEquationsAndConservesVolume) {
    const ThackerPlanarSurface th(1.0, 0.5, 4.0, 0.5);
    const auto h = [&](double x, double t) { return th.at(x, t).h; };
    const auto q = [&](double x, double t) { return th.at(x, t).h * th.at(x, t).u; };  // mass flux
    const auto m = [&](double x, double t) {  // momentum flux
        const FlowPoint p = th.at(x, t);
        return p.h * p.u * p.u + 0.5 * kG * p.h * p.h;
    };
    const double e = 1e-5;  // difference step (m and s): truncation ~e^2, rounding ~1e-16 / e
    for (double t : {0.3, 1.1, 2.0}) {
        for (double x = th.leftShoreline(t) + 0.05; x < th.rightShoreline(t) - 0.05; x += 0.1) {
            const double mass = (h(x, t + e) - h(x, t - e) + q(x + e, t) - q(x - e, t)) / (2 * e);
            const double slope = (th.bed(x + e) - th.bed(x - e)) / (2 * e);
            const double momentum = (q(x, t + e) - q(x, t - e) + m(x + e, t) - m(x - e, t)) / (2 * e) + kG * h(x, t) * slope;
            EXPECT_NEAR(mass, 0.0, 1e-6) << "x = " << x << ", t = " << t;
            EXPECT_NEAR(momentum, 0.0, 1e-6) << "x = " << x << ", t = " << t;
        }
        const double volume = integrate([&](double x) { return h(x, t); }, 0.0, 4.0, 400'000);
        EXPECT_NEAR(volume, 4.0 * 1.0 * 0.5 / 3.0, 1e-6) << "t = " << t;
    }
    EXPECT_NEAR(th.at(1.7, 0.4 + th.period()).h, th.at(1.7, 0.4).h, 1e-12);
}

// Steady flows over the bump: the head q^2 / (2 g h^2) + h + z is the same everywhere; subcritical
// flow stays below Froude 1; transcritical flow crosses it at the crest (SWASHES: h ~ 0.4 m after).
TEST(BumpSolutions, KeepTheHeadAndTheirFlowRegime) {
    const auto head = [](double h, double q, double x) { return q * q / (2 * kG * h * h) + h + swashesBump(x); };
    const auto froude = [](double h, double q) { return q / (h * std::sqrt(kG * h)); };
    for (double x = 0.05; x < 25.0; x += 0.1) {
        const double hs = subcriticalDepth(swashesBump, 4.42, 2.0, x);
        EXPECT_NEAR(head(hs, 4.42, x), head(2.0, 4.42, 25.0), 1e-12) << x;
        EXPECT_LT(froude(hs, 4.42), 1.0) << x;
        const double ht = transcriticalDepth(swashesBump, 1.53, 10.0, x);
        EXPECT_NEAR(head(ht, 1.53, x), 1.5 * criticalDepth(1.53) + 0.2, 1e-12) << x;
        EXPECT_EQ(froude(ht, 1.53) < 1.0, x < 10.0) << x;
    }
    EXPECT_NEAR(transcriticalDepth(swashesBump, 1.53, 10.0, 10.0), criticalDepth(1.53), 1e-12);
    EXPECT_NEAR(transcriticalDepth(swashesBump, 1.53, 10.0, 20.0), 0.40, 0.01);
    EXPECT_TRUE(std::isnan(subcriticalDepth(swashesBump, 4.42, 0.5, 10.0))) << "supercritical outflow is refused";
}

// Relative L1 errors of HLL against `exact` at time t for N = 100, 200, 400, 800 cells, starting at
// rest from depth h0 over `bed`. Prints them and the observed order between 200 and 800, and
// expects each refinement to reduce the error with at least order `minOrder`.
std::vector<double> convergence(const char* name, double length, const Profile& bed, const Profile& h0, double t,
                                const Profile& exact, double minOrder) {
    std::vector<double> errors;
    for (int n : {100, 200, 400, 800}) {
        const HllResult r = makeHllReference(n, 0.0, length, bed, h0).run(t);
        EXPECT_DOUBLE_EQ(r.time, t);
        EXPECT_GT(r.mostNegativeDepth, -1e-12) << name << ", N = " << n;
        errors.push_back(relativeL1Error(r.h, 0.0, length / n, exact));
        std::printf("[ %s ] N = %4d  relative L1 = %.5f\n", name, n, errors.back());
    }
    const double order = std::log(errors[1] / errors[3]) / std::log(4.0);
    std::printf("[ %s ] observed order (200 -> 800) = %.3f\n", name, order);
    for (std::size_t i = 1; i < errors.size(); ++i) EXPECT_LT(errors[i], errors[i - 1]) << name << " at level " << i;
    EXPECT_GE(order, minOrder) << name;
    return errors;
}

double flatBed(double) { return 0.0; }

// Dam breaks on 1000 m with the dam at 500 m, compared at t = 20 s (no wave reaches a wall).
// A first-order scheme converges at order below 1 on these: the kinks at the fan's ends cost more
// than dx (dx log(1/dx) at best) and these grids are not yet asymptotic; 0.7 .. 0.8 is typical.
TEST(HllScheme, ConvergesToStoker) {
    const StokerDamBreak s(2.0, 0.5, 500.0);
    const auto errors = convergence("Stoker", 1000.0, flatBed, [](double x) { return x < 500.0 ? 2.0 : 0.5; }, 20.0,
                                    [&](double x) { return s.at(x, 20.0).h; }, 0.5);
    EXPECT_LT(errors.back(), 0.01);
}

TEST(HllScheme, ConvergesToRitter) {
    const RitterDamBreak r(2.0, 500.0);
    const auto errors = convergence("Ritter", 1000.0, flatBed, [](double x) { return x < 500.0 ? 2.0 : 0.0; }, 20.0,
                                    [&](double x) { return r.at(x, 20.0).h; }, 0.5);
    EXPECT_LT(errors.back(), 0.015);
}

// The SWASHES bowl after one period: moving shorelines over a sloping bed. The solution is smooth
// in the wet region, so the scheme converges at about first order (two independent derivations
// that agree: the analytic one and the scheme's).
TEST(HllScheme, ConvergesToThacker) {
    const ThackerPlanarSurface th(1.0, 0.5, 4.0, 0.5);
    const double t = th.period();
    const auto bed = [&](double x) { return th.bed(x); };
    const auto errors = convergence("Thacker", 4.0, bed, [&](double x) { return th.at(x, 0.0).h; }, t,
                                    [&](double x) { return th.at(x, t).h; }, 0.8);
    EXPECT_LT(errors.back(), 0.02);
}

TEST(HllScheme, KeepsALakeAtRestOverABumpyBedWithAnIsland) {
    const double surface = 0.5;
    const HllReference ref =
        makeHllReference(200, 0.0, 100.0, bumpyBed, [&](double x) { return surface - bumpyBed(x); });
    const HllResult r = ref.run(50.0);
    ASSERT_EQ(r.h.size(), 200u);
    EXPECT_GT(r.steps, 100);
    int dry = 0;
    for (std::size_t i = 0; i < r.h.size(); ++i) {
        if (ref.h[i] == 0) {
            ++dry;
            EXPECT_EQ(r.h[i], 0.0) << "dry cell " << i << " got wet";
        } else {
            EXPECT_NEAR(r.h[i] + ref.bed[i], surface, 1e-12) << "cell " << i;
        }
        EXPECT_NEAR(r.q[i], 0.0, 1e-12) << "cell " << i;
    }
    EXPECT_GT(dry, 5) << "the island and the highest bumps should stand dry";
}

// Starts as a lake at the outflow level and switches the inflow on; steady well before 200 s. At
// steady state every interface passes 4.42 m^2/s exactly, but the cells' q differ from it by the
// scheme's numerical diffusion (a fraction of a percent over the bump), hence the 1 % check.
TEST(HllScheme, ReachesTheSubcriticalBumpSteadyState) {
    HllReference ref = makeHllReference(200, 0.0, 25.0, swashesBump, [](double x) { return 2.0 - swashesBump(x); });
    ref.params.inflowDischarge = 4.42;
    ref.params.outflowDepth = 2.0;
    const HllResult r = ref.run(300.0);
    const auto exact = [](double x) { return subcriticalDepth(swashesBump, 4.42, 2.0, x); };
    const double error = relativeL1Error(r.h, 0.0, ref.dx(), exact);
    double worstQ = 0;
    for (double q : r.q) worstQ = std::max(worstQ, std::abs(q - 4.42));
    std::printf("[ Bump ] N = 200  relative L1 = %.5f  max |q - 4.42| = %.2e m^2/s  (%ld steps)\n", error, worstQ,
                r.steps);
    EXPECT_LT(error, 0.01);
    EXPECT_LT(worstQ, 0.01 * 4.42) << "not steady: discharge still varies along the channel";
}

// A dam break over the bumpy bed, wetting and drying, between walls: the walls pass no mass and the
// interior fluxes cancel in pairs, so the volume may change by rounding only, friction or not.
TEST(HllScheme, ConservesMassInAClosedDomain) {
    const auto h0 = [](double x) { return x < 40.0 ? 1.2 - bumpyBed(x) : 0.0; };
    for (double n : {0.0, 0.03}) {
        HllReference ref = makeHllReference(300, 0.0, 100.0, bumpyBed, h0);
        ref.params.manningN = n;
        const HllResult r = ref.run(60.0);
        ASSERT_EQ(r.h.size(), 300u);
        EXPECT_NEAR(total(r.h) / total(ref.h), 1.0, 1e-12) << "Manning n = " << n;
        EXPECT_GT(r.mostNegativeDepth, -1e-12) << "Manning n = " << n;
        bool spread = false;  // water past x = 50 m, 10 m beyond the dam: the flow did move
        for (std::size_t i = 0; i < r.h.size(); ++i) spread = spread || (ref.cellCentre(i) > 50.0 && r.h[i] > 0.01);
        EXPECT_TRUE(spread) << "Manning n = " << n;
    }
}

TEST(HllScheme, RefusesInconsistentSetups) {
    HllReference ref = makeHllReference(10, 0.0, 10.0, flatBed, [](double) { return 1.0; });
    EXPECT_TRUE(ref.valid());
    ref.q.pop_back();
    EXPECT_FALSE(ref.valid());
    EXPECT_TRUE(ref.run(1.0).h.empty());
    ref.q.push_back(0.0);
    ref.h[3] = -1.0;
    EXPECT_TRUE(ref.run(1.0).h.empty()) << "negative initial depth";
}

}  // namespace
}  // namespace sluice::test

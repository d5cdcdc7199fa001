#include "tests/support/analytic_solutions.hpp"

#include <cmath>
#include <limits>
#include <numbers>

namespace sluice::test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Root of f in [lo, hi], where f(lo) and f(hi) have opposite signs (or one is zero). Halves the
// bracket until it cannot shrink any more in double precision, so the result is exact to rounding.
double bisect(const std::function<double(double)>& f, double lo, double hi) {
    const bool rising = f(lo) < f(hi);
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if ((f(mid) < 0) == rising) lo = mid;
        else hi = mid;
    }
    return 0.5 * (lo + hi);
}

// Specific energy (m) of depth h carrying discharge q: q^2 / (2 g h^2) + h. Its minimum, 1.5 hc, is
// at the critical depth; it rises on both sides, so each side holds one root of E(h) = target.
double specificEnergy(double h, double q, double g) { return q * q / (2.0 * g * h * h) + h; }

// The subcritical (h >= hc) or supercritical (h <= hc) depth with specific energy `target`. A
// target below the minimum by more than rounding has no root (NaN); within rounding it is hc.
double depthForEnergy(double target, double q, double g, bool subcritical) {
    const double hc = criticalDepth(q, g);
    const double eMin = 1.5 * hc;
    if (!(target >= eMin * (1.0 - 1e-12))) return kNaN;
    if (target <= eMin) return hc;
    const auto f = [&](double h) { return specificEnergy(h, q, g) - target; };
    if (subcritical) return bisect(f, hc, target);  // E(target) > target: the root is below it
    // The kinetic term alone reaches `target` at h = q / sqrt(2 g target); E is larger there.
    return bisect(f, q / std::sqrt(2.0 * g * target), hc);
}

}  // namespace

StokerDamBreak::StokerDamBreak(double hL, double hR, double x0, double g)
    : hL_(hL), hR_(hR), x0_(x0), g_(g), hm_(kNaN), um_(kNaN), shockSpeed_(kNaN) {
    if (!(hL > hR && hR > 0 && g > 0)) return;
    // Rarefaction velocity minus shock velocity, as functions of hm: positive at hm = hR, negative
    // at hm = hL and strictly decreasing between, so the bracket holds exactly one root.
    const auto mismatch = [&](double hm) {
        const double rarefaction = 2.0 * (std::sqrt(g * hL) - std::sqrt(g * hm));
        const double shock = (hm - hR) * std::sqrt(g * (hm + hR) / (2.0 * hm * hR));
        return rarefaction - shock;
    };
    hm_ = bisect(mismatch, hR, hL);
    um_ = 2.0 * (std::sqrt(g * hL) - std::sqrt(g * hm_));
    shockSpeed_ = um_ * hm_ / (hm_ - hR);
}

FlowPoint StokerDamBreak::at(double x, double t) const {
    if (std::isnan(hm_)) return {kNaN, kNaN};
    if (t <= 0) return {x < x0_ ? hL_ : hR_, 0.0};
    const double xi = (x - x0_) / t;  // similarity variable (m/s)
    const double cL = std::sqrt(g_ * hL_), cm = std::sqrt(g_ * hm_);
    if (xi <= -cL) return {hL_, 0.0};
    if (xi <= um_ - cm) {
        // Centred rarefaction: u + 2c = 2 cL (left-running Riemann invariant) and u - c = xi.
        const double c = (2.0 * cL - xi) / 3.0;
        return {c * c / g_, 2.0 * (cL + xi) / 3.0};
    }
    if (xi < shockSpeed_) return {hm_, um_};
    return {hR_, 0.0};
}

RitterDamBreak::RitterDamBreak(double hL, double x0, double g)
    : hL_(hL > 0 && g > 0 ? hL : kNaN), x0_(x0), g_(g), c0_(std::sqrt(g * hL_)) {}

FlowPoint RitterDamBreak::at(double x, double t) const {
    if (std::isnan(hL_)) return {kNaN, kNaN};
    if (t <= 0) return x < x0_ ? FlowPoint{hL_, 0.0} : FlowPoint{0.0, 0.0};
    const double xi = (x - x0_) / t;
    if (xi <= -c0_) return {hL_, 0.0};
    if (xi >= 2.0 * c0_) return {0.0, 0.0};
    const double c = (2.0 * c0_ - xi) / 3.0;  // the Stoker fan with the middle state at depth 0
    return {c * c / g_, 2.0 * (c0_ + xi) / 3.0};
}

ThackerPlanarSurface::ThackerPlanarSurface(double a, double h0, double L, double eta, double g)
    : a_(a), h0_(h0), L_(L), eta_(eta), omega_(std::sqrt(2.0 * g * h0) / a) {
    if (!(a > 0 && h0 > 0 && g > 0 && std::abs(eta) + a <= 0.5 * L)) a_ = h0_ = L_ = eta_ = omega_ = kNaN;
}

double ThackerPlanarSurface::bed(double x) const {
    const double r = (x - 0.5 * L_) / a_;
    return h0_ * (r * r - 1.0);
}

FlowPoint ThackerPlanarSurface::at(double x, double t) const {
    if (std::isnan(a_)) return {kNaN, kNaN};
    // Depth is the bowl's rest profile h0 (1 - r^2) shifted by s(t); h + z is then linear in x:
    // h0 (2 (x - L/2) s - s^2) / a^2, a plane whose slope drives the uniform acceleration du/dt.
    const double s = eta_ * std::cos(omega_ * t);
    const double r = (x - 0.5 * L_ - s) / a_;
    if (std::abs(r) >= 1.0) return {0.0, 0.0};
    return {h0_ * (1.0 - r * r), -eta_ * omega_ * std::sin(omega_ * t)};
}

double ThackerPlanarSurface::leftShoreline(double t) const { return 0.5 * L_ + eta_ * std::cos(omega_ * t) - a_; }

double ThackerPlanarSurface::rightShoreline(double t) const { return 0.5 * L_ + eta_ * std::cos(omega_ * t) + a_; }

double ThackerPlanarSurface::period() const { return 2.0 * std::numbers::pi / omega_; }

double criticalDepth(double q, double g) { return std::cbrt(q * q / g); }

double swashesBump(double x) { return (x > 8.0 && x < 12.0) ? 0.2 - 0.05 * (x - 10.0) * (x - 10.0) : 0.0; }

double subcriticalDepth(const Profile& bed, double q, double hOut, double x, double g) {
    if (!(hOut > 0 && g > 0) || hOut < criticalDepth(q, g)) return kNaN;
    const double energy = specificEnergy(hOut, q, g);  // total head, bed datum at the outflow
    return depthForEnergy(energy - bed(x), q, g, true);
}

double transcriticalDepth(const Profile& bed, double q, double xCrest, double x, double g) {
    if (!(q > 0 && g > 0)) return kNaN;
    const double energy = 1.5 * criticalDepth(q, g) + bed(xCrest);  // critical flow at the crest
    return depthForEnergy(energy - bed(x), q, g, x < xCrest);
}

double relativeL1Error(const std::vector<double>& depths, double xMin, double dx, const Profile& exact) {
    // dx is uniform, so it cancels between numerator and denominator.
    double error = 0, water = 0;
    for (std::size_t i = 0; i < depths.size(); ++i) {
        const double he = exact(xMin + (double(i) + 0.5) * dx);
        error += std::abs(depths[i] - he);
        water += he;
    }
    return water > 0 ? error / water : kNaN;
}

}  // namespace sluice::test

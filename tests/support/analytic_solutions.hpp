#pragma once
// Exact solutions of the 1-D shallow-water equations
//     h_t + (h u)_x = 0,    (h u)_t + (h u^2 + g h^2 / 2)_x = -g h z_x
// for validating numerical schemes (see tests/support/hll_reference.hpp). SI units throughout:
// x and depths in metres, t in seconds, u in m/s, discharge per unit width q = h u in m^2/s.
// Nothing here throws: parameters outside a solution's range give NaN, which fails any comparison.
#include <functional>
#include <vector>

namespace sluice::test {

/// Gravitational acceleration (m/s^2), the default of every solution below.
inline constexpr double kGravity = 9.81;

/// A bed or depth profile: metres as a function of x (m).
using Profile = std::function<double(double)>;

/// Depth h (m) and depth-averaged velocity u (m/s) at one point and time.
struct FlowPoint {
    double h = 0;
    double u = 0;
};

/// Stoker's dam break on a wet, flat, frictionless bed: still water of depth hL left of the dam at
/// x0 and hR right of it at t = 0. A rarefaction runs left, a shock right; between them a constant
/// middle state (hm, um) that satisfies both the rarefaction (Riemann invariant) relation
/// um = 2 (sqrt(g hL) - sqrt(g hm)) and the shock (Rankine-Hugoniot) relation
/// um = (hm - hR) sqrt(g (hm + hR) / (2 hm hR)). Requires hL > hR > 0, otherwise all NaN.
class StokerDamBreak {
public:
    /// Solves the middle state by bisection, to rounding (|hm error| ~ 1e-15 m).
    StokerDamBreak(double hL, double hR, double x0, double g = kGravity);

    /// Exact h and u at (x, t); t <= 0 gives the initial step (x < x0 is left).
    FlowPoint at(double x, double t) const;
    /// Position (m) of the shock at time t (s): x0 + S t.
    double shockPosition(double t) const { return x0_ + shockSpeed_ * t; }

    /// Middle-state depth hm (m), between hR and hL.
    double middleDepth() const { return hm_; }
    /// Middle-state velocity um (m/s), positive (towards the shallow side).
    double middleVelocity() const { return um_; }
    /// Shock speed S = um hm / (hm - hR) (m/s), from mass conservation across the shock.
    double shockSpeed() const { return shockSpeed_; }

private:
    double hL_, hR_, x0_, g_;
    double hm_, um_, shockSpeed_;
};

/// Ritter's dam break on a dry, flat, frictionless bed: depth hL left of x0, nothing right of it at
/// t = 0. With c0 = sqrt(g hL): h = hL for x < x0 - c0 t, h = (2 c0 - (x - x0)/t)^2 / (9 g) and
/// u = 2 (c0 + (x - x0)/t) / 3 in the fan, h = u = 0 beyond the front x0 + 2 c0 t.
/// Requires hL > 0, otherwise all NaN.
class RitterDamBreak {
public:
    /// hL: initial depth (m) left of the dam at x0 (m).
    RitterDamBreak(double hL, double x0, double g = kGravity);

    /// Exact h and u at (x, t); t <= 0 gives the initial step (x < x0 is wet).
    FlowPoint at(double x, double t) const;
    /// Position (m) of the wet/dry front at time t (s): x0 + 2 c0 t.
    double frontPosition(double t) const { return x0_ + 2.0 * c0_ * t; }

private:
    double hL_, x0_, g_, c0_;
};

/// Thacker's planar surface oscillating in a parabolic bowl, 1-D and frictionless (the SWASHES
/// case "planar surface in a parabola"): bed z(x) = h0 ((x - L/2)^2 / a^2 - 1), so z = -h0 at the
/// centre L/2 and z = 0 at distance a from it. The water body keeps its shape and translates:
/// its centre is L/2 + s(t) with s = eta cos(omega t), omega = sqrt(2 g h0) / a, so the velocity is
/// uniform, u = ds/dt = -eta omega sin(omega t), and the free surface h + z stays a plane. Wet
/// interval |x - L/2 - s| < a; depth 0 outside. Needs eta + a <= L/2 to stay inside [0, L].
class ThackerPlanarSurface {
public:
    /// a: half-width (m) of the wet region, h0: depth (m) at the bowl's centre at rest, L: domain
    /// length (m), eta: amplitude (m) of the centre's oscillation (SWASHES: 1, 0.5, 4, 0.5).
    ThackerPlanarSurface(double a, double h0, double L, double eta, double g = kGravity);

    /// Bed elevation (m) at x.
    double bed(double x) const;
    /// Exact h and u at (x, t); h = u = 0 outside the wet interval.
    FlowPoint at(double x, double t) const;
    /// Left shoreline (m) at time t: L/2 + s(t) - a.
    double leftShoreline(double t) const;
    /// Right shoreline (m) at time t: L/2 + s(t) + a.
    double rightShoreline(double t) const;
    /// Oscillation period 2 pi / omega (s).
    double period() const;

private:
    double a_, h0_, L_, eta_, omega_;
};

/// Critical depth (m) for discharge q (m^2/s): (q^2 / g)^(1/3), where the Froude number is 1.
double criticalDepth(double q, double g = kGravity);

/// The SWASHES bump (m): 0.2 - 0.05 (x - 10)^2 on 8 < x < 12, 0 elsewhere; crest at x = 10.
double swashesBump(double x);

/// Depth (m) of steady subcritical flow over a bed (SWASHES "subcritical flow"): discharge q
/// (m^2/s) everywhere, depth hOut at the outflow where z = 0, and between them Bernoulli
/// q^2 / (2 g h^2) + h + z = q^2 / (2 g hOut^2) + hOut, taking the subcritical root h > hc.
/// NaN where no subcritical root exists (the flow would choke) or hOut is not subcritical.
double subcriticalDepth(const Profile& bed, double q, double hOut, double x, double g = kGravity);

/// Depth (m) of steady transcritical flow without a shock (SWASHES, q = 1.53 over swashesBump):
/// critical at the crest xCrest, which fixes the energy to 1.5 hc + z(xCrest); subcritical root
/// for x < xCrest, supercritical for x > xCrest. NaN where z(x) > z(xCrest).
double transcriticalDepth(const Profile& bed, double q, double xCrest, double x, double g = kGravity);

/// Relative L1 error sum |h_i - h_exact(x_i)| dx / sum h_exact(x_i) dx over cell centres
/// x_i = xMin + (i + 1/2) dx. NaN when the exact profile holds no water.
double relativeL1Error(const std::vector<double>& depths, double xMin, double dx, const Profile& exact);

}  // namespace sluice::test

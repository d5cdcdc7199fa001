#pragma once
// A plain first-order finite-volume scheme for the 1-D shallow-water equations, kept simple enough
// to be obviously correct, as a reference for the production solvers: cell averages of depth h (m)
// and discharge q = h u (m^2/s); HLL fluxes with Einfeldt's wave speeds (dry states handled with
// the dry-front speed u +- 2c); the hydrostatic reconstruction of Audusse et al. (2004) for the bed
// slope, so a lake at rest stays exactly at rest and depths stay non-negative; forward Euler with a
// Courant-limited time step; Manning friction applied semi-implicitly. Nothing here throws.
#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "tests/support/analytic_solutions.hpp"

namespace sluice::test {

/// Physical and numerical parameters of the reference scheme.
struct HllParams {
    double g = kGravity;       ///< m/s^2
    double courant = 0.5;      ///< dt = courant dx / max(|u| + sqrt(g h)); <= 0.5 keeps depths >= 0
    double manningN = 0;       ///< Manning roughness (s / m^(1/3)); 0 is frictionless
    double dryDepth = 1e-10;   ///< m; cells shallower than this carry no velocity (q = 0)
    /// Discharge (m^2/s) forced through the left boundary (its depth is extrapolated); a wall if unset.
    std::optional<double> inflowDischarge;
    /// With an inflow: it runs at inflowDischarge until inflowFallsFrom (s), falls linearly to 0 at
    /// inflowEndsAt and stays 0 (a wall); a Sluice inflow hydrograph with the same points.
    double inflowFallsFrom = std::numeric_limits<double>::infinity();
    double inflowEndsAt = std::numeric_limits<double>::infinity();
    /// Depth (m) held at the right boundary (its discharge is extrapolated); a wall if unset.
    std::optional<double> outflowDepth;
    long maxSteps = 10'000'000;  ///< gives up (HllResult::time < until) rather than loop forever
};

/// The state reached by HllReference::run.
struct HllResult {
    std::vector<double> h;  ///< depth per cell (m), never negative
    std::vector<double> q;  ///< discharge per cell (m^2/s), 0 where h < dryDepth
    double time = 0;        ///< s; equals the requested time unless maxSteps ran out
    long steps = 0;
    /// The most negative depth (m) any update produced before it was clamped to 0: rounding-sized
    /// (> -1e-12) when the scheme is positivity preserving, as it should be.
    double mostNegativeDepth = 0;
};

/// A 1-D channel of bed.size() equal cells on [xMin, xMin + length], with its initial state.
/// Walls (reflective ghost cells) close both ends unless params say otherwise.
struct HllReference {
    double xMin = 0;             ///< m, left edge of the first cell
    double length = 0;           ///< m
    std::vector<double> bed;     ///< bed elevation per cell (m)
    std::vector<double> h;       ///< initial depth per cell (m), >= 0
    std::vector<double> q;       ///< initial discharge per cell (m^2/s)
    HllParams params;

    /// Cell width (m).
    double dx() const { return length / double(bed.size()); }
    /// Centre (m) of cell i.
    double cellCentre(std::size_t i) const { return xMin + (double(i) + 0.5) * dx(); }
    /// Whether the arrays agree in size, are non-empty, and the numbers are usable.
    bool valid() const;
    /// Runs from the initial state (t = 0) to `until` (s) and returns the final state; the reference
    /// itself is unchanged, so each call starts afresh. An invalid setup returns an empty result.
    HllResult run(double until) const;
};

/// n cells on [xMin, xMin + length] with the bed and initial depth sampled at cell centres, at rest.
HllReference makeHllReference(int n, double xMin, double length, const Profile& bed, const Profile& depth);

}  // namespace sluice::test

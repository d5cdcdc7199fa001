#pragma once
// Runs the production solvers on a 1-D channel for comparison with the exact solutions and the HLL
// reference (tests/support/analytic_solutions.hpp, hll_reference.hpp): a grid of `cells` x `rows`
// cells with walls along its long sides, the bed and the initial depth sampled at cell centres, and
// the row-averaged depth at the end.
#include <string>
#include <vector>

#include "sim/params.hpp"
#include "sim/scene.hpp"
#include "tests/support/analytic_solutions.hpp"

namespace sluice::test {

/// A channel on [xMin, xMin + length] along x; its west and east ends are `boundary.west` /
/// `boundary.east` (south and north are walls).
struct ChannelSetup {
    int cells = 100;
    int rows = 2;
    double xMin = 0, length = 100;
    Profile bed = [](double) { return 0.0; };
    Profile depth = [](double) { return 0.0; };
    sim::SimParams params;       ///< frictionless by default (manning_n 0), the default model
    sim::Boundaries boundary;    ///< walls unless set
    double stepSeconds = 0.05;   ///< length of one solver step (CFL substeps below it)

    ChannelSetup() { params.manningN = 0; }
    double dx() const { return length / double(cells); }
    double cellCentre(int i) const { return xMin + (double(i) + 0.5) * dx(); }
    sim::Scene scene() const;
};

/// What a run reached.
struct ChannelResult {
    std::vector<double> h;  ///< depth per column (m), averaged over the rows
    std::vector<double> u;  ///< velocity per column (m/s): the mean of the column's two x-face flows over its depth
    double time = 0;        ///< s simulated
    long substeps = 0;
    float maxCourant = 0;
    long cappedSteps = 0;
    long residualUnits = 0;  ///< the ledger's residual (exactly 0 when nothing is lost)
    double maxRowSpread = 0; ///< largest difference between rows of one column (m): 0 for a 1-D flow
};

/// Runs the setup to `until` seconds on "cpu" or "gpu" (the last step shortened to land on it).
ChannelResult runChannel(const ChannelSetup& setup, double until, const std::string& backend = "cpu");

/// Relative L1 distance of h from the exact profile, integral |h - exact| / integral exact, over the
/// channel's cell centres.
double relativeL1(const ChannelSetup& setup, const std::vector<double>& h, const Profile& exact);

/// Position (m) where h first falls through `level` going in +x from x >= from: linear between the
/// cell centres on either side. NaN when it never does.
double crossingPosition(const ChannelSetup& setup, const std::vector<double>& h, double level, double from);

}  // namespace sluice::test

#include "tests/support/channel_run.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/support/backends.hpp"

namespace sluice::test {

sim::Scene ChannelSetup::scene() const {
    sim::Scene s = flatScene(cells, rows, float(dx()));
    s.params = params;
    s.boundary = boundary;
    s.boundary.south = s.boundary.north = sim::BoundarySide{};
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < cells; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(cells) + std::size_t(x);
            s.terrainM[i] = float(bed(cellCentre(x)));
            s.depthM[i] = float(std::max(0.0, depth(cellCentre(x))));
        }
    return s;
}

ChannelResult runChannel(const ChannelSetup& setup, double until, const std::string& backend) {
    ChannelResult r;
    auto solver = makeSolver(backend, setup.scene());
    if (!solver) return r;
    const double step = setup.stepSeconds;
    const long steps = long(std::ceil(until / step - 1e-9));
    for (long k = 0; k < steps; ++k) {
        const double left = until - solver->counters().timeSeconds;
        solver->step(float(std::min(step, left)));
    }
    const sim::FieldSnapshot f = solver->download();
    const int W = setup.cells;
    r.h.assign(std::size_t(W), 0.0);
    r.u.assign(std::size_t(W), 0.0);
    for (int x = 0; x < W; ++x) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (int y = 0; y < setup.rows; ++y) {
            const double h = f.depthM[std::size_t(y) * std::size_t(W) + std::size_t(x)];
            r.h[std::size_t(x)] += h / setup.rows;
            lo = std::min(lo, h);
            hi = std::max(hi, h);
            const std::size_t fx = std::size_t(y) * std::size_t(W + 1) + std::size_t(x);
            const double q = 0.5 * (double(f.flowXM3PerS[fx]) + double(f.flowXM3PerS[fx + 1])) / setup.dx();
            if (h > 0) r.u[std::size_t(x)] += q / h / setup.rows;
        }
        r.maxRowSpread = std::max(r.maxRowSpread, hi - lo);
    }
    const sim::RunCounters& c = solver->counters();
    r.time = c.timeSeconds;
    r.substeps = long(c.substeps);
    (void)solver->lastCourant();
    r.maxCourant = solver->counters().maxCourant;
    r.cappedSteps = long(c.cappedSteps);
    r.residualUnits = long(solver->ledger().residualUnits);
    return r;
}

double relativeL1(const ChannelSetup& setup, const std::vector<double>& h, const Profile& exact) {
    double err = 0, norm = 0;
    for (int i = 0; i < setup.cells; ++i) {
        const double e = exact(setup.cellCentre(i));
        err += std::abs(h[std::size_t(i)] - e);
        norm += std::abs(e);
    }
    return norm > 0 ? err / norm : std::numeric_limits<double>::quiet_NaN();
}

double crossingPosition(const ChannelSetup& setup, const std::vector<double>& h, double level, double from) {
    for (int i = 0; i + 1 < setup.cells; ++i) {
        const double x0 = setup.cellCentre(i), x1 = setup.cellCentre(i + 1);
        if (x1 < from) continue;
        const double a = h[std::size_t(i)], b = h[std::size_t(i + 1)];
        if (a >= level && b < level) return x0 + (a - level) / (a - b) * (x1 - x0);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace sluice::test

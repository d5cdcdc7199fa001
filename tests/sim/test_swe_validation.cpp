// The shallow-water model against exact solutions and a standard first-order Godunov scheme (HLL
// with hydrostatic reconstruction, forward Euler, Courant 0.5: tests/support/hll_reference.hpp) on the
// same grids. Targets (issue 14): L1 depth error within twice the HLL scheme's, observed convergence
// order >= 0.5 under refinement, shock and front positions within two cells. The tables printed
// here are the figures in docs/VALIDATION.md; with SLUICE_VALIDATION_OUT=DIR set, each case also
// writes its profiles there (scripts/validation-report.sh plots them), the pipe model's included.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/analytic_solutions.hpp"
#include "tests/support/channel_run.hpp"
#include "tests/support/hll_reference.hpp"

namespace sluice::test {
namespace {

struct Row {
    int cells = 0;
    double ours = 0, hll = 0;
    double shockOurs = 0, shockHll = 0;  // position errors, cells
};

HllResult runHll(const ChannelSetup& c, double until) {
    HllReference ref = makeHllReference(c.cells, c.xMin, c.length, c.bed, c.depth);
    ref.params.manningN = c.params.manningN;
    return ref.run(until);
}

// Observed order between the coarsest and finest grids (each doubling halves dx).
double order(const std::vector<Row>& rows) {
    return std::log2(rows.front().ours / rows.back().ours) / double(rows.size() - 1);
}

void print(const char* name, const std::vector<Row>& rows, const char* position) {
    std::printf("%s: cells | L1 swe | L1 HLL | ratio | %s error swe / HLL (cells)\n", name, position);
    for (const Row& r : rows)
        std::printf("  %5d | %.5f | %.5f | %.2f | %+.3f / %+.3f\n", r.cells, r.ours, r.hll, r.ours / r.hll, r.shockOurs,
                    r.shockHll);
    std::printf("  observed order swe %.2f, HLL %.2f\n", order(rows),
                std::log2(rows.front().hll / rows.back().hll) / double(rows.size() - 1));
}

/// With SLUICE_VALIDATION_OUT set: DIR/<name>-<cells>.csv with x, bed, exact, swe, HLL and pipe-model
/// depths and the shallow-water model's velocity (u) at the cell centres (the pipe model run on the same setup, with its default linear friction,
/// for the comparison plots).
void writeProfiles(const char* name, const ChannelSetup& c, const ChannelResult& ours, const std::vector<double>& hll,
                   const Profile& exact, double until) {
    const char* dir = std::getenv("SLUICE_VALIDATION_OUT");
    if (!dir || !*dir) return;
    ChannelSetup pipes = c;
    pipes.params.model = sim::WaterModel::Pipes;
    pipes.params.frictionLaw = sim::FrictionLaw::Linear;
    pipes.params.friction = sim::SimParams{}.friction;  // the seeds' damping: without it the pipes ring
    const ChannelResult p = runChannel(pipes, until);
    std::ofstream f(std::string(dir) + "/" + name + "-" + std::to_string(c.cells) + ".csv");
    f << "x,bed,exact,swe,hll,pipes,u\n";
    for (int i = 0; i < c.cells; ++i) {
        const double x = c.cellCentre(i);
        const std::size_t k = std::size_t(i);
        f << x << "," << c.bed(x) << "," << exact(x) << "," << ours.h[k] << "," << hll[k] << "," << p.h[k] << "," << ours.u[k] << "\n";
    }
    EXPECT_TRUE(f.good()) << "writing profiles to " << dir;
}

ChannelSetup damBreak(int cells, double hL, double hR);

/// One grid of a dam break to T seconds: the run's health (no capped step, exact books, Courant
/// held, a 1-D flow), L1 errors of both schemes, and where each crosses `level` against `exactAt`
/// (cells). Writes the profiles under `name` when asked (writeProfiles).
Row damBreakRow(const char* name, int n, double hL, double hR, double T, const Profile& exact, double level,
                double exactAt) {
    const ChannelSetup c = damBreak(n, hL, hR);
    const ChannelResult ours = runChannel(c, T);
    const HllResult hll = runHll(c, T);
    EXPECT_EQ(ours.cappedSteps, 0);
    EXPECT_EQ(ours.residualUnits, 0);
    EXPECT_EQ(ours.maxRowSpread, 0.0);
    EXPECT_LE(ours.maxCourant, 0.5f + 1e-4f);
    Row r{n, relativeL1(c, ours.h, exact), relativeL1(c, hll.h, exact)};
    r.shockOurs = (crossingPosition(c, ours.h, level, 100.0) - exactAt) / c.dx();
    r.shockHll = (crossingPosition(c, hll.h, level, 100.0) - exactAt) / c.dx();
    writeProfiles(name, c, ours, hll.h, exact, T);
    return r;
}

ChannelSetup damBreak(int cells, double hL, double hR) {
    ChannelSetup c;
    c.cells = cells;
    c.length = 200;
    c.depth = [=](double x) { return x < 100.0 ? hL : hR; };
    c.stepSeconds = 0.1;
    return c;
}

}  // namespace

TEST(SweValidation, StokerDamBreak) {
    const double T = 10, hL = 2, hR = 0.5;
    const StokerDamBreak exact(hL, hR, 100.0);
    const Profile h = [&](double x) { return exact.at(x, T).h; };
    const double mid = 0.5 * (exact.middleDepth() + hR);
    std::vector<Row> rows;
    for (int n : {100, 200, 400, 800})
        rows.push_back(damBreakRow("stoker", n, hL, hR, T, h, mid, exact.shockPosition(T)));
    print("Stoker", rows, "shock");
    for (const Row& r : rows) {
        EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
        EXPECT_LE(std::abs(r.shockOurs), 2.0) << r.cells;
    }
    EXPECT_GE(order(rows), 0.5);
}

TEST(SweValidation, RitterDamBreak) {
    const double T = 10, hL = 2;
    const RitterDamBreak exact(hL, 100.0);
    const Profile h = [&](double x) { return exact.at(x, T).h; };
    std::vector<Row> rows;
    // The front: where the depth falls through 1 % of hL (the exact tongue is thinner than that over
    // its last metres).
    const double level = 0.01 * hL;
    double exactFront = 100.0;
    for (double x = 100.0; x < 200.0; x += 1e-3)
        if (exact.at(x, T).h >= level) exactFront = x;
    for (int n : {100, 200, 400, 800}) rows.push_back(damBreakRow("ritter", n, hL, 0.0, T, h, level, exactFront));
    print("Ritter", rows, "front");
    // The tongue's tip is a degenerate rarefaction (h ~ (x_front - x)^2) that first-order schemes
    // smear over a growing number of cells: at this level the HLL scheme lags 5 to 12 cells on these
    // grids, lagging more the finer the grid. The shallow-water model lags 0.2-1.9 cells (the issue
    // asks for 1-2; docs/VALIDATION.md), and its L1 error is a quarter to two fifths of the
    // reference's. With the face depth reconstructed from the surface alone, never from the root of
    // the depth (swe_math.h, sweFaceDepth), it lagged 2.5-3.2 cells on three grids; with the root's
    // face depth taken as rFace^2 - hC (which carries the roots' rounding), 1.2-2.2. The lag at this level moves
    // by up to a cell with small changes to the tip's arithmetic (the 1 % level lies where the tongue
    // is a few cells thick), so the bound is the issue's, not a margin below the measured figures.
    for (const Row& r : rows) {
        EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
        EXPECT_LE(std::abs(r.shockOurs), 2.0) << r.cells;
    }
    EXPECT_GE(order(rows), 0.5);
    // The tongue: its velocity against the exact u = 2 (c0 + (x - x0) / t) / 3, and its depth falling
    // cell by cell as the exact one does. A face depth taken at the face rather than over the water
    // that crosses it (swe_math.h, sweFaceDepth) made it a staircase of small bores: plateaus of
    // equal depth 8 cells long with the velocity 5 % low at each step.
    for (int n : {400, 800}) {
        const ChannelSetup c = damBreak(n, hL, 0.0);
        const ChannelResult ours = runChannel(c, T);
        double worstU = 0, flattest = 1e9;
        for (int i = 1; i < n; ++i) {
            const double x = c.cellCentre(i);
            if (x < 150.0 || ours.h[std::size_t(i)] < level) continue;
            const FlowPoint e = exact.at(x, T);
            worstU = std::max(worstU, std::abs(ours.u[std::size_t(i)] - e.u) / e.u);
            const double drop = ours.h[std::size_t(i - 1)] - ours.h[std::size_t(i)];
            const double exactDrop = exact.at(c.cellCentre(i - 1), T).h - e.h;
            flattest = std::min(flattest, drop / exactDrop);
        }
        std::printf("  %d cells, tongue from 150 m to the 1 %% level: velocity within %.4f of exact, each cell's "
                    "fall at least %.2f of the exact one\n", n, worstU, flattest);
        EXPECT_LT(worstU, 0.025) << n;  // measured 0.0058 and 0.0042 (0.055 and 0.031 at the face)
        EXPECT_GT(flattest, 0.5) << n;  // measured 0.81 and 0.97 (0.03 at the face)
    }
}

// The front's lag does not grow with time: at 1 and 2 cells per metre on a 400 m channel it stays within
// the same few cells from 2.5 s to 20 s (an offset from the start, when the tongue is a few cells long
// and everything next to the dry bed is first order), so in metres it converges at first order.
TEST(SweValidation, RitterFrontLagStaysBoundedInTime) {
    const double hL = 2, level = 0.01 * hL;
    const RitterDamBreak exact(hL, 100.0);
    for (int n : {400, 800}) {
        for (double T : {2.5, 5.0, 10.0, 20.0}) {
            ChannelSetup c = damBreak(n, hL, 0.0);
            c.length = 400;  // the exact front reaches 277 m at 20 s
            const ChannelResult ours = runChannel(c, T);
            EXPECT_EQ(ours.residualUnits, 0);
            double exactFront = 100.0;
            for (double x = 100.0; x < 400.0; x += 1e-3)
                if (exact.at(x, T).h >= level) exactFront = x;
            const double lag = (crossingPosition(c, ours.h, level, 100.0) - exactFront) / c.dx();
            std::printf("  Ritter, %.1f cells per metre, t = %4.1f s: front %+.2f cells\n", 1.0 / c.dx(), T, lag);
            // Measured 0.2-2.5 cells (3.2 with the face depth from the surface alone).
            EXPECT_LE(std::abs(lag), 3.0) << n << " cells at " << T << " s";
        }
    }
}

// Steady subcritical flow over the SWASHES bump (q = 4.42 m^2/s in at the west, the level held at 2 m
// at the east): the surface dips over the crest, where the pipe model keeps it flat. Compared after
// 300 s, when the discharge is uniform along the channel.
TEST(SweValidation, SubcriticalFlowOverABump) {
    const double q = 4.42, hOut = 2.0;
    const Profile exact = [&](double x) { return subcriticalDepth(swashesBump, q, hOut, x); };
    std::vector<Row> rows;
    for (int n : {50, 100, 200}) {
        ChannelSetup c;
        c.cells = n;
        c.length = 25;
        c.bed = swashesBump;
        c.depth = [&](double x) { return hOut - swashesBump(x); };
        c.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, q);
        c.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Level, hOut);
        c.stepSeconds = 0.5;
        const ChannelResult ours = runChannel(c, 300.0);
        HllReference ref = makeHllReference(n, 0.0, 25.0, swashesBump, c.depth);
        ref.params.inflowDischarge = q;
        ref.params.outflowDepth = hOut;
        const HllResult hll = ref.run(300.0);
        ASSERT_EQ(ours.cappedSteps, 0);
        EXPECT_EQ(ours.residualUnits, 0);
        Row r{n, relativeL1(c, ours.h, exact), relativeL1(c, hll.h, exact)};
        // The dip at the crest (m): how far the surface there lies below the outflow level.
        const int crest = int(10.0 / c.dx());
        const double dip = hOut - (ours.h[std::size_t(crest)] + swashesBump(c.cellCentre(crest)));
        const double exactDip = hOut - (exact(c.cellCentre(crest)) + swashesBump(c.cellCentre(crest)));
        r.shockOurs = dip - exactDip;
        r.shockHll = hOut - (hll.h[std::size_t(crest)] + swashesBump(c.cellCentre(crest))) - exactDip;
        // Steady: the discharge is uniform along the channel.
        double worstQ = 0;
        for (int i = 0; i < n; ++i) worstQ = std::max(worstQ, std::abs(ours.h[std::size_t(i)] * ours.u[std::size_t(i)] - q));
        EXPECT_LT(worstQ, 0.02 * q) << n;
        EXPECT_GT(dip, 0.5 * exactDip) << n;
        rows.push_back(r);
        writeProfiles("subcritical", c, ours, hll.h, exact, 300.0);
    }
    print("Subcritical bump", rows, "crest dip (m)");
    for (const Row& r : rows) EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
    EXPECT_GE(order(rows), 0.5);
    EXPECT_LT(std::abs(rows.back().shockOurs), 0.01);
}

// Steady transcritical flow over the bump without a shock (SWASHES: q = 1.53 m^2/s): subcritical
// upstream, critical at the crest, supercritical downstream, leaving through an open (free outfall) east end.
TEST(SweValidation, TranscriticalFlowOverABump) {
    const double q = 1.53;
    const Profile exact = [&](double x) { return transcriticalDepth(swashesBump, q, 10.0, x); };
    std::vector<Row> rows;
    double upstreamError = 1.0;  // m, at x = 2 m on the 100-cell grid
    for (int n : {50, 100, 200}) {
        ChannelSetup c;
        c.cells = n;
        c.length = 25;
        c.bed = swashesBump;
        c.depth = [&](double x) { return std::max(0.0, 0.66 - swashesBump(x)); };
        c.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, q);
        c.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);  // free outfall
        c.stepSeconds = 0.5;
        const ChannelResult ours = runChannel(c, 300.0);
        ASSERT_EQ(ours.cappedSteps, 0);
        EXPECT_EQ(ours.residualUnits, 0);
        // The reference holds SWASHES' 0.66 m at its outflow, which supercritical flow overrides.
        HllReference ref = makeHllReference(n, 0.0, 25.0, swashesBump, c.depth);
        ref.params.inflowDischarge = q;
        ref.params.outflowDepth = 0.66;
        const HllResult hll = ref.run(300.0);
        Row r{n, relativeL1(c, ours.h, exact), relativeL1(c, hll.h, exact)};
        // Depth at the last cell, where the flow is supercritical (m, against the exact depth).
        r.shockOurs = ours.h.back() - exact(c.cellCentre(n - 1));
        r.shockHll = hll.h.back() - exact(c.cellCentre(n - 1));
        double worstQ = 0;
        for (int i = 0; i < n; ++i) worstQ = std::max(worstQ, std::abs(ours.h[std::size_t(i)] * ours.u[std::size_t(i)] - q));
        EXPECT_LT(worstQ, 0.03 * q) << n;
        if (n == 100) upstreamError = ours.h[std::size_t(2.0 / c.dx())] - exact(c.cellCentre(int(2.0 / c.dx())));
        rows.push_back(r);
        writeProfiles("transcritical", c, ours, hll.h, exact, 300.0);
    }
    print("Transcritical bump", rows, "outflow depth (m)");
    // The upstream level is set by the critical section on the crest: it needs each cell's velocity
    // head at the cell, not at its inflow face (swe_math.h, sweHeadDifference), which took this
    // case from 2.6 to 0.7 times the reference's error.
    for (const Row& r : rows) EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
    EXPECT_GE(order(rows), 0.5);
    // The upstream depth, 2 cm low at 100 cells with the velocity head at the inflow face.
    EXPECT_LT(std::abs(upstreamError), 0.004);
}

// Thacker's planar surface in a parabolic bowl after one period (SWASHES): moving shorelines over a
// sloping bed, wetting and drying on both sides every half period.
TEST(SweValidation, ThackerBowlMovingShorelines) {
    const ThackerPlanarSurface th(1.0, 0.5, 4.0, 0.5);
    const double T = th.period();
    const Profile exact = [&](double x) { return th.at(x, T).h; };
    std::vector<Row> rows;
    for (int n : {100, 200, 400}) {
        ChannelSetup c;
        c.cells = n;
        c.length = 4;
        c.bed = [&](double x) { return th.bed(x); };
        c.depth = [&](double x) { return th.at(x, 0.0).h; };
        c.stepSeconds = 0.02;
        const ChannelResult ours = runChannel(c, T);
        const HllResult hll = runHll(c, T);
        ASSERT_EQ(ours.cappedSteps, 0);
        EXPECT_EQ(ours.residualUnits, 0);
        Row r{n, relativeL1(c, ours.h, exact), relativeL1(c, hll.h, exact)};
        // The right shoreline: the last wet cell's outer face against the exact shoreline.
        int last = 0;
        for (int i = 0; i < n; ++i)
            if (ours.h[std::size_t(i)] > 1e-3) last = i;
        r.shockOurs = (c.cellCentre(last) + 0.5 * c.dx() - th.rightShoreline(T)) / c.dx();
        int lastHll = 0;
        for (int i = 0; i < n; ++i)
            if (hll.h[std::size_t(i)] > 1e-3) lastHll = i;
        r.shockHll = (c.cellCentre(lastHll) + 0.5 * c.dx() - th.rightShoreline(T)) / c.dx();
        rows.push_back(r);
        writeProfiles("thacker", c, ours, hll.h, exact, T);
    }
    print("Thacker", rows, "right shoreline");
    for (const Row& r : rows) EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
    EXPECT_GE(order(rows), 0.5);
}


// Filling of depressions: a 400 m channel falling 1 in 1500 with four pits 0.5 m deep, 100 m apart
// (after the Environment Agency's 2-D benchmark test 2, "filling of floodplain depressions", in one
// dimension: Neelz & Pender 2013), fed slowly at its upstream end for 3000 s (0.02 m^2/s, then
// falling to 0 within a second) and left to settle for 6000 s, Manning n = 0.03. Where the water
// comes to rest is known without solving any flow: each pit fills to the level of its downstream rim
// before any of its water passes on (low momentum), the first pit it cannot fill holds the rest, and
// the pits beyond stay dry. That state is computed from the grid's own cell beds (cascade()). What a
// finite time leaves besides is water still above the full pits' rims, draining over them as a film
// whose friction sets the pace; it is printed with the reference scheme's, whose numerical diffusion
// (a flux of about c / 2 times the depth difference across each face) drains rims faster than the
// friction law alone would, so it holds less there on coarse grids and more on fine ones.
namespace {

double pitsBed(double x) {
    const double s = std::sin(3.14159265358979 * x / 100.0);
    return -x / 1500.0 - 0.5 * s * s;
}

struct Pit {
    int from = 0, rim = 0;    // its cells [from, rim]; rim: the highest bed between two minima (or the last cell)
    double capacity = 0;      // m^2 (m^3 per metre of width) below the rim's bed
    double atRest = 0;        // what it holds at rest, m^2
};

// The water (m^2) held in cells [from, rim] of beds b (dx wide) below `level`.
double heldBelow(const std::vector<double>& b, double dx, int from, int rim, double level) {
    double v = 0;
    for (int i = from; i <= rim; ++i) v += std::max(0.0, level - b[std::size_t(i)]) * dx;
    return v;
}

// The state at rest of `volume` (m^2) poured in at the upstream end: the pits from upstream, each
// filled to the lower of its rim and what is left.
std::vector<Pit> cascade(const std::vector<double>& b, double dx, double volume) {
    std::vector<Pit> pits;
    const int n = int(b.size());
    int from = 0;
    for (int i = 1; i < n; ++i) {
        const bool rim = i == n - 1 || (b[std::size_t(i)] > b[std::size_t(i - 1)] && b[std::size_t(i)] >= b[std::size_t(i + 1)]);
        if (!rim) continue;
        Pit p{from, i, heldBelow(b, dx, from, i, b[std::size_t(i)]), 0};
        p.atRest = std::min(volume, p.capacity);
        volume -= p.atRest;
        pits.push_back(p);
        from = i + 1;
    }
    return pits;
}

// What one run left in the pits: the water below each full pit's rim (m^2, against its capacity),
// the water above the rims of the full pits (still draining), and what the others hold.
struct PitState {
    double shortOfFull = 0;  // most water missing below a rim the cascade fills, m^2
    double aboveRims = 0;    // m^2 over the full pits' rims
    double partial = 0;      // what the pit the cascade fills in part holds, m^2
    double beyond = 0;       // what the pits the cascade leaves dry hold, m^2
};

PitState pitState(const std::vector<Pit>& pits, const std::vector<double>& b, const std::vector<double>& h, double dx) {
    PitState s;
    for (const Pit& p : pits) {
        double all = 0, below = 0;
        for (int i = p.from; i <= p.rim; ++i) {
            const double depth = h[std::size_t(i)], spare = std::max(0.0, b[std::size_t(p.rim)] - b[std::size_t(i)]);
            all += depth * dx;
            below += std::min(depth, spare) * dx;
        }
        if (p.atRest >= p.capacity) {
            s.shortOfFull = std::max(s.shortOfFull, p.capacity - below);
            s.aboveRims += all - below;
        } else if (p.atRest > 0) {
            s.partial += all;
        } else {
            s.beyond += all;
        }
    }
    return s;
}

}  // namespace

TEST(SweValidation, FillingOfDepressions) {
    const double q = 0.02, fallsFrom = 3000.0, endsAt = 3001.0, until = 9000.0;
    const double volume = q * (fallsFrom + 0.5 * (endsAt - fallsFrom));  // m^2, the hydrograph's integral
    std::vector<Row> rows;  // m^2 above the full pits' rims on each grid: Sluice's, the reference's
    std::printf("Filling of depressions: cells | full pits short of their rims (m^2) | over the rims (m^2) swe / HLL | "
                "last pit swe / HLL / at rest | beyond\n");
    for (int n : {100, 200, 400}) {
        ChannelSetup c;
        c.cells = n;
        c.length = 400;
        c.bed = pitsBed;
        c.params.manningN = 0.03f;
        sim::BoundarySide west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, q);
        west.segments[0].value.points = {{0.0, q}, {fallsFrom, q}, {endsAt, 0.0}};
        c.boundary.west = west;
        c.stepSeconds = 1.0;
        const ChannelResult ours = runChannel(c, until);
        HllReference ref = makeHllReference(n, 0.0, 400.0, pitsBed, c.depth);
        ref.params.manningN = 0.03;
        ref.params.inflowDischarge = q;
        ref.params.inflowFallsFrom = fallsFrom;
        ref.params.inflowEndsAt = endsAt;
        const HllResult hll = ref.run(until);
        ASSERT_EQ(ours.cappedSteps, 0);
        EXPECT_EQ(ours.residualUnits, 0);
        const std::vector<Pit> pits = cascade(ref.bed, c.dx(), volume);
        ASSERT_GE(pits.size(), 4u) << n;                // (a fine grid may end in a pit of one cell)
        ASSERT_EQ(pits[1].atRest, pits[1].capacity);  // two full pits,
        ASSERT_GT(pits[2].atRest, 0.0);                // the third holds the rest,
        ASSERT_EQ(pits[3].atRest, 0.0);                // the fourth stays dry
        const PitState mine = pitState(pits, ref.bed, ours.h, c.dx()), theirs = pitState(pits, ref.bed, hll.h, c.dx());
        std::printf("  %5d | %.2e / %.2e | %.3f / %.3f | %.3f / %.3f / %.3f | %.1e / %.1e\n", n, mine.shortOfFull,
                    theirs.shortOfFull, mine.aboveRims, theirs.aboveRims, mine.partial, theirs.partial, pits[2].atRest,
                    mine.beyond, theirs.beyond);
        double total = 0;
        for (double h : ours.h) total += h * c.dx();
        EXPECT_NEAR(total, volume, 1e-4 * volume) << n;  // every unit poured in is there
        // The full pits are full to their rims: no water passed a pit before filling it or leaked out
        // of one below its rim (a thousandth of a pit, a film 0.3 mm thick over its lake, for the
        // depth's rounding to units and the last cells' wetting).
        EXPECT_LT(mine.shortOfFull, 1e-3 * pits[0].capacity) << n;
        // Nothing jumped ahead: the pits beyond stay dry, and the partly filled one holds no more than
        // its share at rest (less by what is still above the rims upstream).
        EXPECT_EQ(mine.beyond, 0.0) << n;
        EXPECT_LE(mine.partial, pits[2].atRest + 1e-6) << n;
        EXPECT_NEAR(mine.partial + mine.aboveRims, pits[2].atRest, 1e-3 * volume) << n;
        rows.push_back(Row{n, mine.aboveRims, theirs.aboveRims});
    }
    // What is still above the rims at 9000 s, against the reference scheme on a grid 4x finer than
    // the finest here (1600 cells; Sluice there: 0.874 m^2, docs/VALIDATION.md): the same criteria as
    // the other cases, within twice the reference's error on each grid and an observed order of at
    // least 0.5. Both converge to it, Sluice from above and the reference from below.
    const ChannelSetup fine = [&] {
        ChannelSetup f;
        f.cells = 1600;
        f.length = 400;
        f.bed = pitsBed;
        return f;
    }();
    HllReference ref = makeHllReference(fine.cells, 0.0, 400.0, pitsBed, fine.depth);
    ref.params.manningN = 0.03;
    ref.params.inflowDischarge = q;
    ref.params.inflowFallsFrom = fallsFrom;
    ref.params.inflowEndsAt = endsAt;
    const HllResult converged = ref.run(until);
    const double reference = pitState(cascade(ref.bed, fine.dx(), volume), ref.bed, converged.h, fine.dx()).aboveRims;
    for (Row& r : rows) {
        r.ours = std::abs(r.ours - reference);
        r.hll = std::abs(r.hll - reference);
    }
    std::printf("  over the rims at 1600 cells (HLL): %.3f m^2; error on each grid (m^2) swe / HLL | ratio\n", reference);
    for (const Row& r : rows) std::printf("  %5d | %.3f / %.3f | %.2f\n", r.cells, r.ours, r.hll, r.ours / r.hll);
    std::printf("  observed order swe %.2f, HLL %.2f\n", order(rows), std::log2(rows.front().hll / rows.back().hll) / 2.0);
    for (const Row& r : rows) EXPECT_LE(r.ours, 2.0 * r.hll) << r.cells;
    EXPECT_GE(order(rows), 0.5);
}

}  // namespace sluice::test

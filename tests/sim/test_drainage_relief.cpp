// The built-in worlds' mountains (sim/drainage_relief.hpp) and pit draining (sim/basin_fill.hpp):
// relief that drains everywhere to its outlets (no closed hollows), reaches the asked peak, keeps its
// valleys (drainage areas grow downstream into trunk valleys, not a comb of parallel gullies), and is
// the same bits on every run; drainPits leaves no closed hollow outside the outlets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sim/basin_fill.hpp"
#include "sim/drainage_relief.hpp"
#include "sim/terrain_noise.hpp"

namespace {

using namespace sluice::sim;

// A square world whose west column is the outlet (a valley floor), uplift and first surface from noise.
struct Range {
    int n;
    DrainageOptions options;
    std::vector<double> relief;

    explicit Range(int size, int maxSide = 256, int soften = 0) : n(size) {
        options.peakCells = 0.6 * size;
        options.softenPasses = soften;
        options.maxSide = maxSide;
        const DrainageRelief r(n, n, [](int x, int) { return x == 0; }, [&](int x, int y) { return cell(x, y); }, options);
        relief.resize(std::size_t(n) * std::size_t(n));
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) relief[at(x, y)] = r.at(x, y);
    }
    DrainageCell cell(int x, int y) const {
        const double m = valueNoise((x + 0.5) / 16.0, (y + 0.5) / 16.0, 77);
        return DrainageCell{0.3 + 1.4 * m, (0.25 * x / double(n) + 0.75 * m) * 0.5 * n};
    }
    std::size_t at(int x, int y) const { return std::size_t(y) * std::size_t(n) + std::size_t(x); }
    double operator()(int x, int y) const { return relief[at(x, y)]; }
};

// Cells (not on the outlet column) with no neighbour, among the 8, strictly lower.
int closedHollows(const Range& r) {
    int count = 0;
    for (int y = 0; y < r.n; ++y)
        for (int x = 1; x < r.n; ++x) {
            bool drains = false;
            for (int dy = -1; dy <= 1 && !drains; ++dy)
                for (int dx = -1; dx <= 1 && !drains; ++dx) {
                    const int nx = x + dx, ny = y + dy;
                    if ((dx || dy) && nx >= 0 && ny >= 0 && nx < r.n && ny < r.n && r(nx, ny) < r(x, y)) drains = true;
                }
            count += drains ? 0 : 1;
        }
    return count;
}

TEST(DrainageRelief, EveryCellDrainsToAnOutlet) {
    const Range r(96);
    for (int y = 0; y < r.n; ++y) EXPECT_EQ(r(0, y), 0.0) << "outlet row " << y;
    EXPECT_EQ(closedHollows(r), 0);
    for (int y = 0; y < r.n; ++y)
        for (int x = 1; x < r.n; ++x) ASSERT_GT(r(x, y), 0.0) << x << "," << y;
}

TEST(DrainageRelief, ReachesTheAskedPeak) {
    const Range r(96);
    const double peak = *std::max_element(r.relief.begin(), r.relief.end());
    // The bisection finds the stream-power constant to 40 halvings: the peak to far better than 1e-6.
    EXPECT_NEAR(peak, r.options.peakCells, 1e-6 * r.options.peakCells);
    // Softening rounds the crests: the peak drops, but by a few cell widths at most.
    const Range soft(96, 256, 2);
    const double softPeak = *std::max_element(soft.relief.begin(), soft.relief.end());
    EXPECT_LT(softPeak, peak);
    EXPECT_GT(softPeak, 0.8 * peak);
}

// Valleys join: going downhill from any cell along the steepest descent, the path's cells are shared
// with many others near the outlet (trunk valleys), so the outlet column receives the flow at a few
// mouths, not along its whole length as a comb of parallel gullies would.
TEST(DrainageRelief, ValleysJoinIntoFewMouths) {
    const Range r(96);
    std::vector<int> arrivals(std::size_t(r.n), 0);
    for (int y0 = 0; y0 < r.n; ++y0)
        for (int x0 = 1; x0 < r.n; ++x0) {
            int x = x0, y = y0;
            for (int guard = 0; x > 0 && guard < 100000; ++guard) {
                int bx = x, by = y;
                double best = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = x + dx, ny = y + dy;
                        if ((!dx && !dy) || nx < 0 || ny < 0 || nx >= r.n || ny >= r.n) continue;
                        const double drop = (r(x, y) - r(nx, ny)) / std::sqrt(double(dx * dx + dy * dy));
                        if (drop > best) best = drop, bx = nx, by = ny;
                    }
                ASSERT_TRUE(bx != x || by != y) << "stuck at " << x << "," << y;
                x = bx;
                y = by;
            }
            ++arrivals[std::size_t(y)];
        }
    std::sort(arrivals.begin(), arrivals.end(), std::greater<int>());
    int total = 0, topFive = 0;
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        total += arrivals[i];
        if (i < 5) topFive += arrivals[i];
    }
    EXPECT_GT(topFive, total / 2) << "the five largest valleys drain most of the range";
}

TEST(DrainageRelief, SameBitsEveryRunAndAtAStride) {
    const Range a(96), b(96);
    EXPECT_EQ(std::memcmp(a.relief.data(), b.relief.data(), a.relief.size() * sizeof(double)), 0);
    // A grid wider than maxSide is solved at a stride and interpolated: smooth, and the one-cell-wide
    // outlet column still drains it (a block is an outlet when any of its cells is).
    const Range coarse(96, 48);
    EXPECT_EQ(coarse(0, 10), 0.0);
    double worstStep = 0;
    for (int y = 0; y < coarse.n; ++y)
        for (int x = 2; x < coarse.n; ++x) worstStep = std::max(worstStep, std::fabs(coarse(x, y) - coarse(x - 1, y)));
    EXPECT_LT(worstStep, 2.0 * coarse.options.peakCells / 48.0 * 4.0) << "no cliffs from the interpolation";
    const double peak = *std::max_element(coarse.relief.begin(), coarse.relief.end());
    EXPECT_GT(peak, 0.7 * coarse.options.peakCells);
}

TEST(DrainPits, HollowsOutsideTheOutletsDrain) {
    const int n = 40;
    std::vector<float> bed(std::size_t(n) * n);
    std::vector<std::uint8_t> outlet(bed.size(), 0);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            // A dome with three pits in it, and a walled paddy (an outlet: left as it is).
            const double r = std::hypot(x - 20.0, y - 20.0);
            double z = 30.0 - 0.5 * r;
            for (const auto& [px, py] : {std::pair{10, 12}, std::pair{28, 30}, std::pair{30, 9}})
                z -= 6.0 * std::max(0.0, 1.0 - std::hypot(x - px, y - py) / 4.0);
            bed[std::size_t(y) * n + x] = float(z);
        }
    for (int y = 18; y < 23; ++y)
        for (int x = 18; x < 23; ++x) {
            bed[std::size_t(y) * n + x] = 20.0f;  // far below the dome's top: a pit that is meant
            outlet[std::size_t(y) * n + x] = 1;
        }
    const std::vector<float> before = bed;
    drainPits(bed, n, n, outlet, 1e-3f);
    for (std::size_t i = 0; i < bed.size(); ++i) {
        if (outlet[i]) {
            EXPECT_EQ(bed[i], before[i]) << "outlet cells are left alone";
        }
        EXPECT_GE(bed[i], before[i]) << "only raised";
    }
    // Every cell not on the edge or an outlet has a lower neighbour (the rise makes filled hollows
    // slope toward their outflow).
    int closed = 0;
    for (int y = 1; y < n - 1; ++y)
        for (int x = 1; x < n - 1; ++x) {
            const std::size_t i = std::size_t(y) * n + x;
            if (outlet[i]) continue;
            bool lower = false;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if ((dx || dy) && bed[std::size_t(y + dy) * n + (x + dx)] < bed[i]) lower = true;
            closed += lower ? 0 : 1;
        }
    EXPECT_EQ(closed, 0);
    // The pits were raised (their centres now lie at least at their rims' level).
    EXPECT_GT(bed[std::size_t(12) * n + 10], before[std::size_t(12) * n + 10] + 1.0f);
}

}  // namespace

#include "sim/drainage_relief.hpp"

#include <algorithm>
#include <cmath>
#include <queue>
#include <utility>

#include "sim/terrain_noise.hpp"

namespace sluice::sim {

namespace {

constexpr int kDx[8] = {1, -1, 0, 0, 1, -1, 1, -1};
constexpr int kDy[8] = {0, 0, 1, -1, 1, 1, -1, -1};
constexpr double kSqrt2 = 1.4142135623730951;

/// One grid's drainage problem: the tree (receiver per cell, cells in order from the outlets up) and
/// the relief it implies.
struct Solver {
    int w, h;
    const std::vector<std::uint8_t>& outlet;
    const std::vector<double>& uplift;
    const DrainageOptions& o;
    std::vector<int> receiver, order;
    std::vector<double> area;

    Solver(int w_, int h_, const std::vector<std::uint8_t>& outlet_, const std::vector<double>& uplift_, const DrainageOptions& o_)
        : w(w_), h(h_), outlet(outlet_), uplift(uplift_), o(o_) {}

    std::size_t at(int x, int y) const { return std::size_t(y) * std::size_t(w) + std::size_t(x); }

    /// Priority flood from the outlets over `z`: each cell, when the flood reaches it, drains to the
    /// already-reached neighbour it falls to most steeply (ties broken by a hash, so straight runs of
    /// equal slopes do not all turn the same way). Cells no outlet can reach (none when any outlet
    /// exists: the grid is connected) stay out of the order.
    void buildTree(const std::vector<double>& z, int pass) {
        const std::size_t n = z.size();
        receiver.assign(n, -1);
        order.clear();
        order.reserve(n);
        std::vector<std::uint8_t> state(n, 0);  // 0 unseen, 1 queued, 2 reached
        using Entry = std::pair<double, std::int64_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
        for (std::size_t i = 0; i < n; ++i)
            if (outlet[i]) {
                queue.push({z[i], std::int64_t(i)});
                state[i] = 1;
            }
        const std::uint32_t tieSeed = streamSeed(o.seed, 91, pass);
        while (!queue.empty()) {
            const auto [level, idx] = queue.top();
            queue.pop();
            const auto i = std::size_t(idx);
            if (state[i] == 2) continue;
            state[i] = 2;
            order.push_back(int(i));
            const int x = int(i % std::size_t(w)), y = int(i / std::size_t(w));
            if (!outlet[i]) {
                double best = -1e300;
                for (int k = 0; k < 8; ++k) {
                    const int nx = x + kDx[k], ny = y + kDy[k];
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h || state[at(nx, ny)] != 2 || at(nx, ny) == i) continue;
                    const double drop = (z[i] - z[at(nx, ny)]) / (k < 4 ? 1.0 : kSqrt2);
                    // A jitter of 1e-9 of a cell width only decides between equal drops.
                    const double key = drop + 1e-9 * lattice(std::int64_t(i), k, tieSeed);
                    if (key > best) {
                        best = key;
                        receiver[i] = int(at(nx, ny));
                    }
                }
            }
            for (int k = 0; k < 8; ++k) {
                const int nx = x + kDx[k], ny = y + kDy[k];
                if (nx < 0 || ny < 0 || nx >= w || ny >= h || state[at(nx, ny)] != 0) continue;
                state[at(nx, ny)] = 1;
                queue.push({std::max(level, z[at(nx, ny)]), std::int64_t(at(nx, ny))});
            }
        }
    }

    /// Drainage area (cells) of every cell, upstream cells first.
    void accumulate() {
        area.assign(receiver.size(), 1.0);
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            if (receiver[std::size_t(*it)] >= 0) area[std::size_t(receiver[std::size_t(*it)])] += area[std::size_t(*it)];
    }

    /// Steady-state relief down the tree for stream-power constant k: outlets 0, every other cell its
    /// receiver's relief plus the step's length times the slope k * uplift / sqrt(area), capped at the
    /// talus slope.
    std::vector<double> relief(double k) const {
        std::vector<double> r(receiver.size(), 0.0);
        for (int c : order) {
            const auto i = std::size_t(c);
            if (receiver[i] < 0) continue;
            const auto j = std::size_t(receiver[i]);
            const bool diagonal = (i % std::size_t(w)) != (j % std::size_t(w)) && (i / std::size_t(w)) != (j / std::size_t(w));
            const double slope = std::min(k * uplift[i] / std::sqrt(area[i]), o.talusSlope);
            r[i] = r[j] + slope * (diagonal ? kSqrt2 : 1.0);
        }
        return r;
    }

    /// The relief whose highest point stands `target` cell widths up: the constant k found by
    /// bisection (the peak grows with k until every slope is at the talus cap).
    std::vector<double> reliefReaching(double target) const {
        auto peak = [&](double k) {
            const std::vector<double> r = relief(k);
            return r.empty() ? 0.0 : *std::max_element(r.begin(), r.end());
        };
        double lo = 0.0, hi = 1.0;
        for (int i = 0; i < 60 && peak(hi) < target; ++i) hi *= 2.0;
        for (int i = 0; i < 40; ++i) {
            const double mid = 0.5 * (lo + hi);
            (peak(mid) < target ? lo : hi) = mid;
        }
        return relief(hi);
    }
};

/// Rounds crests and gully floors a little (hillslope creep): `passes` of a 3x3 average over the
/// cells that are not outlets, which stay at 0.
void soften(std::vector<double>& r, int w, int h, const std::vector<std::uint8_t>& outlet, int passes) {
    std::vector<double> next(r.size());
    for (int p = 0; p < passes; ++p) {
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(w) + std::size_t(x);
                if (outlet[i]) {
                    next[i] = 0.0;
                    continue;
                }
                double sum = 0, count = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = std::clamp(x + dx, 0, w - 1), ny = std::clamp(y + dy, 0, h - 1);
                        sum += r[std::size_t(ny) * std::size_t(w) + std::size_t(nx)];
                        count += 1.0;
                    }
                next[i] = sum / count;
            }
        r.swap(next);
    }
}

std::vector<double> solve(int w, int h, const std::vector<std::uint8_t>& outlet, const std::vector<double>& uplift,
                          std::vector<double> z, double target, const DrainageOptions& o) {
    Solver s(w, h, outlet, uplift, o);
    for (int pass = 0; pass < std::max(1, o.passes); ++pass) {
        s.buildTree(z, pass);
        s.accumulate();
        z = s.reliefReaching(target);
    }
    soften(z, w, h, outlet, o.softenPasses);
    return z;
}

}  // namespace

DrainageRelief::DrainageRelief(int w, int h, const std::function<bool(int x, int y)>& outletAt,
                               const std::function<DrainageCell(int x, int y)>& cellAt, const DrainageOptions& options) {
    const int side = std::max(std::max(w, h), 1), maxSide = std::max(1, options.maxSide);
    stride_ = (side + maxSide - 1) / maxSide;
    cw_ = (std::max(w, 1) + stride_ - 1) / stride_;
    ch_ = (std::max(h, 1) + stride_ - 1) / stride_;
    // Each solved cell stands for the stride x stride block around its centre cell.
    const std::size_t n = std::size_t(cw_) * std::size_t(ch_);
    std::vector<std::uint8_t> outlet(n);
    std::vector<double> uplift(n), initial(n);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (outletAt(x, y)) outlet[std::size_t(y / stride_) * std::size_t(cw_) + std::size_t(x / stride_)] = 1;
    for (int j = 0; j < ch_; ++j)
        for (int i = 0; i < cw_; ++i) {
            const DrainageCell c = cellAt(std::min(w - 1, i * stride_ + stride_ / 2), std::min(h - 1, j * stride_ + stride_ / 2));
            const std::size_t k = std::size_t(j) * std::size_t(cw_) + std::size_t(i);
            uplift[k] = c.uplift;
            initial[k] = c.initial / double(stride_);
        }
    solved_ = solve(cw_, ch_, outlet, uplift, std::move(initial), options.peakCells / double(stride_), options);
    outletBlock_ = std::move(outlet);
    for (double& r : solved_) r *= double(stride_);
}

double DrainageRelief::at(int x, int y) const {
    // Solved cell i's centre is full-grid cell i * stride + stride / 2. A cubic B-spline over the
    // 4 x 4 solved cells around: smooth in slope (C2), so the interpolation leaves no creases along
    // the solved grid's lines for the terrain's lighting to show; it rounds peaks a little, like the
    // softening. At stride 1 it is the solved grid itself.
    if (stride_ == 1) return solved_[std::size_t(y) * std::size_t(cw_) + std::size_t(x)];
    if (outletBlock_[std::size_t(y / stride_) * std::size_t(cw_) + std::size_t(x / stride_)]) return 0.0;
    const double half = double(stride_ / 2);
    const double gx = (double(x) - half) / double(stride_), gy = (double(y) - half) / double(stride_);
    const double fx = std::floor(gx), fy = std::floor(gy);
    const double tx = gx - fx, ty = gy - fy;
    auto weights = [](double t, double w[4]) {
        const double u = 1.0 - t;
        w[0] = u * u * u / 6.0;
        w[1] = (4.0 - 6.0 * t * t + 3.0 * t * t * t) / 6.0;
        w[2] = (1.0 + 3.0 * t + 3.0 * t * t - 3.0 * t * t * t) / 6.0;
        w[3] = t * t * t / 6.0;
    };
    double wx[4], wy[4];
    weights(tx, wx);
    weights(ty, wy);
    double sum = 0;
    for (int j = 0; j < 4; ++j) {
        const int cy = std::clamp(int(fy) - 1 + j, 0, ch_ - 1);
        double row = 0;
        for (int i = 0; i < 4; ++i) {
            const int cx = std::clamp(int(fx) - 1 + i, 0, cw_ - 1);
            row += wx[i] * solved_[std::size_t(cy) * std::size_t(cw_) + std::size_t(cx)];
        }
        sum += wy[j] * row;
    }
    return sum;
}

}  // namespace sluice::sim

// "terraces": the paddy world. A hillside falls to the north; between 12 % and 86 % of the way down,
// and 10 % to 90 % across, it is cut into bands that follow its (curved) contours, each band 20 % of
// its depth (1 to 10 m) below the one above: a flat floor over its upper 70 %, split into paddies by
// cross walls, then a grassy riser sloping down to the next band. Every paddy is enclosed by walls
// (bunds) 0.5 m above its floor, except for one notch 0.2 m above the floor in its downhill wall, on
// alternate sides from band to band: water overflowing a paddy runs through its notch, down the riser
// into the one below, and zig-zags down the slope. Outside the terraces the hill rises higher than any
// wall, so nothing leaves a paddy but through its notch; beyond that, hills `amplitude` high, cut by
// gullies (sim/drainage_relief.hpp), frame the slope. The number of bands and columns grows with the
// grid (bands ~24 cells deep, paddies ~36 cells wide, within 6..20 and 4..16).
#include <algorithm>
#include <cmath>

#include "sim/basin_fill.hpp"
#include "sim/drainage_relief.hpp"
#include "sim/terrain_shapes.hpp"
#include "sim/world_kinds.hpp"

namespace sluice::sim::worlds {

namespace {

using namespace shapes;

struct Terraces {
    int w, h;
    double A;
    std::uint32_t seed;
    int bands, columns;
    double v0 = 0.12, v1 = 0.86, u0 = 0.10, u1 = 0.90;  // the terraced area
    double step, bund = 0.5, notch = 0.2;               // m
    double flat = 0.7;                                  // fraction of a band's depth that is paddy floor
    double top;                                         // floor of the top band (m)

    Terraces(int w_, int h_, float cellSizeM, const ProceduralTerrain& p)
        : w(std::max(1, w_)), h(std::max(1, h_)), seed(p.seed) {
        const double cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
        A = sanitizedAmplitude(p);
        bands = std::clamp(int(std::lround(h / 24.0)), 6, 20);
        columns = std::clamp(int(std::lround(w / 36.0)), 4, 16);
        // A hillside of about 20 % (each band's drop 20 % of its depth), 1 to 10 m per band.
        step = std::clamp(0.20 * bandWidth() * h * cell, 1.0, 10.0);
        top = 3.0 + bands * step;
    }

    double bandWidth() const { return (v1 - v0) / bands; }
    /// Contour coordinate: bands are its level sets (a row fraction, bent by a wave and a bowl).
    double contour(double u, double v) const {
        return v + 0.10 * wiggle(u, 2.5, streamSeed(seed, 61, 0)) + 0.16 * (u - 0.5) * (u - 0.5);
    }
    /// The hillside without terraces (m) at contour c: continuous through the bands' floors.
    double hill(double c) const {
        if (c > v1) return std::max(0.5, top - bands * step - 0.01 * (c - v1) * h);
        return top - (c - v0) / bandWidth() * step;
    }
    /// Column boundary j (0..columns) of band k, as a column fraction: inner ones jittered per band.
    double boundary(int k, int j) const {
        const double cw = (u1 - u0) / columns;
        if (j <= 0) return u0;
        if (j >= columns) return u1;
        return u0 + cw * (j + 0.35 * (lattice(k, j, streamSeed(seed, 63, 0)) - 0.5));
    }
    /// Column fraction of the notch in paddy (k, j)'s downhill wall.
    double notchU(int k, int j) const {
        const double a = boundary(k, j), b = boundary(k, j + 1);
        return lerp(a, b, k % 2 == 0 ? 0.25 : 0.75);
    }
    /// Row fraction (continuous) where contour c meets column fraction u.
    double rowOf(double u, double c) const { return c - (contour(u, 0.0)); }

    /// True on the terraced area.
    bool terraced(int x, int y) const {
        const double u = (x + 0.5) / double(w), c = contour(u, (y + 0.5) / double(h));
        return c >= v0 && c < v1 && u >= u0 && u <= u1;
    }
    /// True on the terraces and the lowland below them, where the hills' drainage runs out.
    bool lowland(int x, int y) const {
        const double u = (x + 0.5) / double(w), c = contour(u, (y + 0.5) / double(h));
        return terraced(x, y) || (c >= v1 && u >= u0 && u <= u1);
    }

    /// Height (m) of cell (x, y); `hills` (m, >= 0) raises the ground around the terraces.
    double height(int x, int y, double hills) const {
        const double px = x + 0.5, py = y + 0.5, u = px / double(w), v = py / double(h);
        const double c = contour(u, v);
        const double outside = std::max({u0 - u, u - u1, 0.0}) * double(w);  // cells beyond the sides
        if (c < v0 || c >= v1 || outside > 0) {
            // The hill around the terraces: above the highest wall next to them, rising outward.
            const double rise = c < v0 ? (v0 - c) * double(h) * 0.06 : 0.0;
            const double side = outside > 0 ? 1.5 * step + 0.05 * outside : 0.0;
            const double edge = c < v0 ? bund + 0.3 : 0.0;
            return std::max(0.0, hill(c) + edge + rise + side + hills);
        }
        const double t = (c - v0) / bandWidth();
        const int k = std::min(bands - 1, int(t));
        const double floor = top - k * step;
        // The riser: from the bund's foot down to the next band's floor (the hillside below the
        // last band), smooth at both ends.
        const double frac = t - double(k);
        if (frac > flat) {
            const double below = k + 1 < bands ? floor - step : hill(v1);
            return lerp(floor, below, smoothstep(flat, 1.0, frac));
        }
        // Walls 1.5 cells thick: the floor's downhill edge, and the columns' boundaries.
        const double cellsFromLowerEdge = (flat + double(k) - t) * bandWidth() * double(h);
        int j = 0;
        while (j + 1 < columns && u >= boundary(k, j + 1)) ++j;
        const double cellsFromSide = std::min(u - boundary(k, j), boundary(k, j + 1) - u) * double(w);
        if (cellsFromLowerEdge < 1.5) {
            const double notchHalf = std::max(1.0, 0.06 * (boundary(k, j + 1) - boundary(k, j)) * double(w));
            const bool inNotch = std::fabs(u - notchU(k, j)) * double(w) < notchHalf;
            return floor + (inNotch ? notch : bund);
        }
        if (cellsFromSide < 0.75) return floor + bund;
        return floor;
    }
};

}  // namespace

void terracesTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Terraces t(w, h, cellSizeM, p);
    const Fbm massif(p, 65);
    DrainageOptions d;
    d.seed = p.seed;
    const double cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
    d.peakCells = t.A / cell;
    const DrainageRelief relief(t.w, t.h, [&](int x, int y) { return t.lowland(x, y); }, [&](int x, int y) {
        const double m = massif(x + 0.5, y + 0.5);
        return DrainageCell{0.3 + 1.4 * m, m * 0.25 * double(t.w)};
    }, d);
    std::vector<std::uint8_t> paddies(out.size());
    for (int y = 0; y < t.h; ++y)
        for (int x = 0; x < t.w; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(t.w) + std::size_t(x);
            paddies[i] = t.terraced(x, y) ? 1 : 0;
            out[i] = float(t.height(x, y, t.lowland(x, y) ? 0.0 : relief.at(x, y) * cell));
        }
    // The hills' hollows (where their ramps and the interpolated relief meet) would fill as ponds.
    drainPits(out, t.w, t.h, paddies, 1e-3f);
}

std::vector<WorldMark> terracesMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Terraces t(w, h, cellSizeM, p);
    std::vector<WorldMark> marks;
    // Springs in the top band: above the middle paddy and above the one a quarter of the way across.
    const double cTop = t.v0 + 0.5 * t.bandWidth();
    const double radius = std::max(1.5, 0.2 * t.bandWidth() * h);
    for (const auto& [name, j] : {std::pair{"spring", t.columns / 2}, std::pair{"spring2", t.columns / 4}}) {
        const double u = 0.5 * (t.boundary(0, j) + t.boundary(0, j + 1));
        marks.push_back({name, float(u * w), float(t.rowOf(u, cTop) * h), float(radius)});
    }
    WorldMark first{"top-paddy", marks[0].x, marks[0].y, float(0.5 * (t.u1 - t.u0) / t.columns * w)};
    first.levelM = float(t.top + t.notch);  // the water level at which it overflows through its notch
    marks.push_back(first);
    const double cLow = t.v0 + (t.bands - 0.5) * t.bandWidth();
    const double uLow = 0.5 * (t.boundary(t.bands - 1, 0) + t.boundary(t.bands - 1, 1));
    WorldMark last{"bottom-paddy", float(uLow * w), float(t.rowOf(uLow, cLow) * h), 0};
    last.levelM = float(t.top - (t.bands - 1) * t.step + t.notch);
    marks.push_back(last);
    return marks;
}

}  // namespace sluice::sim::worlds

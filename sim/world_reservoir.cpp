// "reservoir": the dam world. A mountain mass fills the southern 45 % of the map; a U-shaped valley
// in it, closed at its head, holds a reservoir behind an earth dam (crest 0.6 x amplitude above the
// plain, faces 1 : 1.5) that fills the gorge where the valley leaves the mountains. North of it lies a
// plain falling gently (0.3 %) to an open north edge, a river channel fed from the dam's foot meandering
// across it, and a village of raised blocks (houses 3 to 8 m tall between streets) beside the river.
// The "breach" mark is where a notch through the dam drains the reservoir down to its floor.
#include <algorithm>
#include <cmath>

#include "sim/drainage_relief.hpp"
#include "sim/terrain_shapes.hpp"
#include "sim/world_kinds.hpp"

namespace sluice::sim::worlds {

namespace {

using namespace shapes;

struct Reservoir {
    int w, h;
    double cell, L, A;
    std::uint32_t seed;
    double vDam, yDam;        // dam axis: row fraction and continuous row
    double crest, crestHalf;  // crest height (m) and half width (cells)
    double fr;                // half width of the reservoir valley's floor (cells)
    double chw, cd;           // plain river channel: half width (cells), depth (m)
    double housePitch;        // cells from one house to the next along a street

    Reservoir(int w_, int h_, float cellSizeM, const ProceduralTerrain& p)
        : w(std::max(1, w_)), h(std::max(1, h_)), seed(p.seed) {
        cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
        L = double(h) * cell;
        A = sanitizedAmplitude(p);
        vDam = 0.42;
        yDam = vDam * double(h);
        crest = plain(vDam) + 0.6 * A;
        crestHalf = std::max(1.0, 0.006 * double(h));
        fr = 0.15 * double(w);
        chw = std::max(2.0, double(w) / 100.0);
        cd = 1.0;
        housePitch = std::clamp(std::round(double(w) / 40.0), 5.0, 10.0);
    }

    /// The plain's height (m) at row fraction v: 2 m at the north edge, rising 0.3 % southward.
    double plain(double v) const { return 2.0 + 0.003 * (1.0 - v) * L; }
    /// Centre line of the reservoir valley (cells).
    double valleyX(double v) const { return double(w) * (0.5 + 0.07 * wiggle(v, 2.0, streamSeed(seed, 31, 0))); }
    /// Centre line of the river on the plain (cells): leaves the dam's foot, then meanders.
    double riverX(double v) const {
        const std::uint32_t s = streamSeed(seed, 33, 0);
        return valleyX(vDam) + 0.14 * double(w) * (wiggle(v, 3.0, s) - wiggle(vDam, 3.0, s)) * smoothstep(vDam, vDam + 0.15, v);
    }
    /// The valley's floor along its centre (m): 0.12 A above the plain at the dam, rising to the south;
    /// north of the dam the gorge floor falls to the plain.
    double valleyFloor(double v) const {
        const double atDam = plain(vDam) + 0.12 * A;
        if (v <= vDam) return atDam + 0.40 * A * (vDam - v) / vDam;
        return lerp(atDam, plain(v), smoothstep(vDam, vDam + 0.08, v));
    }
    /// Height of the dam's body at row y (m): flat crest, faces of 1 : 1.5.
    double damAt(double y) const { return crest - std::max(0.0, std::fabs(y - yDam) - crestHalf) * cell / 1.5; }
    /// Where the water stands when the reservoir is full (m): 6 % of the relief below the crest.
    double fullLevel() const { return crest - 0.06 * A; }
    /// First row fraction of open plain north of the gorge.
    double plainStart() const { return vDam + 0.10; }

    /// A house on the block containing (x, y), or 0: its height (m).
    double house(int x, int y, double v) const {
        const double u = (x + 0.5) / double(w);
        const double density = smoothstep(0.18, 0.26, u) * smoothstep(0.82, 0.74, u) * smoothstep(0.56, 0.62, v) *
                               smoothstep(0.88, 0.82, v);
        if (density <= 0) return 0;
        const auto P = std::int64_t(housePitch);
        const std::int64_t bx = x / P, by = y / P;
        const std::int64_t street = std::max<std::int64_t>(2, P / 3);
        if (x - bx * P < street || y - by * P < street) return 0;
        // Keep the river banks free: the block's centre at least 5 cells beyond the channel.
        const double cx = (double(bx) + 0.5) * double(P), cy = (double(by) + 0.5) * double(P);
        if (std::fabs(cx - riverX(cy / double(h))) < chw + 0.5 * double(P) + 5.0) return 0;
        if (lattice(bx, by, streamSeed(seed, 35, 0)) >= 0.8 * density) return 0;
        return 3.0 + 5.0 * lattice(bx, by, streamSeed(seed, 37, 0));
    }

    /// 1 in the reservoir's valley, 0 in the mountains around it.
    double inValley(int x, int y) const {
        const double px = x + 0.5, v = (y + 0.5) / double(h);
        const double d = std::fabs(px - valleyX(std::min(v, vDam + 0.1)));
        return smoothstep(fr + 0.08 * double(w), fr, d) * smoothstep(0.03, 0.12, v);
    }

    /// Height (m) of cell (x, y); `peaks` (0..1) lifts the mountains above their base.
    double height(int x, int y, double peaks, double noise) const {
        const double px = x + 0.5, py = y + 0.5, v = py / double(h), u = px / double(w);
        // The mountains, always above the crest, so only the dam holds the reservoir in.
        const double mountains = plain(std::min(v, vDam)) + A * (0.75 + 0.8 * peaks);
        const double d = std::fabs(px - valleyX(std::min(v, vDam + 0.1)));
        const double cross = d < fr ? (d / fr) * (d / fr) : 1.0;
        const double valley = valleyFloor(v) + 0.25 * A * cross;
        const double inValley = this->inValley(x, y);
        const double inner = lerp(mountains, valley, inValley);
        // The plain, with low hills along the east and west edges.
        const double side = smoothstep(0.30, 0.48, std::fabs(u - 0.5));
        double open = plain(v) + 0.3 * A * side * (0.5 + noise) + 0.4 * noise;
        const double banks = smoothstep(plainStart() - 0.04, plainStart(), v);
        open -= cd * banks * channelProfile(std::fabs(px - riverX(v)), chw);
        if (const double roof = house(x, y, v); roof > 0) open = plain(v) + roof;
        double z = lerp(open, inner, smoothstep(vDam + 0.10, vDam + 0.03, v));
        if (d < fr + 0.1 * double(w)) z = std::max(z, damAt(py));
        return std::max(0.0, z);
    }
};

}  // namespace

void reservoirTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Reservoir r(w, h, cellSizeM, p);
    const Fbm noise(p, 41), massif(p, 43), crags(cragRecipe(p), 45);
    // The mountains' peaks and gullies: drainage cut from the reservoir's valley and the plain up
    // (sim/drainage_relief.hpp), scaled to 0..1 of the 0.8 amplitude they add, crags on them.
    DrainageOptions d;
    d.seed = p.seed;
    d.peakCells = 0.8 * r.A / r.cell;
    auto open = [&](int x, int y) { return r.inValley(x, y) > 0.5 || (y + 0.5) / double(r.h) > r.vDam + 0.1; };
    const DrainageRelief relief(r.w, r.h, open, [&](int x, int y) {
        const double m = massif(x + 0.5, y + 0.5);
        return DrainageCell{0.3 + 1.4 * m, m * 0.25 * double(r.w)};
    }, d);
    const double scale = r.cell / std::max(1e-9, 0.8 * r.A);
    for (int y = 0; y < r.h; ++y)
        for (int x = 0; x < r.w; ++x) {
            const double peaks = std::min(1.0, relief.at(x, y) * scale);
            const double rough = 0.08 * (crags(x + 0.5, y + 0.5) - 0.5) * std::min(1.0, 4.0 * peaks);
            out[std::size_t(y) * std::size_t(r.w) + std::size_t(x)] = float(r.height(x, y, std::max(0.0, peaks + rough), noise(x + 0.5, y + 0.5)));
        }
}

std::vector<WorldMark> reservoirMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Reservoir r(w, h, cellSizeM, p);
    const double vLake = r.vDam - 0.12;
    WorldMark reservoir{"reservoir", float(r.valleyX(vLake)), float(vLake * h), float(r.fr)};
    reservoir.levelM = float(r.fullLevel());
    WorldMark dam{"dam", float(r.valleyX(r.vDam)), float(r.yDam), float(r.fr)};
    dam.levelM = float(r.crest);
    // The notch: down to the valley's floor at the dam, wide enough to drain it in minutes.
    WorldMark breach{"breach", float(r.valleyX(r.vDam)), float(r.yDam), float(std::max(3.0, 0.04 * w))};
    breach.levelM = float(r.valleyFloor(r.vDam));
    const double vOut = r.plainStart();
    WorldMark outlet{"outlet", float(r.riverX(vOut)), float(vOut * h), float(std::max(1.5, 0.75 * r.chw))};
    WorldMark village{"village", float(0.5 * w), float(0.72 * h), float(0.3 * w)};
    WorldMark plain{"plain", float(0.5 * w), float(0.72 * h), 0};
    plain.levelM = float(r.plain(0.72));
    return {reservoir, dam, breach, outlet, village, plain};
}

}  // namespace sluice::sim::worlds

// "alpine": the valley world. A glacial valley runs from south (y = 0) to north between mountains
// `amplitude` high, cut by branching side valleys (sim/drainage_relief.hpp). A spring near the south
// edge feeds a river in a channel on the valley floor; a rock step across the valley (vertical at the
// river) makes a waterfall into a plunge pool; below it the river splits into three arms across a
// flat delta and enters a lake in a widening of the valley; the lake's outlet carries the river off
// the north edge.
//
// Grades are physical and the same at every size (2 % above the step, 0.8 % below, level along the
// lake) and the lake is 4.5 m deep, so the river runs at the same speeds (about 1 to 3 m/s) whatever the
// grid, one substep per step of 0.1 s: only the mountains and the step follow `amplitude`. The step is
// vertical only where the river crosses it: on the mountainside it becomes a slope, so it reads as a
// rock barrier, not a cut through the map.
#include <algorithm>
#include <cmath>

#include "sim/drainage_relief.hpp"
#include "sim/terrain_shapes.hpp"
#include "sim/world_kinds.hpp"

namespace sluice::sim::worlds {

namespace {

using namespace shapes;

struct Alpine {
    int w, h;
    double L;                 // length of the valley (m)
    double cell;              // cell size (m)
    double A;                 // mountain relief (m)
    std::uint32_t meanderSeed;
    double chw, cd;           // channel half width (cells), depth (m)
    double vFall, drop;       // waterfall: row fraction of the step, height (m)
    double gUpper = 0.02, gLower = 0.008;  // river grades above and below the step
    double lakeV, lakeRx, lakeRv, lakeDepth;  // lake: centre row fraction, semi-axes (cells, fraction), depth (m)
    double deltaV0, deltaV1;  // the arms part at deltaV0 and are fully apart at deltaV1
    double poolR, poolD, poolV;  // plunge pool radius (cells), depth (m), centre row fraction
    double base;              // lift keeping every height >= 0

    Alpine(int w_, int h_, float cellSizeM, const ProceduralTerrain& p)
        : w(std::max(1, w_)), h(std::max(1, h_)) {
        cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
        L = double(h) * cell;
        A = sanitizedAmplitude(p);
        meanderSeed = streamSeed(p.seed, 21, 0);
        chw = std::max(2.0, double(w) / 96.0);
        cd = 0.6 + 0.001 * L;
        vFall = std::round(0.30 * h) / double(h);  // on a row boundary: the step is one vertical face
        drop = 0.10 * A;
        lakeV = 0.66;
        lakeRx = 0.19 * w;
        lakeRv = 0.14;
        // The floor is level along the lake, so its water stands 4.5 m deep over its flat bottom at
        // every size (the channels end at its shore). Deeper water would cost substeps: a wave speed
        // sqrt(g h) of 6.6 m/s leaves room for the current within one substep of dt 0.1 s at dx 2 m.
        lakeDepth = 4.5;
        deltaV1 = lakeV - lakeRv + 0.03;
        deltaV0 = deltaV1 - 0.09;
        poolR = std::max(2.0, 1.6 * chw);
        poolD = std::min(2.0, 0.3 + 0.35 * drop);  // shallow enough for one substep, like the lake
        poolV = vFall + (poolR + 0.5) / double(h);
        base = lakeDepth + 2.0 * cd + poolD + 1.0;
    }

    /// River centre line (cells) at row fraction v: two gentle bends, 10 % of the width.
    double riverX(double v) const { return double(w) * (0.5 + 0.10 * wiggle(v, 3.0, meanderSeed)); }
    double lakeX() const { return riverX(lakeV); }

    /// Half width (cells) of the flat valley floor: wider around the lake.
    double floorHalf(double v) const {
        const double around = smoothstep(lakeV - 0.24, lakeV - 0.10, v) * smoothstep(lakeV + 0.24, lakeV + 0.10, v);
        return double(w) * (0.075 + 0.13 * around);
    }

    /// Floor height (m above base) at row y (continuous) and distance d (cells) from the river.
    double floorLevel(double y, double d) const {
        const double v = y / double(h);
        // Level along the lake: the grade resumes past its outlet.
        const double a = lakeV - lakeRv, b = lakeV + lakeRv;
        const double along = v < a ? v : v > b ? v - (b - a) : a;
        const double lower = gLower * (1.0 - (b - a) - along) * L;
        const double upper = gUpper * std::max(0.0, vFall - v) * L;
        // The step: one vertical face on the floor, a ramp growing up the walls.
        const double yf = vFall * double(h);
        const double ramp = std::max(0.0, d - floorHalf(v)) / (0.5 * double(w)) * 0.10 * double(h);
        const double above = ramp < 0.5 ? (y < yf ? 1.0 : 0.0) : smoothstep(yf + ramp, yf - ramp, y);
        return lower + upper + drop * above;
    }

    /// Centre lines of the river's arms at v: one, then three spreading over the delta.
    int arms(double v, double xs[3]) const {
        const double rx = riverX(v);
        xs[0] = rx;
        if (v < deltaV0 || v > lakeV) return 1;
        const double spread = 0.06 * double(w) * smoothstep(deltaV0, deltaV1, v);
        xs[1] = rx - spread;
        xs[2] = rx + spread;
        return 3;
    }

    /// 0 on the valley floor, rising to 1 across the mountainside (0.4 of the width out).
    double wallFraction(int x, int y) const {
        const double px = x + 0.5, v = (y + 0.5) / double(h);
        return clamp01(std::max(0.0, std::fabs(px - riverX(v)) - floorHalf(v)) / (0.40 * double(w)));
    }

    /// Height (m) of cell (x, y), the mountains `walls` metres above the floor there.
    double height(int x, int y, double walls, double floorNoise) const {
        const double px = x + 0.5, py = y + 0.5, v = py / double(h);
        double xs[3];
        const int n = arms(v, xs);
        const double d = std::fabs(px - xs[0]);
        double dmin = d, carve = 0;
        for (int k = 0; k < n; ++k) {
            const double dk = std::fabs(px - xs[k]);
            dmin = std::min(dmin, dk);
            carve = std::max(carve, channelProfile(dk, k == 0 ? chw : 0.8 * chw));
        }
        // Hummocks on the floor, none next to the channels (so nothing dams the river) or on the delta.
        const double delta = smoothstep(deltaV0 - 0.03, deltaV0, v) * smoothstep(lakeV, lakeV - 0.04, v);
        const double hummocks = 0.03 * A * floorNoise * smoothstep(chw, chw + 0.04 * double(w), dmin) * (1.0 - delta);
        const double ex = (px - lakeX()) / lakeRx, ey = (v - lakeV) / lakeRv;
        const double e = ex * ex + ey * ey;
        // The channels end at the lake: none across its flat bottom, where they would show through
        // the water as dark bands.
        carve *= smoothstep(0.6, 0.9, e);
        double z = base + floorLevel(py, d) + walls + hummocks - cd * carve;
        // A flat bottom, shores over the outer 40 %; the outlet's channel bed (cd below the floor) sets
        // the level, so the water stands lakeDepth deep.
        z -= (lakeDepth + cd) * smoothstep(1.0, 0.6, e);
        const double pr = std::hypot(px - riverX(poolV), py - poolV * double(h)) / poolR;
        if (pr < 1.0) z -= poolD * (1.0 - pr * pr);
        return std::max(0.0, z);
    }
};

}  // namespace

void alpineTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Alpine a(w, h, cellSizeM, p);
    const Fbm floorNoise(p, 23), massif(p, 25);
    const Fbm crags(cragRecipe(p), 27);
    // The mountainsides: rivers cut them from the valley floor up (sim/drainage_relief.hpp). Uplift
    // grows away from the floor and varies with a smooth noise, so peaks and passes alternate.
    DrainageOptions d;
    d.seed = p.seed;
    d.peakCells = 0.7 * a.A / a.cell;
    const DrainageRelief relief(a.w, a.h, [&](int x, int y) { return a.wallFraction(x, y) <= 0.0; }, [&](int x, int y) {
        const double s = a.wallFraction(x, y), m = massif(x + 0.5, y + 0.5);
        // The first drainage tree follows the noise more than the mountainside's fall, so valleys
        // branch instead of running side by side down a plane.
        return DrainageCell{(0.35 + 0.65 * s) * (0.3 + 1.4 * m), (0.25 * s + 0.75 * m) * 0.5 * double(a.w)};
    }, d);
    for (int y = 0; y < a.h; ++y)
        for (int x = 0; x < a.w; ++x) {
            // A glacier's U over the whole width, the rivers' relief on top of it.
            const double s = a.wallFraction(x, y);
            const double r = s > 0.0 ? relief.at(x, y) * a.cell : 0.0;
            // Crags grow with the height above the floor: rough high up, smooth where slopes meet it.
            const double rough = 0.05 * a.A * (crags(x + 0.5, y + 0.5) - 0.5) * std::min(1.0, r / (0.15 * a.A));
            const double walls = 0.3 * a.A * (1.0 - (1.0 - s) * (1.0 - s)) + r + rough;
            out[std::size_t(y) * std::size_t(a.w) + std::size_t(x)] = float(a.height(x, y, walls, floorNoise(x + 0.5, y + 0.5)));
        }
}

std::vector<WorldMark> alpineMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Alpine a(w, h, cellSizeM, p);
    const double vSpring = 0.05;
    WorldMark spring{"spring", float(a.riverX(vSpring)), float(vSpring * h), float(std::max(1.5, 0.75 * a.chw))};
    WorldMark fall{"waterfall", float(a.riverX(a.vFall)), float(a.vFall * h), float(a.chw)};
    fall.levelM = float(a.drop);  // the height of the step (m)
    WorldMark pool{"pool", float(a.riverX(a.poolV)), float(a.poolV * h), float(a.poolR)};
    WorldMark lake{"lake", float(a.lakeX()), float(a.lakeV * h), float(a.lakeRx)};
    WorldMark delta{"delta", float(a.riverX(a.deltaV1)), float(a.deltaV1 * h), float(0.06 * w)};
    return {spring, fall, pool, lake, delta};
}

}  // namespace sluice::sim::worlds

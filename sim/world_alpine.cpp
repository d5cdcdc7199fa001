// "alpine": the valley world. A glacial valley runs from south (y = 0) to north between ridged
// mountains `amplitude` high. A spring near the south edge feeds a river in a channel on the valley
// floor; a rock step across the valley (vertical at the river) makes a waterfall into a plunge pool;
// below it the river splits into three arms across a flat delta and enters a lake in a widening of the
// valley; the lake's outlet carries the river off the north edge.
//
// Grades are physical and the same at every size (2 % above the step, 0.8 % below, level along the
// lake) and the lake is 4.5 m deep, so the river runs at the same speeds (about 1 to 3 m/s) whatever the
// grid, one substep per step of 0.1 s: only the mountains and the step follow `amplitude`. The step is
// vertical only where the river crosses it: on the mountainside it becomes a slope, so it reads as a
// rock barrier, not a cut through the map.
#include <algorithm>
#include <cmath>

#include "sim/terrain_shapes.hpp"
#include "sim/world_kinds.hpp"

namespace sluice::sim::worlds {

namespace {

using namespace shapes;

struct Alpine {
    int w, h;
    double L;                 // length of the valley (m)
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
        const double cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
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
        // The floor is level along the lake, so its flat bottom lies 4.5 m below the outlet's floor at
        // every size (less the channel's depth of water). Deeper water would cost substeps: a wave speed
        // sqrt(g h) of 6.6 m/s leaves room for the current within one substep of dt 0.1 s at dx 2 m.
        lakeDepth = 4.5;
        deltaV1 = lakeV - lakeRv + 0.03;
        deltaV0 = deltaV1 - 0.09;
        poolR = std::max(2.0, 1.6 * chw);
        poolD = std::min(2.0, 0.3 + 0.35 * drop);  // shallow enough for one substep, like the lake
        poolV = vFall + (poolR + 0.5) / double(h);
        base = lakeDepth + cd + poolD + 1.0;
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

    double height(int x, int y, double ridgeNoise, double floorNoise) const {
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
        const double s = clamp01(std::max(0.0, d - floorHalf(v)) / (0.40 * double(w)));
        const double walls = A * (0.55 * (1.0 - (1.0 - s) * (1.0 - s)) + 0.45 * s * ridgeNoise);
        // Hummocks on the floor, none next to the channels (so nothing dams the river) or on the delta.
        const double delta = smoothstep(deltaV0 - 0.03, deltaV0, v) * smoothstep(lakeV, lakeV - 0.04, v);
        const double hummocks = 0.03 * A * floorNoise * smoothstep(chw, chw + 0.04 * double(w), dmin) * (1.0 - delta);
        double z = base + floorLevel(py, d) + walls + hummocks - cd * carve;
        const double ex = (px - lakeX()) / lakeRx, ey = (v - lakeV) / lakeRv;
        const double e = ex * ex + ey * ey;
        z -= lakeDepth * smoothstep(1.0, 0.6, e);  // a flat bottom, shores over the outer 40 %
        const double pr = std::hypot(px - riverX(poolV), py - poolV * double(h)) / poolR;
        if (pr < 1.0) z -= poolD * (1.0 - pr * pr);
        return std::max(0.0, z);
    }
};

}  // namespace

void alpineTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Alpine a(w, h, cellSizeM, p);
    const Fbm floorNoise(p, 23);
    const std::uint32_t ridgeSeed = streamSeed(p.seed, 25, 0);
    const double feature = std::max(1.0, double(p.featureSizeCells));
    const int octaves = std::clamp(p.octaves, 1, 16);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] =
                float(a.height(x, y, ridged(x + 0.5, y + 0.5, feature, octaves, ridgeSeed), floorNoise(x + 0.5, y + 0.5)));
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

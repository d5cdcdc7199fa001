// "coast": the coast world. The sea lies along the north edge (its mean level kCoastSeaLevelM, the sea
// bed falling 2.5 % from the beach to at least 1 m); a beach about 5 % of the map deep rising 4 % to a
// belt of dunes 4 to 12 m high (crests along the
// shore) backs the beach; behind the dunes in the west a lagoon about 1.6 m deep opens to the sea by a
// narrow inlet through them; a river comes down from hills in the south across a coastal plain (1 %)
// and cuts through the dunes to an estuary whose bed lies below the sea's level, so the tide reaches
// up it. Vertical scales are fixed (dunes, tides and depths are the same at every size); `amplitude`
// is the height of the southern hills.
#include <algorithm>
#include <cmath>

#include "sim/terrain_shapes.hpp"
#include "sim/world_kinds.hpp"

namespace sluice::sim::worlds {

namespace {

using namespace shapes;

struct Coast {
    int w, h;
    double L, A;
    std::uint32_t seed;
    double sea = kCoastSeaLevelM;
    double chw, cd;                  // river: half width (cells), depth below the plain (m)
    double lagoonU = 0.27, lagoonV = 0.57, lagoonRu = 0.17, lagoonRv = 0.07;

    Coast(int w_, int h_, float cellSizeM, const ProceduralTerrain& p) : w(std::max(1, w_)), h(std::max(1, h_)), seed(p.seed) {
        const double cell = std::isfinite(cellSizeM) && cellSizeM > 0 ? double(cellSizeM) : 1.0;
        L = double(h) * cell;
        A = sanitizedAmplitude(p);
        chw = std::max(2.0, double(w) / 90.0);
        cd = 1.5;
    }

    /// Row fraction of the shoreline (mean sea level) at column fraction u.
    double shore(double u) const { return 0.74 + 0.025 * wiggle(u, 3.0, streamSeed(seed, 51, 0)); }
    /// The river's centre line (cells).
    double riverX(double v) const { return double(w) * (0.66 + 0.08 * wiggle(v, 3.0, streamSeed(seed, 53, 0))); }
    /// The inlet's centre line (cells), from the lagoon's north shore to the sea.
    double inletX(double v) const { return double(w) * (0.25 - 0.03 * (v - 0.60) / 0.16); }
    /// The plain behind the dunes (m): 0.8 m above the sea at the dunes, rising 1 % inland.
    double plain(double v, double vs) const { return sea + 0.8 + 0.01 * std::max(0.0, vs - 0.10 - v) * L; }

    double height(int x, int y, double duneNoise, double hillNoise) const {
        const double px = x + 0.5, py = y + 0.5, u = px / double(w), v = py / double(h);
        const double vs = shore(u);
        const double dRiver = std::fabs(px - riverX(v));
        const double awayFromRiver = smoothstep(chw, chw + 0.06 * double(w), dRiver);
        double z = plain(v, vs);
        // Hills in the south, kept off the river's path so nothing dams it.
        z += A * smoothstep(0.38, 0.0, v) * (0.3 + 0.7 * hillNoise) * awayFromRiver;
        // Dunes: a belt 9 % of the map deep behind the beach.
        const double belt = smoothstep(vs - 0.10, vs - 0.06, v) * smoothstep(vs - 0.005, vs - 0.035, v);
        z += belt * (4.0 + 8.0 * duneNoise) * smoothstep(chw, chw + 0.03 * double(w), dRiver);
        // The beach (rising 4 % from the water's edge to the dunes' foot) and the sea bed beyond.
        if (v < vs) z = lerp(z, sea + 0.6 + 0.04 * (vs - v) * L, smoothstep(vs - 0.045, vs - 0.025, v));
        else z = std::max(1.0, sea + 0.6 - 0.025 * (v - vs) * L);
        // The river: its channel widens into an estuary at the dunes; its bed ends below sea level.
        const double mouth = smoothstep(vs - 0.14, vs, v);
        const double hw = chw * (1.0 + 1.5 * mouth);
        const double bed = std::min(plain(v, vs) - cd, lerp(plain(v, vs) - cd, sea - 1.0, mouth));
        z = lerp(z, std::min(z, bed), channelProfile(dRiver, hw));
        // The lagoon: a flat floor 1.6 m below the sea's level, shelving shores.
        const double eu = (u - lagoonU) / lagoonRu, ev = (v - lagoonV) / lagoonRv;
        const double e = eu * eu + ev * ev;
        z = lerp(z, std::min(z, sea - 1.6), smoothstep(1.0, 0.55, e));
        // The inlet through the dunes and the beach, 1.2 m below the sea's level.
        // It runs on across the beach until the sea bed is deeper than it.
        if (v > lagoonV && v < vs + 0.2) {
            const double fade = smoothstep(vs + 0.2, vs + 0.15, v);
            z = lerp(z, std::min(z, sea - 1.2), fade * channelProfile(std::fabs(px - inletX(v)), std::max(2.0, double(w) / 80.0)));
        }
        return std::max(0.0, z);
    }
};

}  // namespace

void coastTerrain(std::vector<float>& out, int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Coast c(w, h, cellSizeM, p);
    const Fbm hills(p, 55);
    const std::uint32_t duneSeed = streamSeed(p.seed, 57, 0);
    // Dune crests run along the shore: the noise is stretched 3 : 1 along x.
    const double duneFeature = std::max(2.0, double(w) / 40.0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] = float(
                c.height(x, y, ridged((x + 0.5) / 3.0, y + 0.5, duneFeature, 3, duneSeed), hills(x + 0.5, y + 0.5)));
}

std::vector<WorldMark> coastMarks(int w, int h, float cellSizeM, const ProceduralTerrain& p) {
    const Coast c(w, h, cellSizeM, p);
    const double vRiver = 0.03;
    WorldMark river{"river", float(c.riverX(vRiver)), float(vRiver * h), float(std::max(1.5, 0.75 * c.chw))};
    WorldMark sea{"sea", float(0.5 * w), float(0.97 * h), 0};
    sea.levelM = float(c.sea);
    WorldMark lagoon{"lagoon", float(c.lagoonU * w), float(c.lagoonV * h), float(c.lagoonRu * w)};
    lagoon.levelM = float(c.sea);
    const double vMouth = c.shore(c.riverX(0.74) / w);
    WorldMark mouth{"mouth", float(c.riverX(vMouth)), float(vMouth * h), float(2.5 * c.chw)};
    const double vInlet = 0.70;
    WorldMark inlet{"inlet", float(c.inletX(vInlet)), float(vInlet * h), float(std::max(2.0, w / 80.0))};
    return {river, sea, lagoon, mouth, inlet};
}

}  // namespace sluice::sim::worlds

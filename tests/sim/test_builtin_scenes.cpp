// Built-in worlds and procedural terrain: determinism, the features each world claims (relief, waterfall,
// lake, reservoir, tide, dunes, paddies), runs with exact ledgers, symmetry of the bowl.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <cstdlib>

#include "sim/assets.hpp"
#include "sim/basin_fill.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/solver.hpp"
#include "sim/world_terrain.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sluice::sim;

std::uint64_t fnv1a(const std::vector<float>& v) {
    std::uint64_t h = 1469598103934665603ull;
    for (float f : v) {
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        for (int b = 0; b < 4; ++b) {
            h ^= (u >> (8 * b)) & 0xffu;
            h *= 1099511628211ull;
        }
    }
    return h;
}

bool allFiniteNonNegative(const std::vector<float>& v) {
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x) && x >= 0.0f; });
}

TEST(ProceduralTerrain, EveryKindIsDeterministicFiniteAndNonNegative) {
    for (std::string_view kind : kTerrainKinds) {
        ProceduralTerrain p;
        p.kind = std::string(kind);
        p.seed = 99;
        const auto a = generateTerrain(70, 45, 2.0f, p);
        const auto b = generateTerrain(70, 45, 2.0f, p);
        ASSERT_EQ(a.size(), 70u * 45u) << kind;
        EXPECT_EQ(a, b) << kind;
        EXPECT_TRUE(allFiniteNonNegative(a)) << kind;
    }
}

TEST(ProceduralTerrain, GoldenChecksumsPinTheOutputAcrossPlatforms) {
    // Pinned bit patterns: a change here means saved scenes would regenerate differently.
    const std::pair<const char*, std::uint64_t> golden[] = {
        {"hills", 0x8defb863483b9fd5ull},
        {"valley", 0x04def912beb84d84ull},
        {"ramp", 0xd40a256425d33b19ull},
        {"bowl", 0x84b4c5490a0198dbull},
    };
    for (const auto& [kind, hash] : golden) {
        ProceduralTerrain p;
        p.kind = kind;
        p.seed = 12345;
        p.featureSizeCells = 16;
        EXPECT_EQ(fnv1a(generateTerrain(48, 40, 2.0f, p)), hash) << kind;
    }
}

TEST(ProceduralTerrain, SeedsChangeTheNoise) {
    ProceduralTerrain p;
    p.kind = "hills";
    const auto a = generateTerrain(32, 32, 1.0f, p);
    p.seed = 2;
    EXPECT_NE(a, generateTerrain(32, 32, 1.0f, p));
}

TEST(ProceduralTerrain, HillsStayWithinTheAmplitude) {
    ProceduralTerrain p;
    p.kind = "hills";
    p.amplitudeM = 12.0f;
    const auto t = generateTerrain(64, 64, 1.0f, p);
    const auto [lo, hi] = std::minmax_element(t.begin(), t.end());
    EXPECT_GE(*lo, 0.0f);
    EXPECT_LE(*hi, 12.0f);
    EXPECT_GT(*hi - *lo, 3.0f);  // it is not flat
}

TEST(ProceduralTerrain, RampFallsTowardEastByTheAmplitude) {
    ProceduralTerrain p;
    p.kind = "ramp";
    p.amplitudeM = 10.0f;
    const int w = 50, h = 20;
    const auto t = generateTerrain(w, h, 1.0f, p);
    std::vector<double> column(w, 0.0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) column[std::size_t(x)] += t[std::size_t(y) * w + x] / h;
    for (int x = 1; x < w; ++x) EXPECT_LT(column[std::size_t(x)], column[std::size_t(x - 1)]) << x;
    EXPECT_NEAR(column.front() - column.back(), 10.0, 0.3);
}

TEST(ProceduralTerrain, BowlIsExactlySymmetric) {
    for (auto [w, h] : {std::pair{33, 33}, std::pair{40, 40}, std::pair{41, 26}}) {
        ProceduralTerrain p;
        p.kind = "bowl";
        p.amplitudeM = 7.3f;
        const auto t = generateTerrain(w, h, 1.5f, p);
        const auto at = [&](int x, int y) { return t[std::size_t(y) * std::size_t(w) + std::size_t(x)]; };
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                ASSERT_EQ(at(x, y), at(w - 1 - x, y)) << w << "x" << h << " at " << x << "," << y;
                ASSERT_EQ(at(x, y), at(x, h - 1 - y)) << w << "x" << h << " at " << x << "," << y;
            }
        // Lowest in the middle, rising outward.
        EXPECT_LT(at(w / 2, h / 2), at(0, h / 2));
        EXPECT_LT(at(w / 2, h / 2), at(w / 2, 0));
    }
}

TEST(ProceduralTerrain, ValleyChannelRunsDownhillToTheNorth) {
    ProceduralTerrain p;  // default: valley
    const int n = 128;
    const auto t = generateTerrain(n, n, 2.0f, p);
    const ValleyLayout lay = valleyLayout(n, n, p);
    ASSERT_EQ(lay.channelX.size(), std::size_t(n));
    // Along the channel, outside the basin, the lowest cell of each row never rises going north.
    float prev = 1e9f;
    bool prevInBasin = true;
    for (int y = 0; y < n; ++y) {
        const float cx = lay.channelX[std::size_t(y)];
        const int x0 = std::max(0, int(cx - lay.channelHalfWidthCells));
        const int x1 = std::min(n - 1, int(cx + lay.channelHalfWidthCells));
        float z = 1e9f;
        bool inBasin = false;
        for (int x = x0; x <= x1; ++x) {
            z = std::min(z, t[std::size_t(y) * n + std::size_t(x)]);
            inBasin = inBasin || lay.inBasin(x, y);
        }
        if (!inBasin && !prevInBasin) {
            EXPECT_LT(z, prev) << "row " << y;
        }
        prev = z;
        prevInBasin = inBasin;
    }
    // The channel is lower than the valley sides in its row.
    const int y = n / 8;
    const int cx = int(lay.channelX[std::size_t(y)]);
    EXPECT_LT(t[std::size_t(y) * n + std::size_t(cx)], t[std::size_t(y) * n + 2]);
    EXPECT_LT(t[std::size_t(y) * n + std::size_t(cx)], t[std::size_t(y) * n + std::size_t(n - 3)]);
}

TEST(BuiltinScenes, DefaultSceneIsDeterministic) {
    const Scene a = defaultScene(128);
    const Scene b = defaultScene(128);
    EXPECT_EQ(a.terrainM, b.terrainM);
    EXPECT_EQ(a.depthM, b.depthM);
    ASSERT_EQ(a.sources.size(), b.sources.size());
    EXPECT_EQ(a.sources[0].x, b.sources[0].x);
    EXPECT_EQ(a.sources[0].y, b.sources[0].y);
}

/// The mark `name` of built-in world `world` at size x size (a test failure when it has none).
WorldMark markOf(const std::string& world, int size, const std::string& name) {
    auto marks = builtinWorldMarks(world, size);
    EXPECT_TRUE(marks.ok());
    if (marks)
        for (const WorldMark& m : *marks)
            if (m.name == name) return m;
    ADD_FAILURE() << world << " has no mark " << name;
    return {};
}

std::size_t at(const Scene& s, int x, int y) { return std::size_t(y) * std::size_t(s.width) + std::size_t(x); }

/// Lowest bed of row y within `radius` cells of column x.
float lowestNear(const Scene& s, float x, int y, float radius) {
    float z = 1e30f;
    for (int i = std::max(0, int(x - radius)); i <= std::min(s.width - 1, int(x + radius)); ++i) z = std::min(z, s.terrainM[at(s, i, y)]);
    return z;
}

// The valley at the viewer's full size (1024): hundreds of metres of relief, a waterfall, a lake at
// rest in its basin, a spring in the channel feeding a river that leaves through the open north.
TEST(BuiltinScenes, ValleyHasMountainsAWaterfallALakeAndASpring) {
    const int n = 1024;
    const Scene s = defaultScene(n);
    EXPECT_EQ(s.name, "valley");
    EXPECT_EQ(s.width, n);
    EXPECT_FLOAT_EQ(s.cellSizeM, 2.0f);
    EXPECT_TRUE(allFiniteNonNegative(s.terrainM));
    EXPECT_TRUE(allFiniteNonNegative(s.depthM));
    const auto [lo, hi] = std::minmax_element(s.terrainM.begin(), s.terrainM.end());
    EXPECT_GT(*hi - *lo, 300.0f) << "metres of relief";

    // The waterfall: the channel's bed drops by the step (10 % of the relief) from one row to the next.
    const WorldMark fall = markOf("valley", n, "waterfall");
    const int yf = int(std::lround(fall.y));
    const float drop = lowestNear(s, fall.x, yf - 1, fall.radiusCells) - lowestNear(s, fall.x, yf, 2 * fall.radiusCells);
    EXPECT_GT(drop, 0.9f * fall.levelM) << "m";
    EXPECT_GT(drop, 40.0f) << "m";

    // The lake: water at the lake mark, its surface level (at rest) and 2 cm under the spill level.
    const WorldMark lake = markOf("valley", n, "lake");
    const std::size_t c = at(s, int(lake.x), int(lake.y));
    ASSERT_GT(s.depthM[c], 3.0f) << "m of water at the lake's centre";
    const float surface = s.terrainM[c] + s.depthM[c];
    EXPECT_NEAR(surface, spillLevel(s.terrainM, n, n, int(lake.x), int(lake.y)) - 0.02f, 1e-3f);
    std::size_t lakeCells = 0;
    for (std::size_t i = 0; i < s.cellCount(); ++i)
        if (s.depthM[i] > 0 && std::abs(s.terrainM[i] + s.depthM[i] - surface) < 1e-3f) ++lakeCells;
    EXPECT_GT(lakeCells, s.cellCount() / 50) << "the lake covers over 2 % of the map";

    // The spring: one Rate source of size/64 m^3/s in the channel, upstream of the waterfall.
    ASSERT_EQ(s.sources.size(), 1u);
    const Emitter& src = s.sources[0];
    EXPECT_EQ(src.mode, EmitterMode::Rate);
    EXPECT_FLOAT_EQ(src.rateM3PerS, float(n) / 64.0f);
    EXPECT_LT(src.y, fall.y);
    EXPECT_LT(s.terrainM[at(s, int(src.x), int(src.y))], s.terrainM[at(s, int(src.x) + n / 8, int(src.y))] - 10.0f)
        << "the spring lies low in the valley, not on its side";
    EXPECT_TRUE(s.drains.empty());
    EXPECT_EQ(s.boundary.north, BoundarySide::of(BoundaryKind::Open));
    EXPECT_TRUE(s.boundary.south.isWall());
    EXPECT_EQ(s.params.model, WaterModel::Swe);
    EXPECT_FLOAT_EQ(s.params.dtSeconds, 0.1f);
}

// The dam at 256: a reservoir whose surface stands far above the plain, a village of raised blocks
// on the plain, and a breach action that cuts the dam down to the reservoir's floor.
TEST(BuiltinScenes, DamHoldsAReservoirAboveAPlainWithAVillage) {
    const int n = 256;
    auto s = builtinScene("dam", n);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const WorldMark res = markOf("dam", n, "reservoir");
    const WorldMark plain = markOf("dam", n, "plain");
    const WorldMark dam = markOf("dam", n, "dam");
    const std::size_t c = at(*s, int(res.x), int(res.y));
    ASSERT_GT(s->depthM[c], 1.0f);
    EXPECT_NEAR(s->terrainM[c] + s->depthM[c], res.levelM, 1e-3f);
    EXPECT_GT(res.levelM, plain.levelM + 15.0f) << "the reservoir stands above the plain";
    EXPECT_LT(res.levelM, dam.levelM) << "below the crest";
    // All the stored water lies south of the dam (the plain's river starts dry).
    for (int y = int(dam.y); y < n; ++y)
        for (int x = 0; x < n; ++x) ASSERT_EQ(s->depthM[at(*s, x, y)], 0.0f) << x << "," << y;
    // Houses: many cells 3 m or more above the plain around the village.
    std::size_t roofs = 0;
    for (int y = int(0.6f * n); y < int(0.85f * n); ++y)
        for (int x = int(0.2f * n); x < int(0.8f * n); ++x)
            roofs += s->terrainM[at(*s, x, y)] > plain.levelM + 2.5f;
    EXPECT_GT(roofs, std::size_t(n * n / 100));
    ASSERT_EQ(s->actions.size(), 1u);
    const WorldAction& breach = s->actions[0];
    EXPECT_EQ(breach.name, "breach");
    EXPECT_EQ(breach.stroke.kind, BrushKind::Flatten);
    EXPECT_GE(breach.stroke.strength * breach.stroke.dtSeconds, 1.0f) << "exact at the centre in one application";
    EXPECT_LT(breach.stroke.targetHeightM, res.levelM - 5.0f);
    EXPECT_GT(s->terrainM[at(*s, int(breach.stroke.x), int(breach.stroke.y))], res.levelM) << "the dam is intact";
}

// The coast at 256: the north side a level boundary following a tide around the sea's mean level, the
// sea and the lagoon (through its inlet) at that level, dunes between them.
TEST(BuiltinScenes, CoastHasATidalSeaDunesAndALagoon) {
    const int n = 256;
    auto s = builtinScene("coast", n);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const BoundarySegment* north = s->boundary.north.whole();
    ASSERT_NE(north, nullptr);
    EXPECT_EQ(north->kind, BoundaryKind::Level);
    ASSERT_GT(north->value.points.size(), 20u) << "a tide, not a constant";
    double lo = 1e9, hi = -1e9;
    for (const auto& [t, v] : north->value.points) lo = std::min(lo, v), hi = std::max(hi, v);
    EXPECT_NEAR(lo, kCoastSeaLevelM - 0.8, 1e-6);
    EXPECT_NEAR(hi, kCoastSeaLevelM + 0.8, 1e-6);
    EXPECT_EQ(north->value.at(0), double(kCoastSeaLevelM));
    const WorldMark lagoon = markOf("coast", n, "lagoon");
    const WorldMark sea = markOf("coast", n, "sea");
    for (const WorldMark* m : {&lagoon, &sea}) {
        const std::size_t c = at(*s, int(m->x), int(m->y));
        ASSERT_GT(s->depthM[c], 0.5f) << m->name;
        EXPECT_NEAR(s->terrainM[c] + s->depthM[c], kCoastSeaLevelM, 1e-4f) << m->name;
    }
    // Dunes: between the lagoon and the sea, the highest bed of each column stands 3 m above the sea
    // on most columns (the inlet and the river cut through them).
    int dunes = 0;
    for (int x = 0; x < n; ++x) {
        float top = 0;
        for (int y = int(lagoon.y); y < int(0.8f * n); ++y) top = std::max(top, s->terrainM[at(*s, x, y)]);
        dunes += top > kCoastSeaLevelM + 3.0f;
    }
    EXPECT_GT(dunes, n * 3 / 4);
    ASSERT_EQ(s->sources.size(), 1u);
}

// The terraces at 256: many paddies, each full to just under its notch, each at its own level, and
// walls between them.
TEST(BuiltinScenes, TerracesAreWalledPaddiesFullToTheirNotches) {
    const int n = 256;
    auto s = builtinScene("terraces", n);
    ASSERT_TRUE(s.ok()) << s.error().message;
    const WorldMark top = markOf("terraces", n, "top-paddy");
    const WorldMark bottom = markOf("terraces", n, "bottom-paddy");
    for (const WorldMark* m : {&top, &bottom}) {
        const std::size_t c = at(*s, int(m->x), int(m->y));
        ASSERT_GT(s->depthM[c], 0.1f) << m->name << " at " << m->x << "," << m->y;
        EXPECT_NEAR(s->terrainM[c] + s->depthM[c], m->levelM - 0.002f, 1e-3f) << m->name;
    }
    EXPECT_GT(top.levelM, bottom.levelM + 10.0f) << "the hillside falls";
    // Distinct still-water levels: one per paddy (11 bands x 7 columns at 256).
    std::vector<float> levels;
    for (std::size_t i = 0; i < s->cellCount(); ++i)
        if (s->depthM[i] > 0) levels.push_back(std::round((s->terrainM[i] + s->depthM[i]) * 100.0f));
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    EXPECT_GE(levels.size(), 11u) << "water levels (cm)";
    // Walls: going down a column through the terraces, the bed rises above the water beside it
    // (a bund) before each drop to the next band.
    int walls = 0;
    const int x = int(top.x);
    for (int y = 1; y < n; ++y) {
        const float here = s->terrainM[at(*s, x, y)], before = s->terrainM[at(*s, x, y - 1)];
        const float water = s->terrainM[at(*s, x, y - 1)] + s->depthM[at(*s, x, y - 1)];
        walls += s->depthM[at(*s, x, y - 1)] > 0 && here > water && here < before + 1.0f;
    }
    EXPECT_GE(walls, 8);
    EXPECT_EQ(s->sources.size(), 2u);
}

// Every world runs on the CPU without NaN, with an exact ledger and about one substep per step (the
// dam's breach asks for more: it is bounded, and the flood reaches the plain).
TEST(BuiltinScenes, EveryWorldRunsWithAnExactLedger) {
    for (const std::string& name : builtinSceneNames())
        for (int size : {48, 96}) {
            auto s = builtinScene(name, size);
            ASSERT_TRUE(s.ok()) << name;
            auto solver = sluice::test::makeSolver("cpu", *s);
            ASSERT_TRUE(solver) << name;
            for (int i = 0; i < 200; ++i) solver->step(s->params.dtSeconds);
            const RunCounters& c = solver->counters();
            EXPECT_LE(double(c.substeps), 1.2 * double(c.steps)) << name << ":" << size;
            EXPECT_EQ(solver->ledger().residualUnits, 0) << name << ":" << size;
            const FieldSnapshot f = solver->download();
            EXPECT_TRUE(allFiniteNonNegative(f.depthM)) << name << ":" << size;
            if (s->actions.empty()) continue;
            // The breach: one command; the flood then runs onto the plain north of the dam.
            const WorldMark plain = markOf(name, size, "plain");
            double before = 0, after = 0;
            for (int y = int(plain.y); y < size; ++y)
                for (int x = 0; x < size; ++x) before += f.depthM[at(*s, x, y)];
            solver->applyBrush(s->actions[0].stroke);
            const std::int64_t substeps = c.substeps;
            for (int i = 0; i < 300; ++i) solver->step(s->params.dtSeconds);
            const FieldSnapshot g = solver->download();
            for (int y = int(plain.y); y < size; ++y)
                for (int x = 0; x < size; ++x) after += g.depthM[at(*s, x, y)];
            EXPECT_GT(after, before + 10.0) << name << ":" << size << ": metres of depth summed over the plain";
            EXPECT_LE(c.substeps - substeps, 8 * 300) << name << ":" << size;
            EXPECT_EQ(c.cappedSteps, 0) << name << ":" << size;
            EXPECT_EQ(solver->ledger().residualUnits, 0) << name << ":" << size;
            EXPECT_TRUE(allFiniteNonNegative(g.depthM)) << name << ":" << size;
        }
}

TEST(BuiltinScenes, DefaultSceneClampsTinySizes) {
    const Scene s = defaultScene(3);
    EXPECT_EQ(s.width, kMinBuiltinSize);
    EXPECT_EQ(s.terrainM.size(), s.cellCount());
    ASSERT_EQ(s.sources.size(), 1u);
    EXPECT_LE(s.sources[0].x, float(s.width));
    EXPECT_LE(s.sources[0].y, float(s.height));
}

TEST(BuiltinScenes, BenchSceneIsWetEverywhereUnderOneLevel) {
    const Scene s = benchScene(96);
    EXPECT_EQ(s.name, "bench");
    ASSERT_EQ(s.depthM.size(), s.cellCount());
    EXPECT_TRUE(allFiniteNonNegative(s.terrainM));
    const float level = s.terrainM[0] + s.depthM[0];
    for (std::size_t i = 0; i < s.cellCount(); ++i) {
        ASSERT_GT(s.depthM[i], 0.0f) << i;
        ASSERT_NEAR(s.terrainM[i] + s.depthM[i], level, 1e-4f) << i;
    }
    EXPECT_TRUE(s.sources.empty());
    EXPECT_TRUE(s.drains.empty());
    EXPECT_TRUE(s.boundary.north.isWall());
    EXPECT_EQ(benchScene(96).terrainM, s.terrainM);
}

// The mostly dry worlds of `bench --dry-shapes`: bench-slosh's water, bit for bit, inside a region of
// the asked share and shape, dry land above every water surface outside it.
TEST(BuiltinScenes, BenchPatchKeepsTheSloshingWaterInsideItsRegionOnly) {
    const int n = 120;
    const Scene slosh = benchSloshScene(n);
    float top = 0.0f;
    for (std::size_t i = 0; i < slosh.cellCount(); ++i) top = std::max(top, slosh.terrainM[i] + slosh.depthM[i]);
    for (PatchShape shape : {PatchShape::Square, PatchShape::Rows, PatchShape::Columns}) {
        const Scene s = benchPatchScene(n, 0.1f, shape);
        EXPECT_EQ(s.name, "bench-patch");
        int wetCells = 0, x0 = n, x1 = -1, y0 = n, y1 = -1;
        for (int y = 0; y < n; ++y)
            for (int x = 0; x < n; ++x) {
                const std::size_t i = std::size_t(y) * std::size_t(n) + std::size_t(x);
                if (s.depthM[i] > 0.0f) {
                    ++wetCells;
                    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
                    ASSERT_EQ(s.depthM[i], slosh.depthM[i]) << i;
                    ASSERT_EQ(s.terrainM[i], slosh.terrainM[i]) << i;
                } else {
                    ASSERT_GT(s.terrainM[i], top + 5.0f) << i;  // land no water reaches
                }
            }
        // One rectangle of about a tenth of the grid (whole rows or columns rounded), centred.
        EXPECT_EQ(wetCells, (x1 - x0 + 1) * (y1 - y0 + 1));
        EXPECT_NEAR(double(wetCells) / double(n * n), 0.1, 0.01);
        EXPECT_LE(std::abs((x0 + x1) - (n - 1)), 1);
        EXPECT_LE(std::abs((y0 + y1) - (n - 1)), 1);
        if (shape == PatchShape::Rows) { EXPECT_EQ(x1 - x0 + 1, n); }
        if (shape == PatchShape::Columns) { EXPECT_EQ(y1 - y0 + 1, n); }
        if (shape == PatchShape::Square) { EXPECT_EQ(x1 - x0, y1 - y0); }
    }
    // The whole grid: bench-slosh itself.
    EXPECT_EQ(benchPatchScene(n, 1.0f, PatchShape::Square).depthM, slosh.depthM);
}

TEST(BuiltinScenes, LookupByName) {
    auto d = builtinScene("default", 64);
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->name, "valley") << "default is the valley";
    EXPECT_EQ(d->terrainM, defaultScene(64).terrainM);
    auto v = builtinScene("valley", 64);
    ASSERT_TRUE(v.ok()) << v.error().message;
    EXPECT_EQ(v->terrainM, d->terrainM);
    auto b = builtinScene("bench", 64);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(b->name, "bench");

    auto bad = builtinScene("volcano", 64);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("'volcano'"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("valley, bench, coast, dam, terraces; default = valley"), std::string::npos)
        << bad.error().message;

    auto small = builtinScene("default", 4);
    ASSERT_FALSE(small.ok());
    EXPECT_NE(small.error().message.find("size 4"), std::string::npos) << small.error().message;
}

// Built-in worlds are data: assets/worlds/NAME.json, embedded in the binary. Every shipped world loads
// (no warnings, which would mean an asset with a typo) at the smallest size and at others, with
// finite heights and depths.
TEST(BuiltinScenes, EveryShippedWorldLoads) {
    const std::vector<std::string> names = builtinSceneNames();
    EXPECT_EQ(names, (std::vector<std::string>{"valley", "bench", "coast", "dam", "terraces"}));
    for (const std::string& name : names)
        for (int size : {kMinBuiltinSize, 72, 256}) {
            auto s = builtinScene(name, size);
            ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
            EXPECT_EQ(s->width, size);
            EXPECT_EQ(s->terrainM.size(), s->cellCount());
            EXPECT_TRUE(allFiniteNonNegative(s->terrainM)) << name << ":" << size;
            EXPECT_TRUE(allFiniteNonNegative(s->depthM)) << name << ":" << size;
            EXPECT_TRUE(std::any_of(s->depthM.begin(), s->depthM.end(), [](float d) { return d > 0; }) || !s->sources.empty())
                << name << ":" << size << " has no water and no source";
        }
}

// Restores an environment variable when the test ends.
struct ScopedEnv {
    std::string name;
    ScopedEnv(const char* n, const std::string& value) : name(n) { setenv(n, value.c_str(), 1); }
    ~ScopedEnv() { unsetenv(name.c_str()); }
};

// The description, not the C++, decides the world: with SLUICE_ASSET_DIR pointing at an edited copy
// of the assets, builtin:default follows the edit, and a broken description is an error naming it.
TEST(BuiltinScenes, WorldDescriptionIsTheAsset) {
    auto text = readAsset("worlds/valley.json");
    ASSERT_TRUE(text.ok()) << text.error().message;
    const Scene shipped = defaultScene(64);

    sluice::test::TempDir dir;
    std::string edited = *text;
    const auto edit = [&](const std::string& from, const std::string& to) {
        ASSERT_NE(edited.find(from), std::string::npos) << from;
        edited.replace(edited.find(from), from.size(), to);
    };
    edit("\"metres_per_cell\": 0.55", "\"metres_per_cell\": 1.1");
    edit("\"manning_n\": 0.035", "\"manning_n\": 0.15");
    sluice::test::writeText(dir / "worlds/valley.json", edited);
    sluice::test::writeText(dir / "worlds/broken.json", "{ \"name\": \"broken\", \"terrain\": { \"flat\": 0 }, \"gird\": 3 }");
    sluice::test::writeText(dir / "worlds/typo.json",
                            "{ \"terrain\": { \"procedural\": { \"kind\": \"alpine\" } }, \"builtin\": { \"sources\": [ { \"at\": \"sprung\" } ] } }");
    ScopedEnv env("SLUICE_ASSET_DIR", dir.path().string());

    auto s = builtinScene("default", 64);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->params.manningN, 0.15f);
    EXPECT_NE(s->terrainM, shipped.terrainM);
    const auto [lo, hi] = std::minmax_element(s->terrainM.begin(), s->terrainM.end());
    const auto [slo, shi] = std::minmax_element(shipped.terrainM.begin(), shipped.terrainM.end());
    EXPECT_GT(*hi - *lo, 1.5f * (*shi - *slo));  // twice the relief per cell: about twice the relief
    ASSERT_FALSE(s->sources.empty());            // the C++ still places the spring at its mark

    EXPECT_EQ(builtinSceneNames(), (std::vector<std::string>{"valley", "broken", "typo"}));
    auto broken = builtinScene("broken", 32);
    ASSERT_FALSE(broken.ok());
    EXPECT_NE(broken.error().message.find("assets/worlds/broken.json"), std::string::npos) << broken.error().message;
    auto typo = builtinScene("typo", 32);
    ASSERT_FALSE(typo.ok());
    EXPECT_NE(typo.error().message.find("no mark 'sprung'"), std::string::npos) << typo.error().message;
}

}  // namespace

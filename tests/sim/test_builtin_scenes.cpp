// Built-in scenes and procedural terrain: determinism, sanity of the default scene, symmetry of the bowl.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <cstdlib>

#include "sim/assets.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/procedural_terrain.hpp"
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

TEST(BuiltinScenes, DefaultSceneHasALakeARiverAndAnOpenNorth) {
    const int n = 256;
    const Scene s = defaultScene(n);
    EXPECT_EQ(s.name, "default");
    EXPECT_EQ(s.width, n);
    EXPECT_EQ(s.height, n);
    EXPECT_FLOAT_EQ(s.cellSizeM, 2.0f);
    ASSERT_EQ(s.terrainM.size(), s.cellCount());
    ASSERT_EQ(s.depthM.size(), s.cellCount());
    EXPECT_TRUE(allFiniteNonNegative(s.terrainM));
    EXPECT_TRUE(allFiniteNonNegative(s.depthM));

    // Wet cells exist, all inside the basin; the lake is partly filled (its rim cells are dry).
    ProceduralTerrain recipe;
    recipe.featureSizeCells = float(n) / 8.0f;
    const ValleyLayout lay = valleyLayout(n, n, recipe);
    std::size_t wet = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (s.depthM[std::size_t(y) * n + std::size_t(x)] > 0) {
                ++wet;
                EXPECT_TRUE(lay.inBasin(x, y)) << x << "," << y;
            }
    EXPECT_GT(wet, std::size_t(n * n / 200));
    const int bx = int(lay.basinX), by = int(lay.basinY);
    EXPECT_GT(s.depthM[std::size_t(by) * n + std::size_t(bx)], 0.5f);

    // One enabled Rate source inside the grid, in the southern part, in the channel.
    ASSERT_EQ(s.sources.size(), 1u);
    const Emitter& src = s.sources[0];
    EXPECT_EQ(src.mode, EmitterMode::Rate);
    EXPECT_TRUE(src.enabled);
    EXPECT_GT(src.rateM3PerS, 0.0f);
    EXPECT_FLOAT_EQ(src.rateM3PerS, float(n) / 64.0f);
    EXPECT_GE(src.x, 0.0f);
    EXPECT_LE(src.x, float(n));
    EXPECT_GE(src.y, 0.0f);
    EXPECT_LT(src.y, 0.25f * float(n));
    EXPECT_GT(src.radiusCells, 0.0f);
    EXPECT_NEAR(src.x, lay.channelX[std::size_t(src.y)], 1.0f);
    EXPECT_TRUE(s.drains.empty());

    EXPECT_EQ(s.boundary.north, BoundarySide::of(BoundaryKind::Open));
    EXPECT_TRUE(s.boundary.south.isWall());
    EXPECT_TRUE(s.boundary.east.isWall());
    EXPECT_TRUE(s.boundary.west.isWall());
    EXPECT_FLOAT_EQ(s.params.friction, 0.05f);
    EXPECT_FLOAT_EQ(s.params.dtSeconds, 0.1f);
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

TEST(BuiltinScenes, LookupByName) {
    auto d = builtinScene("default", 64);
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->terrainM, defaultScene(64).terrainM);
    auto b = builtinScene("bench", 64);
    ASSERT_TRUE(b.ok()) << b.error().message;
    EXPECT_EQ(b->name, "bench");

    auto bad = builtinScene("valley", 64);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("'valley'"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("default, bench"), std::string::npos) << bad.error().message;

    auto small = builtinScene("default", 4);
    ASSERT_FALSE(small.ok());
    EXPECT_NE(small.error().message.find("size 4"), std::string::npos) << small.error().message;
}

// Built-in worlds are data: assets/worlds/NAME.json, embedded in the binary. Every shipped world loads
// (no warnings, which would mean an asset with a typo) at the smallest size and at another one.
TEST(BuiltinScenes, EveryShippedWorldLoads) {
    const std::vector<std::string> names = builtinSceneNames();
    ASSERT_GE(names.size(), 2u);
    EXPECT_EQ(names.front(), "default");
    for (const std::string& name : names)
        for (int size : {kMinBuiltinSize, 72}) {
            auto s = builtinScene(name, size);
            ASSERT_TRUE(s.ok()) << name << ": " << s.error().message;
            EXPECT_EQ(s->width, size);
            EXPECT_EQ(s->terrainM.size(), s->cellCount());
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
    auto text = readAsset("worlds/default.json");
    ASSERT_TRUE(text.ok()) << text.error().message;
    ASSERT_NE(text->find("\"amplitude\": 20"), std::string::npos);
    const Scene shipped = defaultScene(64);

    sluice::test::TempDir dir;
    std::string edited = *text;
    const auto edit = [&](const std::string& from, const std::string& to) {
        ASSERT_NE(edited.find(from), std::string::npos) << from;
        edited.replace(edited.find(from), from.size(), to);
    };
    edit("\"amplitude\": 20", "\"amplitude\": 40");
    edit("\"manning_n\": 0.035", "\"manning_n\": 0.15");
    sluice::test::writeText(dir / "worlds/default.json", edited);
    sluice::test::writeText(dir / "worlds/broken.json", "{ \"name\": \"broken\", \"terrain\": { \"flat\": 0 }, \"gird\": 3 }");
    ScopedEnv env("SLUICE_ASSET_DIR", dir.path().string());

    auto s = builtinScene("default", 64);
    ASSERT_TRUE(s.ok()) << s.error().message;
    EXPECT_EQ(s->params.manningN, 0.15f);
    EXPECT_NE(s->terrainM, shipped.terrainM);
    const auto [lo, hi] = std::minmax_element(s->terrainM.begin(), s->terrainM.end());
    const auto [slo, shi] = std::minmax_element(shipped.terrainM.begin(), shipped.terrainM.end());
    EXPECT_GT(*hi - *lo, 1.5f * (*shi - *slo));  // twice the amplitude: about twice the relief
    ASSERT_FALSE(s->sources.empty());            // the C++ still places the source in the channel

    EXPECT_EQ(builtinSceneNames(), (std::vector<std::string>{"default", "broken"}));
    auto broken = builtinScene("broken", 32);
    ASSERT_FALSE(broken.ok());
    EXPECT_NE(broken.error().message.find("assets/worlds/broken.json"), std::string::npos) << broken.error().message;
}

}  // namespace

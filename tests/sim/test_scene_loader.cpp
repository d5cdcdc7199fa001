// Scene JSON loading: every terrain/water kind, parameters, boundaries, emitters, warnings and errors;
// PNG heightmaps (8- and 16-bit, orientation).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <stb/stb_image_write.h>

#include "sim/atomic_file.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/scene_loader.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace sluice::sim;
using sluice::test::TempDir;
using sluice::test::writeText;

/// Parses `json` as if it were the file dir/a.json; returns the result for inspection.
sluice::Result<SceneLoadOutput> parseIn(const TempDir& dir, const std::string& json) {
    return parseSceneJson(json, dir / "a.json", dir.path());
}

/// Expects `json` to fail and returns the message; checks it names a.json and every `fragments` entry.
std::string expectError(const TempDir& dir, const std::string& json, std::initializer_list<std::string> fragments) {
    auto r = parseIn(dir, json);
    EXPECT_FALSE(r.ok()) << "expected an error for: " << json;
    if (r.ok()) return {};
    const std::string& msg = r.error().message;
    EXPECT_NE(msg.find("a.json"), std::string::npos) << "message does not name the file: " << msg;
    for (const auto& f : fragments) EXPECT_NE(msg.find(f), std::string::npos) << "'" << f << "' not in: " << msg;
    return msg;
}

SceneLoadOutput expectOk(const TempDir& dir, const std::string& json) {
    auto r = parseIn(dir, json);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : SceneLoadOutput{};
}

const std::string kFlat4x3 = R"("grid": {"width": 4, "height": 3, "cell_size": 2.5}, "terrain": {"flat": 1.0})";

void writeNpyFile(const std::filesystem::path& p, const std::vector<float>& v, int rows, int cols) {
    std::filesystem::create_directories(p.parent_path());
    ASSERT_TRUE(writeNpy(p, v.data(), rows, cols).ok());
}

// ---- valid scenes ------------------------------------------------------------------------------------

TEST(SceneLoader, FlatTerrainWithSurfaceLevel) {
    TempDir dir;
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "water": {"surface_level": 1.5}, "name": "pond"})");
    const Scene& s = out.scene;
    EXPECT_EQ(s.name, "pond");
    EXPECT_EQ(s.width, 4);
    EXPECT_EQ(s.height, 3);
    EXPECT_FLOAT_EQ(s.cellSizeM, 2.5f);
    ASSERT_EQ(s.terrainM.size(), 12u);
    ASSERT_EQ(s.depthM.size(), 12u);
    for (float b : s.terrainM) EXPECT_EQ(b, 1.0f);
    for (float h : s.depthM) EXPECT_FLOAT_EQ(h, 0.5f);
    EXPECT_TRUE(out.warnings.empty());
}

TEST(SceneLoader, DefaultsWhenOptionalSectionsAreAbsent) {
    TempDir dir;
    auto out = expectOk(dir, R"({"grid": {"width": 2, "height": 2}, "terrain": {"flat": 0}})");
    const Scene& s = out.scene;
    const SimParams defaults;
    EXPECT_EQ(s.name, "a");  // file stem
    EXPECT_FLOAT_EQ(s.cellSizeM, 1.0f);
    EXPECT_EQ(s.params.dtSeconds, defaults.dtSeconds);
    EXPECT_EQ(s.params.maxSubsteps, defaults.maxSubsteps);
    EXPECT_TRUE(s.boundary.west.isWall());
    EXPECT_TRUE(s.boundary.north.isWall());
    EXPECT_TRUE(s.sources.empty());
    EXPECT_TRUE(s.drains.empty());
    for (float h : s.depthM) EXPECT_EQ(h, 0.0f);
}

TEST(SceneLoader, WaterNoneAndNullAreDry) {
    TempDir dir;
    for (const char* w : {R"("none")", "null"}) {
        auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "water": )" + w + "}");
        ASSERT_EQ(out.scene.depthM.size(), 12u);
        for (float h : out.scene.depthM) EXPECT_EQ(h, 0.0f);
    }
}

TEST(SceneLoader, SurfaceLevelOnlyFloodsCellsBelowIt) {
    TempDir dir;
    // 3x2 npy terrain: row r is y = r; level 1.0 wets only cells with b < 1.
    writeNpyFile(dir / "t.npy", {0.0f, 0.5f, 2.0f, 1.0f, 0.25f, 3.0f}, 2, 3);
    auto out = expectOk(dir, R"({"terrain": {"npy": "t.npy"}, "water": {"surface_level": 1.0}})");
    const std::vector<float> expected = {1.0f, 0.5f, 0.0f, 0.0f, 0.75f, 0.0f};
    EXPECT_EQ(out.scene.depthM, expected);
}

TEST(SceneLoader, NpyTerrainTakesItsSizeAndKeepsRowOrder) {
    TempDir dir;
    std::vector<float> t(5 * 3);
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = float(i);
    writeNpyFile(dir / "sub" / "dem.npy", t, 3, 5);  // 3 rows (height) x 5 cols (width)
    auto out = expectOk(dir, R"({"grid": {"cell_size": 4}, "terrain": {"npy": "sub/dem.npy"}})");
    EXPECT_EQ(out.scene.width, 5);
    EXPECT_EQ(out.scene.height, 3);
    EXPECT_FLOAT_EQ(out.scene.cellSizeM, 4.0f);
    EXPECT_EQ(out.scene.terrainM, t);  // element (r, c) is cell (x = c, y = r)

    // Giving the matching size explicitly is fine too.
    expectOk(dir, R"({"grid": {"width": 5, "height": 3}, "terrain": {"npy": "sub/dem.npy"}})");
}

TEST(SceneLoader, NpyWaterIsLoaded) {
    TempDir dir;
    writeNpyFile(dir / "h.npy", {0.0f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, 0.9f, 1.0f, 1.1f}, 3, 4);
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "water": {"npy": "h.npy"}})");
    ASSERT_EQ(out.scene.depthM.size(), 12u);
    EXPECT_FLOAT_EQ(out.scene.depthM[5], 0.5f);
    EXPECT_FLOAT_EQ(out.scene.depthM[11], 1.1f);
}

TEST(SceneLoader, ProceduralTerrainMatchesTheGenerator) {
    TempDir dir;
    auto out = expectOk(dir, R"({"grid": {"width": 32, "height": 16, "cell_size": 3},
        "terrain": {"procedural": {"seed": 42, "kind": "hills", "amplitude": 7.5, "feature_size": 8, "octaves": 3}}})");
    ProceduralTerrain recipe;
    recipe.seed = 42;
    recipe.kind = "hills";
    recipe.amplitudeM = 7.5f;
    recipe.featureSizeCells = 8;
    recipe.octaves = 3;
    EXPECT_EQ(out.scene.terrainM, generateTerrain(32, 16, 3.0f, recipe));

    // All fields optional: defaults of ProceduralTerrain (a valley).
    auto def = expectOk(dir, R"({"grid": {"width": 32, "height": 32}, "terrain": {"procedural": {}}})");
    EXPECT_EQ(def.scene.terrainM, generateTerrain(32, 32, 1.0f, ProceduralTerrain{}));
}

TEST(SceneLoader, ParamsAreRead) {
    TempDir dir;
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "params": {"dt": 0.02, "gravity": 9.8, "friction": 0.1,
        "viscosity": 1e-6, "rain": 1e-5, "evaporation": 2e-6, "courant": 0.7, "max_substeps": 64.0}})");
    const SimParams& p = out.scene.params;
    EXPECT_FLOAT_EQ(p.dtSeconds, 0.02f);
    EXPECT_FLOAT_EQ(p.gravity, 9.8f);
    EXPECT_FLOAT_EQ(p.friction, 0.1f);
    EXPECT_FLOAT_EQ(p.viscosity, 1e-6f);
    EXPECT_FLOAT_EQ(p.rainMPerS, 1e-5f);
    EXPECT_FLOAT_EQ(p.evaporationMPerS, 2e-6f);
    EXPECT_FLOAT_EQ(p.courantTarget, 0.7f);
    EXPECT_EQ(p.maxSubsteps, 64);
}

TEST(SceneLoader, BoundariesAreRead) {
    TempDir dir;
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "boundary": {"west": "open", "east": {"type": "wall"},
        "south": {"type": "inflow", "discharge": 0.25}}})");
    const Boundaries& b = out.scene.boundary;
    EXPECT_EQ(b.west, BoundarySide::of(BoundaryKind::Open));
    EXPECT_TRUE(b.east.isWall());
    EXPECT_EQ(b.south, BoundarySide::of(BoundaryKind::Inflow, 0.25));
    EXPECT_TRUE(b.north.isWall());  // missing side
}

TEST(SceneLoader, SourcesAndDrainsAreRead) {
    TempDir dir;
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(,
        "sources": [{"x": 1.5, "y": 2.5, "radius": 2, "rate": 3}, {"x": 0, "y": 3, "level": 4.5, "max_rate": 7, "enabled": false}],
        "drains": [{"x": 4, "y": 0, "level": 0.5}]})");
    const Scene& s = out.scene;
    ASSERT_EQ(s.sources.size(), 2u);
    EXPECT_EQ(s.sources[0].mode, EmitterMode::Rate);
    EXPECT_FLOAT_EQ(s.sources[0].x, 1.5f);
    EXPECT_FLOAT_EQ(s.sources[0].y, 2.5f);
    EXPECT_FLOAT_EQ(s.sources[0].radiusCells, 2.0f);
    EXPECT_FLOAT_EQ(s.sources[0].rateM3PerS, 3.0f);
    EXPECT_TRUE(s.sources[0].enabled);
    EXPECT_EQ(s.sources[1].mode, EmitterMode::Level);
    EXPECT_FLOAT_EQ(s.sources[1].levelM, 4.5f);
    EXPECT_FLOAT_EQ(s.sources[1].maxRateM3PerS, 7.0f);
    EXPECT_FALSE(s.sources[1].enabled);
    ASSERT_EQ(s.drains.size(), 1u);
    EXPECT_EQ(s.drains[0].mode, EmitterMode::Level);
    EXPECT_FLOAT_EQ(s.drains[0].radiusCells, 1.0f);       // default
    EXPECT_FLOAT_EQ(s.drains[0].maxRateM3PerS, 100.0f);   // default
}

TEST(SceneLoader, UnknownKeysAreWarningsNotErrors) {
    TempDir dir;
    auto out = expectOk(dir, "{" + kFlat4x3 + R"(, "params": {"dtt": 1}, "colour": "blue",
        "sources": [{"x": 1, "y": 1, "rate": 1, "strength": 2}]})");
    const auto& w = out.warnings;
    ASSERT_EQ(w.size(), 3u);
    const std::string file = (dir / "a.json").string();
    EXPECT_NE(std::find(w.begin(), w.end(), file + ": unknown key 'params.dtt' (ignored)"), w.end());
    EXPECT_NE(std::find(w.begin(), w.end(), file + ": unknown key 'colour' (ignored)"), w.end());
    EXPECT_NE(std::find(w.begin(), w.end(), file + ": unknown key 'sources[0].strength' (ignored)"), w.end());
}

TEST(SceneLoader, CommentsAreAllowed) {
    TempDir dir;
    expectOk(dir, "{ // a comment\n" + kFlat4x3 + " /* block */ }");
}

TEST(SceneLoader, LoadSceneFileResolvesPathsAgainstTheFileDirectory) {
    TempDir dir;
    writeNpyFile(dir / "scenes" / "dem.npy", {1, 2, 3, 4}, 2, 2);
    writeText(dir / "scenes" / "s.json", R"({"terrain": {"npy": "dem.npy"}})");
    auto r = loadSceneFile(dir / "scenes" / "s.json");
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->scene.name, "s");
    EXPECT_EQ(r->scene.width, 2);
    EXPECT_EQ(r->scene.terrainM, (std::vector<float>{1, 2, 3, 4}));
}

// ---- errors ------------------------------------------------------------------------------------------

TEST(SceneLoaderErrors, MalformedJsonGivesLineAndColumn) {
    TempDir dir;
    expectError(dir, "{\n  \"grid\": {\"width\": 4,\n", {"invalid JSON", "line 3", "column"});
    expectError(dir, "{\"grid\": }", {"invalid JSON", "line 1"});
    expectError(dir, "", {"invalid JSON"});
    expectError(dir, "[1, 2]", {"top level", "array"});
}

TEST(SceneLoaderErrors, MissingFileNamesIt) {
    TempDir dir;
    auto r = loadSceneFile(dir / "nope.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("nope.json"), std::string::npos) << r.error().message;
}

TEST(SceneLoaderErrors, WrongTypes) {
    TempDir dir;
    EXPECT_EQ(expectError(dir, "{" + kFlat4x3 + R"(, "params": {"dt": "fast"}})", {}),
              (dir / "a.json").string() + ": params.dt: expected a number, got string");
    expectError(dir, "{" + kFlat4x3 + R"(, "params": [1]})", {"params: expected an object, got array"});
    expectError(dir, R"({"grid": {"width": 4.5, "height": 3}, "terrain": {"flat": 0}})",
                {"grid.width: expected an integer, got 4.5"});
    expectError(dir, R"({"grid": {"width": "4", "height": 3}, "terrain": {"flat": 0}})",
                {"grid.width: expected an integer, got string"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": {"x": 1}})", {"sources: expected an array, got object"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1, "rate": 1, "enabled": 1}]})",
                {"sources[0].enabled: expected true or false"});
    expectError(dir, "{" + kFlat4x3 + R"(, "name": 5})", {"name: expected a string, got number"});
}

TEST(SceneLoaderErrors, ParamRanges) {
    TempDir dir;
    EXPECT_EQ(expectError(dir, "{" + kFlat4x3 + R"(, "params": {"dt": -0.5}})", {}),
              (dir / "a.json").string() + ": params.dt: must be a positive finite number (got -0.5)");
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"dt": 1e300}})", {"params.dt", "1e+300"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"gravity": 0}})", {"params.gravity", "positive"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"friction": 1}})", {"params.friction", "[0, 1)", "got 1"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"friction": -0.1}})", {"params.friction"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"viscosity": -1}})", {"params.viscosity", ">= 0"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"rain": -1}})", {"params.rain"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"evaporation": -1}})", {"params.evaporation"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"courant": 0}})", {"params.courant", "(0, 1]"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"courant": 1.5}})", {"params.courant"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"max_substeps": 0}})", {"params.max_substeps", "1..4096"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"max_substeps": 5000}})", {"params.max_substeps"});
    expectError(dir, "{" + kFlat4x3 + R"(, "params": {"max_substeps": 2.5}})", {"params.max_substeps", "integer"});
}

TEST(SceneLoaderErrors, GridProblems) {
    TempDir dir;
    expectError(dir, R"({"terrain": {"flat": 0}})", {"grid: missing"});
    expectError(dir, R"({"grid": {"height": 4}, "terrain": {"flat": 0}})", {"grid.width: missing"});
    expectError(dir, R"({"grid": {"width": 4}, "terrain": {"procedural": {}}})", {"grid.height: missing"});
    expectError(dir, R"({"grid": {"width": 1, "height": 4}, "terrain": {"flat": 0}})", {"grid.width", "2..65536", "got 1"});
    expectError(dir, R"({"grid": {"width": 70000, "height": 4}, "terrain": {"flat": 0}})", {"grid.width"});
    expectError(dir, R"({"grid": {"width": 65536, "height": 8192}, "terrain": {"flat": 0}})", {"grid", "2^28"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4, "cell_size": 0}, "terrain": {"flat": 0}})",
                {"grid.cell_size", "positive"});
}

TEST(SceneLoaderErrors, TerrainProblems) {
    TempDir dir;
    expectError(dir, R"({"grid": {"width": 4, "height": 4}})", {"terrain: missing"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {"flat": 0, "npy": "x.npy"}})",
                {"terrain", "exactly one", "npy and flat"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {}})", {"terrain", "got none"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": 3})", {"terrain: expected an object"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {"procedural": {"kind": "hill"}}})",
                {"terrain.procedural.kind", "unknown kind 'hill'", "valley"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {"procedural": {"octaves": 0}}})",
                {"terrain.procedural.octaves"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {"procedural": {"seed": -1}}})",
                {"terrain.procedural.seed"});
    expectError(dir, R"({"grid": {"width": 4, "height": 4}, "terrain": {"procedural": {"amplitude": -1}}})",
                {"terrain.procedural.amplitude"});
}

TEST(SceneLoaderErrors, MissingReferencedFileNamesBoth) {
    TempDir dir;
    expectError(dir, R"({"terrain": {"npy": "missing.npy"}})", {"terrain.npy", "missing.npy"});
    expectError(dir, R"({"terrain": {"png": "missing.png", "min": 0, "max": 1}})", {"terrain.png", "missing.png"});
    expectError(dir, "{" + kFlat4x3 + R"(, "water": {"npy": "gone.npy"}})", {"water.npy", "gone.npy"});
}

TEST(SceneLoaderErrors, NpyShapeDtypeAndValues) {
    TempDir dir;
    writeNpyFile(dir / "t.npy", std::vector<float>(6, 1.0f), 2, 3);
    expectError(dir, R"({"grid": {"width": 2, "height": 3}, "terrain": {"npy": "t.npy"}})",
                {"terrain.npy", "3x2", "grid says 2x3"});

    // float64 file
    std::string f8 = "\x93NUMPY";
    f8 += char(1);
    f8 += char(0);
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }";
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    f8 += char(header.size());
    f8 += char(0);
    f8 += header + std::string(32, '\0');
    writeText(dir / "f8.npy", f8);
    expectError(dir, R"({"terrain": {"npy": "f8.npy"}})", {"terrain.npy", "f8.npy", "dtype <f8"});

    const float nan = std::numeric_limits<float>::quiet_NaN();
    writeNpyFile(dir / "nan.npy", {0, 1, 2, nan, 4, 5}, 2, 3);
    expectError(dir, R"({"terrain": {"npy": "nan.npy"}})", {"terrain.npy", "nan.npy", "index 3", "row 1, column 0"});
    writeNpyFile(dir / "inf.npy", {0, std::numeric_limits<float>::infinity(), 2, 3}, 2, 2);
    expectError(dir, R"({"terrain": {"npy": "inf.npy"}})", {"inf.npy", "index 1"});

    writeNpyFile(dir / "neg.npy", {0, 0, -0.25f, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 3, 4);
    expectError(dir, "{" + kFlat4x3 + R"(, "water": {"npy": "neg.npy"}})", {"water.npy", "negative depth", "index 2"});
    expectError(dir, "{" + kFlat4x3 + R"(, "water": {"npy": "t.npy"}})", {"water.npy", "t.npy", "3x2", "4x3"});
}

TEST(SceneLoaderErrors, WaterProblems) {
    TempDir dir;
    expectError(dir, "{" + kFlat4x3 + R"(, "water": "full"})", {"water", "\"full\""});
    expectError(dir, "{" + kFlat4x3 + R"(, "water": {}})", {"water", "neither"});
    expectError(dir, "{" + kFlat4x3 + R"(, "water": {"surface_level": "high"}})", {"water.surface_level", "string"});
}

TEST(SceneLoaderErrors, BoundaryProblems) {
    TempDir dir;
    expectError(dir, "{" + kFlat4x3 + R"(, "boundary": {"south": "inflow"}})", {"boundary.south", "discharge"});
    expectError(dir, "{" + kFlat4x3 + R"(, "boundary": {"south": {"type": "inflow"}}})", {"boundary.south", "discharge"});
    expectError(dir, "{" + kFlat4x3 + R"(, "boundary": {"north": "opn"}})", {"boundary.north", "\"opn\""});
    expectError(dir, "{" + kFlat4x3 + R"(, "boundary": {"east": {"type": "inflow", "discharge": -1}}})",
                {"boundary.east.discharge", ">= 0"});
    expectError(dir, "{" + kFlat4x3 + R"(, "boundary": {"east": {"discharge": 1}}})", {"boundary.east.type: missing"});
}

TEST(SceneLoaderErrors, EmitterProblems) {
    TempDir dir;
    const std::string big = R"({"grid": {"width": 512, "height": 512}, "terrain": {"flat": 0}, "sources": [
        {"x": 1, "y": 1, "rate": 1}, {"x": 2, "y": 2, "rate": 1}, {"x": 700, "y": 2, "rate": 1}]})";
    EXPECT_EQ(expectError(dir, big, {}), (dir / "a.json").string() + ": sources[2]: x=700 is outside the grid (0..512)");
    expectError(dir, "{" + kFlat4x3 + R"(, "drains": [{"x": 1, "y": -0.5, "rate": 1}]})", {"drains[0]", "y=-0.5", "(0..3)"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1, "rate": 1, "level": 2}]})",
                {"sources[0]", "exactly one of rate", "both"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1}]})", {"sources[0]", "neither"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"y": 1, "rate": 1}]})", {"sources[0].x: missing"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1, "rate": 1, "radius": 0}]})",
                {"sources[0].radius", "positive"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1, "rate": -2}]})", {"sources[0].rate", "got -2"});
    expectError(dir, "{" + kFlat4x3 + R"(, "sources": [{"x": 1, "y": 1, "level": 1, "max_rate": 0}]})",
                {"sources[0].max_rate"});
}

// ---- PNG heightmaps ----------------------------------------------------------------------------------

TEST(HeightmapPng, EightBitGrayIsFlippedNorthUpAndScaled) {
    TempDir dir;
    // 3 wide x 2 high. Image row 0 (top) is the north edge, y = 1.
    const unsigned char px[6] = {0, 255, 51, /* bottom row: */ 255, 0, 102};
    ASSERT_NE(stbi_write_png((dir / "h8.png").c_str(), 3, 2, 1, px, 3), 0);
    auto r = loadHeightmapPng(dir / "h8.png", -5.0f, 5.0f);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->width, 3);
    ASSERT_EQ(r->height, 2);
    const auto& h = r->heightsM;
    EXPECT_FLOAT_EQ(h[0], 5.0f);     // (0, 0): bottom-left pixel 255
    EXPECT_FLOAT_EQ(h[1], -5.0f);
    EXPECT_NEAR(h[2], -5.0f + 10.0f * 102.0f / 255.0f, 1e-5);
    EXPECT_FLOAT_EQ(h[3], -5.0f);    // (0, 1): top-left pixel 0
    EXPECT_FLOAT_EQ(h[4], 5.0f);
    EXPECT_NEAR(h[5], -5.0f + 10.0f * 51.0f / 255.0f, 1e-5);
}

TEST(HeightmapPng, GrayAlphaTakesGrayAndColorIsRejected) {
    TempDir dir;
    const unsigned char ga[4] = {255, 0, 0, 255};  // 2x1: (gray 255, alpha 0), (gray 0, alpha 255)
    ASSERT_NE(stbi_write_png((dir / "ga.png").c_str(), 2, 1, 2, ga, 4), 0);
    auto r = loadHeightmapPng(dir / "ga.png", 0.0f, 1.0f);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_FLOAT_EQ(r->heightsM[0], 1.0f);
    EXPECT_FLOAT_EQ(r->heightsM[1], 0.0f);

    const unsigned char rgb[6] = {1, 2, 3, 4, 5, 6};
    ASSERT_NE(stbi_write_png((dir / "rgb.png").c_str(), 2, 1, 3, rgb, 6), 0);
    auto bad = loadHeightmapPng(dir / "rgb.png", 0.0f, 1.0f);
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("rgb.png"), std::string::npos);
    EXPECT_NE(bad.error().message.find("expected a grayscale PNG, got 3 channels"), std::string::npos);

    writeText(dir / "fake.png", "not a png at all");
    auto fake = loadHeightmapPng(dir / "fake.png", 0.0f, 1.0f);
    ASSERT_FALSE(fake.ok());
    EXPECT_NE(fake.error().message.find("not a PNG"), std::string::npos);
}

TEST(HeightmapPng, SixteenBitEncoderRoundTripsWithOrientation) {
    TempDir dir;
    // 2 wide x 3 high, image order (row 0 = top = north).
    const std::uint16_t px[6] = {0, 65535, 1000, 30000, 65534, 1};
    const auto bytes = encodeGrayPng16(px, 2, 3);
    ASSERT_TRUE(writeFileAtomic(dir / "h16.png", bytes).ok());
    auto r = loadHeightmapPng(dir / "h16.png", 0.0f, 65535.0f);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->width, 2);
    ASSERT_EQ(r->height, 3);
    const std::vector<float> expected = {65534, 1, 1000, 30000, 0, 65535};  // y = 0 is the bottom image row
    EXPECT_EQ(r->heightsM, expected);
}

TEST(HeightmapPng, WriteThenLoadPreservesHeights) {
    TempDir dir;
    const int w = 37, h = 23;
    std::vector<float> heights(std::size_t(w) * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) heights[std::size_t(y) * w + x] = 10.0f + 0.37f * float(x) - 0.21f * float(y * y % 17);
    ASSERT_TRUE(writeHeightmapPng16(dir / "rt.png", heights.data(), w, h, 0.0f, 30.0f).ok());
    auto r = loadHeightmapPng(dir / "rt.png", 0.0f, 30.0f);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_EQ(r->width, w);
    ASSERT_EQ(r->height, h);
    for (std::size_t i = 0; i < heights.size(); ++i) EXPECT_NEAR(r->heightsM[i], heights[i], 30.0 / 65535.0) << i;

    EXPECT_FALSE(writeHeightmapPng16(dir / "bad.png", heights.data(), w, h, 1.0f, 1.0f).ok());
}

TEST(SceneLoader, PngTerrain8And16Bit) {
    TempDir dir;
    const unsigned char px8[4] = {0, 255, 255, 0};  // 2x2: top row (north) 0, 255
    ASSERT_NE(stbi_write_png((dir / "t8.png").c_str(), 2, 2, 1, px8, 2), 0);
    auto s8 = expectOk(dir, R"({"terrain": {"png": "t8.png", "min": 10, "max": 20}})");
    EXPECT_EQ(s8.scene.width, 2);
    EXPECT_EQ(s8.scene.terrainM, (std::vector<float>{20, 10, 10, 20}));

    const std::uint16_t px16[6] = {0, 65535, 32768, /* bottom */ 65535, 0, 16384};
    ASSERT_TRUE(writeFileAtomic(dir / "t16.png", encodeGrayPng16(px16, 3, 2)).ok());
    auto s16 = expectOk(dir, R"({"grid": {"width": 3, "height": 2, "cell_size": 5}, "terrain": {"png": "t16.png", "min": 0, "max": 65535}})");
    EXPECT_EQ(s16.scene.terrainM, (std::vector<float>{65535, 0, 16384, 0, 65535, 32768}));
    EXPECT_FLOAT_EQ(s16.scene.cellSizeM, 5.0f);

    expectError(dir, R"({"grid": {"width": 3, "height": 3}, "terrain": {"png": "t16.png", "min": 0, "max": 1}})",
                {"terrain.png", "3x2", "grid says 3x3"});
    expectError(dir, R"({"terrain": {"png": "t16.png", "min": 0}})", {"terrain.max: missing"});
    expectError(dir, R"({"terrain": {"png": "t16.png", "min": 5, "max": 5}})", {"terrain.max", "greater"});

    const unsigned char rgb[12] = {};
    ASSERT_NE(stbi_write_png((dir / "c.png").c_str(), 2, 2, 3, rgb, 6), 0);
    expectError(dir, R"({"terrain": {"png": "c.png", "min": 0, "max": 1}})", {"terrain.png", "c.png", "3 channels"});
}

}  // namespace

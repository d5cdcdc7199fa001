// `sluice export` end to end: every layer and format written, read back by Sluice's importers (to the
// format's precision) and by independent readers: gdalinfo (GeoTIFF), tinyexr (EXR), the Khronos glTF
// validator (GLB). Tests that need an outside tool skip, saying so, only when the tool is absent;
// scripts/setup.sh (and so CI) installs them all.
#include <gtest/gtest.h>

#include <fstream>

#include <cmath>
#include <filesystem>
#include <memory>

#include <nlohmann/json.hpp>

#ifdef SLUICE_TESTS_HAVE_TINYEXR
#include <tinyexr.h>
#endif

#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/heightfield_import.hpp"
#include "sim/exchange/library_formats.hpp"
#include "sim/exchange/raw16.hpp"
#include "sim/npy.hpp"
#include "sim/scene_loader.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

constexpr int kSide = 48;

/// One export of the valley after 150 CPU steps (water flowing), shared by the suite.
class ExportCli : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = new test::TempDir;
        run_ = new test::CliRun(test::runSluice("export builtin:valley:" + std::to_string(kSide) +
                                                " --steps 150 --backend cpu --mesh-step 2 --out '" + out().string() + "'"));
    }
    static void TearDownTestSuite() {
        delete run_;
        delete dir_;
    }
    static fs::path out() { return dir_->path() / "export"; }
    static const test::CliRun& run() { return *run_; }
    /// The exact bed the exporter saw (.npy is float32 like the solver's field).
    static sim::NpyArray bed() {
        auto a = sim::readNpy(out() / "terrain.npy");
        EXPECT_TRUE(a) << (a ? "" : a.error().message);
        return a ? *a : sim::NpyArray{};
    }
    static bool have(const std::string& tool) { return test::runCommand("command -v " + tool + " >/dev/null").exitCode == 0; }

private:
    static inline test::TempDir* dir_ = nullptr;
    static inline test::CliRun* run_ = nullptr;
};

float rangeOf(const sim::NpyArray& a) {
    const auto [lo, hi] = std::minmax_element(a.data.begin(), a.data.end());
    return *hi - *lo;
}

}  // namespace

TEST_F(ExportCli, WritesEveryLayerThisBuildHas) {
    ASSERT_EQ(run().exitCode, 0) << run().output;
    std::vector<std::string> expected = {"terrain.png", "terrain.r16", "terrain.r16.json", "terrain.npy", "depth.npy",
                                         "wet.png",     "foam.png",    "flow.png",         "flow.json",   "splat.png"};
    if (sim::exchangeLibraryFormatsAvailable())
        for (const char* f : {"terrain.exr", "terrain.tif", "depth.exr", "surface.exr", "flow.exr", "terrain.glb", "water.glb"})
            expected.push_back(f);
    for (const std::string& f : expected) EXPECT_TRUE(fs::exists(out() / f)) << f << "\n" << run().output;
    const nlohmann::json flow = nlohmann::json::parse(test::readText(out() / "flow.json"));
    EXPECT_GT(flow["max_speed_m_per_s"].get<double>(), 0.0) << "the valley's river should be flowing after 150 steps";
}

TEST_F(ExportCli, Raw16AndPng16ReimportWithinRangeOver65535) {
    ASSERT_EQ(run().exitCode, 0) << run().output;
    const sim::NpyArray b = bed();
    const float tolerance = rangeOf(b) / 65535.0f;
    auto raw = sim::importHeightfield(out() / "terrain.r16", {});  // size and range from the sidecar
    ASSERT_TRUE(raw) << raw.error().message;
    ASSERT_EQ(raw->width, kSide);
    EXPECT_GT(raw->cellSizeM, 0.0f);
    for (std::size_t i = 0; i < b.data.size(); ++i) ASSERT_NEAR(raw->heightsM[i], b.data[i], tolerance) << i;

    auto side = sim::readRaw16Sidecar(out() / "terrain.r16.json");
    ASSERT_TRUE(side) << side.error().message;
    sim::HeightfieldRequest r;
    r.minM = side->minM;
    r.maxM = side->maxM;
    auto png = sim::importHeightfield(out() / "terrain.png", r);
    ASSERT_TRUE(png) << png.error().message;
    for (std::size_t i = 0; i < b.data.size(); ++i) ASSERT_NEAR(png->heightsM[i], b.data[i], tolerance) << i;
}

TEST_F(ExportCli, ExportedTerrainLoadsAsASceneWithItsCellSize) {
    ASSERT_EQ(run().exitCode, 0) << run().output;
    test::writeText(out() / "scene.json", R"({"terrain": {"file": "terrain.r16"}, "water": {"surface_level": 5}})");
    auto s = sim::loadSceneFile(out() / "scene.json");
    ASSERT_TRUE(s) << s.error().message;
    EXPECT_EQ(s->scene.width, kSide);
    auto side = sim::readRaw16Sidecar(out() / "terrain.r16.json");
    ASSERT_TRUE(side);
    EXPECT_FLOAT_EQ(s->scene.cellSizeM, side->cellSizeM);
}

TEST_F(ExportCli, ExrAndGeoTiffReimportExactly) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    ASSERT_EQ(run().exitCode, 0) << run().output;
    const sim::NpyArray b = bed();
    for (const char* f : {"terrain.exr", "terrain.tif"}) {
        auto back = sim::importHeightfield(out() / f, {});
        ASSERT_TRUE(back) << back.error().message;
        ASSERT_EQ(back->width, b.cols);
        ASSERT_EQ(back->height, b.rows);
        EXPECT_EQ(back->heightsM, b.data) << f;
    }
}

TEST_F(ExportCli, GdalinfoReadsTheGeoTiffsSizeGeoreferenceTypeAndRange) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    if (!have("gdalinfo")) GTEST_SKIP() << "gdalinfo not found (Debian gdal-bin; scripts/setup.sh installs it)";
    ASSERT_EQ(run().exitCode, 0) << run().output;
    const test::CliRun info = test::runCommand("gdalinfo -json -stats '" + (out() / "terrain.tif").string() + "' 2>/dev/null");
    ASSERT_EQ(info.exitCode, 0) << info.output;
    const nlohmann::json j = nlohmann::json::parse(info.output);
    EXPECT_EQ(j["size"], nlohmann::json::array({kSide, kSide}));
    auto side = sim::readRaw16Sidecar(out() / "terrain.r16.json");
    ASSERT_TRUE(side);
    const double dx = side->cellSizeM;
    // No CRS in a built-in world: Sluice's own metres, the south-west corner at 0, north up.
    EXPECT_EQ(j["geoTransform"], nlohmann::json::array({0.0, dx, 0.0, kSide * dx, 0.0, -dx}));
    const nlohmann::json& band = j["bands"][0];
    EXPECT_EQ(band["type"], "Float32");
    const sim::NpyArray b = bed();
    const auto [lo, hi] = std::minmax_element(b.data.begin(), b.data.end());
    EXPECT_NEAR(std::stod(band["metadata"][""]["STATISTICS_MINIMUM"].get<std::string>()), *lo, 1e-5);
    EXPECT_NEAR(std::stod(band["metadata"][""]["STATISTICS_MAXIMUM"].get<std::string>()), *hi, 1e-5);
}

TEST_F(ExportCli, GdalinfoReadsTheExrWhereItsGdalHasTheDriver) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    if (!have("gdalinfo")) GTEST_SKIP() << "gdalinfo not found (Debian gdal-bin; scripts/setup.sh installs it)";
    // Debian 12's GDAL is built without OpenEXR; the EXRs are then read by tinyexr below instead.
    if (test::runCommand("gdalinfo --formats | grep -q '^ *EXR '").exitCode != 0)
        GTEST_SKIP() << "this gdalinfo has no EXR driver (Debian 12's has none); tinyexr checks the EXRs";
    ASSERT_EQ(run().exitCode, 0) << run().output;
    const test::CliRun info = test::runCommand("gdalinfo -json -stats '" + (out() / "terrain.exr").string() + "' 2>/dev/null");
    ASSERT_EQ(info.exitCode, 0) << info.output;
    const nlohmann::json j = nlohmann::json::parse(info.output);
    EXPECT_EQ(j["size"], nlohmann::json::array({kSide, kSide}));
    EXPECT_EQ(j["bands"][0]["type"], "Float32");
    const sim::NpyArray b = bed();
    const auto [lo, hi] = std::minmax_element(b.data.begin(), b.data.end());
    EXPECT_NEAR(std::stod(j["bands"][0]["metadata"][""]["STATISTICS_MINIMUM"].get<std::string>()), *lo, 1e-5);
    EXPECT_NEAR(std::stod(j["bands"][0]["metadata"][""]["STATISTICS_MAXIMUM"].get<std::string>()), *hi, 1e-5);
}

TEST_F(ExportCli, TinyexrReadsTheExrsAsWritten) {
#ifndef SLUICE_TESTS_HAVE_TINYEXR
    GTEST_SKIP() << "tinyexr not found (Debian libtinyexr-dev; scripts/setup.sh installs it) or no EXR in this build";
#else
    ASSERT_EQ(run().exitCode, 0) << run().output;
    auto depth = sim::readNpy(out() / "depth.npy");
    ASSERT_TRUE(depth);
    const sim::NpyArray b = bed();
    const std::vector<std::pair<const char*, const std::vector<float>*>> files = {{"terrain.exr", &b.data},
                                                                                   {"depth.exr", &depth->data}};
    for (const auto& [file, expected] : files) {
        float* rgba = nullptr;
        int w = 0, h = 0;
        const char* err = nullptr;
        ASSERT_EQ(LoadEXR(&rgba, &w, &h, (out() / file).c_str(), &err), TINYEXR_SUCCESS) << file << ": " << (err ? err : "");
        std::unique_ptr<float, void (*)(void*)> keep(rgba, std::free);
        ASSERT_EQ(w, kSide);
        ASSERT_EQ(h, kSide);
        // A single channel reads as luminance in R, G and B; image row 0 is the north edge (y = H - 1).
        for (int row = 0; row < h; ++row)
            for (int x = 0; x < w; ++x)
                ASSERT_EQ(rgba[4 * (row * w + x)], (*expected)[std::size_t((h - 1 - row) * w + x)]) << file << " " << x << "," << row;
    }
#endif
}

TEST_F(ExportCli, GltfValidatorFindsNoErrors) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    if (!have("node")) GTEST_SKIP() << "node not found (scripts/setup.sh installs nodejs and the validator)";
    const fs::path script = fs::path(SLUICE_TEST_TOOLS_DIR) / "validate_gltf.js";
    if (!fs::exists(fs::path(SLUICE_TEST_TOOLS_DIR) / "node_modules" / "gltf-validator"))
        GTEST_SKIP() << "gltf-validator not installed: run scripts/setup.sh (npm ci in tests/tools)";
    ASSERT_EQ(run().exitCode, 0) << run().output;
    const std::string node = "node '" + script.string() + "' ";
    const test::CliRun ok = test::runCommand(node + "'" + (out() / "terrain.glb").string() + "' '" + (out() / "water.glb").string() + "'");
    EXPECT_EQ(ok.exitCode, 0) << ok.output;
    EXPECT_NE(ok.output.find("terrain.glb: 0 errors"), std::string::npos) << ok.output;
    EXPECT_NE(ok.output.find("water.glb: 0 errors"), std::string::npos) << ok.output;
    // --mesh-step 2 on 48 cells keeps columns 0, 2, ..., 46, 47: 25 x 25 vertices.
    EXPECT_NE(ok.output.find("625 vertices, 1152 triangles"), std::string::npos) << ok.output;

    // The script must be able to fail: a truncated GLB is an error.
    test::TempDir bad;
    fs::copy_file(out() / "terrain.glb", bad / "cut.glb");
    fs::resize_file(bad / "cut.glb", fs::file_size(bad / "cut.glb") / 2);
    const test::CliRun cut = test::runCommand(node + "'" + (bad / "cut.glb").string() + "'");
    EXPECT_EQ(cut.exitCode, 1) << cut.output;
}

TEST(ExportCliGeoreference, AGeoTiffTerrainsCrsAndOriginComeBackOutOnTheGpu) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    if (test::runCommand("command -v gdalinfo >/dev/null").exitCode != 0)
        GTEST_SKIP() << "gdalinfo not found (Debian gdal-bin; scripts/setup.sh installs it)";
    test::TempDir dir;
    // A 40 x 30 DEM of 5 m pixels in UTM 33N (EPSG:32633), its south-west corner at (400000, 5000000).
    std::vector<float> dem(40 * 30);
    for (std::size_t i = 0; i < dem.size(); ++i) dem[i] = 100.0f + float(i % 40) * 0.5f - float(i / 40) * 0.25f;
    ASSERT_TRUE(sim::writeGeoTiff(dir / "dem.tif", dem.data(), 40, 30, 5.0, sim::GeoReference{400000.0, 5000000.0, 32633}));
    test::writeText(dir / "s.json", R"({"terrain": {"file": "dem.tif"}, "water": {"surface_level": 101}})");
    auto ex = test::runSluice("export '" + (dir / "s.json").string() + "' --steps 20 --what terrain --format geotiff,npy --out '" +
                              (dir / "out").string() + "'");  // the default backend: the GPU
    ASSERT_EQ(ex.exitCode, 0) << ex.output;
    EXPECT_NE(ex.output.find("on gpu"), std::string::npos) << ex.output;
    const test::CliRun info = test::runCommand("gdalinfo -json '" + (dir / "out" / "terrain.tif").string() + "' 2>/dev/null");
    ASSERT_EQ(info.exitCode, 0) << info.output;
    const nlohmann::json j = nlohmann::json::parse(info.output);
    EXPECT_EQ(j["size"], nlohmann::json::array({40, 30}));
    EXPECT_EQ(j["geoTransform"], nlohmann::json::array({400000.0, 5.0, 0.0, 5000150.0, 0.0, -5.0}));
    EXPECT_NE(j["coordinateSystem"]["wkt"].get<std::string>().find("\"EPSG\",32633"), std::string::npos)
        << j["coordinateSystem"].dump();
    auto back = sim::importHeightfield(dir / "out" / "terrain.tif", {});
    auto bed = sim::readNpy(dir / "out" / "terrain.npy");
    ASSERT_TRUE(back && bed);
    EXPECT_EQ(back->heightsM, bed->data);
    EXPECT_EQ(bed->data, dem) << "no erosion in this scene: the bed is the DEM";
}

TEST(ExportCliSnapshot, TheGeoreferenceTravelsThroughASnapshot) {
    test::TempDir dir;
    test::writeText(dir / "s.json", R"({"grid": {"width": 20, "height": 10, "cell_size": 3}, "terrain": {"flat": 7},
        "georeference": {"epsg": 25832, "origin": [350000, 5600000]}})");
    auto sim = test::runSluice("simulate '" + (dir / "s.json").string() + "' --steps 2 --backend cpu --quiet --save '" +
                               (dir / "s.sluice").string() + "'");
    ASSERT_EQ(sim.exitCode, 0) << sim.output;
    auto snap = sim::readSnapshotFile(dir / "s.sluice");
    ASSERT_TRUE(snap) << snap.error().message;
    ASSERT_TRUE(snap->georeference.has_value());
    EXPECT_EQ(snap->georeference->epsg, 25832);
    EXPECT_EQ(snap->georeference->originEastM, 350000.0);
    EXPECT_EQ(snap->georeference->originNorthM, 5600000.0);
    if (!sim::exchangeLibraryFormatsAvailable() || test::runCommand("command -v gdalinfo >/dev/null").exitCode != 0) return;
    auto ex = test::runSluice("export '" + (dir / "s.sluice").string() + "' --backend cpu --what terrain --format geotiff --out '" +
                              (dir / "ex").string() + "'");
    ASSERT_EQ(ex.exitCode, 0) << ex.output;
    const test::CliRun info = test::runCommand("gdalinfo -json '" + (dir / "ex" / "terrain.tif").string() + "' 2>/dev/null");
    ASSERT_EQ(info.exitCode, 0) << info.output;
    const nlohmann::json j = nlohmann::json::parse(info.output);
    EXPECT_EQ(j["geoTransform"], nlohmann::json::array({350000.0, 3.0, 0.0, 5600030.0, 0.0, -3.0}));
    EXPECT_NE(j["coordinateSystem"]["wkt"].get<std::string>().find("\"EPSG\",25832"), std::string::npos);
}

TEST(ExportCliErrors, BadRequestsAreUsageErrorsAndWriteNothing) {
    test::TempDir dir;
    const std::string out = " --out '" + (dir / "x").string() + "'";
    auto what = test::runSluice("export builtin:valley:16 --what terrain,lava" + out);
    EXPECT_EQ(what.exitCode, 2) << what.output;
    EXPECT_NE(what.output.find("--what: unknown 'lava' (valid: terrain, depth"), std::string::npos) << what.output;
    auto pair = test::runSluice("export builtin:valley:16 --what wet --format raw16" + out);
    EXPECT_EQ(pair.exitCode, 2) << pair.output;
    EXPECT_NE(pair.output.find("no output has that layer in that format"), std::string::npos) << pair.output;
    auto noOut = test::runSluice("export builtin:valley:16");
    EXPECT_EQ(noOut.exitCode, 2) << noOut.output;
    EXPECT_NE(noOut.output.find("missing --out DIR"), std::string::npos) << noOut.output;
    auto step = test::runSluice("export builtin:valley:16 --mesh-step 0" + out);
    EXPECT_EQ(step.exitCode, 2) << step.output;
    if (!sim::exchangeLibraryFormatsAvailable()) {
        auto exr = test::runSluice("export builtin:valley:16 --format exr" + out);
        EXPECT_EQ(exr.exitCode, 2) << exr.output;
        EXPECT_NE(exr.output.find("SLUICE_EXCHANGE_FORMATS=OFF"), std::string::npos) << exr.output;
    }
    EXPECT_FALSE(fs::exists(dir / "x"));
}

TEST(ExportCliSnapshot, ExportsTheSnapshotsBed) {
    test::TempDir dir;
    auto sim = test::runSluice("simulate builtin:valley:24 --steps 30 --backend cpu --quiet --out '" + (dir / "sim").string() +
                               "' --save '" + (dir / "s.sluice").string() + "'");
    ASSERT_EQ(sim.exitCode, 0) << sim.output;
    auto ex = test::runSluice("export '" + (dir / "s.sluice").string() + "' --backend cpu --what terrain,depth --format npy --out '" +
                              (dir / "ex").string() + "'");
    ASSERT_EQ(ex.exitCode, 0) << ex.output;
    for (const char* f : {"terrain.npy", "depth.npy"}) {
        auto a = sim::readNpy(dir / "sim" / f), b = sim::readNpy(dir / "ex" / f);
        ASSERT_TRUE(a && b) << f;
        EXPECT_EQ(a->data, b->data) << f;
    }
}

// An output replaces its whole folder, so a folder Sluice did not write (a mistyped --out of a home
// folder) is refused before any work and left as it was; a folder Sluice wrote is replaced again.
TEST(ExportCliErrors, AFolderOfOtherFilesIsRefusedNotReplaced) {
    test::TempDir dir;
    const fs::path mine = dir / "mine";
    fs::create_directories(mine);
    std::ofstream(mine / "notes.txt") << "my work\n";
    for (const char* verb : {"export builtin:valley:16 --what terrain --format npy", "simulate builtin:valley:16 --steps 1"}) {
        auto r = test::runSluice(std::string(verb) + " --out '" + mine.string() + "'");
        EXPECT_EQ(r.exitCode, 4) << verb << ": " << r.output;  // an output that cannot be written (docs/CLI.md)
        EXPECT_NE(r.output.find("is a folder Sluice did not write"), std::string::npos) << r.output;
        EXPECT_NE(r.output.find(mine.string()), std::string::npos) << r.output;
        EXPECT_TRUE(fs::exists(mine / "notes.txt")) << verb;
    }
    const fs::path out = dir / "out";
    for (int run = 0; run < 2; ++run) {
        auto r = test::runSluice("export builtin:valley:16 --what terrain --format npy --out '" + out.string() + "'");
        ASSERT_EQ(r.exitCode, 0) << "run " << run << ": " << r.output;
    }
    EXPECT_TRUE(fs::exists(out / ".sluice-output"));
    EXPECT_TRUE(fs::exists(out / "terrain.npy"));
}

// Terrain exchange formats (sim/exchange): round trips to each format's precision, the row order
// (image row 0 = north), georeferences, and the errors bad files give (truncated, wrong size, wrong type).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "sim/exchange/exr_file.hpp"
#include "sim/exchange/geotiff_file.hpp"
#include "sim/exchange/heightfield_import.hpp"
#include "sim/exchange/library_formats.hpp"
#include "sim/exchange/raw16.hpp"
#include "sim/exchange/resample.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/scene_loader.hpp"
#include "sim/terrain_import.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;

namespace {

constexpr int kW = 13, kH = 7;  // odd, unequal sides: a transposed or flipped read cannot pass

/// Heights with a different value in every cell and a north-south asymmetry (metres, -20..60).
std::vector<float> testHeights() {
    std::vector<float> v(std::size_t(kW * kH));
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) v[std::size_t(y * kW + x)] = -20.0f + 80.0f * float(x * kH + y) / float(kW * kH) + 0.37f * float(y * y);
    return v;
}

std::string messageOf(const Error& e) { return e.message; }

void truncateFile(const std::filesystem::path& p, std::uintmax_t keep) { std::filesystem::resize_file(p, keep); }

[[maybe_unused]] void writeBytes(const std::filesystem::path& p, const std::string& bytes) {  // library formats only
    std::ofstream(p, std::ios::binary) << bytes;
}

}  // namespace

TEST(ExchangeRaw16, RoundTripWithinOneLevelAndNorthFirst) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeRaw16(dir / "t.r16", h.data(), sim::Raw16Info{kW, kH, -20.0f, 75.0f, 2.5f}));
    ASSERT_TRUE(std::filesystem::exists(dir / "t.r16.json"));
    EXPECT_EQ(std::filesystem::file_size(dir / "t.r16"), std::uintmax_t(kW * kH * 2));
    // The first sample is the north-west cell (x = 0, y = kH - 1), little-endian.
    std::ifstream in(dir / "t.r16", std::ios::binary);
    unsigned char b[2];
    in.read(reinterpret_cast<char*>(b), 2);
    EXPECT_EQ(int(b[0] | (b[1] << 8)), int(std::lround((double(h[std::size_t((kH - 1) * kW)]) + 20.0) / 95.0 * 65535.0)));

    // Size and range from the sidecar (the importer is asked for none).
    auto back = sim::importHeightfield(dir / "t.r16", {});
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->width, kW);
    EXPECT_EQ(back->height, kH);
    EXPECT_FLOAT_EQ(back->cellSizeM, 2.5f);
    for (std::size_t i = 0; i < h.size(); ++i) EXPECT_NEAR(back->heightsM[i], h[i], 95.0f / 65535.0f) << i;
}

TEST(ExchangeRaw16, WithoutSidecarTheCallerGivesSizeAndRange) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeRaw16(dir / "t.raw", h.data(), sim::Raw16Info{kW, kH, -20.0f, 75.0f, 0.0f}));
    std::filesystem::remove(dir / "t.raw.json");
    auto noRange = sim::importTerrain(dir / "t.raw", kW, kH, 0, 0);
    ASSERT_FALSE(noRange);
    EXPECT_NE(messageOf(noRange.error()).find("t.raw: height range must have min < max"), std::string::npos)
        << noRange.error().message;
    auto back = sim::importTerrain(dir / "t.raw", kW, kH, -20.0f, 75.0f);
    ASSERT_TRUE(back) << back.error().message;
    for (std::size_t i = 0; i < h.size(); ++i) EXPECT_NEAR((*back)[i], h[i], 95.0f / 65535.0f) << i;
    auto wrongSize = sim::importTerrain(dir / "t.raw", kW + 1, kH, -20.0f, 75.0f);
    ASSERT_FALSE(wrongSize);
    EXPECT_NE(wrongSize.error().message.find("t.raw: is 182 bytes, a 14x7 RAW16 needs 196"), std::string::npos)
        << wrongSize.error().message;
}

TEST(ExchangeRaw16, TruncatedFileAndBadSidecarsAreNamed) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeRaw16(dir / "t.r16", h.data(), sim::Raw16Info{kW, kH, 0.0f, 100.0f, 1.0f}));
    truncateFile(dir / "t.r16", 101);
    auto cut = sim::importHeightfield(dir / "t.r16", {});
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("t.r16: is 101 bytes, a 13x7 RAW16 needs 182"), std::string::npos) << cut.error().message;

    test::writeText(dir / "t.r16.json", R"({"width": 13, "height": 7, "min_m": 0})");
    auto missingKey = sim::importHeightfield(dir / "t.r16", {});
    ASSERT_FALSE(missingKey);
    EXPECT_NE(missingKey.error().message.find("t.r16.json: 'max_m' missing or not a number"), std::string::npos)
        << missingKey.error().message;

    test::writeText(dir / "t.r16.json", R"({"width": 13, "height": 7, "min_m": 0, "max_m": 1, "byte_order": "big-endian"})");
    auto bigEndian = sim::importHeightfield(dir / "t.r16", {});
    ASSERT_FALSE(bigEndian);
    EXPECT_NE(bigEndian.error().message.find("byte_order \"big-endian\" is not supported"), std::string::npos);

    test::writeText(dir / "t.r16.json", "{ not json");
    auto garbage = sim::importHeightfield(dir / "t.r16", {});
    ASSERT_FALSE(garbage);
    EXPECT_NE(garbage.error().message.find("t.r16.json: invalid JSON"), std::string::npos) << garbage.error().message;
}

TEST(ExchangePng16, RoundTripWithinRangeOver65535) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeHeightmapPng16(dir / "t.png", h.data(), kW, kH, -20.0f, 75.0f));
    sim::HeightfieldRequest r;
    r.minM = -20.0f;
    r.maxM = 75.0f;
    auto back = sim::importHeightfield(dir / "t.png", r);
    ASSERT_TRUE(back) << back.error().message;
    for (std::size_t i = 0; i < h.size(); ++i) EXPECT_NEAR(back->heightsM[i], h[i], 95.0f / 65535.0f) << i;
    auto unknown = sim::importHeightfield(dir / "t.bmp", r);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("t.bmp: expected a .png, .r16, .raw, .exr, .tif, .tiff or .npy heightmap"),
              std::string::npos);
}

TEST(ExchangeResample, BilinearKeepsAPlaneAndTheExtent) {
    // A plane sampled at cell centres stays that plane at the new centres (bilinear is exact on it).
    const int sw = 8, sh = 6, dw = 20, dh = 3;
    std::vector<float> src(std::size_t(sw * sh));
    for (int y = 0; y < sh; ++y)
        for (int x = 0; x < sw; ++x) src[std::size_t(y * sw + x)] = 2.0f * (float(x) + 0.5f) / float(sw) + 5.0f * (float(y) + 0.5f) / float(sh);
    const std::vector<float> out = sim::resampleBilinear(src, sw, sh, dw, dh);
    ASSERT_EQ(out.size(), std::size_t(dw * dh));
    for (int y = 0; y < dh; ++y)
        for (int x = 0; x < dw; ++x) {
            float fx = (float(x) + 0.5f) / float(dw), fy = (float(y) + 0.5f) / float(dh);
            // Beyond the outermost source centres the value is clamped (held), not extrapolated.
            fx = std::clamp(fx, 0.5f / float(sw), 1.0f - 0.5f / float(sw));
            fy = std::clamp(fy, 0.5f / float(sh), 1.0f - 0.5f / float(sh));
            EXPECT_NEAR(out[std::size_t(y * dw + x)], 2.0f * fx + 5.0f * fy, 1e-5f) << x << "," << y;
        }
}

TEST(ExchangeScene, GeoreferenceKeyPlacesAnyTerrainAndIsChecked) {
    test::TempDir dir;
    test::writeText(dir / "a.json", R"({"grid": {"width": 8, "height": 4}, "terrain": {"flat": 0},
        "georeference": {"epsg": 25832, "origin": [500000.5, 6000000]}})");
    auto a = sim::loadSceneFile(dir / "a.json");
    ASSERT_TRUE(a) << a.error().message;
    ASSERT_TRUE(a->scene.georeference.has_value());
    EXPECT_EQ(a->scene.georeference->epsg, 25832);
    EXPECT_DOUBLE_EQ(a->scene.georeference->originEastM, 500000.5);
    EXPECT_DOUBLE_EQ(a->scene.georeference->originNorthM, 6000000.0);
    test::writeText(dir / "b.json", R"({"grid": {"width": 8, "height": 4}, "terrain": {"flat": 0},
        "georeference": {"epsg": 25832, "origin": [1]}})");
    auto b = sim::loadSceneFile(dir / "b.json");
    ASSERT_FALSE(b);
    EXPECT_NE(b.error().message.find("georeference.origin: expected [east, north], got 1 numbers"), std::string::npos)
        << b.error().message;
    test::writeText(dir / "c.json", R"({"grid": {"width": 8, "height": 4}, "terrain": {"flat": 0},
        "georeference": {"epsg": 99999, "origin": [0, 0]}})");
    auto c = sim::loadSceneFile(dir / "c.json");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().message.find("georeference.epsg"), std::string::npos) << c.error().message;
}

#ifdef SLUICE_HAS_EXCHANGE_FORMATS

TEST(ExchangeExr, Float32RoundTripIsExactAndNorthIsTheTopRow) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    const sim::ExrChannel c{"Y", h.data()};
    ASSERT_TRUE(sim::writeExr(dir / "t.exr", kW, kH, {&c, 1}));
    auto back = sim::importHeightfield(dir / "t.exr", {});
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->width, kW);
    ASSERT_EQ(back->height, kH);
    for (std::size_t i = 0; i < h.size(); ++i) EXPECT_EQ(back->heightsM[i], h[i]) << i;
}

TEST(ExchangeExr, TruncatedGarbageAndMultiChannelFilesAreRefused) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    const sim::ExrChannel rgb[3] = {{"R", h.data()}, {"G", h.data()}, {"B", h.data()}};
    ASSERT_TRUE(sim::writeExr(dir / "rgb.exr", kW, kH, rgb));
    auto multi = sim::readExrHeights(dir / "rgb.exr");
    ASSERT_FALSE(multi);
    EXPECT_NE(multi.error().message.find("rgb.exr: expected a single-channel EXR (or one with a Y channel), got 3 channels"),
              std::string::npos) << multi.error().message;

    const sim::ExrChannel y{"Y", h.data()};
    ASSERT_TRUE(sim::writeExr(dir / "cut.exr", kW, kH, {&y, 1}));
    truncateFile(dir / "cut.exr", std::filesystem::file_size(dir / "cut.exr") / 2);
    auto cut = sim::readExrHeights(dir / "cut.exr");
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("cut.exr: cannot read EXR"), std::string::npos) << cut.error().message;

    writeBytes(dir / "junk.exr", "this is not an image at all");
    auto junk = sim::readExrHeights(dir / "junk.exr");
    ASSERT_FALSE(junk);
    EXPECT_NE(junk.error().message.find("junk.exr: cannot read EXR"), std::string::npos) << junk.error().message;

    auto missing = sim::readExrHeights(dir / "none.exr");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("none.exr: cannot open EXR file"), std::string::npos);
}

TEST(ExchangeGeoTiff, Float32RoundTripIsExactWithItsGeoreference) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    const sim::GeoReference geo{500000.0, 4100000.0, 32633};  // UTM 33N
    ASSERT_TRUE(sim::writeGeoTiff(dir / "t.tif", h.data(), kW, kH, 2.5, geo));
    auto back = sim::readGeoTiff(dir / "t.tif");
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->image.width, kW);
    ASSERT_EQ(back->image.height, kH);
    for (std::size_t i = 0; i < h.size(); ++i) EXPECT_EQ(back->image.heightsM[i], h[i]) << i;
    EXPECT_TRUE(back->georeferenced);
    EXPECT_DOUBLE_EQ(back->cellSizeXM, 2.5);
    EXPECT_DOUBLE_EQ(back->cellSizeYM, 2.5);
    EXPECT_DOUBLE_EQ(back->geo.originEastM, 500000.0);
    EXPECT_DOUBLE_EQ(back->geo.originNorthM, 4100000.0);
    EXPECT_EQ(back->geo.epsg, 32633);
}

TEST(ExchangeGeoTiff, TruncatedAndForeignFilesAreRefused) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeGeoTiff(dir / "t.tif", h.data(), kW, kH, 1.0, {}));
    truncateFile(dir / "t.tif", 64);
    auto cut = sim::readGeoTiff(dir / "t.tif");
    ASSERT_FALSE(cut);
    EXPECT_EQ(cut.error().message.rfind((dir / "t.tif").string() + ": ", 0), 0u) << cut.error().message;

    writeBytes(dir / "junk.tif", "GIF89a not a tiff");
    auto junk = sim::readGeoTiff(dir / "junk.tif");
    ASSERT_FALSE(junk);
    EXPECT_NE(junk.error().message.find("junk.tif: not a readable TIFF"), std::string::npos) << junk.error().message;

    // The size check applies to GeoTIFF like to every format, unless resampling is asked for.
    ASSERT_TRUE(sim::writeGeoTiff(dir / "ok.tif", h.data(), kW, kH, 1.0, {}));
    auto wrong = sim::importTerrain(dir / "ok.tif", 16, 16, 0, 0);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("ok.tif: heightmap is 13x7, the grid is 16x16"), std::string::npos);
}

TEST(ExchangeGeoTiff, WrongSampleTypesAndBandCountsAreRefused) {
    // Files of other kinds come from GDAL itself: an independent writer, and the tool users have.
    if (test::runCommand("command -v gdal_translate >/dev/null").exitCode != 0)
        GTEST_SKIP() << "gdal_translate not found (Debian gdal-bin; scripts/setup.sh installs it)";
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeGeoTiff(dir / "t.tif", h.data(), kW, kH, 1.0, {}));
    auto gdal = [&](const std::string& args, const char* out) {
        return test::runCommand("gdal_translate -q " + args + " '" + (dir / "t.tif").string() + "' '" + (dir / out).string() + "'");
    };
    ASSERT_EQ(gdal("-ot Byte -scale", "byte.tif").exitCode, 0);
    auto byte = sim::readGeoTiff(dir / "byte.tif");
    ASSERT_FALSE(byte);
    EXPECT_NE(byte.error().message.find("byte.tif: samples are 8-bit uint, expected float32, float64, int16 or uint16 heights"),
              std::string::npos) << byte.error().message;
    ASSERT_EQ(gdal("-b 1 -b 1 -b 1", "three.tif").exitCode, 0);
    auto three = sim::readGeoTiff(dir / "three.tif");
    ASSERT_FALSE(three);
    EXPECT_NE(three.error().message.find("three.tif: has 3 bands, expected a single-band heightmap"), std::string::npos)
        << three.error().message;
    ASSERT_EQ(gdal("-co TILED=YES", "tiled.tif").exitCode, 0);
    auto tiled = sim::readGeoTiff(dir / "tiled.tif");
    ASSERT_FALSE(tiled);
    EXPECT_NE(tiled.error().message.find("tiled.tif: tiled TIFF is not supported"), std::string::npos);
    // int16 and float64, as DEMs often come, read (rounded to whole metres by -ot Int16).
    ASSERT_EQ(gdal("-ot Int16", "i16.tif").exitCode, 0);
    ASSERT_EQ(gdal("-ot Float64", "f64.tif").exitCode, 0);
    auto i16 = sim::readGeoTiff(dir / "i16.tif");
    auto f64 = sim::readGeoTiff(dir / "f64.tif");
    ASSERT_TRUE(i16 && f64) << (i16 ? f64.error().message : i16.error().message);
    for (std::size_t i = 0; i < h.size(); ++i) {
        EXPECT_NEAR(i16->image.heightsM[i], h[i], 1.0f) << i;
        EXPECT_EQ(f64->image.heightsM[i], h[i]) << i;
    }
}

TEST(ExchangeGeoTiff, SceneTerrainFileAdoptsCellSizeAndGeoreferenceAndResamples) {
    test::TempDir dir;
    const std::vector<float> h = testHeights();
    ASSERT_TRUE(sim::writeGeoTiff(dir / "dem.tif", h.data(), kW, kH, 2.5, sim::GeoReference{1000.0, 2000.0, 32633}));
    test::writeText(dir / "a.json", R"({"terrain": {"file": "dem.tif"}})");
    auto a = sim::loadSceneFile(dir / "a.json");
    ASSERT_TRUE(a) << a.error().message;
    EXPECT_EQ(a->scene.width, kW);
    EXPECT_EQ(a->scene.height, kH);
    EXPECT_FLOAT_EQ(a->scene.cellSizeM, 2.5f);
    ASSERT_TRUE(a->scene.georeference.has_value());
    EXPECT_EQ(a->scene.georeference->epsg, 32633);
    EXPECT_EQ(a->scene.terrainM, h);

    test::writeText(dir / "b.json", R"({"grid": {"width": 26, "height": 14}, "terrain": {"file": "dem.tif", "resample": true}})");
    auto b = sim::loadSceneFile(dir / "b.json");
    ASSERT_TRUE(b) << b.error().message;
    EXPECT_EQ(b->scene.width, 26);
    EXPECT_EQ(b->scene.height, 14);
    EXPECT_FLOAT_EQ(b->scene.cellSizeM, 1.25f);  // same extent, twice the cells

    test::writeText(dir / "c.json", R"({"grid": {"width": 26, "height": 14}, "terrain": {"file": "dem.tif"}})");
    auto c = sim::loadSceneFile(dir / "c.json");
    ASSERT_FALSE(c);
    EXPECT_NE(c.error().message.find("terrain.file"), std::string::npos) << c.error().message;
}

#else

TEST(ExchangeFormatsOff, LibraryFormatsSayWhyTheyAreMissing) {
    test::TempDir dir;
    EXPECT_FALSE(sim::exchangeLibraryFormatsAvailable());
    auto exr = sim::readExrHeights(dir / "t.exr");
    ASSERT_FALSE(exr);
    EXPECT_NE(exr.error().message.find("SLUICE_EXCHANGE_FORMATS=OFF"), std::string::npos);
    const float v[4] = {0, 1, 2, 3};
    auto tif = sim::writeGeoTiff(dir / "t.tif", v, 2, 2, 1.0, {});
    ASSERT_FALSE(tif);
    EXPECT_NE(tif.error().message.find("t.tif: this build has no EXR/GeoTIFF/glTF support"), std::string::npos);
}

#endif

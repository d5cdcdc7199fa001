// Heightmap import onto an existing grid: PNG (with height range) and .npy, and its errors.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/terrain_import.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;

TEST(TerrainImport, PngMapsToTheHeightRangeAndKeepsWaterVolume) {
    test::TempDir dir;
    std::vector<float> ramp(16 * 8);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 16; ++x) ramp[std::size_t(y * 16 + x)] = float(x) / 15.0f * 10.0f;
    ASSERT_TRUE(sim::writeHeightmapPng16(dir / "ramp.png", ramp.data(), 16, 8, 0.0f, 10.0f));
    auto heights = sim::importTerrain(dir / "ramp.png", 16, 8, -5.0f, 15.0f);  // re-mapped to a new range
    ASSERT_TRUE(heights) << heights.error().message;
    EXPECT_NEAR((*heights)[0], -5.0f, 1e-3f);
    EXPECT_NEAR((*heights)[15], 15.0f, 1e-3f);
    EXPECT_NEAR((*heights)[7], -5.0f + 20.0f * 7.0f / 15.0f, 2e-3f);

    // Applied to a running solver, the import moves the surface, not the volume.
    sim::Scene s = test::flatScene(16, 8, 1.0f);
    for (float& h : s.depthM) h = 0.5f;
    auto solver = sluice::sim::makeCpuSolver(s);
    const double before = solver->ledger().volumeM3;
    solver->setTerrain(*heights);
    EXPECT_EQ(solver->ledger().volumeM3, before);
}

TEST(TerrainImport, NpyOfTheGridSize) {
    test::TempDir dir;
    std::vector<float> v(6 * 4, 2.5f);
    ASSERT_TRUE(sim::writeNpy(dir / "t.npy", v.data(), 4, 6));
    auto heights = sim::importTerrain(dir / "t.npy", 6, 4, 0, 0);
    ASSERT_TRUE(heights) << heights.error().message;
    EXPECT_EQ(*heights, v);
}

TEST(TerrainImport, ErrorsNameTheFileAndTheProblem) {
    test::TempDir dir;
    std::vector<float> v(6 * 4, 1.0f);
    ASSERT_TRUE(sim::writeNpy(dir / "t.npy", v.data(), 4, 6));
    auto wrongSize = sim::importTerrain(dir / "t.npy", 8, 8, 0, 1);
    ASSERT_FALSE(wrongSize);
    EXPECT_NE(wrongSize.error().message.find("t.npy: heightmap is 6x4, the grid is 8x8"), std::string::npos)
        << wrongSize.error().message;
    v[5] = NAN;
    ASSERT_TRUE(sim::writeNpy(dir / "nan.npy", v.data(), 4, 6));
    auto nan = sim::importTerrain(dir / "nan.npy", 6, 4, 0, 1);
    ASSERT_FALSE(nan);
    EXPECT_NE(nan.error().message.find("nan.npy: non-finite height at x=5, y=0"), std::string::npos);
    auto missing = sim::importTerrain(dir / "missing.png", 6, 4, 0, 1);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("missing.png"), std::string::npos);
    auto range = sim::importTerrain(dir / "x.png", 6, 4, 3, 1);
    ASSERT_FALSE(range);
    EXPECT_NE(range.error().message.find("min < max"), std::string::npos);
    auto kind = sim::importTerrain(dir / "x.bmp", 6, 4, 0, 1);
    ASSERT_FALSE(kind);
    EXPECT_NE(kind.error().message.find("x.bmp: expected a .png, .r16, .raw, .exr, .tif, .tiff or .npy heightmap"),
              std::string::npos);
}

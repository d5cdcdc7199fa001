// Maps and meshes derived for export (sim/exchange): cell velocities, the flow map encoding and its
// image orientation, foam from the Froude number, splat weights, and the glTF grid meshes.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include <stb_image.h>

#include "sim/exchange/grid_mesh.hpp"
#include "sim/exchange/rgba_png.hpp"
#include "sim/exchange/splat_maps.hpp"
#include "sim/exchange/water_maps.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;

namespace {

/// A W x H field at rest over flat ground at 0 m, `depth` everywhere, uniform face velocities.
sim::FieldSnapshot uniformField(int w, int h, float depth, float uEast, float vNorth) {
    sim::FieldSnapshot f;
    f.width = w;
    f.height = h;
    f.cellSizeM = 1.0f;
    f.terrainM.assign(std::size_t(w * h), 0.0f);
    f.depthM.assign(std::size_t(w * h), depth);
    f.flowXM3PerS.assign(std::size_t((w + 1) * h), 0.0f);
    f.flowYM3PerS.assign(std::size_t(w * (h + 1)), 0.0f);
    f.faceVelocityXMS.assign(std::size_t((w + 1) * h), uEast);
    f.faceVelocityYMS.assign(std::size_t(w * (h + 1)), vNorth);
    return f;
}

}  // namespace

TEST(ExchangeMaps, FlowMapEncodesEastInRedAndNorthInGreenAroundHalf) {
    const sim::FieldSnapshot f = uniformField(4, 3, 1.0f, 2.0f, -1.0f);
    const sim::CellVelocities v = sim::cellVelocities(f);
    EXPECT_FLOAT_EQ(v.eastMS[5], 2.0f);
    EXPECT_FLOAT_EQ(v.northMS[5], -1.0f);
    EXPECT_NEAR(v.maxSpeedMS, std::sqrt(5.0f), 1e-6f);
    const auto rgba = sim::flowMapRgba(v, sim::wetMask(f));
    EXPECT_EQ(int(rgba[0]), int(std::lround((0.5 + 0.5 * 2.0 / std::sqrt(5.0)) * 255.0)));  // east: above 128
    EXPECT_EQ(int(rgba[1]), int(std::lround((0.5 - 0.5 * 1.0 / std::sqrt(5.0)) * 255.0)));  // south: below 128
    EXPECT_EQ(int(rgba[2]), 0);
    EXPECT_EQ(int(rgba[3]), 255);

    // Still water encodes as 128 (0.5); dry cells are transparent.
    sim::FieldSnapshot still = uniformField(2, 2, 1.0f, 0.0f, 0.0f);
    still.depthM[3] = 0.0f;
    const auto s = sim::flowMapRgba(sim::cellVelocities(still), sim::wetMask(still));
    EXPECT_EQ(int(s[0]), 128);
    EXPECT_EQ(int(s[1]), 128);
    EXPECT_EQ(int(s[15]), 0);
}

TEST(ExchangeMaps, VelocitiesFromFlowsWhenFacesHaveNone) {
    sim::FieldSnapshot f = uniformField(3, 1, 0.5f, 0.0f, 0.0f);
    f.faceVelocityXMS.clear();
    f.faceVelocityYMS.clear();
    for (float& q : f.flowXM3PerS) q = 1.0f;  // 1 m^3/s through 0.5 m x 1 m faces: 2 m/s east
    const sim::CellVelocities v = sim::cellVelocities(f);
    EXPECT_FLOAT_EQ(v.eastMS[1], 2.0f);
    EXPECT_FLOAT_EQ(v.northMS[1], 0.0f);
}

TEST(ExchangeMaps, PngTopRowIsTheNorthEdge) {
    test::TempDir dir;
    std::vector<std::uint8_t> gray(5 * 3, 0);
    for (int x = 0; x < 5; ++x) gray[std::size_t(2 * 5 + x)] = 200;  // y = 2: the northmost row
    gray[0] = 50;                                                     // the south-west cell
    ASSERT_TRUE(sim::writePng8(dir / "m.png", gray, 5, 3, 1));
    int w = 0, h = 0, n = 0;
    std::unique_ptr<stbi_uc, void (*)(void*)> img(stbi_load((dir / "m.png").c_str(), &w, &h, &n, 1), stbi_image_free);
    ASSERT_TRUE(img);
    ASSERT_EQ(w, 5);
    ASSERT_EQ(h, 3);
    EXPECT_EQ(int(img.get()[0]), 200);      // image row 0
    EXPECT_EQ(int(img.get()[2 * 5]), 50);   // image last row, first column
}

TEST(ExchangeMaps, FoamFollowsTheFroudeNumber) {
    // h = 0.1 m: sqrt(g h) = 0.99 m/s. 3 m/s is supercritical (Fr ~ 3), 0.3 m/s calm (Fr ~ 0.3).
    const sim::FieldSnapshot fast = uniformField(2, 2, 0.1f, 3.0f, 0.0f), calm = uniformField(2, 2, 0.1f, 0.3f, 0.0f);
    EXPECT_EQ(int(sim::foamMask(fast, sim::cellVelocities(fast), 9.81f)[0]), 255);
    EXPECT_EQ(int(sim::foamMask(calm, sim::cellVelocities(calm), 9.81f)[0]), 0);
    // Fr = 1.15, midway between the ramp's ends: smoothstep(0.5) = 0.5.
    const float u = 1.15f * std::sqrt(9.81f * 0.1f);
    const sim::FieldSnapshot mid = uniformField(2, 2, 0.1f, u, 0.0f);
    EXPECT_NEAR(int(sim::foamMask(mid, sim::cellVelocities(mid), 9.81f)[0]), 128, 1);
}

TEST(ExchangeMaps, SplatWeightsSumToOneRockOnCliffsSandOnShores) {
    // West half: a 60-degree cliff face, dry. East half: flat; the last column holds water.
    const int w = 8, h = 4;
    sim::FieldSnapshot f = uniformField(w, h, 0.0f, 0.0f, 0.0f);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            f.terrainM[std::size_t(y * w + x)] = x < 4 ? 10.0f - 1.8f * float(x) : 0.0f;
            if (x == w - 1) f.depthM[std::size_t(y * w + x)] = 1.0f;
        }
    const auto s = sim::splatMapRgba(f);
    for (std::size_t c = 0; c < s.size() / 4; ++c) EXPECT_EQ(int(s[4 * c]) + int(s[4 * c + 1]) + int(s[4 * c + 2]), 255) << c;
    const std::size_t cliff = 1 * w + 1, shore = 1 * w + 6, inland = 1 * w + 5, water = 1 * w + 7;
    EXPECT_EQ(int(s[4 * cliff]), 255);         // rock
    EXPECT_EQ(int(s[4 * shore + 2]), 255);     // sand beside the water
    EXPECT_EQ(int(s[4 * inland + 1]), 255);    // soil
    EXPECT_EQ(int(s[4 * water + 3]), 255);     // wet
    EXPECT_EQ(int(s[4 * shore + 3]), 128);     // damp
    EXPECT_EQ(int(s[4 * inland + 3]), 0);      // dry
}

TEST(ExchangeMesh, StepKeepsTheEdgesAndWindsUpward) {
    EXPECT_EQ(sim::meshSamples(10, 4), (std::vector<int>{0, 4, 8, 9}));
    EXPECT_EQ(sim::meshSamples(9, 4), (std::vector<int>{0, 4, 8}));
    EXPECT_EQ(sim::meshSamples(1, 3), (std::vector<int>{0}));
    const int w = 10, hgt = 7;
    std::vector<float> z(std::size_t(w * hgt));
    for (int y = 0; y < hgt; ++y)
        for (int x = 0; x < w; ++x) z[std::size_t(y * w + x)] = 0.5f * float(x);  // rises east
    const sim::GridMesh m = sim::buildGridMesh(z.data(), w, hgt, 2.0f, 4, nullptr);
    // Columns {0,4,8,9} x rows {0,4,6}: 12 vertices, 3 x 2 quads.
    EXPECT_EQ(m.vertexCount(), 12u);
    EXPECT_EQ(m.indices.size(), 3u * 2u * 6u);
    // North (y) is glTF -Z; the last vertex is the north-east cell centre.
    float maxX = 0, minZ = 0;
    for (std::size_t v = 0; v < m.vertexCount(); ++v) {
        maxX = std::max(maxX, m.positions[3 * v]);
        minZ = std::min(minZ, m.positions[3 * v + 2]);
    }
    EXPECT_FLOAT_EQ(maxX, 19.0f);
    EXPECT_FLOAT_EQ(minZ, -13.0f);
    for (std::size_t t = 0; t < m.indices.size(); t += 3) {
        const float* a = &m.positions[3 * m.indices[t]];
        const float* b = &m.positions[3 * m.indices[t + 1]];
        const float* c = &m.positions[3 * m.indices[t + 2]];
        // y component of (b - a) x (c - a): positive = counter-clockwise seen from above.
        const float ny = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
        EXPECT_GT(ny, 0.0f) << t;
    }
    // Rising east: normals lean west (-X), up (+Y), no north-south component.
    EXPECT_NEAR(m.normals[0], -0.25f / std::sqrt(1.0625f), 1e-5f);
    EXPECT_GT(m.normals[1], 0.9f);
    EXPECT_NEAR(m.normals[2], 0.0f, 1e-6f);
}

TEST(ExchangeMesh, WaterMeshOnlyWhereWetWithItsAttributes) {
    const int w = 6, h = 4;
    sim::FieldSnapshot f = uniformField(w, h, 0.0f, 1.5f, -0.5f);
    for (int y = 0; y < h; ++y)
        for (int x = 3; x < w; ++x) f.depthM[std::size_t(y * w + x)] = 0.25f;  // east half wet
    const std::vector<unsigned char> wet = sim::wetMask(f);
    const std::vector<float> surface = sim::waterSurface(f);
    sim::GridMesh m = sim::buildGridMesh(surface.data(), w, h, 1.0f, 1, wet.data());
    EXPECT_EQ(m.vertexCount(), 3u * 4u);           // the wet columns only
    EXPECT_EQ(m.indices.size(), 2u * 3u * 6u);     // 2 x 3 quads
    const sim::CellVelocities v = sim::cellVelocities(f);
    sim::addWaterAttributes(m, f.depthM.data(), v.eastMS.data(), v.northMS.data());
    ASSERT_EQ(m.depthM.size(), m.vertexCount());
    ASSERT_EQ(m.flowMS.size(), 2 * m.vertexCount());
    for (std::size_t i = 0; i < m.vertexCount(); ++i) {
        EXPECT_FLOAT_EQ(m.depthM[i], 0.25f);
        EXPECT_FLOAT_EQ(m.positions[3 * i + 1], 0.25f);
        EXPECT_FLOAT_EQ(m.flowMS[2 * i], 1.5f);
        EXPECT_FLOAT_EQ(m.flowMS[2 * i + 1], -0.5f);
    }
}

// Level-of-detail selection and culling of the chunked meshes (pure math, no GL), and the detail map.
#include <gtest/gtest.h>

#include <cmath>

#include "render/camera.hpp"
#include "render/water_detail.hpp"
#include "render/terrain_lod.hpp"

namespace sluice::render {
namespace {

LodView viewOf(const Camera& cam, int w, int h) {
    LodView v;
    v.viewProj = cam.projection(float(w) / float(h)) * cam.view();
    v.eye = cam.position();
    v.fovYRad = cam.fovYRad;
    v.heightPx = h;
    return v;
}

TEST(RenderLod, StrideGrowsWithDistanceAndStaysPowerOfTwo) {
    LodView v;
    v.heightPx = 720;
    int last = 1;
    for (float d = 1.0f; d < 1e5f; d *= 1.5f) {
        const int s = strideForDistance(d, 2.0f, v);
        EXPECT_GE(s, last);
        EXPECT_EQ(s & (s - 1), 0) << s;
        EXPECT_LE(s, kChunkCells);
        // The projected spacing stays under the limit unless the stride is already 1.
        const float px = float(s) * 2.0f * 720.0f / (2.0f * d * std::tan(0.45f));
        if (s > 1) {
            EXPECT_LE(px, v.maxCellPx);
        }
        last = s;
    }
    EXPECT_EQ(strideForDistance(5.0f, 2.0f, v), 1);
    EXPECT_EQ(strideForDistance(1e6f, 2.0f, v), kChunkCells);
}

TEST(RenderLod, ChunksBehindTheCameraAreCulledAndNearOnesAreFine) {
    const int W = 4096, H = 4096;
    const float dx = 2.0f;
    std::vector<ChunkBounds> bounds(std::size_t(chunkCount(W)) * std::size_t(chunkCount(H)), ChunkBounds{0, 10, 5, 1});
    Camera cam;
    cam.target = {4096.0f, 4096.0f, 0.0f};  // middle of the 8 km world
    cam.yawRad = 0.0f;                       // looking north
    cam.pitchRad = 0.3f;
    cam.distanceM = 100.0f;
    const LodView v = viewOf(cam, 1280, 720);
    const auto chunks = selectChunks(bounds, W, H, dx, v, false, 10.0f);
    ASSERT_FALSE(chunks.empty());
    EXPECT_LT(chunks.size(), bounds.size()) << "the southern half is behind the camera";
    int finest = kChunkCells, coarsest = 1;
    for (const ChunkDraw& c : chunks) {
        // Chunk centres south of the camera by more than a chunk are behind it.
        const float cy = (float(c.chunkY) + 0.5f) * float(kChunkCells) * dx;
        EXPECT_GT(cy, cam.position().y - float(kChunkCells) * dx * 1.5f);
        finest = std::min(finest, c.stride);
        coarsest = std::max(coarsest, c.stride);
    }
    EXPECT_EQ(finest, 1);
    EXPECT_GT(coarsest, 2) << "far chunks should be drawn coarser";
    // Dry chunks have no water to draw.
    for (ChunkBounds& b : bounds) b.wetCells = 0;
    EXPECT_TRUE(selectChunks(bounds, W, H, dx, v, true, 0.0f).empty());
}

TEST(RenderLod, ChunksComeNearestFirst) {
    // Drawn in this order, near terrain fills the depth buffer before the terrain it hides, so hidden
    // fragments fail the depth test instead of being shaded.
    const int W = 1024, H = 1024;
    const float dx = 2.0f;
    const std::vector<ChunkBounds> bounds(std::size_t(chunkCount(W)) * std::size_t(chunkCount(H)), ChunkBounds{0, 10, 5, 1});
    Camera cam;
    cam.target = {1500.0f, 700.0f, 0.0f};
    cam.yawRad = 2.5f;
    cam.pitchRad = 0.4f;
    cam.distanceM = 300.0f;
    const LodView v = viewOf(cam, 1280, 720);
    const auto chunks = selectChunks(bounds, W, H, dx, v, false, 10.0f);
    ASSERT_GT(chunks.size(), 4u);
    float last = -1.0f;
    for (const ChunkDraw& c : chunks) {
        glm::vec3 lo, hi;
        chunkBox(c.chunkX, c.chunkY, W, H, dx, -10.0f, 10.0f, lo, hi);
        const float d = glm::length(v.eye - glm::clamp(v.eye, lo, hi));
        EXPECT_GE(d, last);
        last = d;
    }
}

TEST(RenderLod, LaggedBoundsGrowToCoverWhatCanChangeMeanwhile) {
    // 4 x 3 chunks: only chunk (1, 1) is wet, surface at 5 m over beds 0..2 m.
    const int cx = 4, cy = 3;
    std::vector<ChunkBounds> b(std::size_t(cx * cy), ChunkBounds{0.0f, 2.0f, -1e30f, 0.0f});
    b[std::size_t(1 * cx + 1)] = ChunkBounds{0.0f, 2.0f, 5.0f, 100.0f};
    auto at = [&](const std::vector<ChunkBounds>& v, int i, int j) { return v[std::size_t(j * cx + i)]; };

    const std::vector<ChunkBounds> same = conservativeBounds(b, cx, cy, 0, 1.0f);
    for (std::size_t k = 0; k < b.size(); ++k) {
        EXPECT_EQ(same[k].minBedM, b[k].minBedM);
        EXPECT_EQ(same[k].maxSurfaceM, b[k].maxSurfaceM);
        EXPECT_EQ(same[k].wetCells, b[k].wetCells);
    }
    const std::vector<ChunkBounds> lagged = conservativeBounds(b, cx, cy, 2, 0.5f);
    for (int j = 0; j < cy; ++j)
        for (int i = 0; i < cx; ++i) {
            const ChunkBounds c = at(lagged, i, j);
            EXPECT_FLOAT_EQ(c.minBedM, -1.0f);  // two frames of 0.5 m each way
            EXPECT_FLOAT_EQ(c.maxBedM, 3.0f);
            if (i <= 2) {
                // The wet chunk and its 8 neighbours may hold water up to its surface (plus the pad).
                EXPECT_GT(c.wetCells, 0.0f) << i << "," << j;
                EXPECT_FLOAT_EQ(c.maxSurfaceM, 6.0f) << i << "," << j;
            } else {
                EXPECT_EQ(c.wetCells, 0.0f) << "column 3 is two chunks from any water";
            }
        }
    EXPECT_EQ(at(lagged, 1, 1).wetCells, 100.0f);
}

TEST(RenderLod, ChunkCountCoversTheVertexGrid) {
    EXPECT_EQ(chunkCount(2), 1);
    EXPECT_EQ(chunkCount(65), 1);
    EXPECT_EQ(chunkCount(66), 2);
    EXPECT_EQ(chunkCount(256), 4);
}

TEST(RenderLod, WaterDetailMapIsTileableAndBounded) {
    const int n = 64;
    const std::vector<float> m = makeWaterDetail(n);
    ASSERT_EQ(m.size(), std::size_t(n * n * 4));
    float maxSlope = 0, maxSeam = 0, maxStep = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            const std::size_t i = (std::size_t(y) * n + std::size_t(x)) * 4;
            maxSlope = std::max(maxSlope, std::max(std::abs(m[i]), std::abs(m[i + 1])));
            EXPECT_GE(m[i + 2], 0.0f);
            EXPECT_LE(m[i + 2], 1.0f);
            if (x > 0) maxStep = std::max(maxStep, std::abs(m[i] - m[i - 4]));
        }
    // Across the wrap (last column to first) the map changes no more than between neighbours inside.
    for (int y = 0; y < n; ++y) {
        const std::size_t first = std::size_t(y) * n * 4, last = first + std::size_t(n - 1) * 4;
        maxSeam = std::max(maxSeam, std::abs(m[first] - m[last]));
    }
    EXPECT_LE(maxSlope, 1.0f + 1e-5f);
    EXPECT_LE(maxSeam, maxStep * 1.01f);
}

}  // namespace
}  // namespace sluice::render

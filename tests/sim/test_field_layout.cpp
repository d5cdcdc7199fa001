// The GPU fields' layouts (shaders/sim/field_layout.h, sim/field_layout.hpp): in rows and in tiles,
// every cell and face of a grid has its own word inside the field's buffer, a tile's rows are
// contiguous, and values go in and come back out unchanged, whole or as a block read from the one
// stretch of the buffer that holds its rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "sim/field_layout.hpp"
#include "sim/gpu_solver.hpp"

namespace sluice::test {
namespace {

// Sizes around the tile's: one tile, exact multiples (whose east / north faces need one tile more),
// and odd sizes.
const int kSizes[][2] = {{1, 1}, {5, 3}, {127, 15}, {128, 16}, {129, 17}, {256, 32}, {263, 71}, {300, 40}};

}  // namespace

TEST(FieldLayout, EveryCellAndFaceHasItsOwnWordInsideTheBuffer) {
    for (bool inTiles : {false, true})
        for (const auto& size : kSizes) {
            const int W = size[0], H = size[1];
            const sim::FieldLayout layout(W, H, inTiles);
            // Room for W + 1 columns and H + 1 rows: in rows of W + 1 words, or in whole 128 x 16
            // tiles.
            const std::size_t words = inTiles ? std::size_t((W + 128) / 128 * 128) * std::size_t((H + 16) / 16 * 16)
                                              : std::size_t(W + 1) * std::size_t(H + 1);
            EXPECT_EQ(layout.words(), words) << W << "x" << H;
            std::vector<int> owner(layout.words(), 0);
            for (int y = 0; y <= H; ++y)
                for (int x = 0; x <= W; ++x) {
                    const std::size_t w = layout.at(x, y);
                    ASSERT_LT(w, layout.words()) << x << "," << y;
                    EXPECT_EQ(owner[w]++, 0) << "word " << w << " taken twice, at " << x << "," << y;
                }
        }
}

TEST(FieldLayout, ATilesRowsAreContiguousAndTilesFollowEachOtherRowMajor) {
    const sim::FieldLayout layout(300, 40, true);  // 3 tiles across
    EXPECT_EQ(layout.stride(), 3);
    EXPECT_EQ(layout.at(0, 0), 0u);
    EXPECT_EQ(layout.at(127, 0), 127u);
    EXPECT_EQ(layout.at(0, 1), 128u);               // the tile's next row
    EXPECT_EQ(layout.at(128, 0), 128u * 16u);       // the next tile along x
    EXPECT_EQ(layout.at(0, 16), 3u * 128u * 16u);   // the first tile of the next tile row
    EXPECT_EQ(layout.at(130, 17), (3u + 1u) * 2048u + 128u + 2u);
    // Row-major: W + 1 words a row (room for the x-faces), the stride the kernels take.
    const sim::FieldLayout rows(300, 40, false);
    EXPECT_EQ(rows.stride(), 301);
    EXPECT_EQ(rows.at(7, 2), 2u * 301u + 7u);
    EXPECT_EQ(rows.words(), 301u * 41u);
}

TEST(FieldLayout, ValuesComeBackAsTheyWentIn) {
    for (bool inTiles : {false, true})
        for (const auto& size : kSizes) {
            const int W = size[0], H = size[1];
            const sim::FieldLayout layout(W, H, inTiles);
            // Cells, x-faces and y-faces.
            for (const auto& [columns, rows] : {std::pair{W, H}, std::pair{W + 1, H}, std::pair{W, H + 1}}) {
                std::vector<std::int32_t> values(std::size_t(columns) * std::size_t(rows));
                std::iota(values.begin(), values.end(), 1);
                const std::vector<std::int32_t> words = layout.laidOut(values.data(), columns, rows);
                ASSERT_EQ(words.size(), layout.words());
                EXPECT_EQ(std::count(words.begin(), words.end(), 0), std::ptrdiff_t(words.size() - values.size()));
                std::vector<std::int32_t> back(values.size());
                layout.pickOut(words.data(), 0, 0, 0, columns, rows, back.data());
                EXPECT_EQ(back, values) << W << "x" << H << (inTiles ? " tiles" : " rows");
            }
        }
}

// A block read from the one stretch that holds its rows (GpuSolver::readRegion reads just that).
TEST(FieldLayout, ABlockComesOutOfTheStretchThatHoldsItsRows) {
    const int W = 300, H = 71;
    for (bool inTiles : {false, true}) {
        const sim::FieldLayout layout(W, H, inTiles);
        std::vector<std::int32_t> values(std::size_t(W) * std::size_t(H));
        std::iota(values.begin(), values.end(), 0);
        const std::vector<std::int32_t> words = layout.laidOut(values.data(), W, H);
        for (const auto& [y0, h] : {std::pair{14, 20}, std::pair{40, 8}, std::pair{0, 71}, std::pair{70, 1}}) {
            const int x0 = 120, w = 140;  // across two tile borders in x
            const std::size_t first = layout.spanFirst(y0), count = layout.spanWords(y0, h);
            ASSERT_LE(first + count, words.size());
            // The stretch covers the rows and no more than their tile rows.
            EXPECT_EQ(count, inTiles ? std::size_t(((y0 + h - 1) / 16 - y0 / 16 + 1) * 3 * 2048) : std::size_t(h * 301));
            const std::vector<std::int32_t> span(words.begin() + std::ptrdiff_t(first), words.begin() + std::ptrdiff_t(first + count));
            std::vector<std::int32_t> block(std::size_t(w) * std::size_t(h));
            layout.pickOut(span.data(), first, x0, y0, w, h, block.data());
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x)
                    ASSERT_EQ(block[std::size_t(y * w + x)], values[std::size_t((y0 + y) * W + x0 + x)])
                        << x << "," << y << (inTiles ? " tiles" : " rows");
        }
    }
}

// Grids whose fields outgrow the reach of the GPU's address translation take tiles (measured on an
// H100, docs/PERFORMANCE.md 2026-12-06); smaller ones rows.
TEST(FieldLayout, LargeGridsTakeTiles) {
    EXPECT_FALSE(sim::GpuSolver::fieldTilesFor(1024, 1024));
    EXPECT_FALSE(sim::GpuSolver::fieldTilesFor(4096, 4096));
    EXPECT_FALSE(sim::GpuSolver::fieldTilesFor(8192, 4096));
    EXPECT_TRUE(sim::GpuSolver::fieldTilesFor(8192, 4097));
    EXPECT_TRUE(sim::GpuSolver::fieldTilesFor(8192, 8192));
    EXPECT_TRUE(sim::GpuSolver::fieldTilesFor(16384, 2100));
}

}  // namespace sluice::test

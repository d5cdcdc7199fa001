// The GPU fields' layouts (shaders/sim/field_layout.h, sim/field_layout.hpp): in rows, tiles and
// strips, every cell and face of a grid has its own word inside the field's buffer, a tile's and a
// strip's rows are contiguous, and values go in and come back out unchanged, whole or as a block read
// from the one stretch of the buffer that holds it.
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
const sim::FieldOrder kOrders[] = {sim::FieldOrder::Rows, sim::FieldOrder::Tiles, sim::FieldOrder::Strips};

}  // namespace

TEST(FieldLayout, EveryCellAndFaceHasItsOwnWordInsideTheBuffer) {
    for (sim::FieldOrder order : kOrders)
        for (const auto& size : kSizes) {
            const int W = size[0], H = size[1];
            const sim::FieldLayout layout(W, H, order);
            // Room for W + 1 columns and H + 1 rows: in rows of W + 1 words, in whole 128 x 16 tiles,
            // or in whole strips 128 columns wide.
            const std::size_t across = std::size_t((W + 128) / 128 * 128);
            const std::size_t words = order == sim::FieldOrder::Tiles    ? across * std::size_t((H + 16) / 16 * 16)
                                      : order == sim::FieldOrder::Strips ? across * std::size_t(H + 1)
                                                                         : std::size_t(W + 1) * std::size_t(H + 1);
            EXPECT_EQ(layout.words(), words) << W << "x" << H << " " << sim::fieldOrderName(order);
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
    const sim::FieldLayout layout(300, 40, sim::FieldOrder::Tiles);  // 3 tiles across
    EXPECT_EQ(layout.stride(), 3);
    EXPECT_EQ(layout.at(0, 0), 0u);
    EXPECT_EQ(layout.at(127, 0), 127u);
    EXPECT_EQ(layout.at(0, 1), 128u);               // the tile's next row
    EXPECT_EQ(layout.at(128, 0), 128u * 16u);       // the next tile along x
    EXPECT_EQ(layout.at(0, 16), 3u * 128u * 16u);   // the first tile of the next tile row
    EXPECT_EQ(layout.at(130, 17), (3u + 1u) * 2048u + 128u + 2u);
    // Row-major: W + 1 words a row (room for the x-faces), the stride the kernels take.
    const sim::FieldLayout rows(300, 40, sim::FieldOrder::Rows);
    EXPECT_EQ(rows.stride(), 301);
    EXPECT_EQ(rows.at(7, 2), 2u * 301u + 7u);
    EXPECT_EQ(rows.words(), 301u * 41u);
}

TEST(FieldLayout, AStripsRowsAreContiguousAndStripsFollowEachOtherWestToEast) {
    const sim::FieldLayout layout(300, 40, sim::FieldOrder::Strips);  // 3 strips of 41 rows
    EXPECT_EQ(layout.stride(), 41 * 128);                              // a strip's words
    EXPECT_EQ(layout.at(0, 0), 0u);
    EXPECT_EQ(layout.at(127, 0), 127u);
    EXPECT_EQ(layout.at(0, 1), 128u);  // the strip's next row
    EXPECT_EQ(layout.at(0, 40), 40u * 128u);
    EXPECT_EQ(layout.at(128, 0), 41u * 128u);  // the next strip
    EXPECT_EQ(layout.at(300, 17), 2u * 41u * 128u + 17u * 128u + 44u);
    EXPECT_EQ(layout.words(), 3u * 41u * 128u);
}

TEST(FieldLayout, ValuesComeBackAsTheyWentIn) {
    for (sim::FieldOrder order : kOrders)
        for (const auto& size : kSizes) {
            const int W = size[0], H = size[1];
            const sim::FieldLayout layout(W, H, order);
            // Cells, x-faces and y-faces.
            for (const auto& [columns, rows] : {std::pair{W, H}, std::pair{W + 1, H}, std::pair{W, H + 1}}) {
                std::vector<std::int32_t> values(std::size_t(columns) * std::size_t(rows));
                std::iota(values.begin(), values.end(), 1);
                const std::vector<std::int32_t> words = layout.laidOut(values.data(), columns, rows);
                ASSERT_EQ(words.size(), layout.words());
                EXPECT_EQ(std::count(words.begin(), words.end(), 0), std::ptrdiff_t(words.size() - values.size()));
                std::vector<std::int32_t> back(values.size());
                layout.pickOut(words.data(), 0, 0, 0, columns, rows, back.data());
                EXPECT_EQ(back, values) << W << "x" << H << " " << sim::fieldOrderName(order);
            }
        }
}

// A block read from the one stretch that holds it (GpuSolver::readRegion reads just that).
TEST(FieldLayout, ABlockComesOutOfTheStretchThatHoldsIt) {
    const int W = 300, H = 71;
    for (sim::FieldOrder order : kOrders) {
        const sim::FieldLayout layout(W, H, order);
        std::vector<std::int32_t> values(std::size_t(W) * std::size_t(H));
        std::iota(values.begin(), values.end(), 0);
        const std::vector<std::int32_t> words = layout.laidOut(values.data(), W, H);
        struct Block {
            int x0, y0, w, h;
        };
        for (const Block b : {Block{120, 14, 140, 20}, Block{120, 40, 140, 8}, Block{0, 0, 300, 71}, Block{120, 70, 140, 1},
                              Block{130, 3, 5, 9}, Block{299, 70, 1, 1}}) {
            const std::size_t first = layout.spanFirst(b.x0, b.y0), count = layout.spanWords(b.x0, b.y0, b.w, b.h);
            ASSERT_LE(first + count, words.size());
            // The stretch runs from the block's first word to its last: in tiles whole tiles, in
            // strips whole strips' rows.
            const int x1 = b.x0 + b.w - 1, y1 = b.y0 + b.h - 1;
            const std::size_t strips = std::size_t(x1 / 128 - b.x0 / 128), tileRows = std::size_t(y1 / 16 - b.y0 / 16);
            const std::size_t expected =
                order == sim::FieldOrder::Tiles    ? (tileRows * 3 + strips + 1) * 2048
                : order == sim::FieldOrder::Strips ? strips * 72 * 128 + std::size_t(b.h) * 128
                                                   : std::size_t(b.h - 1) * 301 + std::size_t(b.w);
            EXPECT_EQ(count, expected) << sim::fieldOrderName(order) << " " << b.x0 << "," << b.y0;
            const std::vector<std::int32_t> span(words.begin() + std::ptrdiff_t(first), words.begin() + std::ptrdiff_t(first + count));
            std::vector<std::int32_t> block(std::size_t(b.w) * std::size_t(b.h));
            layout.pickOut(span.data(), first, b.x0, b.y0, b.w, b.h, block.data());
            for (int y = 0; y < b.h; ++y)
                for (int x = 0; x < b.w; ++x)
                    ASSERT_EQ(block[std::size_t(y * b.w + x)], values[std::size_t((b.y0 + y) * W + b.x0 + x)])
                        << x << "," << y << " " << sim::fieldOrderName(order);
        }
    }
}

// Grids whose fields outgrow the reach of the GPU's address translation take tiles (more than 48 MiB a
// field; measured on an H100, docs/PERFORMANCE.md 2026-12-07, eighth session); smaller ones rows.
TEST(FieldLayout, LargeGridsTakeTiles) {
    using sim::FieldOrder;
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(1024, 1024), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(3072, 3072), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(4096, 3072), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(4096, 3073), FieldOrder::Tiles);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(4096, 4096), FieldOrder::Tiles);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(8192, 8192), FieldOrder::Tiles);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(16384, 800), FieldOrder::Tiles);
}

}  // namespace sluice::test

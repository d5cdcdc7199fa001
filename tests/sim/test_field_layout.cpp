// The GPU fields' layouts (shaders/sim/field_layout.h, sim/field_layout.hpp): in rows, tiles, strips
// and strips with halos, every cell and face of a grid has its own word inside the field's buffer, a
// tile's and a strip's rows are contiguous, a halo holds copies of the neighbouring strips' columns,
// and values go in and come back out unchanged, whole or as a block read from the one stretch of the
// buffer that holds it.
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
const sim::FieldOrder kOrders[] = {sim::FieldOrder::Rows, sim::FieldOrder::Tiles, sim::FieldOrder::Strips, sim::FieldOrder::HaloStrips};

// Strips with halos: rows of 132 words (2 halo columns either side of 128), strips enough for W + 1
// columns and the copy of the last one.
std::size_t haloStrips(int W) { return std::size_t((W + 130) / 128); }
// Words that are copies in a field of `columns` x `rows`: columns 0-1 of every strip but the first
// and 126-127 of every strip.
std::size_t haloCopies(int columns, int rows) {
    std::size_t n = 0;
    for (int x = 0; x < columns; ++x) n += std::size_t(x >= 128 && x % 128 < 2) + std::size_t(x % 128 >= 126);
    return n * std::size_t(rows);
}

}  // namespace

TEST(FieldLayout, EveryCellAndFaceHasItsOwnWordInsideTheBuffer) {
    for (sim::FieldOrder order : kOrders)
        for (const auto& size : kSizes) {
            const int W = size[0], H = size[1];
            const sim::FieldLayout layout(W, H, order);
            // Room for W + 1 columns and H + 1 rows: in rows of W + 1 words, in whole 128 x 16 tiles,
            // or in whole strips 128 columns wide.
            const std::size_t across = std::size_t((W + 128) / 128 * 128);
            const std::size_t words = order == sim::FieldOrder::Tiles        ? across * std::size_t((H + 16) / 16 * 16)
                                      : order == sim::FieldOrder::Strips     ? across * std::size_t(H + 1)
                                      : order == sim::FieldOrder::HaloStrips ? haloStrips(W) * 132 * std::size_t(H + 1)
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

// Each strip's row is 132 words: the copies of the two columns west of the strip, its 128, the
// copies of the two east of it; the strips follow each other west to east.
TEST(FieldLayout, AStripWithHalosHoldsItsNeighboursSideColumnsAroundItsOwn) {
    const sim::FieldLayout layout(300, 40, sim::FieldOrder::HaloStrips);  // 3 strips of 41 rows
    const std::size_t strip = 41 * 132;
    EXPECT_EQ(layout.stride(), int(strip));
    EXPECT_EQ(layout.at(0, 0), 2u);
    EXPECT_EQ(layout.at(127, 0), 129u);
    EXPECT_EQ(layout.at(0, 1), 134u);            // the strip's next row
    EXPECT_EQ(layout.at(128, 0), strip + 2u);    // the next strip
    EXPECT_EQ(layout.at(300, 17), 2u * strip + 17u * 132u + 46u);
    EXPECT_EQ(layout.words(), 3u * strip);
    std::vector<std::int32_t> values(300u * 40u);
    std::iota(values.begin(), values.end(), 1);
    const std::vector<std::int32_t> words = layout.laidOut(values.data(), 300, 40);
    auto value = [&](int x, int y) { return values[std::size_t(y) * 300u + std::size_t(x)]; };
    for (int y : {0, 17, 39}) {
        const std::size_t row = std::size_t(y) * 132u;
        EXPECT_EQ(words[row + 130], value(128, y));  // strip 0's east halo: columns 128, 129
        EXPECT_EQ(words[row + 131], value(129, y));
        EXPECT_EQ(words[strip + row], value(126, y));  // strip 1's west halo: columns 126, 127
        EXPECT_EQ(words[strip + row + 1], value(127, y));
        EXPECT_EQ(words[strip + row + 131], value(257, y));
        EXPECT_EQ(words[2 * strip + row + 1], value(255, y));
        EXPECT_EQ(words[row], 0);  // west of column 0: nothing
    }
    // Every copy of a row is written with its row: a stretch per strip, halos included.
    std::vector<std::pair<int, int>> runs;
    std::vector<std::size_t> firstWords;
    layout.forEachRun(5, 120, 140, [&](int begin, int end, std::size_t word) {
        runs.emplace_back(begin, end);
        firstWords.push_back(word);
    });
    EXPECT_EQ(runs, (std::vector<std::pair<int, int>>{{120, 130}, {126, 140}}));
    EXPECT_EQ(firstWords, (std::vector<std::size_t>{5u * 132u + 122u, strip + 5u * 132u}));
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
                const std::size_t copies = order == sim::FieldOrder::HaloStrips ? haloCopies(columns, rows) : 0;
                EXPECT_EQ(std::count(words.begin(), words.end(), 0), std::ptrdiff_t(words.size() - values.size() - copies));
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
                order == sim::FieldOrder::Tiles        ? (tileRows * 3 + strips + 1) * 2048
                : order == sim::FieldOrder::Strips     ? strips * 72 * 128 + std::size_t(b.h) * 128
                : order == sim::FieldOrder::HaloStrips ? strips * 72 * 132 + std::size_t(b.h) * 132
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

// Grids whose fields outgrow the reach of the GPU's address translation take tiles (measured on an
// H100, docs/PERFORMANCE.md 2026-12-06); smaller ones rows.
TEST(FieldLayout, LargeGridsTakeTiles) {
    using sim::FieldOrder;
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(1024, 1024), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(4096, 4096), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(8192, 4096), FieldOrder::Rows);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(8192, 4097), FieldOrder::Tiles);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(8192, 8192), FieldOrder::Tiles);
    EXPECT_EQ(sim::GpuSolver::fieldOrderFor(16384, 2100), FieldOrder::Tiles);
}

}  // namespace sluice::test

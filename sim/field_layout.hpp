#pragma once
// The C++ side of the GPU fields' layout (shaders/sim/field_layout.h): between the row-major arrays
// the rest of the program holds (FieldSnapshot, scenes, regions) and the words of a field buffer, in
// the layout (rows, tiles or strips) the solver picked for its grid.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sluice::sim {

namespace layout {
#include "shaders/sim/field_layout.h"
}  // namespace layout

/// The layouts of field_layout.h, numbered as its SLUICE_LAYOUT_* (the kernels' SLUICE_FIELD_LAYOUT).
enum class FieldOrder {
    Rows = SLUICE_LAYOUT_ROWS,
    Tiles = SLUICE_LAYOUT_TILES,
    Strips = SLUICE_LAYOUT_STRIPS,
};
/// Every layout, in the order of their numbers.
inline constexpr FieldOrder kFieldOrders[] = {FieldOrder::Rows, FieldOrder::Tiles, FieldOrder::Strips};
const char* fieldOrderName(FieldOrder order);

/// The storage of one W x H grid's fields on the GPU.
class FieldLayout {
public:
    FieldLayout() = default;
    FieldLayout(int width, int height, FieldOrder order);

    FieldOrder order() const { return order_; }
    /// Words in one field buffer (cells, x-faces or y-faces alike).
    std::size_t words() const { return words_; }
    /// Word of cell or face (x, y).
    std::size_t at(int x, int y) const {
        switch (order_) {
        case FieldOrder::Tiles: return std::size_t(layout::fieldTilesIndex(x, y, stride_));
        case FieldOrder::Strips: return std::size_t(layout::fieldStripsIndex(x, y, stride_));
        default: return std::size_t(y) * std::size_t(stride_) + std::size_t(x);
        }
    }
    /// Calls f(xBegin, xEnd, word) for each stretch of words that holds columns [xBegin, xEnd) of row
    /// y, word being xBegin's, so that together they hold every word of columns [x0, x1): one stretch
    /// in rows, one per tile or strip.
    template <class F>
    void forEachRun(int y, int x0, int x1, F&& f) const {
        for (int x = x0; x < x1;) {
            const int end = runEnd(x, x1);
            f(x, end, at(x, y));
            x = end;
        }
    }
    /// The stride the kernels' fieldIndex takes (fieldStride(W, H)): words a row, tiles across, or
    /// words a strip.
    int stride() const { return stride_; }
    /// The define that compiles a kernel for this layout (field_layout.h).
    std::string define() const { return "#define SLUICE_FIELD_LAYOUT " + std::to_string(int(order_)) + "\n"; }
    /// Columns [x, end) of one row lie in one stretch of words: end is the first column past x's
    /// tile or strip (columns after x up to `limit`, in rows).
    int runEnd(int x, int limit) const {
        return order_ == FieldOrder::Rows ? limit : std::min(limit, (x & ~(SLUICE_TILE_W - 1)) + SLUICE_TILE_W);
    }

    /// The words of a field from its row-major values, `columns` x `rows` of them (W x H for cells,
    /// (W + 1) x H for x-faces, W x (H + 1) for y-faces); 0 where the field has no value.
    template <class T>
    std::vector<T> laidOut(const T* rowMajor, int columns, int rows) const {
        std::vector<T> out(words(), T{});
        for (int y = 0; y < rows; ++y) {
            const T* row = rowMajor + std::size_t(y) * std::size_t(columns);
            forEachRun(y, 0, columns, [&](int begin, int end, std::size_t word) { std::copy(row + begin, row + end, out.begin() + std::ptrdiff_t(word)); });
        }
        return out;
    }
    /// The row-major values of the `columns` x `rows` block at (x0, y0) from `words`, which start at
    /// the buffer's word firstWord (0 for the whole field; a block's spanFirst).
    template <class T>
    void pickOut(const T* words, std::size_t firstWord, int x0, int y0, int columns, int rows, T* rowMajor) const {
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < columns; ++x)
                rowMajor[std::size_t(y) * std::size_t(columns) + std::size_t(x)] = words[at(x0 + x, y0 + y) - firstWord];
    }
    /// The one stretch of a field buffer that holds the `columns` x `rows` block at (x0, y0): its
    /// first word and its length. In rows, from the block's first word to its last; in tiles, from
    /// its first tile's first word to its last tile's last; in strips, from its first strip's row y0
    /// to its last strip's last row.
    std::size_t spanFirst(int x0, int y0) const;
    std::size_t spanWords(int x0, int y0, int columns, int rows) const;

private:
    int width_ = 0, height_ = 0;
    FieldOrder order_ = FieldOrder::Rows;
    int stride_ = 0;
    std::size_t words_ = 0;
};

}  // namespace sluice::sim

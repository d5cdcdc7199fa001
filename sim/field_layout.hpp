#pragma once
// The C++ side of the GPU fields' layout (shaders/sim/field_layout.h): between the row-major arrays
// the rest of the program holds (FieldSnapshot, scenes, regions) and the words of a field buffer, in
// either layout (rows or tiles) as the solver picked it for its grid.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::sim {

namespace layout {
#include "shaders/sim/field_layout.h"
}  // namespace layout

/// The storage of one W x H grid's fields on the GPU.
class FieldLayout {
public:
    FieldLayout() = default;
    /// `inTiles`: the tiled layout, else row-major (rows of W + 1 words).
    FieldLayout(int width, int height, bool inTiles)
        : width_(width), height_(height), tiles_(inTiles),
          stride_(inTiles ? layout::fieldTilesStride(width) : layout::fieldRowsStride(width)) {}

    bool inTiles() const { return tiles_; }
    /// Words in one field buffer (cells, x-faces or y-faces alike).
    std::size_t words() const {
        return tiles_ ? std::size_t(layout::fieldTilesWords(width_, height_)) : std::size_t(stride_) * std::size_t(height_ + 1);
    }
    /// Word of cell or face (x, y).
    std::size_t at(int x, int y) const {
        return tiles_ ? std::size_t(layout::fieldTilesIndex(x, y, stride_)) : std::size_t(y) * std::size_t(stride_) + std::size_t(x);
    }
    /// The stride the kernels' fieldIndex takes (fieldStride(W)): tiles across, or words a row.
    int stride() const { return stride_; }
    /// The define that compiles a kernel for this layout (field_layout.h).
    const char* define() const { return tiles_ ? "#define SLUICE_FIELD_TILES 1\n" : "#define SLUICE_FIELD_TILES 0\n"; }

    /// The words of a field from its row-major values, `columns` x `rows` of them (W x H for cells,
    /// (W + 1) x H for x-faces, W x (H + 1) for y-faces); 0 where the field has no value.
    template <class T>
    std::vector<T> laidOut(const T* rowMajor, int columns, int rows) const {
        std::vector<T> out(words(), T{});
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < columns; ++x) out[at(x, y)] = rowMajor[std::size_t(y) * std::size_t(columns) + std::size_t(x)];
        return out;
    }
    /// The row-major values of the `columns` x `rows` block at (x0, y0) from `words`, which start at
    /// the buffer's word firstWord (0 for the whole field; a block's spanWords).
    template <class T>
    void pickOut(const T* words, std::size_t firstWord, int x0, int y0, int columns, int rows, T* rowMajor) const {
        for (int y = 0; y < rows; ++y)
            for (int x = 0; x < columns; ++x)
                rowMajor[std::size_t(y) * std::size_t(columns) + std::size_t(x)] = words[at(x0 + x, y0 + y) - firstWord];
    }
    /// The one stretch of a field buffer that holds rows [y0, y0 + rows) (whole tile rows in tiles):
    /// its first word and its length.
    std::size_t spanFirst(int y0) const { return tiles_ ? at(0, y0 & ~(SLUICE_TILE_H - 1)) : at(0, y0); }
    std::size_t spanWords(int y0, int rows) const {
        const int last = y0 + rows - 1;
        const std::size_t end = tiles_ ? at(0, (last | (SLUICE_TILE_H - 1)) + 1) : at(0, last + 1);
        return end - spanFirst(y0);
    }

private:
    int width_ = 0, height_ = 0;
    bool tiles_ = false;
    int stride_ = 0;
};

}  // namespace sluice::sim

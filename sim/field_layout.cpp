#include "sim/field_layout.hpp"

namespace sluice::sim {

const char* fieldOrderName(FieldOrder order) {
    switch (order) {
    case FieldOrder::Tiles: return "tiles";
    case FieldOrder::Strips: return "strips";
    default: return "rows";
    }
}

FieldLayout::FieldLayout(int width, int height, FieldOrder order) : width_(width), height_(height), order_(order) {
    switch (order) {
    case FieldOrder::Tiles:
        stride_ = layout::fieldTilesStride(width);
        words_ = std::size_t(layout::fieldTilesWords(width, height));
        break;
    case FieldOrder::Strips:
        stride_ = layout::fieldStripsStride(height);
        words_ = std::size_t(layout::fieldStripsWords(width, height));
        break;
    default:
        stride_ = layout::fieldRowsStride(width);
        words_ = std::size_t(stride_) * std::size_t(height + 1);
        break;
    }
}

std::size_t FieldLayout::spanFirst(int x0, int y0) const {
    switch (order_) {
    case FieldOrder::Tiles: return at(x0 & ~(SLUICE_TILE_W - 1), y0 & ~(SLUICE_TILE_H - 1));
    case FieldOrder::Strips: return at(x0, y0) - std::size_t(x0 & (SLUICE_TILE_W - 1));
    default: return at(x0, y0);
    }
}

std::size_t FieldLayout::spanWords(int x0, int y0, int columns, int rows) const {
    const int x1 = x0 + columns - 1, y1 = y0 + rows - 1;  // the block's last column and row
    std::size_t end = 0;
    switch (order_) {
    case FieldOrder::Tiles: end = at(x1 | (SLUICE_TILE_W - 1), y1 | (SLUICE_TILE_H - 1)) + 1; break;
    case FieldOrder::Strips: end = at(x1 | (SLUICE_TILE_W - 1), y1) + 1; break;
    default: end = at(x1, y1) + 1; break;
    }
    return end - spanFirst(x0, y0);
}

}  // namespace sluice::sim

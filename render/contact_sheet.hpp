#pragma once
// A contact sheet: equally sized thumbnails in a grid, each with a few words of label underneath, and a
// title line on top. Composed on the CPU in one RGB image that is allocated up front, so a sweep can
// place each thumbnail as soon as it is rendered instead of keeping them all.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "render/png_output.hpp"

namespace sluice::render {

class ContactSheet {
public:
    /// Lays out labels.size() cells of thumbWidthPx x thumbHeightPx in `columns` columns (row-major).
    /// Each label is a list of pieces ("#3", "friction=0.1") set in the bitmap font and wrapped between
    /// pieces to the cell width. When the grid would be wider than maxWidthPx, thumbnails are shrunk by
    /// the smallest integer factor that fits (box filter) and the labels drop to the smaller font size.
    ContactSheet(int thumbWidthPx, int thumbHeightPx, std::vector<std::vector<std::string>> labels, int columns,
                 std::string_view title, int maxWidthPx = 4096);

    /// Copies the thumbnail (thumbWidthPx x thumbHeightPx, as given to the constructor) into cell `index`.
    void place(std::size_t index, const RgbImage& thumb);
    const RgbImage& image() const { return image_; }
    /// Integer factor the thumbnails are shrunk by (1 = placed pixel for pixel).
    int shrink() const { return shrink_; }
    /// Top-left corner of cell `index`'s thumbnail in the sheet, pixels.
    void cellOrigin(std::size_t index, int& x, int& y) const;

private:
    int columns_ = 1, cellW_ = 0, cellH_ = 0, pitchX_ = 0, pitchY_ = 0, top_ = 0, shrink_ = 1;
    RgbImage image_;
};

}  // namespace sluice::render

#include "render/contact_sheet.hpp"

#include <algorithm>
#include <array>

#include "render/bitmap_font.hpp"

namespace sluice::render {

namespace {

constexpr int kGapPx = 12;                    // around and between cells
constexpr int kLabelPadPx = 6;                // between a thumbnail and its label
constexpr int kLargeFontMinCellPx = 200;      // cells at least this wide get the 2x font
constexpr std::array<std::uint8_t, 3> kBackground{28, 30, 34};
constexpr std::array<std::uint8_t, 3> kTitleColour{255, 255, 255};
constexpr std::array<std::uint8_t, 3> kLabelColour{225, 228, 232};

/// Greedy wrap of label pieces, two spaces apart, into lines at most maxChars long (a longer piece
/// gets a line of its own and is clipped when drawn).
std::vector<std::string> wrapPieces(const std::vector<std::string>& pieces, std::size_t maxChars) {
    std::vector<std::string> lines;
    for (const std::string& piece : pieces) {
        if (!lines.empty() && lines.back().size() + 2 + piece.size() <= maxChars) lines.back() += "  " + piece;
        else lines.push_back(piece);
    }
    return lines;
}

}  // namespace

ContactSheet::ContactSheet(int thumbWidthPx, int thumbHeightPx, std::vector<std::vector<std::string>> labels,
                           int columns, std::string_view title, int maxWidthPx) {
    const int count = int(labels.size());
    columns_ = std::max(1, std::min(columns, std::max(1, count)));
    const int rows = (count + columns_ - 1) / columns_;
    // Smallest integer shrink that fits the grid (and its gaps) into maxWidthPx.
    const int usable = std::max(1, maxWidthPx - (columns_ + 1) * kGapPx);
    shrink_ = std::max(1, (columns_ * thumbWidthPx + usable - 1) / usable);
    cellW_ = std::max(1, thumbWidthPx / shrink_);
    cellH_ = std::max(1, thumbHeightPx / shrink_);
    const int scale = cellW_ >= kLargeFontMinCellPx ? 2 : 1;
    // n characters take (n * advance - spacing) * scale pixels; the last one needs no spacing after it.
    const int fit = (cellW_ + (kGlyphAdvance - kGlyphWidth) * scale) / (kGlyphAdvance * scale);
    const std::size_t maxChars = std::size_t(std::max(1, fit));

    std::vector<std::vector<std::string>> lines;
    std::size_t maxLines = 0;
    for (const auto& pieces : labels) {
        lines.push_back(wrapPieces(pieces, maxChars));
        maxLines = std::max(maxLines, lines.back().size());
    }
    const int lineH = kLineAdvance * scale;
    pitchX_ = cellW_ + kGapPx;
    pitchY_ = cellH_ + kLabelPadPx + int(maxLines) * lineH + kGapPx;
    top_ = title.empty() ? kGapPx : kGapPx + lineH + kGapPx;

    image_.width = std::max(kGapPx + columns_ * pitchX_, textWidthPx(title, scale) + 2 * kGapPx);
    image_.width = std::min(image_.width, std::max(maxWidthPx, kGapPx + columns_ * pitchX_));
    image_.height = top_ + rows * pitchY_;
    image_.rgb.resize(std::size_t(image_.width) * std::size_t(image_.height) * 3);
    for (std::size_t i = 0; i < image_.rgb.size(); i += 3)
        std::copy(kBackground.begin(), kBackground.end(), image_.rgb.begin() + std::ptrdiff_t(i));

    drawText(image_, kGapPx, kGapPx, title, scale, kTitleColour);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        int x = 0, y = 0;
        cellOrigin(i, x, y);
        for (std::size_t l = 0; l < lines[i].size(); ++l)
            drawText(image_, x, y + cellH_ + kLabelPadPx + int(l) * lineH, lines[i][l], scale, kLabelColour);
    }
}

void ContactSheet::cellOrigin(std::size_t index, int& x, int& y) const {
    x = kGapPx + int(index % std::size_t(columns_)) * pitchX_;
    y = top_ + int(index / std::size_t(columns_)) * pitchY_;
}

void ContactSheet::place(std::size_t index, const RgbImage& thumb) {
    int x0 = 0, y0 = 0;
    cellOrigin(index, x0, y0);
    const int f = shrink_;
    for (int y = 0; y < cellH_; ++y)
        for (int x = 0; x < cellW_; ++x) {
            // Box filter over the f x f source pixels of this cell pixel (f = 1: a plain copy).
            unsigned sum[3] = {0, 0, 0};
            for (int sy = 0; sy < f; ++sy)
                for (int sx = 0; sx < f; ++sx) {
                    const int tx = std::min(x * f + sx, thumb.width - 1), ty = std::min(y * f + sy, thumb.height - 1);
                    const std::size_t o = (std::size_t(ty) * std::size_t(thumb.width) + std::size_t(tx)) * 3;
                    for (int c = 0; c < 3; ++c) sum[c] += thumb.rgb[o + std::size_t(c)];
                }
            const std::size_t d = (std::size_t(y0 + y) * std::size_t(image_.width) + std::size_t(x0 + x)) * 3;
            const unsigned n = unsigned(f * f);
            for (int c = 0; c < 3; ++c) image_.rgb[d + std::size_t(c)] = std::uint8_t((sum[c] + n / 2) / n);
        }
}

}  // namespace sluice::render

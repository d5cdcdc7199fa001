#pragma once
// A 5x7 pixel bitmap font for labels burnt into images (contact sheets): digits, upper- and lower-case
// letters and the punctuation of parameter labels. Drawn on the CPU, no GL and no font files.
#include <array>
#include <cstdint>
#include <string_view>

#include "render/png_output.hpp"

namespace sluice::render {

/// Glyph cell in font pixels: 5x7 glyphs, one column and two rows of spacing.
inline constexpr int kGlyphWidth = 5, kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = 6;  ///< horizontal distance between characters, font pixels
inline constexpr int kLineAdvance = 9;   ///< vertical distance between lines, font pixels

/// Seven rows, top first; bit 4 is the leftmost column. Null for characters the font lacks.
const std::array<std::uint8_t, kGlyphHeight>* glyphFor(char c);

/// Width in image pixels of `text` drawn at `scale` (no trailing spacing).
int textWidthPx(std::string_view text, int scale);

/// Draws `text` with its top-left corner at (x, y), each font pixel a scale x scale block of `rgb`.
/// Characters without a glyph are drawn as '?'; pixels outside the image are skipped.
void drawText(RgbImage& image, int x, int y, std::string_view text, int scale, std::array<std::uint8_t, 3> rgb);

}  // namespace sluice::render

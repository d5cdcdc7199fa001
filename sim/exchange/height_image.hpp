#pragma once
// Shared by the exchange readers: 16-bit levels <-> metres over a height range, and the row flip
// between image order (row 0 = north) and simulation order (y = 0 = south).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::sim {

/// Level 0..65535 for heightM over [minM, maxM] (clamped; NaN -> 0). Same mapping as the PNG16 writer.
std::uint16_t heightToLevel16(float heightM, float minM, float maxM);

/// Metres for a 16-bit level over [minM, maxM] (level 65535 -> maxM exactly).
float levelToHeight16(std::uint16_t level, float minM, float maxM);

/// Reverses the row order of a width x height row-major array (image order <-> simulation order).
template <class T>
std::vector<T> flipRows(const T* values, int width, int height) {
    const std::size_t w = std::size_t(width), h = std::size_t(height);
    std::vector<T> out(w * h);
    for (std::size_t r = 0; r < h; ++r)
        for (std::size_t x = 0; x < w; ++x) out[r * w + x] = values[(h - 1 - r) * w + x];
    return out;
}

}  // namespace sluice::sim

#pragma once
// Grayscale PNG heightmaps. Image row 0 (the top of the picture) is the NORTH edge of the terrain, so
// rows are flipped against our arrays, whose index is y * width + x with y growing north.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// A decoded heightmap in simulation order: heightsM[y * width + x], y = 0 is the south edge.
struct HeightImage {
    int width = 0, height = 0;
    std::vector<float> heightsM;  ///< metres, width*height values
};

/// Loads an 8- or 16-bit grayscale (or gray+alpha: alpha is ignored) PNG and maps gray level 0..65535
/// linearly onto minM..maxM metres (8-bit levels are widened to 16 bits first, so 255 -> maxM). Color
/// images are rejected ("expected a grayscale PNG, got N channels"). Errors start with the path.
Result<HeightImage> loadHeightmapPng(const std::filesystem::path& path, float minM, float maxM);

/// Encodes 16-bit grayscale samples as a complete PNG file. `samples` holds width*height values in
/// image order (row 0 = top), exactly as they should appear in the file. Requires width, height > 0.
std::vector<std::byte> encodeGrayPng16(const std::uint16_t* samples, int width, int height);

/// Writes heightsM (simulation order, width*height values) as a 16-bit grayscale PNG, north edge at the
/// top, mapping minM..maxM onto 0..65535 (values outside are clamped, NaN becomes 0). Atomic (see
/// writeFileAtomic). Fails when the size is not positive or the range is not finite with maxM > minM.
Result<void> writeHeightmapPng16(const std::filesystem::path& path, const float* heightsM, int width, int height,
                                 float minM, float maxM);

}  // namespace sluice::sim

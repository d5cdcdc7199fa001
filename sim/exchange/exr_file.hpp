#pragma once
// OpenEXR images of float32 fields. Image row 0 (the top) is the NORTH edge, as in every Sluice image;
// the functions take and return simulation order (y = 0 south) and flip. Values are written as 32-bit
// float (FLOAT pixel type), so a write and read-back is exact. Needs SLUICE_EXCHANGE_FORMATS.
#include <filesystem>
#include <span>
#include <string>

#include "gl/result.hpp"
#include "sim/heightmap_png.hpp"

namespace sluice::sim {

/// One channel to write: its EXR name ("Y" for a single field, "R"/"G" for a flow's east/north) and
/// width*height values in simulation order.
struct ExrChannel {
    std::string name;
    const float* values = nullptr;
};

/// Writes the channels as one scan-line EXR (ZIP compression, FLOAT pixels), atomically.
Result<void> writeExr(const std::filesystem::path& path, int width, int height, std::span<const ExrChannel> channels);

/// Reads a single-channel EXR (FLOAT or HALF) into simulation order. A file with several channels is
/// refused unless one is named "Y" (luminance, what single-field writers use). Errors name the file.
Result<HeightImage> readExrHeights(const std::filesystem::path& path);

}  // namespace sluice::sim

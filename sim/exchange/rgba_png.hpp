#pragma once
// 8-bit PNG images (masks, flow and splat maps) through stb_image_write, written atomically.
#include <cstdint>
#include <filesystem>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// Writes width*height pixels of `channels` (1 gray, 4 RGBA) bytes, given in simulation order (y = 0
/// south), as a PNG whose top row is the north edge. Errors name the file.
Result<void> writePng8(const std::filesystem::path& path, const std::vector<std::uint8_t>& pixels, int width, int height,
                       int channels);

}  // namespace sluice::sim

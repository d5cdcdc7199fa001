#pragma once
// Reading a rendered framebuffer back and saving it as a PNG (headless `render` verb and tests).
#include <filesystem>
#include <vector>

#include <glad/gl.h>

#include "gl/result.hpp"

namespace sluice::render {

/// RGB8 pixels of an image, top row first.
struct RgbImage {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;  ///< width * height * 3 bytes
};

/// Reads (0, 0, width, height) of `framebuffer`'s colour attachment 0 as RGB8, top row first.
RgbImage readFramebuffer(GLuint framebuffer, int width, int height);

/// Encodes the image as PNG and writes it atomically (a failure never leaves a partial file). The
/// error names the file.
Result<void> writePng(const std::filesystem::path& path, const RgbImage& image);

}  // namespace sluice::render

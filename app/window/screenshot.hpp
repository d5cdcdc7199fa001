#pragma once
// Saving what the window shows as a PNG file.
#include <filesystem>

#include "gl/result.hpp"

namespace sluice::app {

/// Reads the bound read framebuffer's colour (0, 0, width, height pixels) and writes it to `path` as an
/// RGB PNG, top row first. Written atomically: a crash never leaves a partial file at `path`.
Result<void> saveScreenshot(const std::filesystem::path& path, int width, int height);

/// "sluice-screenshot-<n>.png" in the current directory with the smallest n >= 1 not yet taken.
std::filesystem::path nextScreenshotPath();

}  // namespace sluice::app

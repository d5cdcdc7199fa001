#pragma once
// Golden-image comparison: a rendered image against a reference PNG in tests/data/golden/, by the
// largest and the mean per-channel difference. A failure writes the actual image and an amplified
// difference image into the build's test output directory (never the source tree) and names them;
// SLUICE_UPDATE_GOLDEN=1 rewrites the reference instead.
#include <string>

#include "render/png_output.hpp"

namespace sluice::test {

/// Largest allowed differences, in 8-bit steps per channel.
struct GoldenThresholds {
    int maxAbs = 48;        ///< over all pixels and channels
    double meanAbs = 2.0;   ///< averaged over all pixels and channels
};

/// Compares `image` with tests/data/golden/<name>.png (GoogleTest failures on mismatch).
void expectMatchesGolden(const render::RgbImage& image, const std::string& name, const GoldenThresholds& limits);

/// Reads a PNG as RGB8, top row first; empty image when it cannot be read.
render::RgbImage readPng(const std::string& path);

}  // namespace sluice::test

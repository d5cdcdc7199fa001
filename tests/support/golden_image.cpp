#include "tests/support/golden_image.hpp"

#include <gtest/gtest.h>

#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "tests/support/render_frame.hpp"

namespace sluice::test {

render::RgbImage readPng(const std::string& path) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 3);
    if (!data) return {};
    render::RgbImage image{w, h, std::vector<unsigned char>(data, data + std::size_t(w) * std::size_t(h) * 3)};
    stbi_image_free(data);
    return image;
}

namespace {
// |a - b| per channel, times 8 so that differences of a few steps are visible.
render::RgbImage differenceImage(const render::RgbImage& a, const render::RgbImage& b) {
    render::RgbImage d{a.width, a.height, std::vector<unsigned char>(a.rgb.size())};
    for (std::size_t i = 0; i < a.rgb.size(); ++i)
        d.rgb[i] = (unsigned char)std::min(255, 8 * std::abs(int(a.rgb[i]) - int(b.rgb[i])));
    return d;
}
}  // namespace

void expectMatchesGolden(const render::RgbImage& image, const std::string& name, const GoldenThresholds& limits) {
    const std::filesystem::path reference = std::filesystem::path(SLUICE_TEST_DATA_DIR) / "golden" / (name + ".png");
    const char* update = std::getenv("SLUICE_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::filesystem::create_directories(reference.parent_path());
        auto written = render::writePng(reference, image);
        ASSERT_TRUE(written.ok()) << written.error().message;
        std::cout << "updated " << reference.string() << "\n";
        return;
    }
    const render::RgbImage expected = readPng(reference.string());
    ASSERT_GT(expected.width, 0) << reference.string() << ": missing or unreadable (SLUICE_UPDATE_GOLDEN=1 writes it)";
    const ImageDiff diff = compareImages(image, expected);
    const bool ok = diff.sameSize && diff.maxAbs <= limits.maxAbs && diff.meanAbs <= limits.meanAbs;
    std::cout << name << ": max " << diff.maxAbs << "/255, mean " << diff.meanAbs << "/255 against " << reference.string()
              << "\n";
    if (ok) return;
    const std::filesystem::path dir = std::filesystem::path(SLUICE_TEST_OUTPUT_DIR) / "golden";
    std::filesystem::create_directories(dir);
    const std::filesystem::path actualPath = dir / (name + ".actual.png"), diffPath = dir / (name + ".diff.png");
    (void)render::writePng(actualPath, image);
    if (diff.sameSize) (void)render::writePng(diffPath, differenceImage(image, expected));
    ADD_FAILURE() << name << " differs from " << reference.string() << ": "
                  << (diff.sameSize ? "" : "size " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                                               " vs " + std::to_string(expected.width) + "x" +
                                               std::to_string(expected.height) + "; ")
                  << "max " << diff.maxAbs << " (limit " << limits.maxAbs << "), mean " << diff.meanAbs << " (limit "
                  << limits.meanAbs << ") in 8-bit steps.\n  actual: " << actualPath.string()
                  << "\n  difference (x8): " << diffPath.string();
}

}  // namespace sluice::test

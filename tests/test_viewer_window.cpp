// The real viewer in a real window under Xvfb (Mesa llvmpipe): it starts on the built-in scene,
// runs frames, and the saved last frame shows shaded terrain and water.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;

namespace {

test::CliRun runViewer(const std::string& args) {
    return test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) + "' " + args);
}

struct ImageStats {
    int width = 0, height = 0;
    double waterFraction = 0;    ///< pixels clearly blue-dominant
    double terrainFraction = 0;  ///< pixels clearly not blue and not black/white (shaded ground)
    double lumaStdDev = 0;
};

ImageStats analyse(const std::filesystem::path& png) {
    ImageStats s;
    int n = 0;
    unsigned char* px = stbi_load(png.string().c_str(), &s.width, &s.height, &n, 3);
    if (!px) return s;
    const std::size_t count = std::size_t(s.width) * std::size_t(s.height);
    double sum = 0, sum2 = 0;
    std::size_t water = 0, ground = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const int r = px[3 * i], g = px[3 * i + 1], b = px[3 * i + 2];
        const double luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        sum += luma;
        sum2 += luma * luma;
        if (b > r + 20 && b >= g && b > 40) ++water;
        else if (b + 10 < std::max(r, g) && luma > 30 && luma < 240) ++ground;
    }
    stbi_image_free(px);
    s.waterFraction = double(water) / double(count);
    s.terrainFraction = double(ground) / double(count);
    const double mean = sum / double(count);
    s.lumaStdDev = std::sqrt(std::max(0.0, sum2 / double(count) - mean * mean));
    return s;
}

}  // namespace

TEST(ViewerWindow, DefaultSceneShowsTerrainAndWater) {
    test::TempDir dir;
    const auto shot = dir / "frame.png";
    const auto r = runViewer("--frames 90 --screenshot '" + shot.string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(shot)) << r.output;
    const ImageStats s = analyse(shot);
    EXPECT_GE(s.width, 640);
    EXPECT_GE(s.height, 400);
    EXPECT_GT(s.waterFraction, 0.01) << "no visible water";
    EXPECT_GT(s.terrainFraction, 0.10) << "no visible terrain";
    EXPECT_GT(s.lumaStdDev, 10.0) << "flat image";
}

TEST(ViewerWindow, BadSceneIsAClearErrorNotACrash) {
    test::TempDir dir;
    const auto r = runViewer("'" + (dir / "missing.json").string() + "' --frames 5");
    EXPECT_GE(r.exitCode, 1) << r.output;
    EXPECT_LT(r.exitCode, 128) << r.output;
    EXPECT_NE(r.output.find("missing.json"), std::string::npos) << r.output;
}

#pragma once
// What the window tests know of the viewer's screen in Xvfb's 1280x800 window: where the free view
// area lies (beside the sidebar, below the menu bar: app/window/view_layout.hpp), where a map of a
// W x H grid appears in it, reading screenshots, and running the viewer on scripted clicks.
// Header-only; shared by tests/window/*.cpp.
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "sim/npy.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test::screen {

/// The window and its free area, window units (origin top-left): the sidebar starts at x = 10 and
/// is 380 wide (app/window/viewer.cpp); the menu bar is 19 units tall (ImGui 1.86's default font).
constexpr float kWindowW = 1280, kWindowH = 800;
constexpr float kFreeX = 390, kFreeY = 19, kFreeW = kWindowW - kFreeX, kFreeH = kWindowH - kFreeY;

/// Window position of grid point (cx, cy) (cells; y north) on the fitted map of a W x H grid in a
/// pane of the free area (`panes` side by side, `pane` 0 = left).
struct MapFrame {
    int gridW, gridH, panes = 1, pane = 0;
    float paneX() const { return kFreeX + kFreeW / float(panes) * float(pane); }
    float cellPx() const { return std::min(kFreeW / float(panes) / float(gridW), kFreeH / float(gridH)); }
    int x(float cx) const { return int(paneX() + 0.5f * kFreeW / float(panes) + (cx - 0.5f * float(gridW)) * cellPx()); }
    int y(float cy) const { return int(kFreeY + 0.5f * kFreeH - (cy - 0.5f * float(gridH)) * cellPx()); }
};

/// The pond world of the session and body tests: 96 x 64 cells of 2 m, a flat bed 2 m high, a pond
/// 0.5 m deep in its west (x < 40 cells), so both terrain and water are in play. Writes flat.json,
/// bed.npy and water.npy into `dir`; returns flat.json's path, quoted for a command line.
constexpr int kPondW = 96, kPondH = 64;
inline std::string writePondScene(const TempDir& dir) {
    std::vector<float> bed(std::size_t(kPondW * kPondH), 2.0f), water(std::size_t(kPondW * kPondH), 0.0f);
    for (int y = 0; y < kPondH; ++y)
        for (int x = 0; x < 40; ++x) water[std::size_t(y * kPondW + x)] = 0.5f;
    (void)sim::writeNpy(dir / "bed.npy", bed.data(), kPondH, kPondW);
    (void)sim::writeNpy(dir / "water.npy", water.data(), kPondH, kPondW);
    writeText(dir / "flat.json", R"({"grid": {"width": 96, "height": 64, "cell_size": 2},
        "terrain": {"npy": "bed.npy"}, "water": {"npy": "water.npy"}, "params": {"dt": 0.1}})");
    return "'" + (dir / "flat.json").string() + "'";
}

/// An RGB screenshot, top row first.
struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    std::array<int, 3> at(int x, int y) const {
        const unsigned char* p = &rgb[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 3];
        return {p[0], p[1], p[2]};
    }
};

inline Image load(const std::filesystem::path& png) {
    Image im;
    int n = 0;
    unsigned char* px = stbi_load(png.string().c_str(), &im.width, &im.height, &n, 3);
    if (!px) return im;
    im.rgb.assign(px, px + std::size_t(im.width) * std::size_t(im.height) * 3);
    stbi_image_free(px);
    return im;
}

/// Clearly blue-dominant: water on the map.
inline bool isWater(const std::array<int, 3>& c) { return c[2] > c[0] + 20 && c[2] >= c[1] && c[2] > 40; }

/// The last frame a run with --print-fps drew ("frames 11..N: ..." means N + 1 frames), or -1.
inline long long lastFrame(const std::string& output) {
    const auto at = output.find("frames 11..");
    return at == std::string::npos ? -1 : std::atoll(output.c_str() + at + std::strlen("frames 11..")) + 1;
}

/// Input-script lines of a left click at (x, y) over frames f .. f+2 (ImGui sees the press and the
/// release apart).
inline std::string click(int f, int x, int y) {
    const std::string at = " " + std::to_string(x) + " " + std::to_string(y) + "\n";
    return std::to_string(f) + " move" + at + std::to_string(f + 1) + " down" + at + std::to_string(f + 2) + " up" + at;
}

/// Runs the viewer in Xvfb's 1280x800 screen from `dir` (relative paths and F12 screenshots land
/// there), with its own config directory (no presets or recent files from the user's).
inline CliRun runViewerIn(const TempDir& dir, const std::string& args) {
    return runCommand("cd '" + dir.path().string() + "' && SLUICE_CONFIG_DIR='" + (dir / "config").string() +
                      "' xvfb-run -a -s '-screen 0 1280x800x24' '" + sluiceBinary() + "' " + args);
}

}  // namespace sluice::test::screen

#include "sim/terrain_import.hpp"

#include <cmath>
#include <string>

#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"

namespace sluice::sim {

namespace {
std::string sizeText(int w, int h) { return std::to_string(w) + "x" + std::to_string(h); }
}  // namespace

Result<std::vector<float>> importTerrain(const std::filesystem::path& file, int width, int height, float minM,
                                         float maxM) {
    const std::string name = file.string();
    std::string ext = file.extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    std::vector<float> heights;
    int w = 0, h = 0;
    if (ext == ".npy") {
        auto a = readNpy(file);
        if (!a) return a.error();
        w = a->cols;
        h = a->rows;
        heights = std::move(a->data);
    } else if (ext == ".png") {
        if (!(std::isfinite(minM) && std::isfinite(maxM) && minM < maxM))
            return Error{name + ": height range must have min < max (got " + std::to_string(minM) + ", " +
                         std::to_string(maxM) + ")"};
        auto img = loadHeightmapPng(file, minM, maxM);
        if (!img) return img.error();
        w = img->width;
        h = img->height;
        heights = std::move(img->heightsM);
    } else {
        return Error{name + ": expected a .png or .npy heightmap"};
    }
    if (w != width || h != height)
        return Error{name + ": heightmap is " + sizeText(w, h) + ", the grid is " + sizeText(width, height)};
    for (std::size_t i = 0; i < heights.size(); ++i)
        if (!std::isfinite(heights[i]))
            return Error{name + ": non-finite height at x=" + std::to_string(i % std::size_t(w)) +
                         ", y=" + std::to_string(i / std::size_t(w))};
    return heights;
}

}  // namespace sluice::sim

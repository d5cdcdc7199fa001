#include "sim/exchange/splat_maps.hpp"

#include <algorithm>
#include <cmath>

#include "sim/exchange/water_maps.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

namespace {

float ramp(float v, float start, float full) { return std::clamp((v - start) / (full - start), 0.0f, 1.0f); }

}  // namespace

std::vector<std::uint8_t> splatMapRgba(const FieldSnapshot& f) {
    const int w = f.width, h = f.height;
    const std::vector<unsigned char> wet = wetMask(f);
    auto at = [&](int x, int y) { return std::size_t(std::clamp(y, 0, h - 1)) * std::size_t(w) + std::size_t(std::clamp(x, 0, w - 1)); };
    const bool eroded = !f.erosion.empty() && f.erosion.softUnits.size() == f.terrainM.size();
    std::vector<std::uint8_t> out(std::size_t(w) * std::size_t(h) * 4);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::size_t c = at(x, y);
            // Central differences over two cells (one at the edges, where at() clamps).
            const float gx = (f.terrainM[at(x + 1, y)] - f.terrainM[at(x - 1, y)]) / (float((std::min(x + 1, w - 1)) - std::max(x - 1, 0)) * f.cellSizeM);
            const float gy = (f.terrainM[at(x, y + 1)] - f.terrainM[at(x, y - 1)]) / (float((std::min(y + 1, h - 1)) - std::max(y - 1, 0)) * f.cellSizeM);
            const float slope = std::isfinite(gx) && std::isfinite(gy) ? std::hypot(gx, gy) : 0.0f;
            bool besideWater = false;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) besideWater = besideWater || wet[at(x + dx, y + dy)];
            float rock = ramp(slope, kRockSlopeStart, kRockSlopeFull);
            float sand = besideWater && slope < kRockSlopeStart ? 1.0f : 0.0f;
            if (eroded) {
                const float softM = float(f.erosion.softUnits[c] * kDepthUnitM);
                const float depositM = float(std::max(0, f.erosion.bedChangeUnits[c]) * kDepthUnitM);
                rock = std::max(rock, 1.0f - std::clamp(softM / kBareSoilM, 0.0f, 1.0f));
                sand = std::max(sand, std::clamp(depositM / kFullSandM, 0.0f, 1.0f));
            }
            sand *= 1.0f - rock;  // rock shows wherever it is bare; sand covers part of the rest
            const auto r = std::uint8_t(std::lround(rock * 255.0f)), b = std::uint8_t(std::lround(sand * 255.0f));
            out[4 * c] = r;
            out[4 * c + 1] = std::uint8_t(255 - r - b);
            out[4 * c + 2] = b;
            out[4 * c + 3] = wet[c] ? 255 : besideWater ? 128 : 0;
        }
    return out;
}

}  // namespace sluice::sim

#include "sim/bodies/water_field.hpp"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

namespace {
using water_field_detail::kWetM;
}  // namespace

WaterField::WaterField(int width, int height, float cellSizeM, std::vector<float> bedM, std::vector<float> depthM,
                       std::vector<glm::vec2> velocityMPerS)
    : width_(width), height_(height), dx_(cellSizeM), w_(width), h_(height), bare_(std::move(bedM)) {
    cells_.resize(bare_.size());
    for (std::size_t k = 0; k < cells_.size(); ++k) cells_[k] = {bare_[k], depthM[k], velocityMPerS[k]};
    findExtremes();
}

void WaterField::findExtremes() {
    highestSurfaceM_ = -std::numeric_limits<float>::infinity();
    float fastest2 = 0.0f;
    for (const Cell& c : cells_)
        if (c.depthM > kWetM) {
            highestSurfaceM_ = std::max(highestSurfaceM_, c.bedM + c.depthM);
            fastest2 = std::max(fastest2, glm::dot(c.velocityMPerS, c.velocityMPerS));
        }
    fastestMPerS_ = std::sqrt(fastest2);
}

WaterField WaterField::fromPatch(const WaterPatch& p, int gridWidth, int gridHeight, float cellSizeM,
                                 const std::vector<float>& loadM) {
    const CellBox& b = p.box;
    const int w = b.w, h = b.h;
    const float dx = cellSizeM;
    WaterField f;
    f.width_ = gridWidth;
    f.height_ = gridHeight;
    f.dx_ = dx;
    f.x0_ = b.x0;
    f.y0_ = b.y0;
    f.w_ = w;
    f.h_ = h;
    f.bare_ = p.bedM;
    f.cells_.resize(p.depthUnits.size());
    for (std::size_t i = 0; i < f.cells_.size(); ++i) f.cells_[i] = {p.bedM[i], unitsToDepth(p.depthUnits[i]), {}};
    // The face values around each cell (x-faces (w + 1) per row, y-faces w per row, h + 1 rows) as
    // velocities (m/s) or, for the pipe model, flows (m^3/s) taken over the mean depth beside the
    // face (the depth inside where the window ends). The cell's velocity is the mean of its two
    // faces along each axis.
    const bool velocities = p.faceVelocities;
    auto depthAt = [&](int x, int y) { return f.cells_[std::size_t(y) * std::size_t(w) + std::size_t(x)].depthM; };
    auto fx = [&](int i, int y) {
        const float v = p.faceX[std::size_t(y) * std::size_t(w + 1) + std::size_t(i)];
        if (velocities) return v;
        const float d = 0.5f * (depthAt(std::max(i - 1, 0), y) + depthAt(std::min(i, w - 1), y));
        return d > kWetM ? v / (d * dx) : 0.0f;
    };
    auto fy = [&](int x, int j) {
        const float v = p.faceY[std::size_t(j) * std::size_t(w) + std::size_t(x)];
        if (velocities) return v;
        const float d = 0.5f * (depthAt(x, std::max(j - 1, 0)) + depthAt(x, std::min(j, h - 1)));
        return d > kWetM ? v / (d * dx) : 0.0f;
    };
    // The load of the bodies, where the water stands around them: bed + load + depth.
    const bool loaded = loadM.size() == std::size_t(gridWidth) * std::size_t(gridHeight);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            Cell& c = f.cells_[std::size_t(y) * std::size_t(w) + std::size_t(x)];
            c.velocityMPerS = glm::vec2(0.5f * (fx(x, y) + fx(x + 1, y)), 0.5f * (fy(x, y) + fy(x, y + 1)));
            if (loaded) c.bedM += loadM[std::size_t(b.y0 + y) * std::size_t(gridWidth) + std::size_t(b.x0 + x)];
        }
    f.findExtremes();
    return f;
}

WaterAt WaterField::at(float xM, float yM) const { return look<true>(xM, yM, 0.0f).water; }

glm::vec2 WaterField::headSlope(float xM, float yM, float zM) const { return look<false>(xM, yM, zM).headSlope; }

}  // namespace sluice::sim

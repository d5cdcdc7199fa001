#include "sim/bodies/water_field.hpp"

#include <algorithm>
#include <cmath>

#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

namespace {
// Depth below which a cell counts as dry for the bodies (1 mm: a film carries nothing).
constexpr float kWetM = 1e-3f;
}  // namespace

WaterField::WaterField(int width, int height, float cellSizeM, std::vector<float> bedM, std::vector<float> depthM,
                       std::vector<glm::vec2> velocityMPerS)
    : width_(width), height_(height), dx_(cellSizeM), w_(width), h_(height), bed_(bedM), bare_(std::move(bedM)),
      depth_(std::move(depthM)), velocity_(std::move(velocityMPerS)) {}

namespace {

// A window of w x h cells: depth (m), and the face values around each cell (x-faces (w + 1) per
// row, y-faces w per row, h + 1 rows) as velocities (m/s) or, for the pipe model, flows (m^3/s)
// taken over the mean depth beside the face (the depth inside where the window ends). The cell's
// velocity is the mean of its two faces along each axis.
std::vector<glm::vec2> cellVelocities(int w, int h, float dx, const std::vector<float>& depth, const float* faceX,
                                      const float* faceY, bool velocities) {
    auto depthAt = [&](int x, int y) { return depth[std::size_t(y) * std::size_t(w) + std::size_t(x)]; };
    auto fx = [&](int i, int y) {
        const float v = faceX[std::size_t(y) * std::size_t(w + 1) + std::size_t(i)];
        if (velocities) return v;
        const float d = 0.5f * (depthAt(std::max(i - 1, 0), y) + depthAt(std::min(i, w - 1), y));
        return d > kWetM ? v / (d * dx) : 0.0f;
    };
    auto fy = [&](int x, int j) {
        const float v = faceY[std::size_t(j) * std::size_t(w) + std::size_t(x)];
        if (velocities) return v;
        const float d = 0.5f * (depthAt(x, std::max(j - 1, 0)) + depthAt(x, std::min(j, h - 1)));
        return d > kWetM ? v / (d * dx) : 0.0f;
    };
    std::vector<glm::vec2> out(std::size_t(w) * std::size_t(h));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            out[std::size_t(y) * std::size_t(w) + std::size_t(x)] =
                glm::vec2(0.5f * (fx(x, y) + fx(x + 1, y)), 0.5f * (fy(x, y) + fy(x, y + 1)));
    return out;
}

}  // namespace

WaterField WaterField::fromPatch(const WaterPatch& p, int gridWidth, int gridHeight, float cellSizeM,
                                 const std::vector<float>& loadM) {
    const CellBox& b = p.box;
    std::vector<float> depth(p.depthUnits.size());
    for (std::size_t i = 0; i < depth.size(); ++i) depth[i] = unitsToDepth(p.depthUnits[i]);
    std::vector<glm::vec2> velocity =
        cellVelocities(b.w, b.h, cellSizeM, depth, p.faceX.data(), p.faceY.data(), p.faceVelocities);
    WaterField f(b.w, b.h, cellSizeM, p.bedM, std::move(depth), std::move(velocity));
    f.width_ = gridWidth;
    f.height_ = gridHeight;
    f.x0_ = b.x0;
    f.y0_ = b.y0;
    if (loadM.size() == std::size_t(gridWidth) * std::size_t(gridHeight))
        for (int y = 0; y < b.h; ++y)
            for (int x = 0; x < b.w; ++x)
                f.bed_[f.local(b.x0 + x, b.y0 + y)] +=
                    loadM[std::size_t(b.y0 + y) * std::size_t(gridWidth) + std::size_t(b.x0 + x)];
    return f;
}

bool WaterField::corners(float xM, float yM, Corners& c) const {
    if (width_ <= 0 || height_ <= 0) return false;
    // Cell-centre coordinates; the four centres around the point, clamped at the edges.
    const float gx = xM / dx_ - 0.5f, gy = yM / dx_ - 0.5f;
    if (!(gx > -1.0f && gy > -1.0f && gx < float(width_) && gy < float(height_))) return false;
    const int x0 = int(std::floor(gx)), y0 = int(std::floor(gy));
    c.fx = gx - float(x0);
    c.fy = gy - float(y0);
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) c.cell[b][a] = clamped(x0 + a, y0 + b);
    return true;
}

WaterAt WaterField::waterAt(const Corners& c, bool slope) const {
    WaterAt out;
    const float fx = c.fx, fy = c.fy;
    float wSum = 0.0f, bed = 0.0f, bedW = 0.0f, surface = 0.0f;
    glm::vec2 velocity(0.0f);
    // Surface at the four centres (wet ones), for the slope.
    float z[2][2] = {{0, 0}, {0, 0}};
    bool wet[2][2] = {{false, false}, {false, false}};
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            const std::size_t k = c.cell[b][a];
            const float w = (a ? fx : 1.0f - fx) * (b ? fy : 1.0f - fy);
            bed += w * bed_[k];
            bedW += w;
            z[b][a] = bed_[k] + depth_[k];
            wet[b][a] = depth_[k] > kWetM;
            if (!wet[b][a]) continue;
            wSum += w;
            surface += w * z[b][a];
            velocity += w * velocity_[k];
        }
    bed /= bedW;
    if (!(wSum > 1e-6f)) {
        out.surfaceM = bed;
        return out;
    }
    out.wetShare = wSum / bedW;
    out.surfaceM = surface / wSum;
    out.depthM = std::max(0.0f, out.surfaceM - bed);
    if (out.depthM <= 0.0f) return out;
    out.velocityMPerS = velocity / wSum;
    if (!slope) return out;
    // Slope along each axis from the pairs of wet centres across it (either row / column).
    float sx = 0.0f, nx = 0.0f, sy = 0.0f, ny = 0.0f;
    for (int b = 0; b < 2; ++b)
        if (wet[b][0] && wet[b][1]) {
            const float w = b ? fy : 1.0f - fy;
            sx += w * (z[b][1] - z[b][0]);
            nx += w;
        }
    for (int a = 0; a < 2; ++a)
        if (wet[0][a] && wet[1][a]) {
            const float w = a ? fx : 1.0f - fx;
            sy += w * (z[1][a] - z[0][a]);
            ny += w;
        }
    out.surfaceSlope = glm::vec2(nx > 0.0f ? sx / (nx * dx_) : 0.0f, ny > 0.0f ? sy / (ny * dx_) : 0.0f);
    return out;
}

glm::vec2 WaterField::headSlopeAt(const Corners& c, float zM) const {
    float p[2][2];
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            const std::size_t k = c.cell[b][a];
            p[b][a] = depth_[k] > kWetM ? std::max(0.0f, bed_[k] + depth_[k] - zM) : 0.0f;
        }
    // A grid edge is a wall: the clamped neighbour repeats the edge cell, so no push across it.
    const float dpx = (1.0f - c.fy) * (p[0][1] - p[0][0]) + c.fy * (p[1][1] - p[1][0]);
    const float dpy = (1.0f - c.fx) * (p[1][0] - p[0][0]) + c.fx * (p[1][1] - p[0][1]);
    return glm::vec2(dpx, dpy) / dx_;
}

WaterAt WaterField::at(float xM, float yM) const {
    Corners c;
    return corners(xM, yM, c) ? waterAt(c, true) : WaterAt{};
}

glm::vec2 WaterField::headSlope(float xM, float yM, float zM) const {
    Corners c;
    return corners(xM, yM, c) ? headSlopeAt(c, zM) : glm::vec2(0.0f);
}

WaterProbe WaterField::probe(float xM, float yM, float zM) const {
    WaterProbe out;
    Corners c;
    if (!corners(xM, yM, c)) return out;
    out.water = waterAt(c, false);
    out.headSlope = headSlopeAt(c, zM);
    return out;
}

}  // namespace sluice::sim

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
    : width_(width), height_(height), dx_(cellSizeM), bed_(std::move(bedM)), depth_(std::move(depthM)),
      velocity_(std::move(velocityMPerS)) {}

WaterField WaterField::fromSnapshot(const FieldSnapshot& s, const std::vector<float>& loadM) {
    const int W = s.width, H = s.height;
    std::vector<float> depth = s.depthM;
    if (depth.empty()) {
        depth.resize(s.depthUnits.size());
        for (std::size_t i = 0; i < depth.size(); ++i) depth[i] = float(double(s.depthUnits[i]) * kDepthUnitM);
    }
    const bool stored = s.faceVelocityXMS.size() == std::size_t(W + 1) * std::size_t(H) &&
                        s.faceVelocityYMS.size() == std::size_t(W) * std::size_t(H + 1);
    auto depthAt = [&](int x, int y) { return depth[std::size_t(y) * std::size_t(W) + std::size_t(x)]; };
    // A face's velocity: stored, or its flow over the mean depth beside it.
    auto faceX = [&](int i, int y) {
        const std::size_t f = std::size_t(y) * std::size_t(W + 1) + std::size_t(i);
        if (stored) return s.faceVelocityXMS[f];
        const float h = 0.5f * (depthAt(std::max(i - 1, 0), y) + depthAt(std::min(i, W - 1), y));
        return h > kWetM ? s.flowXM3PerS[f] / (h * s.cellSizeM) : 0.0f;
    };
    auto faceY = [&](int x, int j) {
        const std::size_t f = std::size_t(j) * std::size_t(W) + std::size_t(x);
        if (stored) return s.faceVelocityYMS[f];
        const float h = 0.5f * (depthAt(x, std::max(j - 1, 0)) + depthAt(x, std::min(j, H - 1)));
        return h > kWetM ? s.flowYM3PerS[f] / (h * s.cellSizeM) : 0.0f;
    };
    std::vector<glm::vec2> velocity(std::size_t(W) * std::size_t(H));
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            velocity[std::size_t(y) * std::size_t(W) + std::size_t(x)] =
                glm::vec2(0.5f * (faceX(x, y) + faceX(x + 1, y)), 0.5f * (faceY(x, y) + faceY(x, y + 1)));
    std::vector<float> bed = s.terrainM;
    if (loadM.size() == bed.size())
        for (std::size_t i = 0; i < bed.size(); ++i) bed[i] += loadM[i];
    return WaterField(W, H, s.cellSizeM, std::move(bed), std::move(depth), std::move(velocity));
}

WaterAt WaterField::at(float xM, float yM) const {
    WaterAt out;
    if (width_ <= 0 || height_ <= 0) return out;
    // Cell-centre coordinates; the four centres around the point, clamped at the edges.
    const float gx = xM / dx_ - 0.5f, gy = yM / dx_ - 0.5f;
    if (!(gx > -1.0f && gy > -1.0f && gx < float(width_) && gy < float(height_))) return out;
    const int x0 = int(std::floor(gx)), y0 = int(std::floor(gy));
    const float fx = gx - float(x0), fy = gy - float(y0);
    float wSum = 0.0f, bed = 0.0f, bedW = 0.0f, surface = 0.0f;
    glm::vec2 velocity(0.0f);
    // Surface at the four centres (wet ones), for the slope.
    float z[2][2] = {{0, 0}, {0, 0}};
    bool wet[2][2] = {{false, false}, {false, false}};
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            const int cx = std::clamp(x0 + a, 0, width_ - 1), cy = std::clamp(y0 + b, 0, height_ - 1);
            const std::size_t c = std::size_t(cy) * std::size_t(width_) + std::size_t(cx);
            const float w = (a ? fx : 1.0f - fx) * (b ? fy : 1.0f - fy);
            bed += w * bed_[c];
            bedW += w;
            z[b][a] = bed_[c] + depth_[c];
            wet[b][a] = depth_[c] > kWetM;
            if (!wet[b][a]) continue;
            wSum += w;
            surface += w * z[b][a];
            velocity += w * velocity_[c];
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

}  // namespace sluice::sim

namespace sluice::sim {

glm::vec2 WaterField::headSlope(float xM, float yM, float zM) const {
    if (width_ <= 0 || height_ <= 0) return glm::vec2(0.0f);
    const float gx = xM / dx_ - 0.5f, gy = yM / dx_ - 0.5f;
    if (!(gx > -1.0f && gy > -1.0f && gx < float(width_) && gy < float(height_))) return glm::vec2(0.0f);
    const int x0 = int(std::floor(gx)), y0 = int(std::floor(gy));
    const float fx = gx - float(x0), fy = gy - float(y0);
    float p[2][2];
    for (int b = 0; b < 2; ++b)
        for (int a = 0; a < 2; ++a) {
            const int cx = std::clamp(x0 + a, 0, width_ - 1), cy = std::clamp(y0 + b, 0, height_ - 1);
            const std::size_t c = std::size_t(cy) * std::size_t(width_) + std::size_t(cx);
            p[b][a] = depth_[c] > kWetM ? std::max(0.0f, bed_[c] + depth_[c] - zM) : 0.0f;
        }
    // A grid edge is a wall: the clamped neighbour repeats the edge cell, so no push across it.
    const float dpx = (1.0f - fy) * (p[0][1] - p[0][0]) + fy * (p[1][1] - p[1][0]);
    const float dpy = (1.0f - fx) * (p[1][0] - p[0][0]) + fx * (p[1][1] - p[0][1]);
    return glm::vec2(dpx, dpy) / dx_;
}

}  // namespace sluice::sim

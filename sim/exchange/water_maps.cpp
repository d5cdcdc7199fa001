#include "sim/exchange/water_maps.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

namespace {

std::uint8_t toByte(float unit) { return std::uint8_t(std::lround(std::clamp(unit, 0.0f, 1.0f) * 255.0f)); }

}  // namespace

CellVelocities cellVelocities(const FieldSnapshot& f) {
    const std::size_t w = std::size_t(f.width), h = std::size_t(f.height), n = w * h;
    const bool stored = f.faceVelocityXMS.size() == (w + 1) * h && f.faceVelocityYMS.size() == w * (h + 1);
    auto depth = [&](std::size_t c) { return c < n ? f.depthM[c] : 0.0f; };
    // A face's velocity when only flows are known: the flow over the mean depth of the cells it joins.
    auto fromFlow = [&](float q, float d0, float d1) {
        const float d = 0.5f * (d0 + d1);
        return d > kExportWetDepthM ? q / (d * f.cellSizeM) : 0.0f;
    };
    CellVelocities v;
    v.eastMS.assign(n, 0.0f);
    v.northMS.assign(n, 0.0f);
    for (std::size_t y = 0; y < h; ++y)
        for (std::size_t x = 0; x < w; ++x) {
            const std::size_t c = y * w + x;
            if (!(f.depthM[c] > kExportWetDepthM)) continue;
            const std::size_t west = y * (w + 1) + x, south = y * w + x;
            float u0, u1, v0, v1;
            if (stored) {
                u0 = f.faceVelocityXMS[west];
                u1 = f.faceVelocityXMS[west + 1];
                v0 = f.faceVelocityYMS[south];
                v1 = f.faceVelocityYMS[south + w];
            } else {
                u0 = fromFlow(f.flowXM3PerS[west], x ? depth(c - 1) : f.depthM[c], f.depthM[c]);
                u1 = fromFlow(f.flowXM3PerS[west + 1], f.depthM[c], x + 1 < w ? depth(c + 1) : f.depthM[c]);
                v0 = fromFlow(f.flowYM3PerS[south], y ? depth(c - w) : f.depthM[c], f.depthM[c]);
                v1 = fromFlow(f.flowYM3PerS[south + w], f.depthM[c], y + 1 < h ? depth(c + w) : f.depthM[c]);
            }
            v.eastMS[c] = 0.5f * (u0 + u1);
            v.northMS[c] = 0.5f * (v0 + v1);
            v.maxSpeedMS = std::max(v.maxSpeedMS, std::hypot(v.eastMS[c], v.northMS[c]));
        }
    return v;
}

std::vector<float> waterSurface(const FieldSnapshot& f) {
    std::vector<float> s(f.terrainM.size());
    for (std::size_t i = 0; i < s.size(); ++i) s[i] = f.terrainM[i] + f.depthM[i];
    return s;
}

std::vector<unsigned char> wetMask(const FieldSnapshot& f) {
    std::vector<unsigned char> m(f.depthM.size());
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = f.depthM[i] > kExportWetDepthM ? 1 : 0;
    return m;
}

std::vector<std::uint8_t> foamMask(const FieldSnapshot& f, const CellVelocities& v, float gravityMS2) {
    std::vector<std::uint8_t> foam(f.depthM.size(), 0);
    for (std::size_t i = 0; i < foam.size(); ++i) {
        const float d = f.depthM[i];
        if (!(d > kExportWetDepthM)) continue;
        const float froude = std::hypot(v.eastMS[i], v.northMS[i]) / std::sqrt(gravityMS2 * d);
        const float t = std::clamp((froude - kFoamFroudeStart) / (kFoamFroudeFull - kFoamFroudeStart), 0.0f, 1.0f);
        foam[i] = toByte(t * t * (3.0f - 2.0f * t));
    }
    return foam;
}

std::vector<std::uint8_t> flowMapRgba(const CellVelocities& v, const std::vector<unsigned char>& wet) {
    const float scale = v.maxSpeedMS > 0 ? v.maxSpeedMS : 1.0f;
    std::vector<std::uint8_t> rgba(v.eastMS.size() * 4);
    for (std::size_t i = 0; i < v.eastMS.size(); ++i) {
        rgba[4 * i] = toByte(0.5f + 0.5f * v.eastMS[i] / scale);
        rgba[4 * i + 1] = toByte(0.5f + 0.5f * v.northMS[i] / scale);
        rgba[4 * i + 2] = 0;
        rgba[4 * i + 3] = wet[i] ? 255 : 0;
    }
    return rgba;
}

}  // namespace sluice::sim

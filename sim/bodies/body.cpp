#include "sim/bodies/body.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sluice::sim {

const char* bodyShapeName(BodyShape s) {
    switch (s) {
        case BodyShape::Box: return "box";
        case BodyShape::Log: return "log";
        case BodyShape::Boat: return "boat";
        case BodyShape::Block: return "block";
    }
    return "box";
}

std::optional<BodyShape> bodyShapeFromName(const std::string& name) {
    for (BodyShape s : {BodyShape::Box, BodyShape::Log, BodyShape::Boat, BodyShape::Block})
        if (name == bodyShapeName(s)) return s;
    return std::nullopt;
}

namespace {

std::string number(float v) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(v));
    return text;
}

// Whether a point of the body frame lies inside the shape (within its bounding box).
bool insideShape(const BodySpec& spec, glm::vec3 p) {
    const glm::vec3 half = 0.5f * spec.sizeM;
    switch (spec.shape) {
        case BodyShape::Box:
        case BodyShape::Block: return true;
        case BodyShape::Log: {
            const float y = p.y / half.y, z = p.z / half.z;
            return y * y + z * z <= 1.0f;
        }
        case BodyShape::Boat: {
            // A hull: its sides flare from 70 % of the beam at the keel to all of it at the gunwale,
            // and its front 35 % narrows to a point at the bow (+x).
            const float u = p.x / half.x;                      // -1 stern .. 1 bow
            const float up = (p.z / half.z + 1.0f) * 0.5f;     // 0 keel .. 1 gunwale
            const float bow = u > 0.3f ? std::sqrt(std::max(0.0f, (1.0f - u) / 0.7f)) : 1.0f;
            return std::abs(p.y) <= half.y * bow * (0.7f + 0.3f * up);
        }
    }
    return true;
}

}  // namespace

std::optional<std::string> bodyProblem(const BodySpec& spec) {
    for (int k = 0; k < 3; ++k) {
        const float s = spec.sizeM[k];
        if (!std::isfinite(s) || s < kBodyMinSizeM || s > kBodyMaxSizeM)
            return "size[" + std::to_string(k) + "]: must be between " + number(kBodyMinSizeM) + " and " +
                   number(kBodyMaxSizeM) + " m (got " + number(s) + ")";
    }
    if (!std::isfinite(spec.densityKgPerM3) || spec.densityKgPerM3 < kBodyMinDensity ||
        spec.densityKgPerM3 > kBodyMaxDensity)
        return "density: must be between " + number(kBodyMinDensity) + " and " + number(kBodyMaxDensity) +
               " kg/m^3 (got " + number(spec.densityKgPerM3) + ")";
    for (int k = 0; k < 3; ++k)
        if (!std::isfinite(spec.positionM[k]) || std::abs(spec.positionM[k]) > 1e7f)
            return "position[" + std::to_string(k) + "]: must be a finite number of metres (got " +
                   number(spec.positionM[k]) + ")";
    if (!std::isfinite(spec.yawDeg)) return "yaw: must be a finite number of degrees";
    return std::nullopt;
}

std::vector<BodySample> volumeSamples(const BodySpec& spec) {
    // A lattice of boxes about as long as they are wide: ~150 of them, 2 to 16 along each axis, at
    // least 4 layers along z.
    const glm::vec3 size = spec.sizeM;
    const float side = std::cbrt(size.x * size.y * size.z / 150.0f);
    int n[3];
    for (int k = 0; k < 3; ++k) n[k] = std::clamp(int(std::lround(size[k] / side)), k == 2 ? 4 : 2, 16);
    const glm::vec3 cell = size / glm::vec3(float(n[0]), float(n[1]), float(n[2]));
    // Each box's share inside the shape, from 4 x 4 x 4 points in it.
    constexpr int kSub = 4;
    std::vector<BodySample> out;
    out.reserve(std::size_t(n[0] * n[1] * n[2]));
    for (int k = 0; k < n[2]; ++k)
        for (int j = 0; j < n[1]; ++j)
            for (int i = 0; i < n[0]; ++i) {
                const glm::vec3 lo = -0.5f * size + cell * glm::vec3(float(i), float(j), float(k));
                int in = 0;
                for (int c = 0; c < kSub; ++c)
                    for (int b = 0; b < kSub; ++b)
                        for (int a = 0; a < kSub; ++a) {
                            const glm::vec3 f((float(a) + 0.5f) / kSub, (float(b) + 0.5f) / kSub, (float(c) + 0.5f) / kSub);
                            in += insideShape(spec, lo + f * cell) ? 1 : 0;
                        }
                if (in == 0) continue;
                const float share = float(in) / float(kSub * kSub * kSub);
                out.push_back({lo + 0.5f * cell, 0.5f * cell, cell.x * cell.y * cell.z * share});
            }
    return out;
}

float bodyVolumeM3(const BodySpec& spec) {
    if (spec.shape == BodyShape::Box || spec.shape == BodyShape::Block) return spec.sizeM.x * spec.sizeM.y * spec.sizeM.z;
    float v = 0.0f;
    for (const BodySample& s : volumeSamples(spec)) v += s.volumeM3;
    return v;
}

BodyState initialState(const BodySpec& spec) {
    BodyState s;
    s.positionM = spec.positionM;
    s.orientation = glm::angleAxis(glm::radians(spec.yawDeg), glm::vec3(0.0f, 0.0f, 1.0f));
    return s;
}

}  // namespace sluice::sim

#include "sim/bodies/body_wetness.hpp"

#include "sim/bodies/body_placing.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

namespace sluice::sim {

float wetShare(glm::vec3 sizeM, glm::vec4 wet) {
    // The body's half extent along the normal (a box's support; a log or a boat within its box).
    const float reach = 0.5f * (std::abs(wet.x) * sizeM.x + std::abs(wet.y) * sizeM.y + std::abs(wet.z) * sizeM.z);
    if (!(reach > 0.0f)) return 0.0f;
    return std::clamp((wet.w + reach) / (2.0f * reach), 0.0f, 1.0f);
}

glm::vec4 nextWetPlane(const BodySpec& spec, const BodyState& s, glm::vec4 wet, const WaterField& water, float dtSeconds) {
    glm::vec4 dried = wet;
    dried.w -= kDryingMPerS * std::max(0.0f, dtSeconds);
    // The level the water stands at beside the body: bed + depth (without the bodies' load, which
    // lifts the level they feel where they stand) of the wet cells under its centre and just
    // outside the corners of its footprint, the highest of them: a block standing in a flow has
    // pushed the water off its own cells, and the water upstream of it wets it.
    const BodyBounds box = bodyBounds(spec, s);
    const float dx = water.cellSizeM(), m = 0.5f * dx;
    const glm::vec2 points[5] = {glm::vec2(s.positionM), {box.minM.x - m, box.minM.y - m}, {box.maxM.x + m, box.minM.y - m},
                                 {box.minM.x - m, box.maxM.y + m}, {box.maxM.x + m, box.maxM.y + m}};
    float level = -std::numeric_limits<float>::infinity();
    for (const glm::vec2 p : points) {
        const float cx = std::floor(p.x / dx), cy = std::floor(p.y / dx);
        if (!(cx >= 0.0f && cy >= 0.0f && cx < float(water.width()) && cy < float(water.height()))) continue;
        const int x = int(cx), y = int(cy);
        if (water.depthM(x, y) > kWetDepthM) level = std::max(level, water.bareBedM(x, y) + water.depthM(x, y));
    }
    if (!(level > -std::numeric_limits<float>::infinity())) return dried;
    // The world's up in the body's frame: the third row of the rotation (its columns are the axes).
    const glm::mat3 R = glm::mat3_cast(s.orientation);
    const glm::vec4 now(R[0].z, R[1].z, R[2].z, level - s.positionM.z);
    return wetShare(spec.sizeM, now) >= wetShare(spec.sizeM, dried) ? now : dried;
}

}  // namespace sluice::sim

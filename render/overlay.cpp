#include "render/overlay.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace sluice::render {

namespace {
constexpr std::array<const char*, kOverlayCount> kNames = {"none", "depth", "speed", "courant", "max-depth", "first-wet"};

glm::vec3 rampStop(int i) {
    return {layout::kRampSrgb[3 * i], layout::kRampSrgb[3 * i + 1], layout::kRampSrgb[3 * i + 2]};
}
}  // namespace

const char* overlayName(int kind) { return kind >= 0 && kind < kOverlayCount ? kNames[std::size_t(kind)] : "?"; }

int overlayFromName(std::string_view name) {
    for (int k = 0; k < kOverlayCount; ++k)
        if (name == kNames[std::size_t(k)]) return k;
    return -1;
}

const char* overlayNameList() { return "none|depth|speed|courant|max-depth|first-wet"; }

bool overlayNeedsHistory(int kind) { return kind == kOverlayMaxDepth || kind == kOverlayFirstWet; }

glm::vec3 overlayRampColor(float t) {
    // The same piecewise-linear lookup as overlay.glsl's rampDisplay().
    const float x = std::clamp(t, 0.0f, 1.0f) * float(SLUICE_RAMP_STOPS - 1);
    const int i = std::min(int(x), SLUICE_RAMP_STOPS - 2);
    return glm::mix(rampStop(i), rampStop(i + 1), x - float(i));
}

float overlayRampValue(const glm::vec3& display, float* distance) {
    // Dense search: 1/1000 of the range is finer than 8-bit colour can resolve along the ramp.
    float best = 0, bestD = 1e30f;
    for (int k = 0; k <= 1000; ++k) {
        const float t = float(k) / 1000.0f;
        const float d = glm::length(overlayRampColor(t) - display);
        if (d < bestD) bestD = d, best = t;
    }
    if (distance) *distance = bestD;
    return best;
}

}  // namespace sluice::render

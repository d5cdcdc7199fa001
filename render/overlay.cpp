#include "render/overlay.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace sluice::render {

namespace {
constexpr std::array<const char*, kOverlayCount> kNames = {"none",      "depth",    "speed",
                                                           "courant",   "max-depth", "first-wet",
                                                           "sediment",  "soft-layer", "bed-change"};

/// Piecewise-linear lookup in a ramp of `stops` sRGB stops, as overlay_ramp.glsl's rampLookup().
glm::vec3 rampLookup(const float* srgb, int stops, float t) {
    const float x = std::clamp(t, 0.0f, 1.0f) * float(stops - 1);
    const int i = std::min(int(x), stops - 2);
    const glm::vec3 a{srgb[3 * i], srgb[3 * i + 1], srgb[3 * i + 2]};
    const glm::vec3 b{srgb[3 * i + 3], srgb[3 * i + 4], srgb[3 * i + 5]};
    return glm::mix(a, b, x - float(i));
}

/// The t whose colour(t) is nearest to `display`. Dense search: 1/1000 of the range is finer than
/// 8-bit colour can resolve along either ramp.
template <class Colour>
float nearestT(const glm::vec3& display, float* distance, Colour colour) {
    float best = 0, bestD = 1e30f;
    for (int k = 0; k <= 1000; ++k) {
        const float t = float(k) / 1000.0f;
        const float d = glm::length(colour(t) - display);
        if (d < bestD) bestD = d, best = t;
    }
    if (distance) *distance = bestD;
    return best;
}
}  // namespace

const char* overlayName(int kind) { return kind >= 0 && kind < kOverlayCount ? kNames[std::size_t(kind)] : "?"; }

int overlayFromName(std::string_view name) {
    for (int k = 0; k < kOverlayCount; ++k)
        if (name == kNames[std::size_t(k)]) return k;
    return -1;
}

const char* overlayNameList() {
    return "none|depth|speed|courant|max-depth|first-wet|sediment|soft-layer|bed-change";
}

bool overlayNeedsHistory(int kind) { return kind == kOverlayMaxDepth || kind == kOverlayFirstWet; }

bool overlayShowsErosion(int kind) {
    return kind == kOverlaySediment || kind == kOverlaySoft || kind == kOverlayBedChange;
}

bool overlayIsDiverging(int kind) { return kind == kOverlayBedChange; }

glm::vec3 overlayRampColor(float t) { return rampLookup(layout::kRampSrgb, SLUICE_RAMP_STOPS, t); }

glm::vec3 overlayDivergingColor(float t) { return rampLookup(layout::kDivergingSrgb, SLUICE_DIVERGING_STOPS, t); }

float overlayRampValue(const glm::vec3& display, float* distance) {
    return nearestT(display, distance, overlayRampColor);
}

float overlayDivergingValue(const glm::vec3& display, float* distance) {
    return nearestT(display, distance, overlayDivergingColor);
}

}  // namespace sluice::render

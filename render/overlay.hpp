#pragma once
// The false-colour overlays of the 3-D view (ViewSettings::overlay): their codes and names, and the
// colour ramp the shaders draw them with, on the CPU for legends and tests.
#include <string_view>

#include <glm/glm.hpp>

#include "render/render_layout.hpp"

namespace sluice::render {

/// ViewSettings::overlay values (the numbers of shaders/render/render_layout.h).
enum OverlayKind : int {
    kOverlayNone = SLUICE_OVERLAY_NONE,
    kOverlayDepth = SLUICE_OVERLAY_DEPTH,        ///< water depth, 0 .. overlayDepthMaxM
    kOverlaySpeed = SLUICE_OVERLAY_SPEED,        ///< depth-averaged speed, 0 .. overlaySpeedMaxMPerS
    kOverlayCourant = SLUICE_OVERLAY_COURANT,    ///< (|u| + sqrt(g h)) dt_sub / dx, 0 .. 1, red above 1
    kOverlayMaxDepth = SLUICE_OVERLAY_MAX_DEPTH, ///< deepest water seen (WaterHistory), 0 .. overlayDepthMaxM
    kOverlayFirstWet = SLUICE_OVERLAY_FIRST_WET, ///< time of first wetting (WaterHistory), 0 .. elapsed time
    kOverlaySediment = SLUICE_OVERLAY_SEDIMENT,  ///< suspended load (erosion), 0 .. overlaySedimentMaxM
    kOverlaySoft = SLUICE_OVERLAY_SOFT,          ///< soft-layer thickness (erosion), 0 .. overlaySoftMaxM
    kOverlayBedChange = SLUICE_OVERLAY_BED_CHANGE,  ///< bed change (erosion), +-overlayBedChangeMaxM, diverging
    kOverlayCount = SLUICE_OVERLAY_COUNT,
};

/// Items for ImGui::Combo, in code order ("none\0depth\0...\0").
inline constexpr const char* kOverlayComboItems =
    "none\0depth\0speed\0courant\0max depth\0first wet\0sediment\0soft layer\0bed change\0";

/// CLI name of an overlay ("none", "depth", "speed", "courant", "max-depth", "first-wet", "sediment",
/// "soft-layer", "bed-change"); "?" if out of range.
const char* overlayName(int kind);
/// Overlay code for a CLI name, or -1.
int overlayFromName(std::string_view name);
/// "none|depth|speed|..." for usage texts.
const char* overlayNameList();
/// True for the overlays drawn from a WaterHistory (RenderInputs::history).
bool overlayNeedsHistory(int kind);
/// True for the overlays drawn from erosion's fields (RenderInputs::erosion): sediment, soft layer and
/// bed change. Without erosion state they show grey; the map view draws these too.
bool overlayShowsErosion(int kind);
/// True for overlays of a signed value drawn in the diverging ramp from -range to +range (bed change).
bool overlayIsDiverging(int kind);

/// The ramp's display colour (sRGB components in [0, 1]) at t, clamped to [0, 1]: what the shaders
/// put on screen for a value at fraction t of the overlay's range.
glm::vec3 overlayRampColor(float t);
/// The diverging ramp's display colour at t in [0, 1] (clamped): t = 0 is -range, 0.5 no change, 1
/// +range (render_layout.h SLUICE_DIVERGING_SRGB, as the shaders' divergingDisplay()).
glm::vec3 overlayDivergingColor(float t);
/// The display colour of values above the range where an overlay marks them (Courant number > 1).
inline glm::vec3 overlayAboveRangeColor() {
    return {layout::kAboveRangeSrgb[0], layout::kAboveRangeSrgb[1], layout::kAboveRangeSrgb[2]};
}
/// The t in [0, 1] whose ramp colour is nearest to `display` (0..1 components), and how far off that
/// colour is (Euclidean, 0..1 units): decodes overlay pixels; grey ground is far from every ramp colour.
float overlayRampValue(const glm::vec3& display, float* distance = nullptr);
/// The same for the diverging ramp: the t in [0, 1] whose overlayDivergingColor is nearest.
float overlayDivergingValue(const glm::vec3& display, float* distance = nullptr);

}  // namespace sluice::render

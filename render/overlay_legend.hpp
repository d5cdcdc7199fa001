#pragma once
// The legend of an overlay: its name, unit, the range its colour ramp spans and the colours
// outside the ramp, for the viewer's colour bar (drawn with ImGui in app/window) and for images
// rendered headless (drawn here on the CPU with the 5x7 font). Both take the colours from
// overlayRampColor (render/overlay.hpp), the C++ side of the ramp the shaders use
// (render_layout.h), and the range from overlayRange, which the renderer sets as uOverlayRange:
// a legend cannot disagree with the picture it explains.
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "render/png_output.hpp"
#include "render/render_inputs.hpp"

namespace sluice::render {

/// A swatch on the legend's notes line and what it means ("= dry", "= above 1"); display colour.
struct LegendNote {
    glm::vec3 display{0.0f};
    std::string text;
};

/// What a legend shows: the ramp from 0 (left) to maxValue (right), in `unit`; a diverging legend
/// spans -maxValue .. +maxValue in the diverging ramp.
struct OverlayLegend {
    std::string title;         ///< "water depth", "speed", "Courant number", "max depth", "first wet", ...
    std::string unit;          ///< "m", "m/s", "" (dimensionless), "s"
    float maxValue = 1;        ///< the value at the top of the ramp (the bottom is 0, or -maxValue)
    bool diverging = false;    ///< signed values (bed change): -maxValue (left) .. +maxValue (right)
    std::string greyMeans;     ///< what grey ground shows: "dry", "never wet" or "no erosion"
    bool redAboveMax = false;  ///< values above the range are red (Courant number > 1)
    /// Diverging legends: what the two ends mean ("carved", "deposited").
    std::string lowMeans, highMeans;

    /// The value at fraction t of the bar (0 left, 1 right) with its unit ("1.5 m", "-0.25 m",
    /// "0.25"); no trailing zeros.
    std::string label(float t) const;
    /// "water depth (m)"; the title alone when dimensionless.
    std::string heading() const;
    /// The bar's display colour at fraction t: overlayRampColor, or overlayDivergingColor.
    glm::vec3 color(float t) const;
    /// The notes line under the bar: grey, and red above the range or the diverging ends.
    std::vector<LegendNote> notes() const;
};

/// The value at the top of overlay `kind`'s ramp (the shaders' uOverlayRange): metres for depth and
/// max depth, m/s for speed, 1 for the Courant number, the history's elapsed seconds for first wet
/// (`historyElapsedSeconds` < 0: no history, 1), metres of material for sediment, soft layer and
/// (either end of) bed change. Never below 1e-6.
float overlayRange(int kind, const ViewSettings& s, double historyElapsedSeconds);

/// The legend of overlay `kind` drawn with settings `s`; nullopt for none or an unknown code.
std::optional<OverlayLegend> overlayLegend(int kind, const ViewSettings& s, double historyElapsedSeconds);

/// Where drawOverlayLegend put things (image pixels, top row 0): the bar spans [barX, barX + barW)
/// x [barY, barY + barH), colour legend.color((x - barX + 0.5) / barW) in column x.
struct LegendBox {
    int x = 0, y = 0, w = 0, h = 0;
    int barX = 0, barY = 0, barW = 0, barH = 0;
};

/// Burns the legend into the bottom-right corner of a rendered image (CPU): a dark box with the
/// heading, the ramp as a horizontal bar, ticks labelled at both ends and the middle, and the notes
/// (what grey, red or the diverging ends mean). `scale` multiplies the 5x7 font and the bar (1 for images up to ~1000 px wide).
/// The headless renderer calls it after reading the image back (`sluice render --overlay`).
LegendBox drawOverlayLegend(RgbImage& image, const OverlayLegend& legend, int scale = 1);

}  // namespace sluice::render

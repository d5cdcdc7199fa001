#include "render/overlay_legend.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/bitmap_font.hpp"
#include "render/overlay.hpp"

namespace sluice::render {

namespace {

using Rgb8 = std::array<std::uint8_t, 3>;
constexpr Rgb8 kText{235, 235, 235}, kBox{20, 22, 26}, kGrey{110, 110, 110};

Rgb8 toRgb8(const glm::vec3& c) {
    auto b = [](float v) { return std::uint8_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    return {b(c.r), b(c.g), b(c.b)};
}

void fillRect(RgbImage& im, int x0, int y0, int w, int h, Rgb8 c) {
    for (int y = std::max(y0, 0); y < std::min(y0 + h, im.height); ++y)
        for (int x = std::max(x0, 0); x < std::min(x0 + w, im.width); ++x)
            std::copy(c.begin(), c.end(), im.rgb.begin() + (std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 3);
}

}  // namespace

std::string OverlayLegend::label(float t) const {
    // Three significant digits without trailing zeros ("0", "2.5", "0.125"), whole numbers from 100
    // up ("1200", never "1.2e+03").
    const double v = double(diverging ? 2.0f * t - 1.0f : t) * double(maxValue);
    char text[32];
    std::snprintf(text, sizeof text, std::fabs(v) >= 100.0 ? "%.0f" : "%.3g", v);
    std::string s = text;
    return unit.empty() ? s : s + " " + unit;
}

std::string OverlayLegend::heading() const { return unit.empty() ? title : title + " (" + unit + ")"; }

glm::vec3 OverlayLegend::color(float t) const { return diverging ? overlayDivergingColor(t) : overlayRampColor(t); }

std::vector<LegendNote> OverlayLegend::notes() const {
    std::vector<LegendNote> n{{glm::vec3(float(kGrey[0]) / 255.0f), "= " + greyMeans}};
    if (redAboveMax) n.push_back({overlayAboveRangeColor(), "= above " + label(1.0f)});
    if (diverging) {
        n.push_back({overlayDivergingColor(0.1f), "= " + lowMeans});
        n.push_back({overlayDivergingColor(0.9f), "= " + highMeans});
    }
    return n;
}

float overlayRange(int kind, const ViewSettings& s, double historyElapsedSeconds) {
    float range = 1.0f;  // Courant: the ramp spans 0..1
    if (kind == kOverlayDepth || kind == kOverlayMaxDepth) range = s.overlayDepthMaxM;
    if (kind == kOverlaySpeed) range = s.overlaySpeedMaxMPerS;
    if (kind == kOverlayFirstWet && historyElapsedSeconds >= 0) range = float(historyElapsedSeconds);
    if (kind == kOverlaySediment) range = s.overlaySedimentMaxM;
    if (kind == kOverlaySoft) range = s.overlaySoftMaxM;
    if (kind == kOverlayBedChange) range = s.overlayBedChangeMaxM;
    return std::max(range, 1e-6f);
}

std::optional<OverlayLegend> overlayLegend(int kind, const ViewSettings& s, double historyElapsedSeconds) {
    OverlayLegend l;
    l.maxValue = overlayRange(kind, s, historyElapsedSeconds);
    l.greyMeans = "dry";
    switch (kind) {
        case kOverlayDepth: l.title = "water depth", l.unit = "m"; break;
        case kOverlaySpeed: l.title = "speed", l.unit = "m/s"; break;
        case kOverlayCourant: l.title = "Courant number", l.redAboveMax = true; break;
        case kOverlayMaxDepth: l.title = "max depth", l.unit = "m", l.greyMeans = "never wet"; break;
        case kOverlayFirstWet: l.title = "first wet", l.unit = "s", l.greyMeans = "never wet"; break;
        case kOverlaySediment: l.title = "suspended sediment", l.unit = "m"; break;
        case kOverlaySoft: l.title = "soft layer", l.unit = "m", l.greyMeans = "no erosion"; break;
        case kOverlayBedChange:
            l.title = "bed change", l.unit = "m", l.greyMeans = "no erosion", l.diverging = true;
            l.lowMeans = "carved", l.highMeans = "deposited";
            break;
        default: return std::nullopt;
    }
    return l;
}

LegendBox drawOverlayLegend(RgbImage& image, const OverlayLegend& legend, int scale) {
    scale = std::max(scale, 1);
    const int pad = 6 * scale, line = kLineAdvance * scale;
    LegendBox b;
    b.barW = 160 * scale;
    b.barH = 10 * scale;
    // The notes line: a swatch and its meaning per note ("= dry", "= above 1"), 8 px apart.
    const std::vector<LegendNote> notes = legend.notes();
    const int swatch = kGlyphHeight * scale, gap = 2 * scale, noteGap = 8 * scale;
    int notesW = 0;
    for (const LegendNote& n : notes) notesW += (notesW > 0 ? noteGap : 0) + swatch + gap + textWidthPx(n.text, scale);
    const int textW = std::max(textWidthPx(legend.heading(), scale), notesW);
    // Room for the end labels, centred on the bar's ends.
    const int labelOverhang = std::max(textWidthPx(legend.label(0.0f), scale), textWidthPx(legend.label(1.0f), scale)) / 2;
    b.w = std::max(b.barW + 2 * labelOverhang, textW) + 2 * pad;
    b.h = pad + line + b.barH + 3 * scale + line + line + pad;
    b.x = image.width - b.w - 10 * scale;
    b.y = image.height - b.h - 10 * scale;
    b.barX = b.x + (b.w - b.barW) / 2;
    b.barY = b.y + pad + line;
    fillRect(image, b.x, b.y, b.w, b.h, kBox);
    drawText(image, b.x + pad, b.y + pad, legend.heading(), scale, kText);
    for (int i = 0; i < b.barW; ++i)
        fillRect(image, b.barX + i, b.barY, 1, b.barH, toRgb8(legend.color((float(i) + 0.5f) / float(b.barW))));
    const int tickY = b.barY + b.barH;
    for (int k = 0; k <= 2; ++k) {
        const float t = 0.5f * float(k);
        const int x = b.barX + std::min(int(std::lround(t * float(b.barW))), b.barW - 1);
        fillRect(image, x, tickY, scale, 3 * scale, kText);
        const std::string text = legend.label(t);
        drawText(image, x - textWidthPx(text, scale) / 2, tickY + 3 * scale + scale, text, scale, kText);
    }
    const int notesY = tickY + 3 * scale + line + scale;
    int x = b.x + pad;
    for (const LegendNote& n : notes) {
        fillRect(image, x, notesY, swatch, swatch, toRgb8(n.display));
        drawText(image, x + swatch + gap, notesY, n.text, scale, kText);
        x += swatch + gap + textWidthPx(n.text, scale) + noteGap;
    }
    return b;
}

}  // namespace sluice::render

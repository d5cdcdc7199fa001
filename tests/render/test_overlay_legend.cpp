// Overlay legends (render/overlay_legend.hpp): their names, units and ranges match what the renderer
// draws with, and the CPU-drawn colour bar shows the overlay ramp's own colours, 0 on the left to
// the full range on the right. No GL: the legend is drawn into an image in memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"

namespace sluice::render {
namespace {

RgbImage blankImage(int width, int height, unsigned char value) {
    RgbImage im;
    im.width = width;
    im.height = height;
    im.rgb.assign(std::size_t(width) * std::size_t(height) * 3, value);
    return im;
}

TEST(OverlayLegend, NamesUnitsAndRangesPerOverlay) {
    ViewSettings s;
    s.overlayDepthMaxM = 2.0f;
    s.overlaySpeedMaxMPerS = 3.0f;
    EXPECT_FALSE(overlayLegend(kOverlayNone, s, -1));
    auto depth = overlayLegend(kOverlayDepth, s, -1);
    ASSERT_TRUE(depth);
    EXPECT_EQ(depth->heading(), "water depth (m)");
    EXPECT_EQ(depth->label(0.0f), "0 m");
    EXPECT_EQ(depth->label(0.5f), "1 m");
    EXPECT_EQ(depth->label(1.0f), "2 m");
    EXPECT_EQ(overlayLegend(kOverlaySpeed, s, -1)->label(0.5f), "1.5 m/s");
    auto courant = overlayLegend(kOverlayCourant, s, -1);
    EXPECT_EQ(courant->heading(), "Courant number");  // dimensionless: no unit
    EXPECT_EQ(courant->label(1.0f), "1");
    EXPECT_TRUE(courant->redAboveMax);
    EXPECT_EQ(overlayLegend(kOverlayMaxDepth, s, -1)->greyMeans, "never wet");
    auto wet = overlayLegend(kOverlayFirstWet, s, 1234.4);
    EXPECT_EQ(wet->label(1.0f), "1234 s") << "whole seconds, never 1.23e+03";
    EXPECT_EQ(wet->label(0.5f), "617 s");
}

TEST(OverlayLegend, RangeIsTheRenderersUniform) {
    // SceneRenderer sets uOverlayRange from overlayRange; these are the ranges the shaders divide by.
    ViewSettings s;
    EXPECT_FLOAT_EQ(overlayRange(kOverlayDepth, s, -1), s.overlayDepthMaxM);
    EXPECT_FLOAT_EQ(overlayRange(kOverlayMaxDepth, s, -1), s.overlayDepthMaxM);
    EXPECT_FLOAT_EQ(overlayRange(kOverlaySpeed, s, -1), s.overlaySpeedMaxMPerS);
    EXPECT_FLOAT_EQ(overlayRange(kOverlayCourant, s, -1), 1.0f);
    EXPECT_FLOAT_EQ(overlayRange(kOverlayFirstWet, s, 42.0), 42.0f);
    EXPECT_FLOAT_EQ(overlayRange(kOverlayFirstWet, s, -1), 1.0f);
    EXPECT_GT(overlayRange(kOverlayFirstWet, s, 0.0), 0.0f) << "a zero range would divide by zero";
}

/// Every column of the drawn bar decodes (with `decode`: overlayRampValue or overlayDivergingValue)
/// to its place along the bar (within `tolerance`), left to right.
void expectBarShows(const RgbImage& im, const LegendBox& b, float (*decode)(const glm::vec3&, float*), float tolerance) {
    const int row = b.barY + b.barH / 2;
    float previous = -1;
    for (int x = b.barX; x < b.barX + b.barW; ++x) {
        const unsigned char* p = &im.rgb[(std::size_t(row) * std::size_t(im.width) + std::size_t(x)) * 3];
        float distance = 1;
        const float t = decode({p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f}, &distance);
        EXPECT_LT(distance, 0.01f) << "column " << x << " is not a colour of the ramp";
        EXPECT_NEAR(t, (float(x - b.barX) + 0.5f) / float(b.barW), tolerance) << "column " << x;
        EXPECT_GE(t, previous - 0.005f) << "the bar is not monotonic at column " << x;
        previous = t;
    }
}

TEST(OverlayLegend, DrawnBarShowsTheRampLeftToRight) {
    RgbImage im = blankImage(640, 400, 128);
    ViewSettings s;
    const LegendBox b = drawOverlayLegend(im, *overlayLegend(kOverlayCourant, s, -1));
    // Inside the image, in the bottom-right corner.
    EXPECT_GE(b.x, im.width / 2);
    EXPECT_GE(b.y, im.height / 2);
    EXPECT_LE(b.x + b.w, im.width);
    EXPECT_LE(b.y + b.h, im.height);
    ASSERT_GT(b.barW, 100);
    expectBarShows(im, b, [](const glm::vec3& c, float* d) { return overlayRampValue(c, d); }, 0.02f);
    // Labels and notes are drawn: light text pixels below the bar.
    int text = 0;
    for (int y = b.barY + b.barH; y < b.y + b.h; ++y)
        for (int x = b.x; x < b.x + b.w; ++x) text += im.rgb[(std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 3] > 200;
    EXPECT_GT(text, 60);
}

TEST(OverlayLegend, ErosionOverlaysHaveTheirUnitsAndRanges) {
    ViewSettings s;
    s.overlaySedimentMaxM = 0.04f;
    s.overlaySoftMaxM = 4.0f;
    s.overlayBedChangeMaxM = 0.5f;
    auto sediment = overlayLegend(kOverlaySediment, s, -1);
    ASSERT_TRUE(sediment);
    EXPECT_EQ(sediment->heading(), "suspended sediment (m)");
    EXPECT_EQ(sediment->label(1.0f), "0.04 m");
    EXPECT_EQ(sediment->greyMeans, "dry");
    auto soft = overlayLegend(kOverlaySoft, s, -1);
    EXPECT_EQ(soft->heading(), "soft layer (m)");
    EXPECT_EQ(soft->label(0.5f), "2 m");
    EXPECT_EQ(soft->greyMeans, "no erosion");
    // Bed change is signed: -range on the left, 0 in the middle, +range on the right.
    auto bed = overlayLegend(kOverlayBedChange, s, -1);
    EXPECT_EQ(bed->heading(), "bed change (m)");
    EXPECT_TRUE(bed->diverging);
    EXPECT_EQ(bed->label(0.0f), "-0.5 m");
    EXPECT_EQ(bed->label(0.5f), "0 m");
    EXPECT_EQ(bed->label(1.0f), "0.5 m");
    EXPECT_FLOAT_EQ(overlayRange(kOverlayBedChange, s, -1), 0.5f);
    EXPECT_FLOAT_EQ(overlayRange(kOverlaySediment, s, -1), 0.04f);
    EXPECT_FLOAT_EQ(overlayRange(kOverlaySoft, s, -1), 4.0f);
    // Its notes say what the ends mean, in the ends' colours: red carved, blue deposited.
    const auto notes = bed->notes();
    ASSERT_EQ(notes.size(), 3u);
    EXPECT_EQ(notes[1].text, "= carved");
    EXPECT_GT(notes[1].display.r, notes[1].display.b + 0.3f);
    EXPECT_EQ(notes[2].text, "= deposited");
    EXPECT_GT(notes[2].display.b, notes[2].display.r + 0.3f);
}

TEST(OverlayLegend, DrawnDivergingBarRunsFromCarvedToDeposited) {
    RgbImage im = blankImage(640, 400, 128);
    ViewSettings s;
    const LegendBox b = drawOverlayLegend(im, *overlayLegend(kOverlayBedChange, s, -1));
    expectBarShows(im, b, [](const glm::vec3& c, float* d) { return overlayDivergingValue(c, d); }, 0.03f);
    // Red on the left (carved), near-white in the middle (no change), blue on the right (deposited).
    const glm::vec3 left = overlayDivergingColor(0.0f), middle = overlayDivergingColor(0.5f), right = overlayDivergingColor(1.0f);
    EXPECT_GT(left.r, left.b + 0.2f);
    EXPECT_GT(right.b, right.r + 0.2f);
    EXPECT_GT(std::min({middle.r, middle.g, middle.b}), 0.9f);
}

TEST(OverlayLegend, SmallImagesAreNotOverrun) {
    RgbImage im = blankImage(64, 32, 0);
    ViewSettings s;
    drawOverlayLegend(im, *overlayLegend(kOverlayDepth, s, -1));  // clipped, no write out of bounds
    SUCCEED();
}

}  // namespace
}  // namespace sluice::render

// Overlay legends (render/overlay_legend.hpp): their names, units and ranges match what the renderer
// draws with, and the CPU-drawn colour bar shows the overlay ramp's own colours, 0 on the left to
// the full range on the right. No GL: the legend is drawn into an image in memory.
#include <gtest/gtest.h>

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
    const int row = b.barY + b.barH / 2;
    float previous = -1;
    for (int x = b.barX; x < b.barX + b.barW; ++x) {
        const unsigned char* p = &im.rgb[(std::size_t(row) * std::size_t(im.width) + std::size_t(x)) * 3];
        float distance = 1;
        const float t = overlayRampValue({p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f}, &distance);
        EXPECT_LT(distance, 0.01f) << "column " << x << " is not a ramp colour";
        EXPECT_NEAR(t, (float(x - b.barX) + 0.5f) / float(b.barW), 0.02f) << "column " << x;
        EXPECT_GE(t, previous - 0.005f) << "the bar is not monotonic at column " << x;
        previous = t;
    }
    // Labels and notes are drawn: light text pixels below the bar.
    int text = 0;
    for (int y = b.barY + b.barH; y < b.y + b.h; ++y)
        for (int x = b.x; x < b.x + b.w; ++x) text += im.rgb[(std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 3] > 200;
    EXPECT_GT(text, 60);
}

TEST(OverlayLegend, SmallImagesAreNotOverrun) {
    RgbImage im = blankImage(64, 32, 0);
    ViewSettings s;
    drawOverlayLegend(im, *overlayLegend(kOverlayDepth, s, -1));  // clipped, no write out of bounds
    SUCCEED();
}

}  // namespace
}  // namespace sluice::render

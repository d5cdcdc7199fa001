// The viewer's pure parts, without a window: where the views go beside the sidebar (view_layout)
// and when the automatic render scale moves (render_scale).
#include <gtest/gtest.h>

#include "app/window/render_scale.hpp"
#include "app/window/view_layout.hpp"

using namespace sluice::app;

namespace {

SidebarPlacement sidebarAt(float x, float w) { return {WindowRect{x, 30, w, 700}, false}; }

}  // namespace

TEST(ViewLayout, FreeAreaIsBesideTheSidebarAndBelowTheMenuBar) {
    const SidebarPlacement left = sidebarAt(10, 380);
    const ViewLayout l = ViewLayout::compute(1280, 800, 1280, 800, 19, &left, 1);
    EXPECT_FLOAT_EQ(l.free().x, 390);
    EXPECT_FLOAT_EQ(l.free().y, 19);
    EXPECT_FLOAT_EQ(l.free().w, 890);
    EXPECT_FLOAT_EQ(l.free().h, 781);
    const PixelRect p = l.panePixels(0);  // GL origin bottom-left
    EXPECT_EQ(p.x, 390);
    EXPECT_EQ(p.y, 0);
    EXPECT_EQ(p.w, 890);
    EXPECT_EQ(p.h, 781);
    float lx = 0, ly = 0;
    EXPECT_EQ(l.paneAt(835, 409.5f, &lx, &ly), 0);
    EXPECT_FLOAT_EQ(lx, 445);
    EXPECT_FLOAT_EQ(ly, 390.5f);
    EXPECT_EQ(l.paneAt(200, 400), -1) << "under the sidebar";
    EXPECT_EQ(l.paneAt(800, 5), -1) << "under the menu bar";
}

TEST(ViewLayout, SidebarOnTheRightLeavesTheLeftFree) {
    const SidebarPlacement right = sidebarAt(890, 380);
    const ViewLayout l = ViewLayout::compute(1280, 800, 1280, 800, 19, &right, 1);
    EXPECT_FLOAT_EQ(l.free().x, 0);
    EXPECT_FLOAT_EQ(l.free().w, 890);
}

TEST(ViewLayout, CollapsedOrHugeSidebarLeavesTheWholeWidth) {
    SidebarPlacement collapsed = sidebarAt(10, 380);
    collapsed.collapsed = true;
    EXPECT_FLOAT_EQ(ViewLayout::compute(1280, 800, 1280, 800, 19, &collapsed, 1).free().w, 1280);
    const SidebarPlacement huge = sidebarAt(300, 800);  // leaves 300 and 180: too narrow for a view
    EXPECT_FLOAT_EQ(ViewLayout::compute(1280, 800, 1280, 800, 19, &huge, 1).free().w, 1280);
    EXPECT_FLOAT_EQ(ViewLayout::compute(1280, 800, 1280, 800, 19, nullptr, 1).free().w, 1280);
}

TEST(ViewLayout, SideBySidePanesTileTheFreeArea) {
    const SidebarPlacement left = sidebarAt(10, 380);
    const ViewLayout l = ViewLayout::compute(1280, 800, 1280, 800, 19, &left, 2);
    const PixelRect a = l.panePixels(0), b = l.panePixels(1);
    EXPECT_EQ(a.x, 390);
    EXPECT_EQ(a.x + a.w, b.x) << "a gap or an overlap between A and B";
    EXPECT_EQ(b.x + b.w, 1280);
    EXPECT_EQ(l.paneAt(600, 400), 0);
    EXPECT_EQ(l.paneAt(1000, 400), 1);
    float lx = 0, ly = 0;
    ASSERT_EQ(l.paneAt(835 + 10, 400, &lx, &ly), 1);
    EXPECT_FLOAT_EQ(lx, 10) << "pane-local pixels start at the pane's left edge";
}

TEST(ViewLayout, HiDpiScalesToDrawablePixels) {
    const SidebarPlacement left = sidebarAt(10, 380);
    const ViewLayout l = ViewLayout::compute(1280, 800, 2560, 1600, 19, &left, 1);
    const PixelRect p = l.panePixels(0);
    EXPECT_EQ(p.x, 780);
    EXPECT_EQ(p.w, 1780);
    EXPECT_EQ(p.h, 1562);
}

namespace {
/// Feeds `frames` frames of the given times; returns the scale after them.
float feed(RenderScaleControl& c, int frames, double frameSeconds, double drawSeconds) {
    for (int i = 0; i < frames; ++i) c.frame({frameSeconds, drawSeconds});
    return c.scale();
}
}  // namespace

TEST(RenderScale, StaysSharpWhenTheSimulationTakesTheFrame) {
    // --speed 30 on llvmpipe: 250 ms frames, of which drawing the map takes 15 ms. Shrinking the
    // views would win nothing back; the scale used to fall to its 0.25 floor here (issue 15).
    RenderScaleControl c(1.0f, true);
    EXPECT_EQ(feed(c, 240, 0.250, 0.015), 1.0f);
    RenderScaleControl low(0.5f, true);  // the software start grows back to full resolution
    EXPECT_EQ(feed(low, 600, 0.250, 0.015), 1.0f);
}

TEST(RenderScale, ShrinksWhenDrawingTakesTheFrame) {
    RenderScaleControl c(1.0f, true);
    EXPECT_LT(feed(c, 24, 0.150, 0.120), 0.9f);
    EXPECT_EQ(feed(c, 600, 0.150, 0.120), RenderScaleControl::kMinScale);
}

TEST(RenderScale, SettlesWhereDrawingFitsTheFrameBudget) {
    // Drawing costs 160 ms x scale^2 on top of 20 ms of simulation: the scale settles where frames
    // are neither slow (> 85 ms with drawing a large share) nor fast (< 55 ms).
    RenderScaleControl c(1.0f, true);
    for (int i = 0; i < 2400; ++i) {
        const double draw = 0.160 * double(c.scale()) * double(c.scale());
        c.frame({0.020 + draw, draw});
    }
    const double draw = 0.160 * double(c.scale()) * double(c.scale());
    EXPECT_LE(0.020 + draw, RenderScaleControl::kSlowSeconds / 0.9 / 0.9);
    EXPECT_GE(0.020 + draw, RenderScaleControl::kFastSeconds * 0.9);
}

TEST(RenderScale, FixedScaleNeverMoves) {
    RenderScaleControl c(0.7f, false);
    EXPECT_EQ(feed(c, 240, 0.5, 0.5), 0.7f);
}

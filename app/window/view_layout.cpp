#include "app/window/view_layout.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::app {

ViewLayout ViewLayout::compute(int winW, int winH, int drawW, int drawH, float menuBarH, const SidebarPlacement* sidebar,
                               int panes) {
    ViewLayout l;
    l.panes_ = std::clamp(panes, 1, 2);
    l.drawW_ = std::max(drawW, 1);
    l.drawH_ = std::max(drawH, 1);
    l.pixelScale_ = float(l.drawW_) / float(std::max(winW, 1));
    const float W = float(std::max(winW, 1)), H = float(std::max(winH, 1));
    const float top = std::clamp(menuBarH, 0.0f, H - 1.0f);
    float left = 0, right = W;
    if (sidebar && !sidebar->collapsed && sidebar->rect.w > 0) {
        const float sLeft = std::clamp(sidebar->rect.x, 0.0f, W), sRight = std::clamp(sidebar->rect.x + sidebar->rect.w, 0.0f, W);
        // The wider side of the column the sidebar covers; ties go to the right (the usual dock is left).
        if (W - sRight >= sLeft) left = sRight;
        else right = sLeft;
        if (right - left < kMinFreeFraction * W) left = 0, right = W;
    }
    l.free_ = WindowRect{left, top, right - left, H - top};
    return l;
}

WindowRect ViewLayout::pane(int i) const {
    const float w = free_.w / float(panes_);
    return WindowRect{free_.x + float(i) * w, free_.y, w, free_.h};
}

PixelRect ViewLayout::freePixels() const {
    PixelRect first = panePixels(0), last = panePixels(panes_ - 1);
    first.w = last.x + last.w - first.x;
    return first;
}

PixelRect ViewLayout::panePixels(int i) const {
    const WindowRect r = pane(i);
    // Edges are rounded, not sizes, so two panes tile the free area without a gap or an overlap.
    const int x0 = int(std::lround(r.x * pixelScale_)), x1 = int(std::lround((r.x + r.w) * pixelScale_));
    const int yTop = int(std::lround(r.y * pixelScale_)), yBottom = int(std::lround((r.y + r.h) * pixelScale_));
    PixelRect p;
    p.x = std::clamp(x0, 0, drawW_ - 1);
    p.w = std::max(1, std::min(x1, drawW_) - p.x);
    p.y = std::clamp(drawH_ - yBottom, 0, drawH_ - 1);
    p.h = std::max(1, std::min(drawH_ - yTop, drawH_) - p.y);
    return p;
}

int ViewLayout::paneAt(float x, float y, float* localPx, float* localPy) const {
    for (int i = 0; i < panes_; ++i) {
        if (!pane(i).contains(x, y)) continue;
        const PixelRect p = panePixels(i);
        if (localPx) *localPx = x * pixelScale_ - float(p.x);
        if (localPy) *localPy = float(drawH_) - y * pixelScale_ - float(p.y);
        return i;
    }
    return -1;
}

}  // namespace sluice::app

#pragma once
// Where the views go in the window: the free area beside the docked sidebar and below the menu bar
// (as an editor's viewport is the area its docked panels leave), split into one pane per view (one
// view, or A and B side by side). Pure geometry, no GL, SDL or ImGui: unit-tested on its own.
//
// Two coordinate systems: window units (SDL's and ImGui's, origin top-left, y down) and drawable
// pixels (GL's, origin bottom-left, y up; `pixelScale` drawable pixels per window unit on HiDPI).
namespace sluice::app {

/// A rectangle in window units (origin top-left).
struct WindowRect {
    float x = 0, y = 0, w = 0, h = 0;
    bool contains(float px, float py) const { return px >= x && px < x + w && py >= y && py < y + h; }
};

/// A rectangle in drawable pixels (origin bottom-left, as glViewport takes it).
struct PixelRect {
    int x = 0, y = 0, w = 1, h = 1;
};

/// The sidebar as ImGui placed it this frame.
struct SidebarPlacement {
    WindowRect rect;
    bool collapsed = false;  ///< only its title bar shows: it covers no column
};

class ViewLayout {
public:
    /// The free area is never narrower than this fraction of the window: a sidebar dragged to the
    /// middle or widened past it floats over a full-width view instead of squeezing it.
    static constexpr float kMinFreeFraction = 0.3f;

    ViewLayout() = default;
    /// Window of winW x winH units (drawW x drawH pixels), a menu bar menuBarH units tall at the top,
    /// the sidebar (it covers the column between its left and right edges; the views take the wider
    /// side), and `panes` views side by side (1 or 2).
    static ViewLayout compute(int winW, int winH, int drawW, int drawH, float menuBarH, const SidebarPlacement* sidebar,
                              int panes);

    const WindowRect& free() const { return free_; }
    int paneCount() const { return panes_; }
    /// Pane i (0 = left, A) in window units / in drawable pixels.
    WindowRect pane(int i) const;
    PixelRect panePixels(int i) const;
    /// The whole free area in drawable pixels (what a "world only" recording captures).
    PixelRect freePixels() const;
    /// The pane under window point (x, y), or -1; `localPx` / `localPy` get the point in that pane's
    /// drawable pixels (origin bottom-left of the pane), the coordinates its view draws in.
    int paneAt(float x, float y, float* localPx = nullptr, float* localPy = nullptr) const;
    float pixelScale() const { return pixelScale_; }
    int drawW() const { return drawW_; }
    int drawH() const { return drawH_; }

private:
    WindowRect free_{0, 0, 1, 1};
    int panes_ = 1;
    float pixelScale_ = 1;
    int drawW_ = 1, drawH_ = 1;
};

}  // namespace sluice::app

#pragma once
// Automatic render scale for software renderers: the views' internal resolution follows the time
// spent drawing them, so a CPU rasteriser (llvmpipe) keeps the window responsive instead of shading
// every window pixel. The scale buys back drawing time only: when the simulation takes the frame
// (a high --speed), a blurred view would make nothing faster, so the scale shrinks only while drawing
// is the bottleneck. It moves in small steps between limits, at most once per measuring window, with
// a dead band against oscillation.
namespace sluice::app {

/// One frame's wall time and the part of it spent drawing the views (seconds). The rest is the
/// simulation, the panels, input and the swap.
struct FrameTimes {
    double frameSeconds = 0;
    double drawSeconds = 0;
};

class RenderScaleControl {
public:
    /// `scale` is the starting (or fixed) fraction of the window's resolution per axis; `adaptive`
    /// lets frame() move it within [kMinScale, kMaxScale].
    RenderScaleControl(float scale, bool adaptive) : scale_(scale), adaptive_(adaptive) {}

    static constexpr float kMinScale = 0.25f, kMaxScale = 1.0f;
    /// Frame times the scale aims between (seconds). 85 ms keeps 10 fps with room for the
    /// simulation's share of each frame.
    static constexpr double kSlowSeconds = 0.085, kFastSeconds = 0.055;
    /// Drawing is the bottleneck when it takes at least this share of a slow frame: only then does
    /// the scale shrink.
    static constexpr double kDrawBottleneckShare = 0.4;
    /// Drawing this cheap (seconds per frame) lets the scale grow even in slow frames: a step adds
    /// ~10 % of pixels, under 2 ms, whatever else the frame does.
    static constexpr double kCheapDrawSeconds = 0.02;
    static constexpr int kWindowFrames = 12;  ///< frames averaged per decision

    /// Reports one frame's times.
    void frame(const FrameTimes& t);
    float scale() const { return scale_; }
    bool adaptive() const { return adaptive_; }
    /// The user picked a scale (panel): fixed from now on.
    void set(float scale) {
        scale_ = scale;
        adaptive_ = false;
    }

private:
    float scale_;
    bool adaptive_;
    FrameTimes sum_;
    int frames_ = 0;
};

}  // namespace sluice::app

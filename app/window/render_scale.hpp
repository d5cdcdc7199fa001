#pragma once
// Automatic render scale for software renderers: the views' internal resolution follows the measured
// frame time, so a CPU rasteriser (llvmpipe) keeps the window responsive instead of shading every
// window pixel. Frame time there is mostly per-pixel work, so the scale moves in small steps between
// limits, at most once per measuring window, with a dead band against oscillation.
namespace sluice::app {

class RenderScaleControl {
public:
    /// `scale` is the starting (or fixed) fraction of the window's resolution per axis; `adaptive`
    /// lets frame() move it within [kMinScale, kMaxScale].
    RenderScaleControl(float scale, bool adaptive) : scale_(scale), adaptive_(adaptive) {}

    static constexpr float kMinScale = 0.25f, kMaxScale = 1.0f;
    /// Frame times the scale aims between (seconds): above the upper one it shrinks, below the lower
    /// one it grows. 85 ms keeps 10 fps with room for the simulation's share of each frame.
    static constexpr double kSlowSeconds = 0.085, kFastSeconds = 0.055;
    static constexpr int kWindowFrames = 12;  ///< frames averaged per decision

    /// Reports one frame's wall time (seconds).
    void frame(double seconds);
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
    double sumSeconds_ = 0;
    int frames_ = 0;
};

}  // namespace sluice::app

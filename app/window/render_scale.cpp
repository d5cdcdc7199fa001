#include "app/window/render_scale.hpp"

#include <algorithm>

namespace sluice::app {

void RenderScaleControl::frame(const FrameTimes& t) {
    if (!adaptive_) return;
    sum_.frameSeconds += t.frameSeconds;
    sum_.drawSeconds += t.drawSeconds;
    if (++frames_ < kWindowFrames) return;
    const double frame = sum_.frameSeconds / frames_, draw = sum_.drawSeconds / frames_;
    sum_ = {};
    frames_ = 0;
    // Pixels go with the square of the scale: 0.9 per axis is ~20 % fewer pixels per step.
    const bool drawingBound = frame > kSlowSeconds && draw >= kDrawBottleneckShare * frame;
    if (drawingBound) scale_ = std::max(kMinScale, scale_ * 0.9f);
    else if (frame < kFastSeconds || draw < kCheapDrawSeconds) scale_ = std::min(kMaxScale, scale_ * 1.05f);
}

}  // namespace sluice::app

#include "app/window/render_scale.hpp"

#include <algorithm>

namespace sluice::app {

void RenderScaleControl::frame(double seconds) {
    if (!adaptive_) return;
    sumSeconds_ += seconds;
    if (++frames_ < kWindowFrames) return;
    const double mean = sumSeconds_ / frames_;
    sumSeconds_ = 0;
    frames_ = 0;
    // Pixels go with the square of the scale: 0.9 per axis is ~20 % fewer pixels per step.
    if (mean > kSlowSeconds) scale_ = std::max(kMinScale, scale_ * 0.9f);
    else if (mean < kFastSeconds) scale_ = std::min(kMaxScale, scale_ * 1.05f);
}

}  // namespace sluice::app

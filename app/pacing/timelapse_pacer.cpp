#include "app/pacing/timelapse_pacer.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::app {

namespace {
/// Most steps a frame may run: far beyond any grid's need, a bound on a runaway estimate.
constexpr double kMaxStepsPerFrame = 1e6;
/// Wall time the speed-up and frame rate are averaged over (seconds).
constexpr double kWindowSeconds = 1.0;
/// The longest frame the half-and-half rule aims for (seconds): below 10 fps a view stops feeling live.
constexpr double kSlowestFrameSeconds = 0.1;
/// Frames after a start or reset that do not inform the drawing-time estimate (shader compiles).
constexpr long long kSettleFrames = 3;
/// One-step frames in a row over the target that show the drawing alone is too slow for it.
constexpr int kSlowFrames = 30;
}  // namespace

TimeLapsePacer::TimeLapsePacer(double targetFrameSeconds)
    : target_(std::isfinite(targetFrameSeconds) && targetFrameSeconds > 0 ? targetFrameSeconds : 1.0 / 33.0) {}

void TimeLapsePacer::frameDone(int steps, double dtSeconds, double frameSeconds) {
    if (!(frameSeconds > 0) || !std::isfinite(frameSeconds)) return;
    const double simulated = std::max(steps, 0) * (std::isfinite(dtSeconds) ? std::max(dtSeconds, 0.0) : 0.0);
    window_.push_back({simulated, frameSeconds});
    windowSimulated_ += simulated;
    windowWall_ += frameSeconds;
    while (window_.size() > 1 && windowWall_ - window_.front().wall >= kWindowSeconds) {
        windowSimulated_ -= window_.front().simulated;
        windowWall_ -= window_.front().wall;
        window_.pop_front();
    }
    // A frame of one step is (nearly) the drawing alone. When that already takes longer than the
    // target (a software renderer), the frame rate cannot be held: the simulation then gets as much
    // of each frame as the drawing, half of it, instead of one step a frame, as long as frames stay
    // under 0.1 s.
    // It takes kSlowFrames one-step frames in a row over the target, after the first frames (shader
    // compiles), to decide so: a fast machine whose first frames are slow while the renderer makes
    // its maps leaves one step long before. Stalls (over 3x the estimate) do not move the estimate;
    // a frame under the target ends the rule.
    if (++framesSeen_ > kSettleFrames && !slowDrawing_) {
        if (steps <= 1 && frameSeconds > target_) {
            oneStepSeconds_ = oneStepSeconds_ <= 0 ? frameSeconds : 0.8 * oneStepSeconds_ + 0.2 * frameSeconds;
            slowDrawing_ = ++slowFrames_ >= kSlowFrames;
        } else {
            slowFrames_ = 0;
            oneStepSeconds_ = 0;
        }
    } else if (slowDrawing_ && frameSeconds < target_) {
        slowDrawing_ = false;  // frames under the target after all (a lighter view): back to it
        slowFrames_ = 0;
        oneStepSeconds_ = 0;
    } else if (slowDrawing_ && steps <= 1 && frameSeconds < 3.0 * oneStepSeconds_) {
        oneStepSeconds_ = 0.8 * oneStepSeconds_ + 0.2 * frameSeconds;
    }
    const double target = slowDrawing_ ? std::max(target_, std::min(2.0 * oneStepSeconds_, kSlowestFrameSeconds)) : target_;
    // Scale the count this frame was asked for (kept fractional, so small corrections add up), or
    // what it ran when that differs (a frame that stepped less: paused, a single step).
    const double base = steps == steps_ ? wanted_ : double(std::max(steps, 1));
    wanted_ = std::clamp(base * std::clamp(target / frameSeconds, 0.5, 1.5), 1.0, kMaxStepsPerFrame);
    steps_ = int(std::floor(wanted_));
}

double TimeLapsePacer::speedUp() const { return windowWall_ > 0 ? windowSimulated_ / windowWall_ : 0.0; }

double TimeLapsePacer::framesPerSecond() const { return windowWall_ > 0 ? double(window_.size()) / windowWall_ : 0.0; }

void TimeLapsePacer::reset() {
    steps_ = 1;
    wanted_ = 1.0;
    oneStepSeconds_ = 0;
    framesSeen_ = 0;
    slowFrames_ = 0;
    slowDrawing_ = false;
    window_.clear();
    windowSimulated_ = windowWall_ = 0;
}

}  // namespace sluice::app

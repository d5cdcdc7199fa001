#include "app/pacing/timelapse_pacer.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::app {

namespace {
/// Most steps a frame may run: far beyond any grid's need, a bound on a runaway estimate.
constexpr double kMaxStepsPerFrame = 1e6;
/// Wall time the speed-up and frame rate are averaged over (seconds).
constexpr double kWindowSeconds = 1.0;
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
    // Scale the count this frame was asked for (kept fractional, so small corrections add up), or
    // what it ran when that differs (a frame that stepped less: paused, a single step).
    const double base = steps == steps_ ? wanted_ : double(std::max(steps, 1));
    wanted_ = std::clamp(base * std::clamp(target_ / frameSeconds, 0.5, 1.5), 1.0, kMaxStepsPerFrame);
    steps_ = int(std::floor(wanted_));
}

double TimeLapsePacer::speedUp() const { return windowWall_ > 0 ? windowSimulated_ / windowWall_ : 0.0; }

double TimeLapsePacer::framesPerSecond() const { return windowWall_ > 0 ? double(window_.size()) / windowWall_ : 0.0; }

void TimeLapsePacer::reset() {
    steps_ = 1;
    wanted_ = 1.0;
    window_.clear();
    windowSimulated_ = windowWall_ = 0;
}

}  // namespace sluice::app

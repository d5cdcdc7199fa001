#include "app/window/window_recording.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace sluice::app {

bool WindowRecorder::start(const PixelRect& region, Simulation& s) {
    const int width = region.w, height = region.h;
    auto scratch = render::OffscreenTarget::create(width, height);
    if (!scratch) {
        state.failed = true;
        state.message = scratch.error().message;
        return false;
    }
    scratch_.emplace(std::move(*scratch));
    auto opened = VideoRecorder::open(state.path, width, height, double(state.fps));
    state.failed = !opened;
    state.message = opened ? "" : opened.error().message;
    if (!opened) {
        std::cerr << "error: " << opened.error().message << "\n";
        return false;
    }
    recorder_ = std::move(*opened);
    width_ = width;
    height_ = height;
    state.active = true;
    state.frames = 0;
    // Fixed steps per video frame: `speed` simulated seconds per second of video.
    const double dt = s.solver->params().dtSeconds;
    s.fixedStepsPerFrame = std::max(1, int(std::lround(double(s.speed) / (state.fps * dt))));
    return true;
}

void WindowRecorder::stop(const std::string& why, Simulation& s) {
    if (!recorder_) return;
    const auto done = recorder_->finish();
    state.failed = !done;
    state.message = done ? "saved " + std::string(state.path) + " (" + std::to_string(state.frames) + " frames)" + why
                         : done.error().message;
    if (!done) std::cerr << "error: " << done.error().message << "\n";
    recorder_.reset();
    state.active = false;
    s.fixedStepsPerFrame = s.stepsPerFrameOption;
}

void WindowRecorder::capture(const PixelRect& region, Simulation& s) {
    if (!recorder_) return;
    if (region.w != width_ || region.h != height_) return stop(" - stopped: the recorded area changed size", s);
    // The region to (0, 0) of the scratch target, which the recorder reads back asynchronously.
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glBlitNamedFramebuffer(0, scratch_->framebuffer(), region.x, region.y, region.x + region.w, region.y + region.h, 0, 0,
                           region.w, region.h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    if (auto ok = recorder_->pushFrame(scratch_->framebuffer()); !ok) {
        state.failed = true;
        state.message = ok.error().message;
        recorder_.reset();  // no finish(): the partial video is discarded
        state.active = false;
        s.fixedStepsPerFrame = s.stepsPerFrameOption;
        return;
    }
    state.frames = recorder_->framesPushed();
}

}  // namespace sluice::app

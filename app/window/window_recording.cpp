#include "app/window/window_recording.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace sluice::app {

bool WindowRecorder::start(int width, int height, Simulation& s) {
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
    s.fixedStepsPerFrame = 0;
}

void WindowRecorder::capture(int drawW, int drawH, Simulation& s) {
    if (!recorder_) return;
    if (drawW != width_ || drawH != height_) return stop(" - stopped: the window was resized", s);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    if (auto ok = recorder_->pushFrame(0); !ok) {
        state.failed = true;
        state.message = ok.error().message;
        recorder_.reset();  // no finish(): the partial video is discarded
        state.active = false;
        s.fixedStepsPerFrame = 0;
        return;
    }
    state.frames = recorder_->framesPushed();
}

}  // namespace sluice::app

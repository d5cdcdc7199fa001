#pragma once
// Recording the window (the Record section and --record): frames read back from the default
// framebuffer and encoded by app/record/video_recorder, with fixed simulation steps per video frame
// while recording so that the video shows simulated time evenly however fast the machine is.
#include <memory>
#include <string>

#include "app/record/video_recorder.hpp"
#include "app/window/panels.hpp"
#include "app/window/simulation.hpp"

namespace sluice::app {

class WindowRecorder {
public:
    RecordState state;  ///< what the Record section shows and edits

    /// Starts recording `width` x `height` frames to state.path at state.fps. False (with the message
    /// in state and on stderr) when the output cannot be opened.
    bool start(int width, int height, Simulation& s);
    /// Finishes the video (it appears only now); `why` is appended to the status message.
    void stop(const std::string& why, Simulation& s);
    /// Captures the default framebuffer's back buffer as the next frame; stops when the window was
    /// resized, and discards the partial video on a write error.
    void capture(int drawW, int drawH, Simulation& s);
    bool recording() const { return recorder_ != nullptr; }

private:
    std::unique_ptr<VideoRecorder> recorder_;
    int width_ = 0, height_ = 0;
};

}  // namespace sluice::app

#pragma once
// Recording the window (the Record section and --record): frames read back from the default
// framebuffer and encoded by app/record/video_recorder, with fixed simulation steps per video frame
// while recording so that the video shows simulated time evenly however fast the machine is.
#include <memory>
#include <string>

#include <optional>

#include "app/record/video_recorder.hpp"
#include "app/window/panels.hpp"
#include "app/window/simulation.hpp"
#include "app/window/view_layout.hpp"
#include "render/offscreen_target.hpp"

namespace sluice::app {

class WindowRecorder {
public:
    RecordState state;  ///< what the Record section shows and edits

    /// Starts recording `region` (drawable pixels: the whole window with the panels, else the free
    /// area, the world only) to state.path at state.fps. False (with the message in state and on
    /// stderr) when the output cannot be opened.
    bool start(const PixelRect& region, Simulation& s);
    /// Finishes the video (it appears only now); `why` is appended to the status message.
    void stop(const std::string& why, Simulation& s);
    /// Captures `region` of the default framebuffer's back buffer as the next frame; stops when it
    /// changed size (window resized, sidebar moved), and discards the partial video on a write error.
    void capture(const PixelRect& region, Simulation& s);
    bool recording() const { return recorder_ != nullptr; }

private:
    std::unique_ptr<VideoRecorder> recorder_;
    int width_ = 0, height_ = 0;
    std::optional<render::OffscreenTarget> scratch_;  ///< the region copied to (0, 0) for the read-back
};

}  // namespace sluice::app

#pragma once
// Time-lapse ("as fast as possible", issue 18): how many simulation steps each frame runs so that the
// view keeps drawing at a target frame rate while the simulation takes the rest of every frame. The
// viewer's Simulation panel and `sluice bench --frame --timelapse` use the same pacer, so the figure
// measured headless on the GPU machine is the one the viewer reaches.
//
// Control: after each frame the pacer scales the step count by target / measured frame time (the
// wall time from one frame's start to the next: the steps, the drawing and any wait for the GPU,
// which runs asynchronously and shows up in the next swap or finish), the factor held within
// [1/2, 3/2] per frame so one slow frame (a shader compile, a stall) does not collapse it and the
// count settles within a few frames; at least one step a frame. Where drawing alone takes longer
// than the target (a software renderer), the target becomes twice a one-step frame, at most 0.1 s:
// the simulation gets up to half of each frame rather than one step. Pure arithmetic: unit-tested
// (tests/cli/test_timelapse_pacer.cpp).
#include <deque>

namespace sluice::app {

class TimeLapsePacer {
public:
    /// `targetFrameSeconds`: the frame time to hold (default 1/33 s: at least 30 frames per second
    /// with some margin for frames that run long).
    explicit TimeLapsePacer(double targetFrameSeconds = 1.0 / 33.0);

    /// Steps the next frame should run (>= 1).
    int stepsForNextFrame() const { return steps_; }

    /// A frame that ran `steps` steps of `dtSeconds` each took `frameSeconds` of wall time in all.
    void frameDone(int steps, double dtSeconds, double frameSeconds);

    /// Simulated seconds per wall second over the last second or so of frames (0 before any).
    double speedUp() const;
    /// Frames per wall second over the same window (0 before any).
    double framesPerSecond() const;

    /// Starts over at one step a frame (a new world, a change of dt or backend).
    void reset();

private:
    struct Frame {
        double simulated, wall;
    };
    double target_;
    int steps_ = 1;
    double wanted_ = 1.0;       // the fractional step count the control keeps between frames
    double oneStepSeconds_ = 0; // smoothed wall time of frames that ran one step (0: none yet)
    long long framesSeen_ = 0;  // frames since the start or the last reset
    int slowFrames_ = 0;        // one-step frames in a row over the target
    bool slowDrawing_ = false;  // drawing alone is slower than the target: the half-frame rule applies
    std::deque<Frame> window_;  // the last frames, about one second of wall time
    double windowSimulated_ = 0, windowWall_ = 0;
};

}  // namespace sluice::app

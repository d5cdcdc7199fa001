// The viewer's time-lapse pacer (app/pacing/timelapse_pacer.hpp) on modelled machines: a frame costs
// a fixed drawing time plus a time per step. It settles at the step count that fills the target frame
// time, stays at one step when drawing alone is too slow, rides out a stall, and reports the speed-up
// and frame rate over the last second.
#include <gtest/gtest.h>

#include <cmath>

#include "app/pacing/timelapse_pacer.hpp"

namespace {

using sluice::app::TimeLapsePacer;

constexpr double kTarget = 1.0 / 33.0;

// Runs `frames` frames of a machine whose frame takes drawS + steps * stepS seconds; returns the
// pacer. `lag`: the frame time seen is the previous frame's (a GPU that finishes a frame late).
TimeLapsePacer run(int frames, double drawS, double stepS, bool lag = false) {
    TimeLapsePacer p(kTarget);
    int previous = 1;
    for (int f = 0; f < frames; ++f) {
        const int steps = p.stepsForNextFrame();
        const double seconds = drawS + (lag ? previous : steps) * stepS;
        p.frameDone(steps, 0.1, seconds);
        previous = steps;
    }
    return p;
}

TEST(TimeLapsePacer, SettlesWhereStepsFillTheFrame) {
    // 5 ms of drawing and 0.1 ms a step: (30.3 - 5) / 0.1 = 253 steps fill the frame.
    const TimeLapsePacer p = run(80, 0.005, 0.0001);
    const double ideal = (kTarget - 0.005) / 0.0001;
    EXPECT_NEAR(p.stepsForNextFrame(), ideal, 0.05 * ideal);
    // Speed-up: 0.1 s simulated per step over the frame time, about 25 s / 30 ms.
    EXPECT_NEAR(p.speedUp(), ideal * 0.1 / kTarget, 0.08 * ideal * 0.1 / kTarget);
    EXPECT_GE(p.framesPerSecond(), 30.0);
}

TEST(TimeLapsePacer, StaysAtOneStepWhenDrawingAloneIsTooSlow) {
    const TimeLapsePacer p = run(50, 0.060, 0.0001);
    EXPECT_EQ(p.stepsForNextFrame(), 1);
    EXPECT_NEAR(p.framesPerSecond(), 1.0 / 0.0601, 0.5);
}

TEST(TimeLapsePacer, ConvergesWhenTheFrameTimeArrivesAFrameLate) {
    // An asynchronous GPU: what a frame's steps cost shows up in the next frame's time.
    TimeLapsePacer p(kTarget);
    int previous = 1;
    double lo = 1e9, hi = 0;
    for (int f = 0; f < 200; ++f) {
        const int steps = p.stepsForNextFrame();
        p.frameDone(steps, 0.1, 0.004 + previous * 0.0002);
        previous = steps;
        if (f >= 150) lo = std::min(lo, double(steps)), hi = std::max(hi, double(steps));
    }
    const double ideal = (kTarget - 0.004) / 0.0002;
    EXPECT_GT(lo, 0.8 * ideal) << "no collapse";
    EXPECT_LT(hi, 1.2 * ideal) << "no runaway";
}

TEST(TimeLapsePacer, ALongStallHalvesTheStepsAtMostAndRecovers) {
    TimeLapsePacer p = run(80, 0.005, 0.0001);
    const int settled = p.stepsForNextFrame();
    p.frameDone(settled, 0.1, 0.5);  // a 500 ms stall (a shader compile, a window drag)
    EXPECT_GE(p.stepsForNextFrame(), settled / 2 - 1);
    for (int f = 0; f < 20; ++f) {
        const int steps = p.stepsForNextFrame();
        p.frameDone(steps, 0.1, 0.005 + steps * 0.0001);
    }
    EXPECT_NEAR(p.stepsForNextFrame(), settled, 0.05 * settled);
}

TEST(TimeLapsePacer, ReportsOverTheLastSecondAndResets) {
    TimeLapsePacer p(kTarget);
    for (int f = 0; f < 200; ++f) p.frameDone(100, 0.1, 0.02);  // 10 s simulated per 20 ms frame
    EXPECT_NEAR(p.speedUp(), 500.0, 1e-6);
    EXPECT_NEAR(p.framesPerSecond(), 50.0, 1.0);
    p.reset();
    EXPECT_EQ(p.stepsForNextFrame(), 1);
    EXPECT_EQ(p.speedUp(), 0.0);
    p.frameDone(1, 0.1, -1.0);  // a nonsense frame time is ignored
    EXPECT_EQ(p.framesPerSecond(), 0.0);
}

}  // namespace

// The viewer's time-lapse pacer (app/pacing/timelapse_pacer.hpp) on modelled machines: a frame costs
// a fixed drawing time plus a time per step. It settles at the step count that fills the target frame
// time, gives the simulation half of each frame when drawing alone is too slow for the target, rides
// out a stall, and reports the speed-up and frame rate over the last second.
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

TEST(TimeLapsePacer, WhenDrawingAloneIsTooSlowTheSimulationGetsHalfTheFrame) {
    // 40 ms of drawing (llvmpipe): 30 fps cannot be had; one step a frame would waste the time-lapse.
    // The frame grows to twice the drawing, the steps filling the other half: 400 of 0.1 ms.
    const TimeLapsePacer p = run(120, 0.040, 0.0001);
    EXPECT_NEAR(p.stepsForNextFrame(), 400.0, 0.05 * 400.0);
    EXPECT_NEAR(p.framesPerSecond(), 1.0 / 0.080, 0.5);
    // 70 ms of drawing: frames stop at 0.1 s (10 fps), the steps taking the remaining 30 ms.
    const TimeLapsePacer slow = run(120, 0.070, 0.0001);
    EXPECT_NEAR(slow.stepsForNextFrame(), 300.0, 0.05 * 300.0);
    EXPECT_NEAR(slow.framesPerSecond(), 10.0, 0.5);
    // A fast machine is not slowed by the rule: its one-step frames are far under the target.
    const TimeLapsePacer fast = run(80, 0.005, 0.0001);
    EXPECT_GE(fast.framesPerSecond(), 30.0);
    // Nor by first frames that are slow for a while (shader compiles, then 20 ms while the renderer
    // makes its maps once), as on the GPU machine.
    TimeLapsePacer warming(kTarget);
    for (int f = 0; f < 80; ++f) {
        const int steps = warming.stepsForNextFrame();
        const double draw = f == 0 ? 0.5 : f < 8 ? 0.040 : 0.005;
        warming.frameDone(steps, 0.1, draw + steps * 0.0001);
    }
    EXPECT_GE(warming.framesPerSecond(), 30.0);
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

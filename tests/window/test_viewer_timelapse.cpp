// The viewer's time-lapse (issue 18, "as fast as possible"): with it on, each frame runs the steps the
// pacer asks for instead of following `speed`, more while frames come fast and fewer when they run
// long; the surface is drawn from the newest state (no interpolation between two states); off again,
// the run follows `speed` as before.
#include <gtest/gtest.h>

#include "app/window/simulation.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/water_scenes.hpp"

using namespace sluice;

namespace {

long long stepsOf(const app::Simulation& s) { return s.solver->counters().steps; }

TEST(ViewerTimeLapse, StepsFollowThePacerNotTheSpeed) {
    (void)test::makeSolver("gpu", test::flatScene(8, 8, 1.0f));  // the shared headless context, current from here
    sim::Scene scene = test::damBreakScene();
    app::Simulation s;
    s.scene = &scene;
    s.backend = app::SimBackend::Cpu;
    ASSERT_TRUE(s.start(false));
    s.speed = 1.0f;  // real time: a 5 ms frame owes a small part of one step
    s.timeLapse = true;

    // Frames that come back in 5 ms: the pacer asks for ~1.5x more steps each frame.
    long long before = stepsOf(s);
    int lastSteps = 0;
    for (int f = 0; f < 12; ++f) {
        s.advance(0.005);
        const long long ran = stepsOf(s) - before;
        before = stepsOf(s);
        EXPECT_EQ(ran, s.timeLapseSteps);
        EXPECT_GE(s.timeLapseSteps, lastSteps) << "frame " << f;
        lastSteps = s.timeLapseSteps;
    }
    EXPECT_GT(lastSteps, 20) << "far more than real time's share of a step a frame";
    EXPECT_LT(s.blend(), 0.0f) << "time-lapse draws the newest state";

    // Frames that take 100 ms: the count falls (to at most half per frame, down to one).
    for (int f = 0; f < 12; ++f) s.advance(0.1);
    EXPECT_LT(s.timeLapseSteps, lastSteps / 4);
    EXPECT_GE(s.timeLapseSteps, 1);

    // Off: the run follows `speed` again: 1 s of wall time at speed 1 runs 1 s of steps.
    s.timeLapse = false;
    before = stepsOf(s);
    for (int f = 0; f < 10; ++f) s.advance(0.1);
    const double dt = s.solver->params().dtSeconds;
    EXPECT_NEAR(double(stepsOf(s) - before), 1.0 / dt, 1.0);
}

}  // namespace

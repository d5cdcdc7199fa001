// Per-pass GPU times of the scene renderer and the water history (timestamp queries read frames
// late): nothing is reported before it has finished, every pass gets a positive time once it has, and
// the queries may stand inside the viewer's whole-frame GL_TIME_ELAPSED timer.
#include <gtest/gtest.h>

#include <memory>

#include "gl/gpu_timer.hpp"
#include "render/offscreen_target.hpp"
#include "render/solver_inputs.hpp"
#include "render/water_history.hpp"
#include "sim/builtin_scenes.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

TEST(RenderGpuTimes, EveryPassIsTimedOnceItsFrameHasFinished) {
    const sim::Scene scene = sim::defaultScene(64);
    auto solver = makeSolver("gpu", scene);
    auto renderer = makeRenderer();
    ASSERT_TRUE(solver && renderer);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    auto target = render::OffscreenTarget::create(96, 64);
    ASSERT_TRUE(target.ok());
    render::Camera cam;
    cam.frame(128.0f, 128.0f, 0.0f, 20.0f);

    // The viewer wraps render() in a GL_TIME_ELAPSED query; timestamps inside it are allowed.
    gl::GpuTimer frameTimer;
    frameTimer.begin();
    renderer->render(render::solverInputs(gpu), cam, {}, 96, 64, target->framebuffer());
    frameTimer.end();
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(renderer->lastStats().gpuFrameAge, -1) << "no frame can have finished yet";
    EXPECT_EQ(renderer->lastStats().gpu.totalMs(), 0.0);

    glFinish();
    renderer->collectGpuTimes();
    const render::RenderStats& st = renderer->lastStats();
    EXPECT_EQ(st.gpuFrameAge, 0);
    EXPECT_GT(st.gpu.boundsMs, 0.0);
    EXPECT_GT(st.gpu.skyTerrainMs, 0.0);
    EXPECT_GT(st.gpu.waterMs, 0.0);
    EXPECT_GT(st.gpu.resolveMs, 0.0);
    double sum = 0;
    for (int k = 0; k < render::RenderPassTimes::kCount; ++k) sum += st.gpu.ms(k);
    EXPECT_EQ(sum, st.gpu.totalMs());
    EXPECT_STREQ(render::RenderPassTimes::name(2), "water");

    // The next frame keeps the finished figures while its own are in flight, one frame older.
    const double total = st.gpu.totalMs();
    renderer->render(render::solverInputs(gpu), cam, {}, 96, 64, target->framebuffer());
    EXPECT_EQ(renderer->lastStats().gpuFrameAge, 1);
    EXPECT_EQ(renderer->lastStats().gpu.totalMs(), total);
    glFinish();
}

TEST(RenderGpuTimes, HistoryUpdatesAreTimed) {
    auto solver = makeSolver("gpu", spreadingSourceScene());
    auto history = render::WaterHistory::create();
    ASSERT_TRUE(solver && history);
    auto& gpu = dynamic_cast<sim::GpuSolver&>(*solver);
    EXPECT_EQ((*history)->lastGpuMs(), 0.0);
    stepWithHistory(gpu, **history, 3, 0.05f);
    glFinish();
    (*history)->update(render::solverInputs(gpu), gpu.counters().timeSeconds);  // collects the finished ones
    EXPECT_GT((*history)->lastGpuMs(), 0.0);
}

}  // namespace
}  // namespace sluice::test

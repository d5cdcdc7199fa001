// Where the viewer simulates (issue 15): on a software renderer the CPU's cores are several times
// faster than the GL kernels, so the viewer starts there; --backend and the Simulation panel choose;
// switching keeps the world, its history and its bits (both backends compute the same function).
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "app/window/simulation.hpp"
#include "sim/command.hpp"
#include "sim/field_layout.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/water_scenes.hpp"

using namespace sluice;

namespace {

test::CliRun runViewer(const std::string& args) {
    return test::runCommand("xvfb-run -a -s '-screen 0 1280x800x24' '" + std::string(test::sluiceBinary()) + "' " + args);
}

TEST(ViewerBackend, AShowsWhereItSimulatesAndTheFasterIsTheDefault) {
    const auto byDefault = runViewer("builtin:default:64 --frames 15 --print-fps --autosave-seconds 0");
    ASSERT_EQ(byDefault.exitCode, 0) << byDefault.output;
    // CI and this suite run on llvmpipe: the CPU is the faster backend there.
    ASSERT_NE(byDefault.output.find("llvmpipe"), std::string::npos) << byDefault.output;
    EXPECT_NE(byDefault.output.find("simulated on the CPU"), std::string::npos) << byDefault.output;
    const auto gpu = runViewer("builtin:default:64 --backend gpu --frames 15 --print-fps --autosave-seconds 0");
    ASSERT_EQ(gpu.exitCode, 0) << gpu.output;
    EXPECT_NE(gpu.output.find("simulated on the GPU"), std::string::npos) << gpu.output;
    const auto bad = runViewer("builtin:default:64 --backend quantum --frames 5");
    EXPECT_EQ(bad.exitCode, 2) << bad.output;
    EXPECT_NE(bad.output.find("--backend"), std::string::npos) << bad.output;
}

/// Rain on: a command that changes the world's parameters, undoable.
sim::SetParams rainOn(const sim::Solver& s) {
    sim::SimParams p = s.params();
    p.rainMPerS = 1e-3f;
    return {p};
}

TEST(ViewerBackend, SwitchingMidRunKeepsTheBitsTheHistoryAndWhatIsDrawn) {
    (void)test::makeSolver("gpu", test::flatScene(8, 8, 1.0f));  // the shared headless context, current from here
    sim::Scene scene = test::damBreakScene();
    scene.sources.push_back(test::rateSource(40.0f, 8.0f, 2.0f, 1.0f));

    app::Simulation switched, stayed;
    for (app::Simulation* s : {&switched, &stayed}) {
        s->scene = &scene;
        s->backend = app::SimBackend::Gpu;
        ASSERT_TRUE(s->start(false));
        s->apply(rainOn(*s->solver));
        for (int i = 0; i < 20; ++i) s->singleStep();
    }
    ASSERT_TRUE(switched.setBackend(app::SimBackend::Cpu));
    EXPECT_STREQ(switched.solver->backendName(), "cpu");
    for (app::Simulation* s : {&switched, &stayed})
        for (int i = 0; i < 20; ++i) s->singleStep();
    EXPECT_EQ(switched.solver->download().depthUnits, stayed.solver->download().depthUnits);
    EXPECT_EQ(switched.solver->ledger().residualUnits, 0);

    // What the renderer reads is the CPU solver's state, laid out as a GPU solver of the grid lays out
    // its fields (shaders/sim/field_layout.h).
    switched.syncMirrors();
    const sim::FieldSnapshot now = switched.solver->download();
    const sim::FieldLayout layout(now.width, now.height, sim::GpuSolver::autoFieldOrder(now.width, now.height));
    EXPECT_EQ(switched.drawInputs(0).fieldOrder, layout.order());
    std::vector<std::int32_t> words(layout.words()), drawn(now.depthUnits.size());
    ASSERT_EQ(switched.depthBuffer(0).bytes(), words.size() * 4);
    switched.depthBuffer(0).download(words.data(), words.size() * 4);
    layout.pickOut(words.data(), 0, 0, 0, now.width, now.height, drawn.data());
    EXPECT_EQ(drawn, now.depthUnits);

    // The history made on the GPU undoes on the CPU.
    EXPECT_TRUE(switched.session->canUndo());
    switched.undo();
    EXPECT_EQ(switched.solver->params().rainMPerS, scene.params.rainMPerS);
    // And back to the GPU, still in step with the run that never switched.
    stayed.undo();
    ASSERT_TRUE(switched.setBackend(app::SimBackend::Gpu));
    for (app::Simulation* s : {&switched, &stayed})
        for (int i = 0; i < 10; ++i) s->singleStep();
    EXPECT_EQ(switched.solver->download().depthUnits, stayed.solver->download().depthUnits);
}

}  // namespace

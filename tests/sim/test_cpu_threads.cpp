// The CPU solver on several cores (sim/row_pool.hpp) computes the same bits as on one: every model,
// with sources, drains, rain, evaporation and every boundary kind, loops split into pieces of one or
// a few rows, a thread count that does not divide the rows.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/cpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/water_scenes.hpp"

namespace sluice::test {
namespace {

/// Water moving everywhere over a rough bed, with every kind of exchange.
sim::Scene busyScene(sim::WaterModel model) {
    sim::Scene s = flatScene(72, 45, 1.0f);
    s.params.model = model;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            s.terrainM[i] = 0.3f * std::sin(0.37f * float(x)) * std::cos(0.23f * float(y)) + 0.01f * float(x);
            s.depthM[i] = x < 20 ? 1.5f : (x % 7 == 0 ? 0.0f : 0.2f);
        }
    s.params.rainMPerS = 2e-4f;
    s.params.evaporationMPerS = 5e-5f;
    s.sources.push_back(rateSource(50.0f, 30.0f, 3.0f, 2.0f));
    sim::Emitter drain = rateSource(60.0f, 10.0f, 2.0f, 1.0f);
    s.drains.push_back(drain);
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Inflow, 0.3);
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.boundary.south = sim::BoundarySide::of(sim::BoundaryKind::Level, 0.4);
    s.boundary.north = sim::BoundarySide::of(sim::BoundaryKind::Transmissive);
    return s;
}

void expectSameRun(sim::WaterModel model, int threads, long long minCellsPerWorker) {
    const sim::Scene scene = busyScene(model);
    sim::CpuSolver one(scene, 1), many(scene, threads, minCellsPerWorker);
    ASSERT_EQ(one.threads(), 1);
    ASSERT_EQ(many.threads(), threads);
    for (int step = 0; step < 150; ++step) {
        one.step(0.05f);
        many.step(0.05f);
    }
    const sim::FieldSnapshot a = one.download(), b = many.download();
    EXPECT_EQ(a.depthUnits, b.depthUnits);
    EXPECT_EQ(a.flowXM3PerS, b.flowXM3PerS);
    EXPECT_EQ(a.flowYM3PerS, b.flowYM3PerS);
    EXPECT_EQ(a.faceVelocityXMS, b.faceVelocityXMS);
    EXPECT_EQ(a.faceVelocityYMS, b.faceVelocityYMS);
    const sim::Ledger la = one.ledger(), lb = many.ledger();
    EXPECT_EQ(la.addedM3, lb.addedM3);
    EXPECT_EQ(la.removedM3, lb.removedM3);
    EXPECT_EQ(lb.residualUnits, 0);
    EXPECT_GT(la.addedM3, 0.0);
    EXPECT_GT(la.removedM3, 0.0);
    EXPECT_EQ(one.lastCourant(), many.lastCourant());
    EXPECT_EQ(one.counters().substeps, many.counters().substeps);
    EXPECT_EQ(one.counters().maxCourant, many.counters().maxCourant);
}

TEST(CpuThreads, SweManyThreadsGiveTheBitsOfOne) { expectSameRun(sim::WaterModel::Swe, 7, 1); }
TEST(CpuThreads, PipesManyThreadsGiveTheBitsOfOne) { expectSameRun(sim::WaterModel::Pipes, 7, 1); }
TEST(CpuThreads, TwoThreadsInHalves) { expectSameRun(sim::WaterModel::Swe, 2, 1000); }  // 3240 cells: two pieces

TEST(CpuThreads, TheDefaultUsesTheMachinesCoresOrTheEnvironment) {
    const sim::CpuSolver solver(busyScene(sim::WaterModel::Swe));
    EXPECT_EQ(solver.threads(), sim::RowPool::defaultThreads());
    EXPECT_GE(solver.threads(), 1);
}

TEST(RowPool, EveryRowOnceInContiguousPieces) {
    sim::RowPool pool(5, 1);
    for (int rows : {1, 4, 5, 13, 100}) {
        std::vector<int> seen(std::size_t(rows), 0), worker(std::size_t(rows), -1);
        pool.run(rows, 1, [&](int begin, int end, int w) {
            for (int r = begin; r < end; ++r) {
                ++seen[std::size_t(r)];
                worker[std::size_t(r)] = w;
            }
        });
        for (int r = 0; r < rows; ++r) EXPECT_EQ(seen[std::size_t(r)], 1) << rows << " rows, row " << r;
        for (int r = 1; r < rows; ++r) EXPECT_LE(worker[std::size_t(r - 1)], worker[std::size_t(r)]) << rows;
    }
    // Below the threshold one worker takes everything, on the calling thread.
    sim::RowPool coarse(5, 1000);
    int calls = 0;
    coarse.run(10, 10, [&](int begin, int end, int w) {
        ++calls;
        EXPECT_EQ(begin, 0);
        EXPECT_EQ(end, 10);
        EXPECT_EQ(w, 0);
    });
    EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace sluice::test

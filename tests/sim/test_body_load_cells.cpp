// Solver::setBodyLoadCells, the bodies' load given cell by cell (what a body step sets; on the GPU
// only the cells that may change go up): after loads that move across the grid, each solver holds
// and steps exactly as one given the same loads whole (setBodyLoad), on both backends. A cell loaded
// before and not now must go back to 0.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sim/solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

// A 30 x 20 m basin, 1 m deep, a level held at the west and an outfall at the east.
sim::Scene basin() {
    sim::Scene s = test::flatScene(30, 20, 1.0f);
    for (float& d : s.depthM) d = 1.0f;
    s.boundary.west = sim::BoundarySide::of(sim::BoundaryKind::Level, 1.2);
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    s.params.model = sim::WaterModel::Swe;
    s.params.frictionLaw = sim::defaultFrictionLaw(s.params.model);
    return s;
}

// A block of w x h cells at (x0, y0) loading `metres`, as cells (ascending) and as a whole grid.
struct Load {
    std::vector<std::uint32_t> cells;
    std::vector<float> metres;
    std::vector<float> whole;
};
Load block(int W, int H, int x0, int y0, int w, int h, float metres) {
    Load l;
    l.whole.assign(std::size_t(W) * std::size_t(H), 0.0f);
    for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x) {
            const std::uint32_t c = std::uint32_t(y * W + x);
            l.cells.push_back(c);
            l.metres.push_back(metres + 0.01f * float(x));
            l.whole[c] = l.metres.back();
        }
    return l;
}

std::vector<std::uint32_t> depthWords(sim::Solver& s) {
    std::vector<std::uint32_t> out(std::size_t(s.width()) * std::size_t(s.height()));
    s.readRegion(sim::Solver::Field::Depth, sim::CellBox{0, 0, s.width(), s.height()}, out.data());
    return out;
}

}  // namespace

TEST(BodyLoadCells, HoldAndStepAsTheWholeLoadOnBothBackends) {
    const sim::Scene scene = basin();
    const int W = scene.width, H = scene.height;
    // A block drifting east and growing, then gone.
    const std::vector<Load> loads = {block(W, H, 5, 6, 3, 2, 0.4f), block(W, H, 7, 6, 3, 3, 0.5f),
                                     block(W, H, 12, 9, 4, 2, 0.3f), block(W, H, 12, 9, 0, 0, 0.0f)};
    for (const char* backend : {"cpu", "gpu"}) {
        auto byCells = test::makeSolver(backend, scene);
        auto whole = test::makeSolver(backend, scene);
        ASSERT_TRUE(byCells && whole) << backend;
        for (std::size_t k = 0; k < loads.size(); ++k) {
            byCells->setBodyLoadCells(loads[k].cells, loads[k].metres);
            whole->setBodyLoad(loads[k].whole);
            EXPECT_EQ(byCells->bodyLoad(), loads[k].whole) << backend << ", load " << k;
            for (int i = 0; i < 20; ++i) {
                byCells->step(0.05f);
                whole->step(0.05f);
            }
            EXPECT_EQ(depthWords(*byCells), depthWords(*whole)) << backend << ", after load " << k;
        }
    }
}

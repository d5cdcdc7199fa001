#pragma once
// A known pattern of erosion's fields for the drawing tests (tests/render/test_render_erosion.cpp,
// the map's in tests/window/test_viewer_erosion.cpp): on a flat, dry 48 x 32 grid with erosion state
// (a 2 m soft layer, erosion off), bedrock exposed in the west third, a deposit of +20 cm in the east
// third, ground carved by 30 cm in the south half of the middle third, and the north half of the
// middle third untouched. Written through the solver's own state (saveState / restoreState), so the
// buffers and offsets the renderer reads are the solver's. Header-only.
#include <gtest/gtest.h>

#include <functional>

#include <glm/glm.hpp>

#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"
#include "tests/support/backends.hpp"

namespace sluice::test::erosion_pattern {

constexpr int kW = 48, kH = 32;
constexpr int kRockEnd = 16, kDepositStart = 32, kCarvedEndY = 16;
constexpr float kSoftM = 2.0f, kDepositM = 0.2f, kCarvedM = -0.3f;
/// A cell well inside each region (bilinear blending reaches one cell across region edges).
inline constexpr glm::ivec2 kRockCell{7, 16}, kDepositCell{40, 16}, kCarvedCell{24, 7}, kKeptCell{24, 25};

/// The flat, dry grid with erosion state (not running): a soft layer of kSoftM everywhere.
inline sim::Scene scene() {
    sim::Scene s = flatScene(kW, kH, 1.0f);
    s.erosionSetUp = true;
    s.params.erosion.softThicknessM = kSoftM;
    return s;
}

/// Rewrites the solver's erosion fields cell by cell, through its state.
inline void edit(sim::Solver& solver, const std::function<void(int x, int y, sim::ErosionField& e, std::size_t i)>& f) {
    sim::SolverState state = solver.saveState();
    sim::ErosionField& e = state.field.erosion;
    ASSERT_FALSE(e.empty());
    for (int y = 0; y < solver.height(); ++y)
        for (int x = 0; x < solver.width(); ++x) f(x, y, e, std::size_t(y) * std::size_t(solver.width()) + std::size_t(x));
    ASSERT_TRUE(solver.restoreState(state));
}

/// Paints the pattern onto a solver of scene().
inline void paint(sim::Solver& solver) {
    edit(solver, [](int x, int y, sim::ErosionField& e, std::size_t i) {
        if (x < kRockEnd) e.softUnits[i] = 0;
        if (x >= kDepositStart) {
            e.bedChangeUnits[i] = sim::depthToUnits(kDepositM);
            e.softUnits[i] += sim::depthToUnits(kDepositM);
        }
        if (x >= kRockEnd && x < kDepositStart && y < kCarvedEndY) {
            e.bedChangeUnits[i] = -sim::depthToUnits(-kCarvedM);
            e.softUnits[i] -= sim::depthToUnits(-kCarvedM);
        }
    });
}

}  // namespace sluice::test::erosion_pattern

#pragma once
// Mountain relief carved by rivers, for the built-in worlds (sim/world_*.cpp). Noise alone gives
// mountains without valleys: ridged noise draws worm-like crests in every direction, which reads as
// contour lines, not as land. Real ranges are cut by branching drainage: every slope leads down a
// gully into a larger valley and out. This computes that shape directly, as the steady state of
// stream-power erosion against uplift (after Braun & Willett 2013 and the steady-state shortcut of
// Cordonnier et al. 2016): along the flow path from each cell to an outlet the slope is
//   S = min(steepness * uplift / sqrt(A), talus),
// A the drainage area in cells (rivers with large catchments run gently, hillslopes stand at the talus
// angle), so heights follow by summing down the drainage tree. The tree comes from the heights, so a
// few passes alternate the two until the network settles. Priority flood (Barnes et al. 2014) orders
// the cells from the outlets up, which also routes closed hollows out over their rims.
//
// Only + - * /, sqrt and integer hashing: bit-identical on every platform, like the rest of the
// procedural terrain.
#include <cstdint>
#include <functional>
#include <vector>

namespace sluice::sim {

struct DrainageOptions {
    int passes = 6;              ///< relief -> tree -> relief alternations (the network settles in ~5)
    double peakCells = 100;      ///< height of the highest point, in cell widths (the stream-power
                                 ///< constant is found to reach it)
    int softenPasses = 2;        ///< 3x3 averages rounding crests (at the solved grid's resolution)
    double talusSlope = 0.9;     ///< steepest slope (height per cell width) of any flow step
    std::uint32_t seed = 1;      ///< breaks ties between equally steep receivers
    int maxSide = 256;           ///< larger grids are solved at an integer stride and interpolated
};

/// What the caller's world says about one cell: `uplift` (>= 0) sets where mountains grow; `initial`
/// (cell widths) is the surface the first drainage tree follows, so the caller's designed shapes and
/// noise survive into the network.
struct DrainageCell {
    double uplift = 0;
    double initial = 0;
};

/// Relief in cell widths of the full grid (multiply by the cell size for metres): 0 at outlets (cells
/// where `outletAt` is true: valley floors, the sea; at a stride, on every block holding one), rising
/// inland to about options.peakCells
/// (softening lowers the peak a little). Grids wider than options.maxSide are solved on blocks of
/// stride x stride cells: a block is an outlet when any of its cells is (so a one-cell-wide outlet is
/// not missed), and `cellAt` is asked only about each block's centre cell.
class DrainageRelief {
public:
    DrainageRelief(int w, int h, const std::function<bool(int x, int y)>& outletAt,
                   const std::function<DrainageCell(int x, int y)>& cellAt, const DrainageOptions& options);

    /// Relief at cell (x, y) of the full grid: a cubic B-spline of the solved cells (smooth slopes).
    double at(int x, int y) const;

private:
    int stride_ = 1, cw_ = 0, ch_ = 0;
    std::vector<double> solved_;  // cw_ x ch_, in cell widths of the full grid
    std::vector<std::uint8_t> outletBlock_;  // cw_ x ch_: the block holds an outlet cell (relief 0)
};

}  // namespace sluice::sim

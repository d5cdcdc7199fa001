#pragma once
// What temporal blocking gives the water models' step (`sluice bench --kernels`, tb rows):
// shaders/sim/water_tile.comp loads a tile with a halo of 2 cells per substep (pipes; 4 for the
// shallow-water model), advances it several
// substeps in registers and shared memory and writes back its inner part, on a periodic grid with the
// step's interior formulas (as the arithmetic ceiling's kernel, without edges, emitters, ledger or dry
// flags). Measured against the two passes in the same run before building it into the step.
#include "gl/result.hpp"
#include "sim/water_patch.hpp"

namespace sluice::app {

/// A tile: x invocations (= cells) wide, threadRows invocations high, each stepping cellRows cells of
/// its column, substeps per pass over memory (the halo is 2 x substeps cells on every side).
struct TileShape {
    int x = 64, threadRows = 8, cellRows = 4, substeps = 2;
    bool swe = false;  ///< the shallow-water model (else the pipes)
    int height() const { return threadRows * cellRows; }
    int halo() const { return (swe ? 4 : 2) * substeps; }
    int innerW() const { return x - 2 * halo(); }
    int innerH() const { return height() - 2 * halo(); }
    /// Whether water_tile.comp can hold it: an inner part left, at most 1024 invocations, the 20
    /// bytes a cell (28 for shallow water) and 8 an invocation of shared memory within `sharedBytes`.
    bool fits(int sharedBytes) const;
    /// DRAM bytes per cell-step by design: bed, depth and the two flows (and velocities) read for
    /// every cell of the tile, all but the bed written for its inner part, once per `substeps`.
    double bytesPerCellStep() const;
};

/// Advances `p` (one patch the size of the grid: periodic) by `substeps` substeps on the GPU with
/// water_tile.comp, in passes of at most shape.substeps; the same bits as sim::stepWaterPatches.
/// shape.swe must match p's model. Needs a current GL 4.5 context.
Result<void> stepWaterTilesGpu(sim::WaterPatches& p, const sim::SubstepConstants& c, float cellSizeM, float gravity,
                               int substeps, const TileShape& shape);

/// Cell-steps per second of water_tile.comp on `scene`'s bed and water (the model shape.swe says)
/// at substeps of dtSub, repeated until a run takes minSeconds.
Result<double> measureTemporalBlocking(const sim::Scene& scene, float dtSub, const TileShape& shape, double minSeconds);

/// GL_MAX_COMPUTE_SHARED_MEMORY_SIZE of the current context.
int maxSharedBytes();

}  // namespace sluice::app

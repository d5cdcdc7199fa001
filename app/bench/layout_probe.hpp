#pragma once
// `sluice bench --layout-probe`: whether a tall narrow wet region costs more per cell than a wide one
// because of where its cells lie in memory. The step's two passes' memory traffic without their
// arithmetic (shaders/sim/layout_probe.comp), over the step's 128 x 2 groups listed as dry skipping
// lists them, with the fields stored row-major or in tiles.
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// A storage layout: tiles of width x height cells stored one after another (0 x 0: row-major); and
/// the order the groups are listed in: rows of groups (as the step lists them), or columns of groups,
/// each from the south edge to the north ("c"), so that tall tiles are walked one after another.
struct ProbeLayout {
    int width = 0, height = 0;
    bool columnOrder = false;
};

/// "row,WxH,WxHc,..." (W a multiple of the group width, H of its height, both powers of two; a
/// trailing c: groups in column order); empty on a malformed list.
std::vector<ProbeLayout> parseProbeLayouts(const std::string& text);

/// What one band of one grid and layout cost.
struct ProbeBand {
    bool columns = false;    ///< a band of whole columns (else of whole rows)
    double fraction = 0;     ///< the band's share of the grid's cells
    double computed = 0;     ///< share of the grid's groups listed (the band and one group around it)
    double msPerSubstep = 0; ///< both passes
};

/// One grid size and layout.
struct ProbeRow {
    int size = 0;
    ProbeLayout layout;
    double allMsPerSubstep = 0;  ///< every group listed
    std::vector<ProbeBand> bands;
};

/// For each size and layout: the whole grid, then a band of columns and one of rows at each fraction.
/// Needs a current GL 4.5 context.
Result<std::vector<ProbeRow>> measureLayoutProbe(const std::vector<int>& sizes, const std::vector<ProbeLayout>& layouts,
                                                 const std::vector<double>& fractions, double minSeconds);

}  // namespace sluice::app

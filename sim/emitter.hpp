#pragma once
// Sources and drains: discs of cells that add or remove water.
#include <vector>

namespace sluice::sim {

/// How an emitter decides how much water to move each substep.
enum class EmitterMode {
    Rate,   ///< move rateM3PerS (spread evenly over the disc's cells); drains never take more than is there
    Level,  ///< source: fill up to levelM; drain: empty down to levelM; at most maxRateM3PerS
};

/// A source or a drain. Position and radius are in cells (x, y are continuous cell coordinates:
/// the centre of cell (i, j) is (i + 0.5, j + 0.5)).
struct Emitter {
    float x = 0.0f, y = 0.0f, radiusCells = 1.0f;
    EmitterMode mode = EmitterMode::Rate;
    float rateM3PerS = 0.0f;       ///< Rate mode: total volume per second over the disc
    float levelM = 0.0f;           ///< Level mode: target water-surface elevation (metres)
    float maxRateM3PerS = 100.0f;  ///< Level mode: cap on the total volume moved per second
    bool enabled = true;
};

/// Cell bounding box and cell count of an emitter's disc. A cell belongs to the disc when its centre
/// lies within the radius; a disc that contains no centre takes the one cell under (x, y).
struct EmitterFootprint {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  ///< inclusive-exclusive box [x0, x1) x [y0, y1), clipped to the grid
    int cellCount = 0;
};

EmitterFootprint footprintOf(const Emitter& e, int width, int height);
bool footprintContains(const Emitter& e, const EmitterFootprint& f, int cx, int cy);

}  // namespace sluice::sim

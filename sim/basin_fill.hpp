#pragma once
// Still water placed in the hollows of a bed: the level at which a basin spills, a flood fill up to a
// level, and every depression filled at once. Used by the built-in worlds to start their lakes,
// reservoirs, seas and paddies full and at rest. Beds are row-major width*height metres; a cell on the
// grid's edge spills over its outer side at its own bed height.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::sim {

/// The level (m) at which water standing in cell (x, y) first spills off the grid: over all 4-connected
/// paths from the cell to the edge, the lowest of the highest bed along the path. Visits only the
/// basin and its rim (a best-first search that stops at the first edge cell).
float spillLevel(const std::vector<float>& bedM, int width, int height, int x, int y);

/// Raises the water to `levelM` in every cell 4-connected to (x, y) through cells whose bed lies below
/// it (depth = level - bed; a cell already deeper keeps its depth). Returns the cells wetted (0 when
/// (x, y) itself lies at or above the level).
std::size_t floodFrom(const std::vector<float>& bedM, std::vector<float>& depthM, int width, int height, int x, int y,
                      float levelM);

/// Fills every depression to `belowSpillM` under its spill level (a priority flood from the edges:
/// Barnes et al. 2014), leaving cells that would get less than `minDepthM` dry. Returns cells wetted.
std::size_t fillDepressions(const std::vector<float>& bedM, std::vector<float>& depthM, int width, int height,
                            float belowSpillM, float minDepthM);

/// Raises the bed of every closed hollow outside `outlet` (w*h, nonzero = leave alone and drain there)
/// until it drains to the grid's edge or an outlet cell, each raised cell `riseM` above the one it
/// drains to (a priority flood from the edges and the outlets: Barnes et al. 2014). Generated worlds
/// use it so that their hills hold no ponds they were not meant to.
void drainPits(std::vector<float>& bedM, int width, int height, const std::vector<std::uint8_t>& outlet, float riseM);

}  // namespace sluice::sim

#pragma once
// Importing a heightmap onto an existing grid (the viewer's Terrain section and --heightmap).
#include <filesystem>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// Loads bed heights (metres, row-major, y north) for a width x height grid from any format of
/// sim/exchange/heightfield_import.hpp: 8/16-bit grayscale PNG and RAW16 mapped to [minM, maxM]
/// (RAW16: the sidecar's range when min:max is not given, i.e. minM >= maxM), float EXR, GeoTIFF,
/// float32 .npy of shape (height, width). Errors name the file and the problem: unreadable, wrong
/// size for the grid, non-finite values, min >= max.
Result<std::vector<float>> importTerrain(const std::filesystem::path& file, int width, int height, float minM,
                                         float maxM);

}  // namespace sluice::sim

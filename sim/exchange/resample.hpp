#pragma once
// Bilinear resampling of a height grid onto another size, cell centres mapped onto cell centres
// (the outer edges of both grids coincide), so the extent on the map stays the same.
#include <vector>

namespace sluice::sim {

/// `values` (srcW x srcH, row-major) resampled to dstW x dstH. Requires all sizes >= 1.
std::vector<float> resampleBilinear(const std::vector<float>& values, int srcW, int srcH, int dstW, int dstH);

}  // namespace sluice::sim

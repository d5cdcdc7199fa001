#pragma once
// The terrain's tileable detail map, generated at start-up (nothing downloaded): value noise on
// lattices that wrap at the tile's edge, summed over octaves (the water's: render/water_detail.hpp).
#include <cstdint>
#include <vector>

namespace sluice::render {

/// size x size texels of RGBA8 (row-major), each channel a tileable noise in [0, 255] used by the
/// terrain's materials (terrain.frag): R a smooth fbm (patches), G another fbm (strata wobble, scree),
/// B a ridged fbm (cracks and streaks in rock), A a fine grain. size a power of two >= 64. Deterministic.
std::vector<std::uint8_t> makeTerrainDetailMap(int size);

}  // namespace sluice::render

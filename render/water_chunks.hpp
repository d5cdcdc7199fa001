#pragma once
// Which stride the water of each chunk is drawn at.
#include <vector>

#include "render/terrain_lod.hpp"

namespace sluice::render {

/// Gives each water chunk the stride its terrain chunk is drawn at (a water chunk whose terrain chunk
/// was culled keeps its own). The two selections measure their distances to different boxes (the
/// terrain's reaches down its skirts, the water's up to its surface), so near a threshold they could
/// pick different strides, and terrain drawn coarser than the water over it cuts through the surface:
/// a trench under a lake, its bed interpolated across a coarse quad, rose above the water along the
/// quad's diagonal as a dotted line (most often below render scale 1, where strides are coarser). At
/// equal strides both meshes share their vertices' grid points and triangles, and the surface, b + h
/// at every vertex, lies above the bed everywhere inside them.
void matchTerrainStrides(std::vector<ChunkDraw>& waterChunks, const std::vector<ChunkDraw>& terrainChunks);

}  // namespace sluice::render

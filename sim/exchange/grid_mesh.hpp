#pragma once
// Triangle meshes of a height grid for glTF export: glTF's frame is +Y up, right-handed, so Sluice's
// east (x) is glTF +X, up is +Y and north (y) is glTF -Z. One vertex per kept cell centre, metres.
#include <cstdint>
#include <vector>

namespace sluice::sim {

/// A mesh ready for the glTF writer: positions/normals xyz per vertex, 32-bit triangle indices wound
/// counter-clockwise seen from above. depthM/flowMS are the water mesh's extra attributes (empty for
/// terrain): _DEPTH (m) and _FLOW (east, north; m/s) per vertex.
struct GridMesh {
    std::vector<float> positions, normals;
    std::vector<std::uint32_t> indices;
    std::vector<float> depthM, flowMS;
    std::vector<std::size_t> sourceCell;  ///< per vertex: the grid cell (y * width + x) it samples
    std::size_t vertexCount() const { return positions.size() / 3; }
};

/// The kept columns (or rows) of a grid side with `step` K: 0, K, 2K, ... and always the last, so the
/// mesh covers the whole grid at every step. Requires side >= 1, step >= 1.
std::vector<int> meshSamples(int side, int step);

/// The surface heightsM (simulation order) sampled every `step` cells. With `keep` (width*height,
/// may be null) a quad is emitted only when its four corners are kept (the water mesh keeps wet cells);
/// vertices no triangle uses are dropped.
GridMesh buildGridMesh(const float* heightsM, int width, int height, float cellSizeM, int step, const unsigned char* keep);

/// Adds the water attributes (width*height fields, simulation order) at the mesh's vertices.
void addWaterAttributes(GridMesh& mesh, const float* depthM, const float* flowEastMS, const float* flowNorthMS);

}  // namespace sluice::sim

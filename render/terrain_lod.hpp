#pragma once
// Level of detail for the chunked terrain and water meshes: which chunks to draw and at which vertex
// stride. Pure math (no GL), so it is unit-tested on its own.
#include <vector>

#include <glm/glm.hpp>

namespace sluice::render {

/// Cells per chunk side. Grid vertices sit at cell centres; chunk (cx, cy) spans vertex indices
/// [c * kChunkCells, min(c * kChunkCells + kChunkCells, W - 1)] per axis (edges shared with neighbours).
inline constexpr int kChunkCells = 64;

/// Number of chunks along an axis of n cells (at least 1).
int chunkCount(int cells);

/// Vertical extent of one chunk (metres), from the chunk-bounds pass.
struct ChunkBounds {
    float minBedM = 0, maxBedM = 0;
    float maxSurfaceM = -1e30f;  ///< highest wet water surface; -1e30 when the chunk is dry
    float wetCells = 0;          ///< number of wet cells (0 = nothing to draw for water)
};

/// One chunk to draw and its vertex stride (a power of two, 1..kChunkCells).
struct ChunkDraw {
    int chunkX = 0, chunkY = 0;
    int stride = 1;
};

/// What the LOD selection needs of the view.
struct LodView {
    glm::mat4 viewProj{1.0f};
    glm::vec3 eye{0.0f};
    float fovYRad = 0.9f;
    int heightPx = 720;
    float maxCellPx = 3.0f;  ///< largest projected spacing of neighbouring vertices, pixels
};

/// World-space axis-aligned box of a chunk given its z range (metres).
void chunkBox(int chunkX, int chunkY, int gridW, int gridH, float cellSizeM, float minZ, float maxZ,
              glm::vec3& lo, glm::vec3& hi);

/// True if the box is at least partly inside the frustum of viewProj (conservative: may keep boxes
/// just outside a corner, never drops a visible one).
bool boxInFrustum(const glm::mat4& viewProj, const glm::vec3& lo, const glm::vec3& hi);

/// Largest power-of-two stride (<= kChunkCells) whose vertex spacing, seen from `distanceM` away,
/// projects to at most view.maxCellPx pixels.
int strideForDistance(float distanceM, float cellSizeM, const LodView& view);

/// Bounds safe to cull with in a frame drawn `lagFrames` frames after `bounds` were computed (the
/// chunk-bounds readback runs behind so it never stalls). With lag 0 they are returned as they are.
/// Otherwise: (1) water can cross into a chunk from a neighbour within the lag, so a chunk with a
/// wet neighbour (8-neighbourhood) counts as wet, and its surface bound becomes the highest of its
/// neighbourhood (water arriving from a neighbour rises no higher than it stood there); (2) beds and
/// surfaces may move by themselves (sources, rain, brushes: centimetres per frame), so every vertical
/// bound widens by padPerFrameM per frame of lag. Pure function of its inputs.
std::vector<ChunkBounds> conservativeBounds(const std::vector<ChunkBounds>& bounds, int chunksX, int chunksY,
                                            int lagFrames, float padPerFrameM);

/// Visible chunks with their strides, nearest to the eye first (by the distance to the chunk's box;
/// ties keep row order). `water` selects the water extent (wet chunks only, up to the
/// highest surface) instead of the terrain's (skirtM below the lowest bed).
std::vector<ChunkDraw> selectChunks(const std::vector<ChunkBounds>& bounds, int gridW, int gridH, float cellSizeM,
                                    const LodView& view, bool water, float skirtM);

}  // namespace sluice::render

#include "render/terrain_lod.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::render {

int chunkCount(int cells) {
    // Vertices run 0..cells-1, so there are cells-1 quads to cover.
    return std::max(1, (cells - 1 + kChunkCells - 1) / kChunkCells);
}

void chunkBox(int chunkX, int chunkY, int gridW, int gridH, float cellSizeM, float minZ, float maxZ,
              glm::vec3& lo, glm::vec3& hi) {
    const int x0 = chunkX * kChunkCells, y0 = chunkY * kChunkCells;
    const int x1 = std::min(x0 + kChunkCells, gridW - 1), y1 = std::min(y0 + kChunkCells, gridH - 1);
    lo = glm::vec3((float(x0) + 0.5f) * cellSizeM, (float(y0) + 0.5f) * cellSizeM, minZ);
    hi = glm::vec3((float(x1) + 0.5f) * cellSizeM, (float(y1) + 0.5f) * cellSizeM, maxZ);
}

bool boxInFrustum(const glm::mat4& m, const glm::vec3& lo, const glm::vec3& hi) {
    // Gribb-Hartmann planes: row3 +- row0/1/2 of the (column-major) matrix; inside where a.p + d >= 0.
    for (int plane = 0; plane < 6; ++plane) {
        const int axis = plane / 2;
        const float sign = (plane % 2 == 0) ? 1.0f : -1.0f;
        const glm::vec4 eq(m[0][3] + sign * m[0][axis], m[1][3] + sign * m[1][axis], m[2][3] + sign * m[2][axis],
                           m[3][3] + sign * m[3][axis]);
        // The box corner furthest along the plane normal: if even that is outside, all of it is.
        const glm::vec3 far(eq.x >= 0 ? hi.x : lo.x, eq.y >= 0 ? hi.y : lo.y, eq.z >= 0 ? hi.z : lo.z);
        if (eq.x * far.x + eq.y * far.y + eq.z * far.z + eq.w < 0) return false;
    }
    return true;
}

int strideForDistance(float distanceM, float cellSizeM, const LodView& view) {
    // Pixels per metre at that distance: the viewport height spans 2 d tan(fov/2) metres.
    const float pxPerM = float(view.heightPx) / (2.0f * std::max(distanceM, 1e-3f) * std::tan(0.5f * view.fovYRad));
    int stride = 1;
    while (stride < kChunkCells && float(stride * 2) * cellSizeM * pxPerM <= view.maxCellPx) stride *= 2;
    return stride;
}

std::vector<ChunkBounds> conservativeBounds(const std::vector<ChunkBounds>& bounds, int chunksX, int chunksY,
                                            int lagFrames, float padPerFrameM) {
    if (lagFrames <= 0 || bounds.size() != std::size_t(chunksX) * std::size_t(chunksY)) return bounds;
    const float pad = float(lagFrames) * padPerFrameM;
    std::vector<ChunkBounds> out(bounds.size());
    for (int j = 0; j < chunksY; ++j)
        for (int i = 0; i < chunksX; ++i) {
            const std::size_t k = std::size_t(j) * std::size_t(chunksX) + std::size_t(i);
            ChunkBounds b = bounds[k];
            for (int nj = std::max(j - 1, 0); nj <= std::min(j + 1, chunksY - 1); ++nj)
                for (int ni = std::max(i - 1, 0); ni <= std::min(i + 1, chunksX - 1); ++ni) {
                    const ChunkBounds& n = bounds[std::size_t(nj) * std::size_t(chunksX) + std::size_t(ni)];
                    if (n.wetCells <= 0) continue;
                    b.maxSurfaceM = std::max(b.maxSurfaceM, n.maxSurfaceM);
                    b.wetCells = std::max(b.wetCells, 1.0f);
                }
            b.minBedM -= pad;
            b.maxBedM += pad;
            if (b.wetCells > 0) b.maxSurfaceM += pad;
            out[k] = b;
        }
    return out;
}

std::vector<ChunkDraw> selectChunks(const std::vector<ChunkBounds>& bounds, int gridW, int gridH, float cellSizeM,
                                    const LodView& view, bool water, float skirtM) {
    const int cx = chunkCount(gridW), cy = chunkCount(gridH);
    std::vector<ChunkDraw> out;
    std::vector<float> distanceM;
    if (bounds.size() != std::size_t(cx) * std::size_t(cy)) return out;
    for (int j = 0; j < cy; ++j)
        for (int i = 0; i < cx; ++i) {
            const ChunkBounds& b = bounds[std::size_t(j) * std::size_t(cx) + std::size_t(i)];
            if (water && b.wetCells <= 0) continue;
            const float minZ = b.minBedM - (water ? 0.0f : skirtM);
            const float maxZ = water ? std::max(b.maxSurfaceM, b.minBedM) : b.maxBedM;
            glm::vec3 lo, hi;
            chunkBox(i, j, gridW, gridH, cellSizeM, minZ, maxZ, lo, hi);
            if (!boxInFrustum(view.viewProj, lo, hi)) continue;
            const glm::vec3 closest = glm::clamp(view.eye, lo, hi);
            const float d = glm::length(view.eye - closest);
            out.push_back({i, j, strideForDistance(d, cellSizeM, view)});
            distanceM.push_back(d);
        }
    // Nearest first: drawn in this order, nearer terrain fills the depth buffer before what it hides.
    std::vector<std::size_t> order(out.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return distanceM[a] < distanceM[b]; });
    std::vector<ChunkDraw> sorted;
    sorted.reserve(out.size());
    for (std::size_t k : order) sorted.push_back(out[k]);
    return sorted;
}

}  // namespace sluice::render

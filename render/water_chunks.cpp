#include "render/water_chunks.hpp"

#include <unordered_map>

namespace sluice::render {

void matchTerrainStrides(std::vector<ChunkDraw>& waterChunks, const std::vector<ChunkDraw>& terrainChunks) {
    std::unordered_map<long long, int> stride;
    stride.reserve(terrainChunks.size());
    for (const ChunkDraw& t : terrainChunks) stride[(long long)t.chunkY << 32 | (unsigned)t.chunkX] = t.stride;
    for (ChunkDraw& w : waterChunks) {
        const auto it = stride.find((long long)w.chunkY << 32 | (unsigned)w.chunkX);
        if (it != stride.end()) w.stride = it->second;
    }
}

}  // namespace sluice::render

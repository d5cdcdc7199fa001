// Decides which part of the sun-shadow map this frame must re-march, on the GPU (no readback): the
// chunks whose bed hash (chunk_bounds.comp, this frame) differs from the one the map was made from
// are listed, and the hashes taken over. Everything is redone when the caller says so (sun moved, new
// grid), when more chunks changed than the list holds, or when the highest bed changed (it ends every
// ray). One work group; runs right after chunk_bounds.comp.
#include "render_common.glsl"
#include "sun_shadow_state.glsl"

layout(local_size_x = 256) in;

layout(std430, binding = SLUICE_RBIND_CHUNK_BOUNDS) readonly buffer ChunkBounds { vec4 bounds[]; };
layout(std430, binding = SLUICE_RBIND_CHUNK_HASH) readonly buffer ChunkHash { uint bedHash[]; };
layout(std430, binding = SLUICE_RBIND_SHADOW_HASH) buffer MadeHash { uint madeHash[]; };

uniform ivec2 uChunkCount;  // chunks in x and y
uniform ivec2 uTiles;       // sun_shadow.comp work groups in x and y
uniform int uRedoAll;       // 1: re-march every tile

shared uint sCount;
shared float sMax[256];

void main() {
    uint me = gl_LocalInvocationIndex;
    if (me == 0u) sCount = 0u;
    barrier();
    int chunks = uChunkCount.x * uChunkCount.y;
    float highest = -1e30;
    for (int k = int(me); k < chunks; k += 256) {
        highest = max(highest, bounds[k].y);
        uint h = bedHash[k];
        if (h != madeHash[k]) {
            madeHash[k] = h;
            uint slot = atomicAdd(sCount, 1u);
            if (slot < uint(SLUICE_SHADOW_MAX_DIRTY)) dirty[slot] = uvec2(k % uChunkCount.x, k / uChunkCount.x);
        }
    }
    sMax[me] = highest;
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1u) {
        if (me < s) sMax[me] = max(sMax[me], sMax[me + s]);
        barrier();
    }
    if (me == 0u) {
        bool redoAll = uRedoAll != 0 || sCount > uint(SLUICE_SHADOW_MAX_DIRTY) || sMax[0] != maxBedM;
        dirtyCount = redoAll ? uint(SLUICE_SHADOW_MAX_DIRTY) + 1u : sCount;
        maxBedM = sMax[0];
        tilesUpdated = 0u;
        bool any = redoAll || sCount > 0u;
        dispatchX = any ? uint(uTiles.x) : 0u;
        dispatchY = uint(uTiles.y);
        dispatchZ = 1u;
    }
}

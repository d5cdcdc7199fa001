// Per-chunk bounds for level-of-detail selection and frustum culling: one work group per chunk
// reduces its vertex range (cells [origin, end], shared edges included) to the lowest and highest
// bed, the highest wet water surface and the number of wet cells. Reads the simulation buffers only.
// Water counts from both depth fields (current and previous): any blend of the two the frame draws
// lies inside these bounds, since b + mix(h0, h1, t) <= b + max(h0, h1).
// Also a hash of the chunk's bed heights, for the sun-shadow map to see which chunks were edited
// without a readback: a sum of per-cell hashes (order-free, so the reduction order does not matter)
// that changes when any bed height of the range changes (except by a 2^-32 chance).
#include "render_common.glsl"

layout(local_size_x = 256) in;

// One vec4 per chunk: min bed, max bed, max wet surface (-1e30 when dry), wet cell count.
layout(std430, binding = SLUICE_RBIND_CHUNK_BOUNDS) writeonly buffer ChunkBounds { vec4 bounds[]; };
layout(std430, binding = SLUICE_RBIND_CHUNK_HASH) writeonly buffer ChunkHash { uint bedHash[]; };

uniform int uChunkCells;    // cells per chunk side
uniform ivec2 uChunkCount;  // chunks in x and y

shared vec4 partial[256];
shared uint partialHash[256];

// An integer mixer (good avalanche: one flipped input bit flips about half the output bits).
uint mixBits(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

void main() {
    ivec2 chunk = ivec2(gl_WorkGroupID.xy);
    ivec2 origin = chunk * uChunkCells;
    ivec2 end = min(origin + uChunkCells, uGrid - 1);
    ivec2 span = end - origin + 1;
    vec4 acc = vec4(1e30, -1e30, -1e30, 0.0);
    uint hash = 0u;
    for (int k = int(gl_LocalInvocationIndex); k < span.x * span.y; k += 256) {
        ivec2 c = origin + ivec2(k % span.x, k / span.x);
        int i = cellIndex(c);
        float b = terrain[i], h = max(depthMetres(max(depth[i], previousDepth[i])), 0.0);
        acc.x = min(acc.x, b);
        acc.y = max(acc.y, b);
        hash += mixBits(floatBitsToUint(b) ^ mixBits(uint(i)));
        if (h > kDryDepth) {
            acc.z = max(acc.z, b + h);
            acc.w += 1.0;
        }
    }
    partial[gl_LocalInvocationIndex] = acc;
    partialHash[gl_LocalInvocationIndex] = hash;
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1u) {
        if (gl_LocalInvocationIndex < s) {
            vec4 o = partial[gl_LocalInvocationIndex + s];
            vec4 a = partial[gl_LocalInvocationIndex];
            partial[gl_LocalInvocationIndex] = vec4(min(a.x, o.x), max(a.y, o.y), max(a.z, o.z), a.w + o.w);
            partialHash[gl_LocalInvocationIndex] += partialHash[gl_LocalInvocationIndex + s];
        }
        barrier();
    }
    if (gl_LocalInvocationIndex == 0u) {
        bounds[chunk.y * uChunkCount.x + chunk.x] = partial[0];
        bedHash[chunk.y * uChunkCount.x + chunk.x] = partialHash[0];
    }
}

// Attribute-less chunk meshes: a vertex's grid point comes from gl_VertexID. Grid vertices sit at
// cell centres, so a chunk is a quad grid over vertex indices [uChunkOrigin, uChunkEnd] sampled
// every uStride cells (the last row/column is clamped to uChunkEnd). With uSkirtRing = 1 one extra
// ring of quads around the chunk folds down vertically (a skirt) to hide cracks between chunks of
// different strides; the caller draws (n + 2 ring)^2 * 6 vertices, n = ceil(span / stride).
#ifndef SLUICE_CHUNK_MESH_GLSL
#define SLUICE_CHUNK_MESH_GLSL

uniform ivec2 uChunkOrigin;  // first vertex (cell index) of the chunk
uniform ivec2 uChunkEnd;     // last vertex (cell index), inclusive
uniform int uStride;         // cells between neighbouring vertices
uniform int uQuads;          // n: quads per side inside the chunk
uniform int uSkirtRing;      // 1: draw the skirt ring, 0: none

// Cell index of this vertex; `skirt` is set for vertices on the folded-down ring.
ivec2 chunkVertex(out bool skirt) {
    const ivec2 kCorner[6] = ivec2[6](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 0), ivec2(1, 1), ivec2(0, 1));
    int side = uQuads + 2 * uSkirtRing;
    int quad = gl_VertexID / 6;
    ivec2 k = ivec2(quad % side, quad / side) - uSkirtRing + kCorner[gl_VertexID % 6];
    ivec2 kc = clamp(k, ivec2(0), ivec2(uQuads));
    skirt = k != kc;
    return min(uChunkOrigin + kc * uStride, uChunkEnd);
}

vec2 cellCentre(ivec2 c) { return (vec2(c) + 0.5) * uCellSize; }

#endif

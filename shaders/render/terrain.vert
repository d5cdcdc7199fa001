// Terrain chunk vertex: the grid point displaced to the bed elevation straight from the terrain SSBO
// (no CPU copy of heights). Skirt vertices drop by uSkirtDepth metres, except on the world's outer
// edge with uDiorama set: there the skirt quads are the diorama's walls and reach down to uBaseZ.
// vWorld is in the heightfield's own metres; uViewProj applies the vertical exaggeration.
#include "render_common.glsl"
#include "chunk_mesh.glsl"

uniform mat4 uViewProj;
uniform float uSkirtDepth;  // metres
uniform int uDiorama;       // 1: walls on the world's edge
uniform float uBaseZ;       // the diorama's base, metres

out vec3 vWorld;
out vec3 vWallNormal;  // outward unit normal on the diorama's walls, 0 elsewhere (the same on a whole quad)

void main() {
    bool skirt;
    ivec2 c = chunkVertex(skirt);
    // The first corner of the quad this vertex belongs to (chunkVertex's numbering), -1 .. uQuads:
    // a ring quad outside the chunk's first or last vertex on a side where the chunk meets the
    // world's edge is a wall.
    int side = uQuads + 2 * uSkirtRing;
    int quad = gl_VertexID / 6;
    ivec2 k = ivec2(quad % side, quad / side) - uSkirtRing;
    vec3 wall = vec3(0.0);
    if (uDiorama != 0 && uSkirtRing != 0) {
        if (k.x < 0 && uChunkOrigin.x == 0) wall = vec3(-1.0, 0.0, 0.0);
        else if (k.x >= uQuads && uChunkEnd.x >= uGrid.x - 1) wall = vec3(1.0, 0.0, 0.0);
        else if (k.y < 0 && uChunkOrigin.y == 0) wall = vec3(0.0, -1.0, 0.0);
        else if (k.y >= uQuads && uChunkEnd.y >= uGrid.y - 1) wall = vec3(0.0, 1.0, 0.0);
    }
    float z = terrainAt(c);
    if (skirt) z = dot(wall, wall) > 0.5 ? uBaseZ : z - uSkirtDepth;
    vWorld = vec3(cellCentre(c), z);
    vWallNormal = wall;
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

// Terrain chunk vertex: the grid point displaced to the bed elevation straight from the terrain SSBO
// (no CPU copy of heights). Skirt vertices drop by uSkirtDepth metres.
#include "render_common.glsl"
#include "chunk_mesh.glsl"

uniform mat4 uViewProj;
uniform float uSkirtDepth;  // metres

out vec3 vWorld;

void main() {
    bool skirt;
    ivec2 c = chunkVertex(skirt);
    vWorld = vec3(cellCentre(c), terrainAt(c) - (skirt ? uSkirtDepth : 0.0));
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

// The water's cross-section on one of the diorama's walls (drawn in the terrain pass after the
// terrain): a strip of quads along side uSide between the edge cells' bed and their water surface,
// collapsed to the bed where an edge cell is dry (kDryDepth), so it costs nothing there. Vertices at
// the edge cells' centres, like the terrain's and the water's meshes, so it meets both exactly.
#include "render_common.glsl"

uniform mat4 uViewProj;  // with the vertical exaggeration, as the terrain's
uniform int uSide;       // 0 south (y = 0), 1 north (y = H - 1), 2 west (x = 0), 3 east (x = W - 1)

out vec3 vWorld;
out float vBelowSurfaceM;  // depth under the water's surface, metres
out vec3 vWallNormal;      // outward

void main() {
    const ivec2 kCorner[6] = ivec2[6](ivec2(0, 0), ivec2(1, 0), ivec2(1, 1), ivec2(0, 0), ivec2(1, 1), ivec2(0, 1));
    ivec2 k = kCorner[gl_VertexID % 6];  // x along the side, y: 0 bed, 1 surface
    int i = gl_VertexID / 6 + k.x;
    ivec2 c = uSide == 0 ? ivec2(i, 0) : uSide == 1 ? ivec2(i, uGrid.y - 1) : uSide == 2 ? ivec2(0, i) : ivec2(uGrid.x - 1, i);
    float h = depthAt(c);
    if (h <= kDryDepth) h = 0.0;
    vWorld = vec3((vec2(c) + 0.5) * uCellSize, terrainAt(c) + (k.y == 1 ? h : 0.0));
    vBelowSurfaceM = k.y == 1 ? 0.0 : h;
    vWallNormal = uSide == 0 ? vec3(0, -1, 0) : uSide == 1 ? vec3(0, 1, 0) : uSide == 2 ? vec3(-1, 0, 0) : vec3(1, 0, 0);
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

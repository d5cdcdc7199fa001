// Water surface chunk vertex at z = b + h. A dry vertex next to water (any of its eight neighbours at
// the chunk's stride) takes the mean level of its wet neighbours, capped at its own bed: the surface
// plane then runs on past the last wet cell, and the signed depth (surface - bed, negative past the
// water's edge) interpolated between vertices crosses zero where the surface meets the bed, smoothly
// and not cell by cell. Counting the diagonal neighbours matters: a dry vertex touching the water only
// diagonally used to sink, and the edge followed the cells' corners as a staircase. Dry vertices with
// no wet neighbour sink below the bed; their fragments are discarded. Also computes the cell's
// depth-averaged velocity (m/s), its Courant number, a smooth surface normal, how steep the surface is
// (falling water) and, with erosion state, the concentration of the suspended load.
#include "render_common.glsl"
#include "chunk_mesh.glsl"
#include "erosion_fields.glsl"
#include "water_common.glsl"

uniform mat4 uViewProj;
uniform float uDtSub;    // the solver's substep, seconds (Courant overlay)
uniform float uGravity;  // m/s^2

out vec3 vWorld;
out vec2 vVelocity;  // m/s, x east, y north
out vec3 vNormal;
out float vDepth;    // surface - bed at the vertex, metres: negative past the water's edge
out float vFall;     // 0 on gentle water, 1 where the surface falls steeper than ~55 degrees
out float vCourant;  // (|u| + sqrt(g h)) dt_sub / dx, as the solver's CFL guard measures it
out float vConcentration;  // suspended material per metre of water (volume fraction); 0 without erosion

// Water surface of a wet cell, or `fallback` for a dry one.
float surfaceOr(ivec2 c, float fallback) {
    float h = depthAt(c);
    return h > kDryDepth ? terrainAt(c) + h : fallback;
}

void main() {
    bool skirt;
    ivec2 c = chunkVertex(skirt);
    float b = terrainAt(c), h = depthAt(c);
    ivec2 s = ivec2(uStride, 0), t = ivec2(0, uStride);
    float z;
    if (h > kDryDepth) {
        z = b + h;
    } else {
        // Mean level of the wet neighbours, diagonal ones weighted by 1/2 (they are farther away).
        float sum = 0.0, weight = 0.0;
        for (int j = -1; j <= 1; ++j)
            for (int i = -1; i <= 1; ++i) {
                if (i == 0 && j == 0) continue;
                ivec2 n = c + ivec2(i, j) * uStride;
                float hn = depthAt(n);
                if (hn <= kDryDepth) continue;
                float w = (i == 0 || j == 0) ? 1.0 : 0.5;
                sum += w * (terrainAt(n) + hn);
                weight += w;
            }
        z = weight > 0.0 ? min(sum / weight, b) : b - 0.5;
    }
    vDepth = z - b;
    // Normal from central differences of the surface; dry neighbours count as level with this one,
    // so the bed rising out of the water does not tilt the surface at the shore.
    float ex = surfaceOr(c + s, z) - surfaceOr(c - s, z);
    float ey = surfaceOr(c + t, z) - surfaceOr(c - t, z);
    float run = 2.0 * float(uStride) * uCellSize;
    vNormal = normalize(vec3(-ex, -ey, run));
    vFall = h > kDryDepth ? smoothstep(0.7, 1.6, length(vec2(ex, ey)) / run) : 0.0;

    vec2 vel = cellVelocity(c, h);
    float speed = length(vel);
    vCourant = (speed + sqrt(uGravity * h)) * uDtSub / uCellSize;
    vVelocity = capSpeed(vel);
    // Films count as 5 cm deep, so that a trace of load in a wetting front does not read as mud.
    vConcentration = uErosion != 0 && h > kDryDepth ? sedimentMetres(c) / max(h, 0.05) : 0.0;
    vWorld = vec3(cellCentre(c), z);
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

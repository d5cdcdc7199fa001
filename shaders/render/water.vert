// Water surface chunk vertex at z = b + h. Dry vertices next to water take the neighbouring water
// level, capped at their own bed, so the surface plane meets the terrain at the true shoreline (the
// fragment shader fades it out over the first centimetres); dry vertices with no wet neighbour sink
// below the bed and their fragments are discarded. Also computes the cell's depth-averaged velocity
// from the face flows (m/s), its Courant number, a smooth surface normal and, with erosion state, the
// concentration of the suspended load.
#include "render_common.glsl"
#include "chunk_mesh.glsl"
#include "erosion_fields.glsl"

uniform mat4 uViewProj;
uniform float uDtSub;    // the solver's substep, seconds (Courant overlay)
uniform float uGravity;  // m/s^2

out vec3 vWorld;
out vec2 vVelocity;  // m/s, x east, y north
out vec3 vNormal;
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
        float level = max(max(surfaceOr(c + s, -1e30), surfaceOr(c - s, -1e30)),
                          max(surfaceOr(c + t, -1e30), surfaceOr(c - t, -1e30)));
        z = level > -1e29 ? min(level, b) : b - 0.5;
    }
    // Normal from central differences of the surface; dry neighbours count as level with this one,
    // so the bed rising out of the water does not tilt the surface at the shore.
    float ex = surfaceOr(c + s, z) - surfaceOr(c - s, z);
    float ey = surfaceOr(c + t, z) - surfaceOr(c - t, z);
    vNormal = normalize(vec3(-ex, -ey, 2.0 * float(uStride) * uCellSize));

    // Depth-averaged velocity: mean of the two face flows per axis over the cross-section h dx.
    // Films under 5 mm carry front noise, not flow; speeds are capped for the texture advection.
    vec2 vel = vec2(0.0);
    if (h > 0.005) {
        ivec2 cc = clamp(c, ivec2(0), uGrid - 1);
        float qx = 0.5 * (flowX[cc.y * (uGrid.x + 1) + cc.x] + flowX[cc.y * (uGrid.x + 1) + cc.x + 1]);
        float qy = 0.5 * (flowY[cc.y * uGrid.x + cc.x] + flowY[(cc.y + 1) * uGrid.x + cc.x]);
        vel = vec2(qx, qy) / (h * uCellSize);
    }
    float speed = length(vel);
    vCourant = (speed + sqrt(uGravity * h)) * uDtSub / uCellSize;
    if (speed > 8.0) vel *= 8.0 / speed;
    vVelocity = vel;
    // Films count as 5 cm deep, so that a trace of load in a wetting front does not read as mud.
    vConcentration = uErosion != 0 && h > kDryDepth ? sedimentMetres(c) / max(h, 0.05) : 0.0;
    vWorld = vec3(cellCentre(c), z);
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

// One step of the foam field (render/water_foam.hpp): foam is made where the flow dissipates energy
// (hydraulic jumps, waterfalls, rapids) and where a thin fast front runs onto dry ground (swash, shore
// breaks), carried along the depth-averaged velocity (semi-Lagrangian: each cell fetches the foam
// that was one step upstream) and fading with a lifetime of kFoamLifeS. One invocation per cell;
// reads the solver's buffers (read only) and the previous foam texture, writes the next one.
//
// Where foam is made: the rate at which the flow loses mechanical energy per unit mass,
// loss = g * max(0, -u . grad(E)), E = b + h + |u|^2 / 2g the energy head (m), in W/kg. A uniform
// river loses g |u| S_f (S_f the friction slope, about the bed slope): 0.06 W/kg for 1.3 m/s on a
// 0.5 % grade, no foam; rapids (3 m/s on 5 %) 1.5 W/kg, some; a hydraulic jump or a cliff, where the
// head drops by metres within a cell or two, tens to hundreds of W/kg: white.
#include "render_common.glsl"
#include "water_common.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(r8, binding = 0) writeonly uniform image2D uFoamOut;
uniform sampler2D uFoamIn;   // the previous step's foam (0..1), linear filtering, clamped at the edges
uniform float uDtSeconds;    // animation time since the previous step, s (0 keeps the foam as it was)
uniform float uGravity;      // m/s^2
uniform uint uStep;          // counts steps: decorrelates the rounding's dither between steps

const float kFoamLifeS = 5.0;                 // e-folding time of foam left alone, s
const float kLossOnset = 0.5, kLossFull = 5.0; // energy loss (W/kg) where foam starts and where it is full

// Energy head (m) of cell c, or `fallback` for a dry cell (no gradient toward dry ground).
float headOr(ivec2 c, float fallback, float g) {
    float h = depthAt(c);
    if (h <= kDryDepth) return fallback;
    vec2 u = capSpeed(cellVelocity(c, h));
    return terrainAt(c) + h + dot(u, u) / (2.0 * g);
}

float hashStep(uvec2 c, uint s) {
    uint x = c.x * 1664525u + c.y * 22695477u + s * 2654435761u;
    x ^= x >> 15; x *= 0x2c1b3c6du; x ^= x >> 12; x *= 0x297a2d39u; x ^= x >> 15;
    return float(x >> 8) * (1.0 / 16777216.0);
}

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(c, uGrid))) return;
    float h = depthAt(c);
    if (h <= kDryDepth) {  // no foam on dry ground: a cell that dries loses it
        imageStore(uFoamOut, c, vec4(0.0));
        return;
    }
    float g = max(uGravity, 1e-3);
    vec2 u = capSpeed(cellVelocity(c, h));
    float speed = length(u);
    float e = terrainAt(c) + h + dot(u, u) / (2.0 * g);
    float eE = headOr(c + ivec2(1, 0), e, g), eW = headOr(c - ivec2(1, 0), e, g);
    float eN = headOr(c + ivec2(0, 1), e, g), eS = headOr(c - ivec2(0, 1), e, g);
    vec2 gradE = vec2(eE - eW, eN - eS) / (2.0 * uCellSize);
    float loss = g * max(0.0, -dot(u, gradE));  // W/kg
    float source = smoothstep(kLossOnset, kLossFull, loss);
    // Swash: a thin, fast front next to dry ground (a wave breaking onto a beach, a flood's edge).
    bool front = depthAt(c + ivec2(1, 0)) <= kDryDepth || depthAt(c - ivec2(1, 0)) <= kDryDepth ||
                 depthAt(c + ivec2(0, 1)) <= kDryDepth || depthAt(c - ivec2(0, 1)) <= kDryDepth;
    if (front) source = max(source, 0.6 * smoothstep(0.5, 1.5, speed) * (1.0 - smoothstep(0.03, 0.12, h)));
    // Films of a few millimetres show no white water of their own.
    source *= smoothstep(0.003, 0.02, h);

    // Semi-Lagrangian transport: the foam one step upstream (texel centres are cell centres), faded.
    vec2 from = (vec2(c) + 0.5) - u * uDtSeconds / uCellSize;
    float carried = texture(uFoamIn, from / vec2(uGrid)).r * exp(-uDtSeconds / kFoamLifeS);
    float foam = clamp(max(carried, source), 0.0, 1.0);
    // Unbiased (dithered) rounding to the 8-bit texel: plain rounding would stop the fading of small
    // amounts (0.3 * (1 - dt / life) rounds back to 0.3 at 60 frames per second).
    foam = floor(foam * 255.0 + hashStep(uvec2(c), uStep)) / 255.0;
    imageStore(uFoamOut, c, vec4(foam));
}

// Shared by the water's vertex shader and the foam kernel (water_foam.comp): the depth-averaged
// velocity of a cell from the solver's face flows. Needs render_common.glsl.
#ifndef SLUICE_WATER_COMMON_GLSL
#define SLUICE_WATER_COMMON_GLSL

// Films thinner than this (metres) carry the noise of a wetting front, not flow: their velocity is 0.
const float kVelocityMinDepthM = 0.005;
// Speeds above this (m/s) are capped: the solver's Courant clamp already bounds them, this keeps the
// texture advection and the foam's back-traced step within a few cells on any grid.
const float kMaxDrawnSpeed = 8.0;

// Depth-averaged velocity (m/s, x east, y north) of cell c holding h metres: the mean of its two face
// flows per axis over the cross-section h dx.
vec2 cellVelocity(ivec2 c, float h) {
    if (h <= kVelocityMinDepthM) return vec2(0.0);
    ivec2 cc = clamp(c, ivec2(0), uGrid - 1);
    float qx = 0.5 * (flowX[faceIndex(cc.x, cc.y)] + flowX[faceIndex(cc.x + 1, cc.y)]);
    float qy = 0.5 * (flowY[faceIndex(cc.x, cc.y)] + flowY[faceIndex(cc.x, cc.y + 1)]);
    return vec2(qx, qy) / (h * uCellSize);
}

vec2 capSpeed(vec2 v) {
    float s = length(v);
    return s > kMaxDrawnSpeed ? v * (kMaxDrawnSpeed / s) : v;
}

#endif

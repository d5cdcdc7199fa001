// Folds the current depth into the per-cell water history (render/water_history.hpp): one
// invocation per cell, reading the solver's depth (read only) and updating the renderer's own
// history word. Low half: the deepest water seen, as a half float rounded up (never below a depth
// seen). High half: the time the cell first held more than SLUICE_DRY_DEPTH_M, or +infinity.
#include "render_layout.h"

layout(local_size_x = SLUICE_HISTORY_GROUP, local_size_y = SLUICE_HISTORY_GROUP) in;

layout(std430, binding = SLUICE_RBIND_DEPTH) readonly buffer DepthBuffer { int depth[]; };  // units of SLUICE_DEPTH_UNIT, at fieldWord
layout(std430, binding = SLUICE_RBIND_HISTORY) buffer HistoryBuffer { uint history[]; };  // the renderer's own, row-major W x H

uniform ivec2 uGrid;          // cells
#include "field_words.glsl"
uniform float uTimeSeconds;   // since the history's origin, in [0, SLUICE_HISTORY_MAX_SECONDS]

// Half-float bits of h >= 0, rounded up: packHalf2x16's rounding is left to the implementation, so
// step to the next half (positive halves order like their bit patterns) when it rounded down.
uint halfBitsAtLeast(float h) {
    uint bits = packHalf2x16(vec2(h, 0.0)) & 0xFFFFu;
    return unpackHalf2x16(bits).x < h ? bits + 1u : bits;
}

void main() {
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (c.x >= uGrid.x || c.y >= uGrid.y) return;
    int i = c.y * uGrid.x + c.x;
    float h = max(float(depth[fieldWord(c.x, c.y)]) * float(SLUICE_DEPTH_UNIT), 0.0);
    uint word = history[i];
    uint maxBits = max(word & 0xFFFFu, halfBitsAtLeast(h));
    uint wetBits = word >> 16;
    if (wetBits == SLUICE_HISTORY_NEVER_WET_BITS && h > SLUICE_DRY_DEPTH_M)
        wetBits = packHalf2x16(vec2(uTimeSeconds, 0.0)) & 0xFFFFu;
    history[i] = maxBits | (wetBits << 16);
}

// Ambient occlusion and curvature of the heightfield (render/terrain_ao_map.hpp), recomputed per
// 16 x 16 tile only when a chunk whose bed changed (shadow_dirty.comp's list, on this map's own
// bookkeeping) lies within the occlusion's reach of the tile, or everywhere.
//   Occlusion: horizon-based (Bavoil and Sainz 2008, on a heightfield): in each of 8 directions the
//   highest elevation angle seen from the cell's surface out to SLUICE_AO_REACH_CELLS cells (ten samples,
//   spaced ~1.45x apart, weighted down toward the end of the reach so the map has no edge at it);
//   visibility = 1 - mean sin(horizon angle). A 1 m deep, 4 m wide trench's floor keeps ~0.7 of the
//   sky, a plateau 1.
//   Curvature: mean height of the rings 1 and 2 cells away minus the cell's height, in metres as
//   drawn: hollows positive, ridges negative. Both use the heights times uVerticalScale.
#include "render_common.glsl"
#include "sun_shadow_state.glsl"
#include "terrain_look.h"

layout(local_size_x = SLUICE_SHADOW_GROUP, local_size_y = SLUICE_SHADOW_GROUP) in;
layout(rg8, binding = 0) writeonly uniform image2D uAo;

uniform int uChunkCells;        // cells per chunk side
uniform float uVerticalScale;   // heights drawn this many times as tall

// A changed cell changes the occlusion of cells up to the reach away; pad one cell more.
const float kPadCells = float(SLUICE_AO_REACH_CELLS) + 1.0;
const int kSteps = 10;
const float kRadii[kSteps] = float[kSteps](1.0, 2.0, 3.0, 4.0, 6.0, 9.0, 13.0, 19.0, 28.0, 40.0);

bool tileNeedsUpdate(vec2 first, vec2 last) {
    if (dirtyCount > uint(SLUICE_SHADOW_MAX_DIRTY)) return true;
    for (uint k = 0u; k < dirtyCount; ++k) {
        vec2 origin = vec2(ivec2(dirty[k]) * uChunkCells) - kPadCells;
        vec2 end = vec2(min(ivec2(dirty[k]) * uChunkCells + uChunkCells, uGrid - 1)) + kPadCells;
        if (all(lessThanEqual(origin, last)) && all(lessThanEqual(first, end))) return true;
    }
    return false;
}

shared bool sUpdate;

void main() {
    ivec2 first = ivec2(gl_WorkGroupID.xy) * SLUICE_SHADOW_GROUP;
    if (gl_LocalInvocationIndex == 0u) {
        sUpdate = tileNeedsUpdate(vec2(first), vec2(min(first + SLUICE_SHADOW_GROUP - 1, uGrid - 1)));
        if (sUpdate) atomicAdd(tilesUpdated, 1u);
    }
    barrier();
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (!sUpdate || any(greaterThanEqual(c, uGrid))) return;

    float h0 = terrainAt(c) * uVerticalScale;
    float occlusion = 0.0;
    for (int d = 0; d < 8; ++d) {
        float a = (float(d) + 0.5) * 0.785398;  // between the axes: no direction runs along a grid row
        vec2 dir = vec2(cos(a), sin(a));
        float horizon = 0.0;  // sine of the highest elevation angle so far
        for (int s = 0; s < kSteps; ++s) {
            ivec2 q = c + ivec2(round(dir * kRadii[s]));
            vec2 off = vec2(q - c) * uCellSize;
            float rise = terrainAt(q) * uVerticalScale - h0;
            float sine = rise / sqrt(rise * rise + dot(off, off));
            float fade = 1.0 - 0.5 * kRadii[s] / float(SLUICE_AO_REACH_CELLS);  // far horizons count less
            horizon = max(horizon, sine * fade);
        }
        occlusion += horizon;
    }
    float visibility = 1.0 - occlusion / 8.0;

    float ring = 0.0;
    const ivec2 kRing[8] = ivec2[8](ivec2(-1, -1), ivec2(0, -1), ivec2(1, -1), ivec2(-1, 0), ivec2(1, 0),
                                    ivec2(-1, 1), ivec2(0, 1), ivec2(1, 1));
    for (int k = 0; k < 8; ++k) ring += terrainAt(c + kRing[k]) + terrainAt(c + 2 * kRing[k]);
    float curvature = (ring / 16.0) * uVerticalScale - h0;
    float g = 0.5 + curvature / (2.0 * SLUICE_AO_CURVATURE_RANGE_M);
    imageStore(uAo, c, vec4(visibility, clamp(g, 0.0, 1.0), 0.0, 0.0));
}

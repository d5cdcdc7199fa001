// Re-marches the sun visibility of the cells whose rays toward the sun may cross a changed chunk
// (shadow_dirty.comp's list), or of every cell. One work group per 16 x 16 tile; a tile whose swept
// path misses every changed chunk keeps its texels. Writes the unclamped visibility v (see
// sunVisibilityUnclamped) of each cell centre, encoded as in render_layout.h.
#include "render_common.glsl"
#include "sun_shadow_state.glsl"

layout(local_size_x = SLUICE_SHADOW_GROUP, local_size_y = SLUICE_SHADOW_GROUP) in;
layout(r8, binding = 0) writeonly uniform image2D uShadow;

uniform int uChunkCells;  // cells per chunk side

// A changed cell alters bilinear heights up to one cell away; pad a little more (cells).
const float kPadCells = 2.0;

// True when the box [lo, hi] swept toward the sun (across the whole grid) overlaps the box [qlo, qhi]
// (cell coordinates): separating axes x, y and the sweep's normal.
bool sweptOverlaps(vec2 lo, vec2 hi, vec2 qlo, vec2 qhi) {
    vec2 dir = uSunDir.xy;
    float len = length(dir);
    vec2 reach = len > 1e-6 ? dir / len * float(uGrid.x + uGrid.y) : vec2(0.0);
    vec2 sweptLo = lo + min(reach, vec2(0.0)), sweptHi = hi + max(reach, vec2(0.0));
    if (any(greaterThan(sweptLo, qhi)) || any(greaterThan(qlo, sweptHi))) return false;
    if (len <= 1e-6) return true;
    vec2 n = vec2(-dir.y, dir.x) / len;
    float gap = abs(dot(n, 0.5 * (lo + hi - qlo - qhi)));
    return gap <= dot(abs(n), 0.5 * (hi - lo + qhi - qlo));
}

bool tileNeedsUpdate(ivec2 first, ivec2 last) {
    if (dirtyCount > uint(SLUICE_SHADOW_MAX_DIRTY)) return true;
    for (uint k = 0u; k < dirtyCount; ++k) {
        ivec2 origin = ivec2(dirty[k]) * uChunkCells;
        ivec2 end = min(origin + uChunkCells, uGrid - 1);
        if (sweptOverlaps(vec2(first), vec2(last), vec2(origin) - kPadCells, vec2(end) + kPadCells)) return true;
    }
    return false;
}

shared bool sUpdate;

void main() {
    ivec2 first = ivec2(gl_WorkGroupID.xy) * SLUICE_SHADOW_GROUP;
    if (gl_LocalInvocationIndex == 0u) {
        sUpdate = tileNeedsUpdate(first, min(first + SLUICE_SHADOW_GROUP - 1, uGrid - 1));
        if (sUpdate) atomicAdd(tilesUpdated, 1u);
    }
    barrier();
    ivec2 c = ivec2(gl_GlobalInvocationID.xy);
    if (!sUpdate || any(greaterThanEqual(c, uGrid))) return;
    vec2 p = (vec2(c) + 0.5) * uCellSize;
    float v = sunVisibilityUnclamped(vec3(p, terrainAt(c) + 0.05 * uCellSize), maxBedM, SLUICE_SHADOW_MIN_V);
    imageStore(uShadow, c, vec4((v - SLUICE_SHADOW_MIN_V) / (1.0 - SLUICE_SHADOW_MIN_V)));
}

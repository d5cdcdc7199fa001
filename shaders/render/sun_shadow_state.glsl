// Bookkeeping of the sun-shadow map (render/sun_shadow_map.hpp mirrors it as ShadowState): written by
// shadow_dirty.comp once per frame, read by sun_shadow.comp, which shadow_dirty.comp dispatches
// through the first three words (glDispatchComputeIndirect: zero groups when nothing changed).
#ifndef SLUICE_SUN_SHADOW_STATE_GLSL
#define SLUICE_SUN_SHADOW_STATE_GLSL
#include "render_layout.h"

layout(std430, binding = SLUICE_RBIND_SHADOW_STATE) buffer ShadowState {
    uint dispatchX, dispatchY, dispatchZ;  // sun_shadow.comp work groups to run
    uint dirtyCount;    // chunks whose bed changed, listed in dirty[]; above SLUICE_SHADOW_MAX_DIRTY: redo all
    float maxBedM;      // highest bed of this frame (metres): rays above it are lit
    uint tilesUpdated;  // groups of sun_shadow.comp that re-marched their cells this frame (tests, stats)
    uint pad0, pad1;
    uvec2 dirty[SLUICE_SHADOW_MAX_DIRTY];  // chunk coordinates
};

#endif

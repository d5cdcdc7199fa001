// Shared by C++ (render/render_layout.hpp) and GLSL (shaders/render/*): the renderer's shader-storage
// binding points, work-group sizes, overlay codes and the packing of the water history. Only #define
// constants, valid in both languages.
#ifndef SLUICE_RENDER_LAYOUT_H
#define SLUICE_RENDER_LAYOUT_H

// The solver stores depth as int32 units of this many metres (shaders/sim/transfer_math.h).
#define SLUICE_DEPTH_UNIT (1.0 / 1048576.0)

// Binding points of the renderer's view of the solver buffers (read only) and of its own buffers. The
// solver rebinds its own points before every dispatch, so sharing the numbers is harmless.
// The solver's fields are laid out in tiles (shaders/sim/field_layout.h).
#define SLUICE_RBIND_TERRAIN 0         // float b, W x H cells, metres
#define SLUICE_RBIND_DEPTH 1           // int h, W x H cells, depth units of SLUICE_DEPTH_UNIT (current state)
#define SLUICE_RBIND_FLOW_X 2          // float Qx, (W+1) x H faces, m^3/s
#define SLUICE_RBIND_FLOW_Y 3          // float Qy, W x (H+1) faces, m^3/s
#define SLUICE_RBIND_CHUNK_BOUNDS 4    // vec4 per chunk (render/terrain_lod.hpp ChunkBounds)
#define SLUICE_RBIND_PREVIOUS_DEPTH 5  // int h, W x H cells, depth units (earlier state; = DEPTH when not blending)
#define SLUICE_RBIND_HISTORY 6         // uint per cell: water history (below)
#define SLUICE_RBIND_CHUNK_HASH 7      // uint per chunk: hash of the chunk's bed heights (chunk_bounds.comp)
#define SLUICE_RBIND_SHADOW_STATE 8    // sun-shadow map bookkeeping (sun_shadow_map.hpp ShadowState)
#define SLUICE_RBIND_SHADOW_HASH 9     // uint per chunk: the bed hashes the sun-shadow map was made from
// Erosion's fields (sim::GpuSolver::erosionBuffers() or render::SolverMirror), int units of
// SLUICE_DEPTH_UNIT metres of material per cell; each field's current values start at an element
// offset (uniforms uSedimentOffset, uSoftOffset, uBedChangeOffset: the solver keeps them in one buffer).
#define SLUICE_RBIND_SEDIMENT 10       // int sed[], suspended load
#define SLUICE_RBIND_SOFT 11           // int soft[], soft-layer thickness (0: bedrock exposed)
#define SLUICE_RBIND_BED_CHANGE 12     // int dz[], the bed's change since erosion was set up (signed)
// Bodies' unit meshes (render/body_pass.hpp): vec4 position, vec4 normal per vertex.
#define SLUICE_RBIND_BODY_MESH 13
// The bodies drawn, one BodyInstance each (render/body_pass.hpp): position and shape, orientation
// (quaternion x, y, z, w), size, wet plane; grouped by shape, one instanced draw per shape.
#define SLUICE_RBIND_BODY_INSTANCES 14

// Sun-shadow map (render/sun_shadow_map.hpp): one R8 texel per cell holding the ray-marched sun
// visibility before its clamp to [0, 1], v in [SHADOW_MIN, 1] stored as (v - MIN) / (1 - MIN); the
// terrain shader interpolates v and clamps it, so shadow edges stay sharper than one cell.
#define SLUICE_SHADOW_MIN_V -1.0
#define SLUICE_SHADOW_GROUP 16          // sun_shadow.comp work groups are 16 x 16 cells
#define SLUICE_SHADOW_MAX_DIRTY 64      // changed chunks handled one by one; more redo the whole map
// Shore map (render/shore_map.hpp): one R8 texel per cell, the drawn depth (metres) divided by this
// range and clamped to 1.
#define SLUICE_SHORE_RANGE_M 0.5

// Water history word per cell: the low half is the deepest water seen (IEEE half float, metres,
// rounded up so it is never below a depth that was seen), the high half the time of first wetting
// (half float, seconds since the history's origin; +infinity = never wet). Half floats carry 11
// significant bits: max depth within 0.1 % above the truth, times within 0.05 % (0.5 s at 1000 s),
// up to 65504 s (18.2 h); later first wettings are recorded as 65504 s.
#define SLUICE_HISTORY_NEVER_WET_BITS 0x7C00u  // +infinity as a half float
#define SLUICE_HISTORY_MAX_SECONDS 65504.0     // largest finite half float
#define SLUICE_HISTORY_GROUP 16                // water_history.comp work groups are 16 x 16 cells

// Water thinner than this counts as dry (metres): films the solver leaves on wetted slopes. The
// history's "first wet" uses the same threshold.
#define SLUICE_DRY_DEPTH_M 0.001

// ViewSettings::overlay values (render/overlay.hpp).
#define SLUICE_OVERLAY_NONE 0
#define SLUICE_OVERLAY_DEPTH 1       // water depth, 0 .. ViewSettings::overlayDepthMaxM
#define SLUICE_OVERLAY_SPEED 2       // depth-averaged speed, 0 .. overlaySpeedMaxMPerS
#define SLUICE_OVERLAY_COURANT 3     // (|u| + sqrt(g h)) dt_sub / dx, 0 .. 1; above 1 in red
#define SLUICE_OVERLAY_MAX_DEPTH 4   // deepest water seen (history), 0 .. overlayDepthMaxM
#define SLUICE_OVERLAY_FIRST_WET 5   // time of first wetting (history), 0 .. the history's elapsed time
#define SLUICE_OVERLAY_SEDIMENT 6    // suspended load (erosion), 0 .. overlaySedimentMaxM metres of material
#define SLUICE_OVERLAY_SOFT 7        // soft-layer thickness (erosion), 0 .. overlaySoftMaxM
#define SLUICE_OVERLAY_BED_CHANGE 8  // bed change (erosion), -overlayBedChangeMaxM .. +, diverging ramp
#define SLUICE_OVERLAY_COUNT 9

// The overlays' colour ramp: matplotlib's viridis (perceptually uniform, readable in grey and by
// colour-blind viewers) at 0, 0.1, ..., 1, as display (sRGB) values in [0, 1], R G B per stop.
#define SLUICE_RAMP_STOPS 11
// Values above the ramp's range where the overlay marks them (Courant number > 1): a red outside
// the ramp's hues, display sRGB.
#define SLUICE_ABOVE_RANGE_SRGB 0.95, 0.12, 0.10
#define SLUICE_RAMP_SRGB                                                                                   \
    0.267, 0.004, 0.329, 0.282, 0.141, 0.459, 0.255, 0.267, 0.529, 0.208, 0.373, 0.553, 0.165, 0.471,     \
        0.557, 0.129, 0.569, 0.549, 0.133, 0.659, 0.518, 0.267, 0.749, 0.439, 0.478, 0.820, 0.318, 0.741, \
        0.875, 0.149, 0.992, 0.906, 0.145
// The diverging ramp of signed overlays (bed change): ColorBrewer's RdBu at 0, 0.1, ..., 1 of the range
// -max .. +max, display sRGB: red where the bed was carved (negative), near-white for no change, blue
// where material was laid down, as geomorphologists' maps of DEM difference colour erosion and
// deposition.
#define SLUICE_DIVERGING_STOPS 11
#define SLUICE_DIVERGING_SRGB                                                                              \
    0.404, 0.000, 0.122, 0.698, 0.094, 0.169, 0.839, 0.376, 0.302, 0.957, 0.647, 0.510, 0.992, 0.859,     \
        0.780, 0.969, 0.969, 0.969, 0.820, 0.898, 0.941, 0.573, 0.773, 0.871, 0.263, 0.576, 0.765, 0.129, \
        0.400, 0.675, 0.020, 0.188, 0.380

#endif

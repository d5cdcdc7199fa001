// Constants of the terrain's look shared by C++ (render/terrain_ao_map, render/wetness_map, tests) and
// GLSL (terrain_ao.comp, terrain.frag, wetness.comp). Only #define constants, valid in both languages.
#ifndef SLUICE_TERRAIN_LOOK_H
#define SLUICE_TERRAIN_LOOK_H

// Ambient occlusion (terrain_ao.comp): horizon search in 8 directions out to this many cells.
#define SLUICE_AO_REACH_CELLS 40
// Curvature in the AO map's G channel: 0.5 + (ring mean - height) / (2 * this), metres as drawn.
#define SLUICE_AO_CURVATURE_RANGE_M 2.0
// Wetness map (wetness.comp) work groups are 16 x 16 cells.
#define SLUICE_WETNESS_GROUP 16

#endif

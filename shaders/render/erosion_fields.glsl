// Erosion's fields as the renderer reads them (render/render_inputs.hpp ErosionInputs, read only):
// int units of SLUICE_DEPTH_UNIT metres of material per cell, each field's current values from its
// element offset on (the three binding points may hold one buffer). uErosion is 0 when the run has no erosion state; nothing may read the buffers then (the
// binding points may hold anything). Needs uGrid (cells) from the including shader.
#ifndef SLUICE_EROSION_FIELDS_GLSL
#define SLUICE_EROSION_FIELDS_GLSL
#include "render_layout.h"
#include "overlay_ramp.glsl"
#include "field_words.glsl"

layout(std430, binding = SLUICE_RBIND_SEDIMENT) readonly buffer SedimentBuffer { int sediment[]; };
layout(std430, binding = SLUICE_RBIND_SOFT) readonly buffer SoftBuffer { int softLayer[]; };
layout(std430, binding = SLUICE_RBIND_BED_CHANGE) readonly buffer BedChangeBuffer { int bedChange[]; };

uniform int uErosion;         // 1: the buffers above hold this grid's erosion state
uniform int uSedimentOffset;   // element where the field starts in sediment[] (its cells at fieldWord, field_words.glsl)
uniform int uSoftOffset;       // ... in softLayer[]
uniform int uBedChangeOffset;  // ... in bedChange[]

int erosionCell(ivec2 c) {
    c = clamp(c, ivec2(0), uGrid - 1);
    return fieldWord(c.x, c.y);
}
float sedimentMetres(ivec2 c) { return float(sediment[uSedimentOffset + erosionCell(c)]) * float(SLUICE_DEPTH_UNIT); }
float softMetres(ivec2 c) { return float(softLayer[uSoftOffset + erosionCell(c)]) * float(SLUICE_DEPTH_UNIT); }
float bedChangeMetres(ivec2 c) { return float(bedChange[uBedChangeOffset + erosionCell(c)]) * float(SLUICE_DEPTH_UNIT); }

// Erosion's materials over a ground colour, given the soft layer and the bed change (metres) there:
// ground carved by the water darker (fresh, moist soil, down to 0.72 from 20 cm), deposits as `sand`
// (full from 5 cm), bedrock where no soft layer is left (`rock`, full below 1 cm, gone above 5 cm).
// Zero amounts leave the colour exactly as it was.
vec3 erosionMaterial(vec3 ground, float softM, float changeM, vec3 rock, vec3 sand) {
    ground *= mix(1.0, 0.72, smoothstep(0.002, 0.2, -changeM));
    ground = mix(ground, sand, smoothstep(0.002, 0.05, changeM));
    return mix(ground, rock, 1.0 - smoothstep(0.01, 0.05, softM));
}

// Turbidity of water carrying suspended load: the fraction of the view through `pathM` metres of it
// that the mud hides, with an extinction of 200 per metre per unit of volume concentration (1 % of
// mud: 2 per metre, so half a metre of it hides the bed).
float mudOpacity(float concentration, float pathM) { return 1.0 - exp(-200.0 * concentration * pathM); }

// The erosion overlay's value of cell c in units of its range (sediment and soft layer 0..1, bed change
// -1..1), and its display colour.
vec3 erosionOverlayDisplay(int overlay, ivec2 c, float range) {
    if (overlay == SLUICE_OVERLAY_BED_CHANGE) return divergingDisplay(bedChangeMetres(c) / range);
    return rampDisplay((overlay == SLUICE_OVERLAY_SEDIMENT ? sedimentMetres(c) : softMetres(c)) / range);
}

#endif

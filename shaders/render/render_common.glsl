// Shared by the scene renderer's shaders: the simulation buffers (read only: the renderer never
// writes simulation state), heightfield sampling, the sun and the procedural sky.
// World space: x east, y north, z up, metres; cell (i, j) has its centre at ((i + 0.5) dx, (j + 0.5) dx).
#ifndef SLUICE_RENDER_COMMON_GLSL
#define SLUICE_RENDER_COMMON_GLSL

#include "render_layout.h"

// Each a field of the solver's (cells or faces), in the solver's layout (field_words.glsl: cellIndex, faceIndex).
layout(std430, binding = SLUICE_RBIND_TERRAIN) readonly buffer TerrainBuffer { float terrain[]; };  // b, W x H, metres
layout(std430, binding = SLUICE_RBIND_DEPTH) readonly buffer DepthBuffer { int depth[]; };          // h, W x H, units
layout(std430, binding = SLUICE_RBIND_FLOW_X) readonly buffer FlowXBuffer { float flowX[]; };       // Qx, (W+1) x H, m^3/s
layout(std430, binding = SLUICE_RBIND_FLOW_Y) readonly buffer FlowYBuffer { float flowY[]; };       // Qy, W x (H+1), m^3/s
// An earlier depth field (RenderInputs::previousDepth); the depth buffer again when not blending.
layout(std430, binding = SLUICE_RBIND_PREVIOUS_DEPTH) readonly buffer PreviousDepthBuffer { int previousDepth[]; };

uniform ivec2 uGrid;       // cells W, H
uniform float uCellSize;   // dx, metres
uniform vec3 uEye;         // camera position, world metres
uniform vec3 uSunDir;      // unit vector toward the sun
uniform vec2 uHeightRange; // lowest and highest terrain over the grid, metres
uniform float uTime;       // seconds
uniform float uBlend;      // depth drawn = mix(previousDepth, depth, uBlend); 1 when not blending

// Water thinner than this counts as dry (metres): films the solver leaves on wetted slopes.
const float kDryDepth = SLUICE_DRY_DEPTH_M;
const vec3 kSunColor = vec3(1.0, 0.92, 0.80) * 2.3;

#include "field_words.glsl"
// Word of face (x, y) of flowX or flowY, and of cell c (clamped to the grid) of the cell fields.
int faceIndex(int x, int y) { return fieldWord(x, y); }
int cellIndex(ivec2 c) {
    c = clamp(c, ivec2(0), uGrid - 1);
    return faceIndex(c.x, c.y);
}
float terrainAt(ivec2 c) { return terrain[cellIndex(c)]; }
// The depth drawn at a cell: every depth-derived look (surface, shoreline, wet ground, absorption)
// goes through here. The end points read one buffer only, so blend 0 and 1 reproduce either state
// exactly (mix() may round differently).
float depthMetres(int units) { return float(units) * float(SLUICE_DEPTH_UNIT); }
float depthAt(ivec2 c) {
    int i = cellIndex(c);
    float now = depthMetres(depth[i]), before = depthMetres(previousDepth[i]);
    float h = uBlend >= 1.0 ? now : (uBlend <= 0.0 ? before : mix(before, now, uBlend));
    return max(h, 0.0);
}

// Bilinear interpolation of a per-cell field between cell centres at world position p (metres).
vec2 bilinearSetup(vec2 p, out ivec2 c) {
    vec2 g = p / uCellSize - 0.5;
    c = ivec2(floor(g));
    return g - vec2(c);
}
float terrainBilinear(vec2 p) {
    ivec2 c;
    vec2 f = bilinearSetup(p, c);
    return mix(mix(terrainAt(c), terrainAt(c + ivec2(1, 0)), f.x),
               mix(terrainAt(c + ivec2(0, 1)), terrainAt(c + ivec2(1, 1)), f.x), f.y);
}
float depthBilinear(vec2 p) {
    ivec2 c;
    vec2 f = bilinearSetup(p, c);
    return mix(mix(depthAt(c), depthAt(c + ivec2(1, 0)), f.x),
               mix(depthAt(c + ivec2(0, 1)), depthAt(c + ivec2(1, 1)), f.x), f.y);
}

// Bed height at p (terrainBilinear) and the unit normal there (z up) from central differences of
// bilinear heights one cell apart. The five bilinear samples share 12 cells, each read once.
float terrainWithNormal(vec2 p, out vec3 n) {
    ivec2 c;
    vec2 f = bilinearSetup(p, c);
    // Rows c.y and c.y + 1 from x = c.x - 1 to c.x + 2; the rows below and above, x = c.x and c.x + 1.
    float a0 = terrainAt(c + ivec2(-1, 0)), a1 = terrainAt(c), a2 = terrainAt(c + ivec2(1, 0)), a3 = terrainAt(c + ivec2(2, 0));
    float b0 = terrainAt(c + ivec2(-1, 1)), b1 = terrainAt(c + ivec2(0, 1)), b2 = terrainAt(c + ivec2(1, 1)), b3 = terrainAt(c + ivec2(2, 1));
    float below1 = terrainAt(c + ivec2(0, -1)), below2 = terrainAt(c + ivec2(1, -1));
    float above1 = terrainAt(c + ivec2(0, 2)), above2 = terrainAt(c + ivec2(1, 2));
    float row0 = mix(a1, a2, f.x), row1 = mix(b1, b2, f.x);
    float east = mix(mix(a2, a3, f.x), mix(b2, b3, f.x), f.y);
    float west = mix(mix(a0, a1, f.x), mix(b0, b1, f.x), f.y);
    float north = mix(row1, mix(above1, above2, f.x), f.y);
    float south = mix(mix(below1, below2, f.x), row0, f.y);
    n = normalize(vec3(west - east, south - north, 2.0 * uCellSize));
    return mix(row0, row1, f.y);
}

// Soft sun visibility by a short ray march through the heightfield toward the sun, before its clamp
// to [0, 1]: the smallest 12 * (height above the terrain) / distance over the ray's samples, at most
// 1 (lit); 0 and below when terrain blocks the sun. The march stops once the value reaches minV (deep
// in shadow), the ray leaves the grid or rises above maxBedM (nothing higher can block it). Steps grow
// geometrically so 40 of them reach across the grid.
float sunVisibilityUnclamped(vec3 p, float maxBedM, float minV) {
    float t = 0.6 * uCellSize;
    float visible = 1.0;
    vec2 worldMax = vec2(uGrid) * uCellSize;
    for (int i = 0; i < 40; ++i) {
        vec3 q = p + uSunDir * t;
        if (q.z > maxBedM || any(lessThan(q.xy, vec2(0.0))) || any(greaterThan(q.xy, worldMax))) break;
        float above = q.z - terrainBilinear(q.xy);
        visible = min(visible, 12.0 * above / t);  // penumbra widens with distance to the occluder
        if (visible <= minV) return minV;
        t += max(0.5 * uCellSize, t * 0.12);
    }
    return visible;
}
// Soft sun visibility in [0, 1] at p, marched per call (the terrain reads the sun-shadow map instead).
float sunVisibility(vec3 p) { return clamp(sunVisibilityUnclamped(p, uHeightRange.y, 0.0), 0.0, 1.0); }

// Procedural sky radiance (linear RGB) seen along unit direction d: a zenith-to-horizon gradient,
// haze near the horizon, a glow around the sun and the sun's disc when withDisc is set.
vec3 skyColor(vec3 d, bool withDisc) {
    float up = clamp(d.z, -1.0, 1.0);
    vec3 zenith = vec3(0.09, 0.22, 0.58);
    vec3 horizon = vec3(0.50, 0.62, 0.80);
    vec3 ground = vec3(0.28, 0.27, 0.25);
    vec3 sky = up >= 0.0 ? mix(horizon, zenith, pow(up, 0.45)) : mix(horizon, ground, pow(-up, 0.6));
    float cosSun = max(dot(d, uSunDir), 0.0);
    sky += vec3(1.0, 0.8, 0.55) * (0.25 * pow(cosSun, 8.0) + 0.6 * pow(cosSun, 64.0));
    if (withDisc) sky += kSunColor * 6.0 * smoothstep(0.9995, 0.9998, cosSun);
    return sky;
}

// Ambient light from the sky hemisphere and bounce light from the ground, for normal n.
vec3 hemisphereAmbient(vec3 n) {
    float k = 0.5 + 0.5 * n.z;
    return mix(vec3(0.16, 0.14, 0.11), vec3(0.42, 0.52, 0.68), k) * 0.4;
}

// Cheap hash-based value noise in [0, 1] (visual variation only, not tileable).
float hash12(vec2 p) {
    vec3 p3 = fract(vec3(p.xyx) * 0.1031);
    p3 += dot(p3, p3.yzx + 33.33);
    return fract((p3.x + p3.y) * p3.z);
}
float valueNoise(vec2 p) {
    vec2 i = floor(p), f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash12(i), hash12(i + vec2(1, 0)), u.x), mix(hash12(i + vec2(0, 1)), hash12(i + vec2(1, 1)), u.x), u.y);
}
float fbm(vec2 p) {
    float s = 0.0, a = 0.5;
    for (int i = 0; i < 4; ++i) {
        s += a * valueNoise(p);
        p = p * 2.03 + vec2(17.1, 9.7);
        a *= 0.5;
    }
    return s;
}

// Aerial perspective: blends colour toward the horizon haze with distance (metres).
vec3 applyHaze(vec3 colour, float distM, float densityPerM) {
    float k = 1.0 - exp(-distM * densityPerM);
    return mix(colour, vec3(0.50, 0.62, 0.80), k * 0.6);
}

#endif

// Tool overlays drawn on the terrain and the water (fragment shaders only): the brush ring under the
// cursor and the source/drain markers, all in world metres.
uniform vec3 uBrushRing;   // x, y, radius; radius <= 0 hides it
uniform int uMarkerCount;
uniform vec4 uMarkers[32]; // x, y, radius, kind (+1 source, -1 drain, 2 selected)

#ifdef SLUICE_FRAGMENT_MARKS
// Blends an anti-aliased ring about 1.5 px wide at `radius` around `centre` into colour.
vec3 markRing(vec3 colour, vec2 p, vec2 centre, float radius, vec3 ringColour) {
    float d = abs(length(p - centre) - radius);
    float w = max(fwidth(d), 1.0e-4);
    return mix(colour, ringColour, 1.0 - smoothstep(0.75 * w, 1.75 * w, d));
}

vec3 applyToolMarks(vec3 colour, vec3 world) {
    for (int m = 0; m < uMarkerCount; ++m) {
        vec4 mk = uMarkers[m];
        vec3 c = mk.w > 1.5 ? vec3(2.0, 1.8, 0.4) : (mk.w > 0.0 ? vec3(0.3, 1.6, 2.0) : vec3(2.0, 0.5, 0.3));
        colour = markRing(colour, world.xy, mk.xy, mk.z, c);
    }
    if (uBrushRing.z > 0.0) colour = markRing(colour, world.xy, uBrushRing.xy, uBrushRing.z, vec3(2.0));
    return colour;
}
#endif

// Terrain shading: per-fragment normal from the heightfield, materials by slope, height and nearby
// water (sand, from the shore map), a directional sun with heightfield shadows (the sun-shadow map,
// ray-marched per cell when the terrain or the sun changes), hemisphere ambient, wet darkening under
// and beside water, and distance haze. Writes linear radiance and the view distance
// (metres) that the water pass uses for its refraction and absorption path. With erosion state
// (uErosion), materials from erosion's fields: exposed bedrock (no soft layer left) as rock, fresh
// deposits as sand, carved soft ground darker; without it this shader computes exactly what it did
// before erosion existed. Under an overlay the ground turns grey, or shows its water history or
// erosion field in the ramp's colours (overlay.glsl).
#define SLUICE_FRAGMENT_MARKS
#include "render_common.glsl"
#include "overlay.glsl"

uniform int uShadows;       // 1: sun shadows
uniform float uHazePerM;    // aerial perspective density, 1/metres
uniform sampler2D uSunShadow;  // render/sun_shadow_map.hpp: encoded unclamped visibility per cell
uniform sampler2D uShore;      // render/shore_map.hpp: depth per cell, clipped and scaled to 0..1

in vec3 vWorld;
layout(location = 0) out vec4 outColor;
layout(location = 1) out float outDistance;

// Soft-layer thickness and bed change (metres) at p, bilinear between cell centres like the bed.
vec2 erosionLayersBilinear(vec2 p) {
    ivec2 c;
    vec2 f = bilinearSetup(p, c);
    vec2 a = vec2(softMetres(c), bedChangeMetres(c)), b = vec2(softMetres(c + ivec2(1, 0)), bedChangeMetres(c + ivec2(1, 0)));
    vec2 d = vec2(softMetres(c + ivec2(0, 1)), bedChangeMetres(c + ivec2(0, 1)));
    vec2 e = vec2(softMetres(c + ivec2(1, 1)), bedChangeMetres(c + ivec2(1, 1)));
    return mix(mix(a, b, f.x), mix(d, e, f.x), f.y);
}

void main() {
    vec2 p = vWorld.xy;
    vec3 n;
    float b = terrainWithNormal(p, n);
    vec2 uv = p / (vec2(uGrid) * uCellSize);  // texel centres are cell centres
    float range = max(uHeightRange.y - uHeightRange.x, 1e-3);
    float heightFrac = (b - uHeightRange.x) / range;

    // Water here and around (radius ~2.5 cells): sand on beaches and lake beds, darkening when wet.
    float h = depthBilinear(p);
    float wet = smoothstep(0.0, 0.01, h);
    float near = 0.0;
    for (int i = 0; i < 8; ++i) {
        float a = float(i) * 0.785398;
        near = max(near, texture(uShore, uv + vec2(cos(a), sin(a)) * 1.5 / vec2(uGrid)).r);
    }
    float beach = max(smoothstep(0.0, 0.02, near * SLUICE_SHORE_RANGE_M), wet);

    // Material albedos (linear), varied by noise in world metres so flat areas are not uniform.
    float n1 = fbm(p * 0.08), n2 = fbm(p * 0.5 + 31.0);
    vec3 grass = mix(vec3(0.060, 0.100, 0.032), vec3(0.125, 0.140, 0.055), n1) * (0.85 + 0.3 * n2);
    vec3 dirt = vec3(0.16, 0.11, 0.07) * (0.8 + 0.4 * n2);
    vec3 rock = mix(vec3(0.20, 0.19, 0.18), vec3(0.32, 0.29, 0.26), n2);
    vec3 sand = mix(vec3(0.30, 0.25, 0.17), vec3(0.38, 0.32, 0.22), n1);
    vec3 silt = vec3(0.10, 0.09, 0.065) * (0.8 + 0.4 * n2);  // lake and river beds away from the shore
    vec3 snow = vec3(0.85, 0.88, 0.92);

    vec3 albedo = mix(grass, dirt, smoothstep(0.55, 0.8, n1) * 0.6);
    albedo = mix(albedo, mix(sand, silt, smoothstep(0.05, 1.5, h)), beach);
    float steep = 1.0 - smoothstep(0.72, 0.86, n.z + 0.06 * (n2 - 0.5));  // rock beyond ~35-45 degrees
    albedo = mix(albedo, rock, steep);
    // Snow on the top of the range, but only on real mountains (more than ~150 m of relief).
    float snowLine = uHeightRange.x + max(0.86 * range, 150.0) + 0.06 * range * (n1 - 0.5);
    float snowy = smoothstep(snowLine, snowLine + 0.04 * range, b) * smoothstep(0.6, 0.8, n.z);
    albedo = mix(albedo, snow, snowy);
    if (uErosion != 0) {
        vec2 layers = erosionLayersBilinear(p);  // x soft layer, y bed change
        albedo = erosionMaterial(albedo, layers.x, layers.y, rock, sand);
    }
    albedo *= mix(1.0, 0.5, wet);  // wet ground is darker (less diffuse scattering)

    // The map holds the visibility before its clamp: interpolating that keeps edges sharp.
    float shadow = uShadows != 0 ? clamp(mix(SLUICE_SHADOW_MIN_V, 1.0, texture(uSunShadow, uv).r), 0.0, 1.0) : 1.0;
    float diffuse = max(dot(n, uSunDir), 0.0);
    vec3 radiance = albedo * (kSunColor * diffuse * shadow + hemisphereAmbient(n));

    float dist = length(vWorld - uEye);
    vec3 colour = applyHaze(applyToolMarks(radiance, vWorld), dist, uHazePerM);
    if (uOverlay != SLUICE_OVERLAY_NONE) {
        vec3 display;
        // Relief on history colours: 1 on flat ground (the ramp's exact colour), darker facing away.
        float relief = clamp(1.0 + 0.8 * (dot(n, uSunDir) - uSunDir.z), 0.5, 1.0);
        // Suspended sediment is the water's: dry ground under it stays grey.
        bool shown = isHistoryOverlay() ? historyDisplay(p, display)
                                        : isErosionOverlay() && uOverlay != SLUICE_OVERLAY_SEDIMENT && erosionDisplay(p, display);
        colour = shown ? displayToRadiance(display * relief) : overlayGround(radiance);
        colour = applyToolMarks(colour, vWorld);
    }
    outColor = vec4(colour, 1.0);
    outDistance = dist;
}

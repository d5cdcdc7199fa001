// Terrain shading (docs/VIEWER.md, "The terrain look"). Per fragment: the normal from the heightfield
// (true slopes choose materials; the drawn shape, with the vertical exaggeration, is lit), materials
// by slope, height, exposure and nearby water (grass lush in hollows and drier on exposed ground, dirt,
// scree on moderate slopes and at the foot of rock, rock with strata and cracks on steep ground, sand
// on beaches and beds, silt under deep water, snow on high ground of real mountains) varied by a
// tileable detail map; erosion's materials over them with erosion state (uErosion). Light: the sun
// with soft heightfield shadows (the sun-shadow map, filtered), sky light from the hemisphere times
// the ambient occlusion, and cavity darkening from the curvature (both from the AO map, made when the
// terrain changes), so a 1 m trench or a ridge reads at a glance. Ground that water has left stays
// dark and dries (the wetness map). Then aerial perspective (atmosphere.glsl). The world's edge is
// drawn as a diorama's walls (terrain.vert): soil over rock strata down to a dark base. Writes linear
// radiance and the view distance (metres) that the water pass uses for its refraction and absorption
// path. Under an overlay the ground turns grey, or shows its water history or erosion field in the
// ramp's colours (overlay.glsl).
#define SLUICE_FRAGMENT_MARKS
#include "render_common.glsl"
#include "overlay.glsl"
#include "atmosphere.glsl"
#include "terrain_look.h"
#include "underwater.glsl"
#include "body_shadow.glsl"

uniform int uShadows;          // 1: sun shadows
uniform int uAmbientOcclusion; // 1: ambient occlusion and cavity darkening
uniform float uHazePerM;       // aerial perspective density, 1/metres
uniform float uVerticalScale;  // heights drawn this many times as tall
uniform float uBaseZ;          // the diorama's base, metres
uniform float uSeaLevel;       // the sea's highest level (m; RenderInputs::seaLevelM), -1e30 without a sea
uniform sampler2D uSunShadow;     // render/sun_shadow_map.hpp: encoded unclamped visibility per cell
uniform sampler2D uShore;         // render/shore_map.hpp: depth per cell, clipped and scaled to 0..1
uniform sampler2D uTerrainAo;     // render/terrain_ao_map.hpp: R sky visibility, G curvature
uniform sampler2D uWetness;       // render/wetness_map.hpp: 1 wet .. 0 dry
uniform sampler2D uTerrainDetail; // render/detail_map.hpp makeTerrainDetailMap, repeating

in vec3 vWorld;       // metres, heights as stored (the projection exaggerates them)
in vec3 vWallNormal;  // outward normal on the diorama's walls, 0 elsewhere
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

// Sky light on a surface of normal n (drawn shape): blue from above, warm bounce from the ground.
vec3 skyLight(vec3 n) { return mix(vec3(0.10, 0.09, 0.07), vec3(0.26, 0.34, 0.50), 0.5 + 0.5 * n.z); }

// Relief of the world, metres, and the strata's thickness (bands on rock and on the walls).
float reliefM() { return max(uHeightRange.y - uHeightRange.x, 1e-3); }
float strataM() { return max(reliefM() / 14.0, 0.8); }

// Rock: strata bands by height, wobbling with the detail, cracks darker.
vec3 rockAlbedo(float z, vec4 mid, vec4 fine) {
    float band = fract(z / strataM() + 0.7 * (mid.g - 0.5));
    vec3 rock = mix(vec3(0.08, 0.074, 0.068), vec3(0.17, 0.155, 0.135), 0.65 * smoothstep(0.15, 0.85, band) + 0.35 * mid.r);
    // Cracks only faintly: at half darkness their branching lines read as contour squiggles from afar.
    return rock * (1.0 - 0.2 * fine.b) * (0.9 + 0.2 * fine.a);
}

// The diorama's wall at w (outward normal nWall): topsoil, subsoil, then rock strata by height down to
// a dark base; lit by the sun and the sky (no shadows: the walls face out of the world).
vec3 wallRadiance(vec3 w, vec3 nWall) {
    float top = terrainBilinear(w.xy);
    float below = max(top - w.z, 0.0);  // metres under the ground at the wall's top
    float along = dot(w.xy, vec2(-nWall.y, nWall.x));
    vec4 d = texture(uTerrainDetail, vec2(along, w.z * 2.0) / 41.0);
    vec4 f = texture(uTerrainDetail, vec2(along, w.z * 2.0) / 5.3);
    float soilScale = max(1.0, reliefM() / 40.0);
    // Strata: bands by height, dipping a little along the wall; each band one of four rocks.
    float s = w.z / strataM() + 0.9 * (d.g - 0.5) + along * 0.002;
    float pick = hash12(vec2(floor(s), 7.0));
    vec3 layer = pick < 0.3 ? vec3(0.13, 0.095, 0.06) : pick < 0.55 ? vec3(0.07, 0.064, 0.058)
               : pick < 0.8 ? vec3(0.15, 0.135, 0.11) : vec3(0.12, 0.065, 0.04);
    layer *= (0.8 + 0.35 * f.a) * (1.0 - 0.4 * smoothstep(0.88, 1.0, fract(s))) * (1.0 - 0.35 * f.b);
    float topsoil = (0.3 + 0.5 * d.r) * soilScale;
    float subsoil = topsoil + (1.0 + 2.5 * d.g) * soilScale;
    vec3 c = layer;
    c = mix(c, vec3(0.14, 0.095, 0.058) * (0.8 + 0.35 * f.a), 1.0 - smoothstep(subsoil - 0.3, subsoil + 0.3, below));
    c = mix(c, vec3(0.065, 0.045, 0.03) * (0.8 + 0.4 * f.a), 1.0 - smoothstep(topsoil - 0.08, topsoil + 0.08, below));
    // A dark plinth, 5 % of the wall's height at most, so the world stands on something.
    float plinthM = 0.05 * (uHeightRange.y - uBaseZ);
    c = mix(c, vec3(0.03, 0.028, 0.026), step(w.z, uBaseZ + plinthM));
    float ndl = max(dot(nWall, uSunLight), 0.0);
    return c * (kSunColor * ndl * 0.8 + skyLight(nWall) * 0.8);
}

void main() {
    vec2 p = vWorld.xy;
    float dist = length(vWorld - uEye);
    vec3 toFragment = vWorld - uEye;
    toFragment.z *= uVerticalScale;  // the direction as drawn
    vec3 viewDir = normalize(toFragment);

    if (dot(vWallNormal, vWallNormal) > 0.5) {
        vec3 wall = wallRadiance(vWorld, vWallNormal);
        if (uOverlay != SLUICE_OVERLAY_NONE) wall = overlayGround(wall);
        outColor = vec4(aerialPerspective(wall, viewDir, dist, uHazePerM), 1.0);
        outDistance = dist;
        return;
    }

    vec3 n0;
    float b = terrainWithNormal(p, n0);                           // true slopes: materials
    vec3 n = normalize(vec3(n0.xy * uVerticalScale, n0.z));      // the drawn shape: light
    vec2 uv = p / (vec2(uGrid) * uCellSize);  // texel centres are cell centres
    float range = reliefM();
    float heightFrac = (b - uHeightRange.x) / range;

    // Ambient occlusion and curvature (metres as drawn, + in hollows), scaled by the cell size so the
    // same shape darkens alike at any resolution.
    vec2 aoTexel = uAmbientOcclusion != 0 ? texture(uTerrainAo, uv).rg : vec2(1.0, 128.0 / 255.0);
    float skyVisible = aoTexel.r;
    float curvature = (aoTexel.g - 128.0 / 255.0) * 2.0 * SLUICE_AO_CURVATURE_RANGE_M / max(uCellSize, 0.25);

    // Water here and around (radius ~1.5 cells): sand on beaches and lake beds, darkening when wet;
    // ground the water has left stays wet for a while (the wetness map).
    float h = depthBilinear(p);
    float underWater = smoothstep(0.0, 0.01, h);
    float near = 0.0;
    for (int i = 0; i < 8; ++i) {
        float a = float(i) * 0.785398;
        near = max(near, texture(uShore, uv + vec2(cos(a), sin(a)) * 1.5 / vec2(uGrid)).r);
    }
    float beach = max(smoothstep(0.0, 0.02, near * SLUICE_SHORE_RANGE_M), underWater);
    float wetness = max(underWater, texture(uWetness, uv).r);

    // Detail at three scales (metres per repeat); far away the mipmaps average them out.
    vec4 big = texture(uTerrainDetail, p / 211.0);
    vec4 mid = texture(uTerrainDetail, p / 37.0);
    vec4 fine = texture(uTerrainDetail, p / 6.1);

    // Exposure: ridges and high ground dry out (yellower grass), hollows stay lush.
    float exposure = clamp(0.45 - 1.5 * curvature + 0.4 * (heightFrac - 0.5), 0.0, 1.0);
    vec3 grassLush = vec3(0.030, 0.075, 0.016), grassDry = vec3(0.105, 0.110, 0.035);
    vec3 grass = mix(grassLush, grassDry, clamp(0.7 * exposure + 0.5 * (big.r - 0.5) + 0.05, 0.0, 1.0));
    grass *= (0.82 + 0.3 * mid.r) * (0.88 + 0.24 * fine.a);
    vec3 dirt = vec3(0.15, 0.105, 0.065) * (0.8 + 0.4 * mid.g);
    vec3 scree = mix(vec3(0.105, 0.092, 0.075), vec3(0.17, 0.15, 0.12), fine.a) * (0.85 + 0.3 * mid.r);
    vec3 rock = rockAlbedo(b, mid, fine);
    vec3 sand = mix(vec3(0.28, 0.22, 0.13), vec3(0.36, 0.29, 0.17), big.g) * (0.92 + 0.16 * fine.a);
    vec3 silt = vec3(0.10, 0.09, 0.065) * (0.8 + 0.4 * mid.g);  // lake and river beds away from the shore
    vec3 snow = vec3(0.85, 0.88, 0.92);

    // n0.z is the cosine of the true slope: rock beyond ~40 degrees, scree from ~25 and in hollows at
    // the foot of steep ground, on real mountains (more than ~100 m of relief) also high up.
    float alpine = smoothstep(0.6, 0.85, heightFrac) * smoothstep(80.0, 200.0, range);
    float rockW = 1.0 - smoothstep(0.70, 0.79, n0.z + 0.12 * (mid.r - 0.5));  // 38-45 degrees
    float screeW = 1.0 - smoothstep(0.80, 0.88, n0.z + 0.10 * (mid.g - 0.5) - 0.05 * max(curvature, 0.0));  // 28-37
    screeW = max(screeW, alpine * 0.7) * (1.0 - rockW);
    float dirtW = smoothstep(0.7, 0.85, big.r) * 0.3 * smoothstep(0.3, 0.7, mid.b + mid.r);
    vec3 albedo = mix(grass, dirt, dirtW);
    albedo = mix(albedo, scree, screeW);
    albedo = mix(albedo, rock, rockW);
    // Sand in the shallows, silt from ~0.3 m down to ~1.5 m (river beds read dark, as wet beds do).
    // By the sea: dry sand on the beach (up to ~0.6 m above high water) and on the slopes of dunes
    // (ground less than ~8 m above it that slopes more than ~4 degrees: a coastal plain is flatter),
    // marram grass on them in patches.
    float aboveSea = b - uSeaLevel;
    float duneSlope = 1.0 - smoothstep(0.9945, 0.9986, n0.z);
    float coastal = max(1.0 - smoothstep(0.45, 0.75, aboveSea + 0.2 * (mid.r - 0.5)),
                        duneSlope * (1.0 - smoothstep(7.0, 10.0, aboveSea)) * (1.0 - 0.8 * smoothstep(0.55, 0.75, big.g + 0.3 * mid.b)));
    vec3 drySand = mix(vec3(0.34, 0.28, 0.18), vec3(0.42, 0.35, 0.23), mid.g) * (0.92 + 0.16 * fine.a);
    albedo = mix(albedo, drySand, coastal * (1.0 - rockW));
    // The dry rim of a shore is sand mixed with soil, so a lake's edge does not glow from afar.
    vec3 shoreBed = mix(mix(sand, dirt, 0.45), mix(sand, silt, smoothstep(0.3, 1.5, h)), underWater);
    albedo = mix(albedo, shoreBed, beach);
    // Snow on the top of the range, but only on real mountains: at least 400 m above the lowest ground
    // (a world of hills a hundred or two metres high has none; the valley at 1024² has 560 m of relief).
    float snowLine = uHeightRange.x + max(0.86 * range, 400.0) + 0.06 * range * (big.r - 0.5);
    float snowy = smoothstep(snowLine, snowLine + 0.04 * range, b) * smoothstep(0.6, 0.8, n0.z);
    albedo = mix(albedo, snow, snowy);
    if (uErosion != 0) {
        vec2 layers = erosionLayersBilinear(p);  // x soft layer, y bed change
        albedo = erosionMaterial(albedo, layers.x, layers.y, rock, sand);
    }
    albedo *= mix(1.0, 0.45, wetness);  // wet ground is darker (less diffuse scattering)

    // Soft sun shadows: four filtered taps of the map 0.7 cell apart, each mapped through a wide ramp
    // of the unclamped visibility (the map stores it before its clamp, so the ramp widens the penumbra).
    float shadow = 1.0;
    if (uShadows != 0) {
        vec2 t = 0.7 / vec2(uGrid);
        const vec2 kTaps[4] = vec2[4](vec2(0.5, 1.0), vec2(-1.0, 0.5), vec2(-0.5, -1.0), vec2(1.0, -0.5));
        shadow = 0.0;
        for (int i = 0; i < 4; ++i) {
            float v = mix(SLUICE_SHADOW_MIN_V, 1.0, texture(uSunShadow, uv + kTaps[i] * t).r);
            shadow += 0.25 * smoothstep(-0.25, 0.9, v);
        }
    }
    shadow *= bodyShadow(vWorld);  // and the bodies' (1 when off)
    float ndl = max(dot(n, uSunLight), 0.0);
    // Hollows darker, crests a little brighter (cavity shading); sky light through the open sky only.
    float cavity = uAmbientOcclusion != 0 ? clamp(1.0 - 0.9 * curvature, 0.5, 1.2) : 1.0;
    float occlusion = skyVisible * skyVisible;  // the open sky's share, squared: the darkening reads from afar
    vec3 radiance = albedo * cavity * (kSunColor * ndl * shadow * mix(1.0, skyVisible, 0.65) + skyLight(n) * occlusion);

    // From under water, the ground the eye sees directly is under water too (underwater.glsl).
    float eyeUnder = eyeUnderwaterM();
    vec3 colour = eyeUnder > 0.0 ? underwaterFog(applyToolMarks(radiance, vWorld), dist, eyeUnder)
                                 : aerialPerspective(applyToolMarks(radiance, vWorld), viewDir, dist, uHazePerM);
    if (uOverlay != SLUICE_OVERLAY_NONE) {
        vec3 display;
        // Relief on history colours: 1 on flat ground (the ramp's exact colour), darker facing away.
        float relief = clamp(1.0 + 0.8 * (dot(n, uSunLight) - uSunLight.z), 0.5, 1.0);
        // Suspended sediment is the water's: dry ground under it stays grey.
        bool shown = isHistoryOverlay() ? historyDisplay(p, display)
                                        : isErosionOverlay() && uOverlay != SLUICE_OVERLAY_SEDIMENT && erosionDisplay(p, display);
        colour = shown ? displayToRadiance(display * relief) : overlayGround(radiance);
        colour = applyToolMarks(colour, vWorld);
    }
    outColor = vec4(colour, 1.0);
    outDistance = dist;
}

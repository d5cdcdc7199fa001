// Water shading (docs/VIEWER.md, "The water look").
// - Shoreline: the signed depth interpolated from the vertices (water.vert) is the depth here; the
//   surface ends where it crosses zero (fragments below are discarded) and fades into the terrain
//   image over the first kEdgeFadeM.
// - Body: per-channel Beer-Lambert absorption along the view path through the water (the parallax
//   estimate L = h / |v.z|, capped by the distance to the terrain behind), so shallows are clear and
//   deep water blue-green; in-scatter toward uScatter; the bed is the terrain pass's image, shifted
//   along the surface slope (refraction), lit by caustics in shallow sunlit water.
// - Surface: Schlick Fresnel between the reflection and the body. The reflection is the terrain image
//   where a short screen-space march along the reflected ray finds terrain in front of it (banks,
//   hills), the procedural sky elsewhere; a narrow sun lobe plus a sharper glint on the detail normals.
// - Detail: a tileable ripple map at three scales, each sampled in two phases advected along the
//   simulated velocity with alternating weights and reset while weightless (seed thesis 4.7), faded
//   by the pixel footprint so distant water does not shimmer.
// - Foam: the foam field (water_foam.comp, made by the flow) reveals a foam pattern advected like the
//   ripples: an amount a covers the fraction a of the surface. Steep surfaces (water going over a
//   cliff) are drawn as a falling sheet: white streaks long along the fall, moving down it.
// - Suspended sediment (erosion) makes the water turbid. Under an overlay the water shows the
//   overlay's ramp colour instead (overlay.glsl).
#define SLUICE_FRAGMENT_MARKS
#include "render_common.glsl"
#include "atmosphere.glsl"
#include "overlay.glsl"
#include "underwater.glsl"
#include "body_shadow.glsl"

uniform sampler2D uDetail;          // render/water_detail.hpp: RG ripple slopes, B foam pattern, A caustics / 4
uniform sampler2D uFoamField;       // render/water_foam.hpp: foam amount per cell, 0..1
uniform sampler2D uTerrainColor;    // terrain pass radiance (linear)
uniform sampler2D uTerrainDistance; // terrain pass view distance, metres (sky: 1e9)
uniform mat4 uViewProj;
uniform vec2 uViewport;             // pixels
uniform int uShadows, uNormalMaps, uFoam, uCaustics, uReflections;
uniform float uHazePerM;

in vec3 vWorld;
in vec2 vVelocity;
in vec3 vNormal;
in float vDepth;    // surface - bed, metres (interpolated from the vertices)
in float vFall;     // 0..1: a steep, falling surface
in float vCourant;  // (|u| + sqrt(g h)) dt_sub / dx of the cells around
in float vConcentration;  // suspended material per metre of water (0 without erosion)
out vec4 outColor;

const float kPhasePeriod = 1.6;       // seconds per advection cycle of each phase
const vec2 kWind = vec2(0.12, 0.07);  // m/s drift so still water still ripples
const float kEdgeFadeM = 0.05;        // the water fades into the terrain under its first 5 cm
const float kFoamTileM = 3.5;         // world size of one tile of the foam pattern
const float kCausticTileM = 4.0;      // world size of one tile of the caustics
// Linear albedo of the mud that scatters light back out of turbid water (erosion_fields.glsl).
const vec3 kMudAlbedo = vec3(0.12, 0.09, 0.045);

// Two-phase flow-advected sample of the water detail map at tile size `tile` (metres).
vec4 advectedDetail(vec2 p, vec2 vel, float tile) {
    float t0 = fract(uTime / kPhasePeriod);
    float t1 = fract(uTime / kPhasePeriod + 0.5);
    // Triangle weights: phase 0 weighs zero exactly when t0 wraps (its offset resets), likewise phase 1.
    float w0 = 1.0 - abs(1.0 - 2.0 * t0);
    float w1 = 1.0 - w0;
    vec2 uv0 = (p - vel * (t0 * kPhasePeriod)) / tile;
    vec2 uv1 = (p - vel * (t1 * kPhasePeriod)) / tile + vec2(0.37, 0.61);  // decorrelate the phases
    return texture(uDetail, uv0) * w0 + texture(uDetail, uv1) * w1;
}

// 1 while a tile of `tile` metres spans many pixels, 0 once one pixel covers a sixteenth of it.
float footprintFade(float tile, float footprintM) { return 1.0 - smoothstep(tile / 64.0, tile / 16.0, footprintM); }

// The reflected ray from `origin` along unit `r`: the terrain image where a screen-space march finds
// terrain in front of the ray (at most ~3x the view distance away), else the sky.
vec3 reflection(vec3 origin, vec3 r, float dist) {
    vec3 sky = atmosphereSky(r, false);  // the sky the terrain pass draws (sky.frag)
    if (uReflections == 0) return sky;
    float t = max(0.5 * uCellSize, 0.03 * dist), before = 0.0;
    for (int i = 0; i < 10; ++i) {
        vec3 q = origin + r * t;
        vec4 clip = uViewProj * vec4(q, 1.0);
        if (clip.w <= 0.0) break;
        vec2 uvq = clip.xy / clip.w * 0.5 + 0.5;
        if (any(lessThan(uvq, vec2(0.0))) || any(greaterThan(uvq, vec2(1.0)))) break;
        float behind = length(q - uEye) - texture(uTerrainDistance, uvq).r;
        if (behind > 0.0) {
            // Went behind something: terrain if the ray passed just behind it (not far behind a ridge
            // that merely hides it); bisect to the crossing, then fade out near the image's edges.
            if (behind > 0.7 * (t - before) + 2.0 * uCellSize) break;
            float lo = before, hi = t;
            for (int k = 0; k < 3; ++k) {
                float mid = 0.5 * (lo + hi);
                vec3 m = origin + r * mid;
                vec4 mc = uViewProj * vec4(m, 1.0);
                vec2 mu = mc.xy / mc.w * 0.5 + 0.5;
                if (length(m - uEye) > texture(uTerrainDistance, mu).r) hi = mid; else lo = mid;
            }
            vec3 hq = origin + r * hi;
            vec4 hc = uViewProj * vec4(hq, 1.0);
            vec2 hu = hc.xy / hc.w * 0.5 + 0.5;
            vec2 edge = min(hu, 1.0 - hu);
            float keep = smoothstep(0.0, 0.08, min(edge.x, edge.y));
            return mix(sky, texture(uTerrainColor, hu).rgb, keep);
        }
        before = t;
        t *= 1.7;
    }
    return sky;
}

void main() {
    float h = vDepth;
    if (h < kDryDepth) discard;
    vec2 p = vWorld.xy;

    vec2 uv = gl_FragCoord.xy / uViewport;
    vec3 toEye = uEye - vWorld;
    float dist = length(toEye);
    vec3 v = toEye / dist;
    float footprint = max(length(fwidth(p)), 1e-4);  // metres of surface per pixel

    vec2 vel = vVelocity;
    float speed = length(vel);
    vec3 n = normalize(vNormal);
    float fall = vFall;
    // Falling sheet: along the fall (the flow's direction, or down the surface) and across it.
    vec2 fallDir = speed > 0.05 ? vel / speed : normalize(n.xy + vec2(1e-6, 0.0));
    float along = dot(p, fallDir) - vWorld.z;  // grows down the sheet: metres along the surface
    float across = dot(p, vec2(-fallDir.y, fallDir.x));
    // Sampled everywhere (derivatives need the whole quad); weighted by `fall` where it is used.
    vec4 sheet = texture(uDetail, vec2(across / 1.2, (along - max(speed, 4.0) * uTime) / 12.0));

    vec2 drift = vel + kWind;
    if (uNormalMaps != 0) {
        // Ripples grow with speed, fade in films (no room for waves) and with the pixel footprint.
        float strength = (0.16 + 0.3 * min(speed, 2.5)) * smoothstep(0.0, 0.05, h);
        // A swell of 90 m tiles first: what still moves on a lake or the sea seen from afar, where the
        // finer scales have faded with the footprint.
        vec2 slope = advectedDetail(p, drift, 90.0).xy * 0.35 * footprintFade(90.0, footprint);
        slope += advectedDetail(p, drift, 23.0).xy * 0.45 * footprintFade(23.0, footprint);
        slope += advectedDetail(p, drift, 7.0).xy * 0.35 * footprintFade(7.0, footprint);
        float fine = footprintFade(1.8, footprint);
        if (fine > 0.0) slope += advectedDetail(p, drift, 1.8).xy * 0.25 * fine;
        slope = mix(slope * strength, sheet.xy * 0.6, fall);
        n = normalize(n + vec3(slope, 0.0));
    }

    float eyeUnder = eyeUnderwaterM();
    if (eyeUnder > 0.0 && v.z < 0.0) {
        // The surface from below: Snell's window. A ray from the eye up through the surface leaves it
        // bent away from the normal; past the critical angle (sin > 1 / 1.333) it is reflected back
        // into the water, which returns its own scattered light.
        vec3 up = -v;
        float cosI = max(dot(up, n), 0.0);
        vec3 lit = uScatter * underwaterLight(eyeUnder);
        vec3 seen = lit;
        vec3 exitDir = refract(up, -n, 1.333);
        if (dot(exitDir, exitDir) > 0.0) {
            float f = 0.02 + 0.98 * pow(1.0 - cosI, 5.0);
            seen = mix(atmosphereSky(normalize(exitDir), true), lit, f);
        }
        vec3 colour = underwaterFog(seen, dist, eyeUnder);
        outColor = vec4(colour, 1.0);
        return;
    }
    float nv = max(dot(n, v), 0.0);
    float fresnel = 0.02 + 0.98 * pow(1.0 - nv, 5.0);
    vec3 r = reflect(-v, n);
    r.z = abs(r.z);  // a reflection pointing slightly down sees the sky of a flatter normal
    float shadow = uShadows != 0 ? sunVisibility(vec3(p, vWorld.z + 0.02)) * bodyShadow(vec3(p, vWorld.z + 0.02)) : 1.0;
    vec3 reflected = reflection(vWorld + vec3(0.0, 0.0, 0.02), r, dist);

    // Refraction: the terrain image, shifted along the surface slope; rejected where the shifted
    // sample lies in front of the water (an object above the surface), then the straight one is used.
    vec2 shift = n.xy * (0.04 * clamp(h, 0.0, 1.5)) / (1.0 + dist * 0.002);
    vec2 ruv = uv + shift;
    float behind = texture(uTerrainDistance, ruv).r - dist;
    if (behind < 0.0) {
        ruv = uv;
        behind = texture(uTerrainDistance, uv).r - dist;
    }
    vec3 bottom = texture(uTerrainColor, ruv).rgb;
    float sunUp = max(uSunDir.z, 0.0);
    if (uCaustics != 0) {
        // Caustics on the bed seen through the surface (the view ray bent by refraction reaches the
        // bed ~3/4 as far sideways as a straight one): strongest from 10 cm to 1 m of water, gone in
        // films (no ripples to focus light) and by 5 m (the focus spreads out), only in sunlight.
        float reach = smoothstep(0.02, 0.25, h) * (1.0 - smoothstep(1.0, 5.0, h)) * shadow * smoothstep(0.05, 0.3, sunUp);
        if (reach > 0.0) {
            vec2 bed = p - v.xy / max(v.z, 0.25) * h * 0.75;
            float light = advectedDetail(bed, kWind + 0.5 * vel, kCausticTileM).a * 4.0;  // mean 1
            bottom *= mix(1.0, light, 0.75 * reach * footprintFade(kCausticTileM, footprint));
        }
    }
    // View path through water: parallax estimate (n ~ up), never more than the distance to the bed.
    float parallax = h / max(abs(v.z), 0.08);
    float path = min(parallax, max(behind, 0.0));
    vec3 transmit = exp(-uAbsorption * path);
    vec3 lightIn = kSunColor * sunUp * mix(0.35, 1.0, shadow) * 0.25 + hemisphereAmbient(vec3(0, 0, 1));
    vec3 underwater = bottom * transmit + uScatter * lightIn * (1.0 - transmit);
    if (vConcentration > 0.0) {  // muddy water: no concentration leaves the colour exactly as it was
        float mud = mudOpacity(vConcentration, path);
        vec3 mudLight = kSunColor * sunUp * mix(0.35, 1.0, shadow) + hemisphereAmbient(vec3(0, 0, 1));
        underwater = mix(underwater, kMudAlbedo * mudLight, mud);
    }

    vec3 colour = mix(underwater, reflected, fresnel);
    vec3 halfV = normalize(uSunDir + v);
    float sunFresnel = 0.02 + 0.98 * pow(1.0 - max(dot(halfV, v), 0.0), 5.0);
    float nh = max(dot(n, halfV), 0.0);
    // A broad sheen and a narrow glint: the glint's sparkles come from the fine ripples. The sheen
    // stands for the glitter of waves too small to draw, so it is wide and dim: a Blinn-Phong lobe of
    // exponent 120 at half its normalised weight ((n + 8) / 8 pi ~ 5). A narrower, brighter sheen
    // (exponent 250, weight 50) turned a whole river white whenever one looked toward the sun.
    float spec = (pow(nh, 120.0) * 2.5 + pow(nh, 2000.0) * 500.0) * sunFresnel;
    colour += kSunColor * spec * shadow;

    if (uFoam != 0) {
        float amount = texture(uFoamField, p / (vec2(uGrid) * uCellSize)).r;
        float pattern = advectedDetail(p, vel, kFoamTileM).b;
        // The pattern is uniform on [0, 1]: the amount is the fraction covered, with soft edges.
        float foam = smoothstep(1.0 - 1.15 * amount, 1.15 - 1.15 * amount, pattern) * smoothstep(0.0, 0.05, amount);
        // On the falling sheet the streaks replace the pattern: white where they thicken, the water's
        // own colour showing through between them.
        foam = mix(foam, mix(0.25, 1.0, smoothstep(0.35, 0.85, sheet.b)), fall);
        vec3 foamLight = kSunColor * max(dot(n, uSunDir), 0.0) * shadow + hemisphereAmbient(n);
        colour = mix(colour, vec3(0.82) * foamLight, foam * 0.9);
    }

    colour = aerialPerspective(colour, -v, dist, uHazePerM);  // as the terrain behind it
    if (uOverlay != SLUICE_OVERLAY_NONE) {
        vec3 display = vec3(0.0);
        bool shown = true;
        if (uOverlay == SLUICE_OVERLAY_DEPTH) display = rampDisplay(h / uOverlayRange);
        else if (uOverlay == SLUICE_OVERLAY_SPEED) display = rampDisplay(speed / uOverlayRange);
        else if (uOverlay == SLUICE_OVERLAY_COURANT) display = vCourant > 1.0 ? kAboveRangeRed : rampDisplay(vCourant);
        else if (isErosionOverlay()) shown = erosionDisplay(p, display);
        else shown = historyDisplay(p, display);
        colour = shown ? displayToRadiance(display) : overlayGround(colour);
    }
    // Soft shoreline: over the first centimetres the water fades into the terrain under it.
    float alpha = smoothstep(kDryDepth, kEdgeFadeM, h);
    vec3 straight = texture(uTerrainColor, uv).rgb;
    outColor = vec4(mix(straight, applyToolMarks(colour, vWorld), alpha), 1.0);
}

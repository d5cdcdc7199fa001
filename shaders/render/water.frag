// Water shading. Absorption: per-channel Beer-Lambert along the view path through the water, the
// path from the parallax estimate L = h / |v.n| and capped by the distance to the terrain behind
// (from the terrain pass), so shallow water is clear and deep water dark blue-green. Surface: Schlick
// Fresnel between the procedural sky reflection and the refracted terrain (the terrain pass's image
// sampled offset along the surface normal), plus sun specular. Detail: a tileable normal map scrolled
// along the simulated velocity in two phases whose weights alternate, each phase reset while its
// weight is zero, so the texture never stretches. Foam on fast water and thin films at the edges.
// Suspended sediment (erosion) makes the water turbid: its extinction grows with the concentration,
// and the light it scatters back is the brown of the mud. Under an overlay the water shows the
// overlay's ramp colour instead (overlay.glsl).
#define SLUICE_FRAGMENT_MARKS
#include "render_common.glsl"
#include "overlay.glsl"

uniform sampler2D uDetail;          // RG: detail normal slopes, B: foam noise (tileable)
uniform sampler2D uTerrainColor;    // terrain pass radiance (linear)
uniform sampler2D uTerrainDistance; // terrain pass view distance, metres
uniform vec2 uViewport;             // pixels
uniform vec3 uAbsorption;           // 1/metres per channel
uniform vec3 uScatter;              // in-scattered colour of deep water (linear)
uniform int uShadows, uNormalMaps, uFoam;
uniform float uHazePerM;

in vec3 vWorld;
in vec2 vVelocity;
in vec3 vNormal;
in float vCourant;  // (|u| + sqrt(g h)) dt_sub / dx of the cells around
in float vConcentration;  // suspended material per metre of water (0 without erosion)
out vec4 outColor;

const float kTileM = 7.0;           // world size of one detail-map tile, metres
const float kPhasePeriod = 1.6;     // seconds per advection cycle of each phase
const vec2 kWind = vec2(0.12, 0.07);  // m/s drift so still water still ripples
// Linear albedo of the mud that scatters light back out of turbid water (erosion_fields.glsl).
const vec3 kMudAlbedo = vec3(0.12, 0.09, 0.045);

// Two-phase flow-advected sample of the detail map at tile scale `tile` (metres).
vec3 advectedDetail(vec2 p, vec2 vel, float tile) {
    float t0 = fract(uTime / kPhasePeriod);
    float t1 = fract(uTime / kPhasePeriod + 0.5);
    // Triangle weights: phase 0 weighs zero exactly when t0 wraps (its offset resets), likewise phase 1.
    float w0 = 1.0 - abs(1.0 - 2.0 * t0);
    float w1 = 1.0 - w0;
    vec2 uv0 = (p - vel * (t0 * kPhasePeriod)) / tile;
    vec2 uv1 = (p - vel * (t1 * kPhasePeriod)) / tile + vec2(0.37, 0.61);  // decorrelate the phases
    return texture(uDetail, uv0).rgb * w0 + texture(uDetail, uv1).rgb * w1;
}

void main() {
    vec2 p = vWorld.xy;
    float b = terrainBilinear(p);
    float h = vWorld.z - b;  // depth under this surface point, metres
    if (h < kDryDepth) discard;

    vec2 uv = gl_FragCoord.xy / uViewport;
    vec3 toEye = uEye - vWorld;
    float dist = length(toEye);
    vec3 v = toEye / dist;

    vec2 vel = vVelocity;
    float speed = length(vel);
    vec3 n = normalize(vNormal);
    vec3 detail = vec3(0.0, 0.0, 0.5);
    if (uNormalMaps != 0) {
        vec2 drift = vel + kWind;
        detail = advectedDetail(p, drift, kTileM) * 0.6 + advectedDetail(p * 1.0, drift, kTileM * 3.3) * 0.4;
        // Ripples grow with speed, fade in films (no room for waves) and with distance (aliasing).
        float strength = (0.18 + 0.35 * min(speed, 2.0)) * smoothstep(0.0, 0.05, h);
        strength *= 1.0 / (1.0 + dist / (kTileM * 60.0));
        n = normalize(n + vec3(detail.xy * strength, 0.0));
    }

    float nv = max(dot(n, v), 0.0);
    float fresnel = 0.02 + 0.98 * pow(1.0 - nv, 5.0);
    vec3 r = reflect(-v, n);
    r.z = abs(r.z);  // the sky, not the ground, is seen in a reflection pointing slightly down
    float shadow = uShadows != 0 ? sunVisibility(vec3(p, vWorld.z + 0.02)) : 1.0;
    vec3 reflection = skyColor(r, false);

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
    // View path through water: parallax estimate (n ~ up), never more than the distance to the bed.
    float parallax = h / max(abs(v.z), 0.08);
    float path = min(parallax, max(behind, 0.0));
    vec3 transmit = exp(-uAbsorption * path);
    vec3 lightIn = kSunColor * max(uSunDir.z, 0.0) * mix(0.35, 1.0, shadow) * 0.25 + hemisphereAmbient(vec3(0, 0, 1));
    vec3 underwater = bottom * transmit + uScatter * lightIn * (1.0 - transmit);
    if (vConcentration > 0.0) {  // muddy water: no concentration leaves the colour exactly as it was
        float mud = mudOpacity(vConcentration, path);
        vec3 mudLight = kSunColor * max(uSunDir.z, 0.0) * mix(0.35, 1.0, shadow) + hemisphereAmbient(vec3(0, 0, 1));
        underwater = mix(underwater, kMudAlbedo * mudLight, mud);
    }

    vec3 colour = mix(underwater, reflection, fresnel);
    vec3 halfV = normalize(uSunDir + v);
    float sunFresnel = 0.02 + 0.98 * pow(1.0 - max(dot(halfV, v), 0.0), 5.0);
    float spec = pow(max(dot(n, halfV), 0.0), 300.0) * 60.0 * sunFresnel;  // narrow Blinn-Phong lobe
    colour += kSunColor * spec * shadow;

    if (uFoam != 0) {
        float foamNoise = advectedDetail(p, vel, kTileM * 0.6).b;
        float amount = smoothstep(1.2, 3.5, speed) + 0.6 * (1.0 - smoothstep(0.005, 0.05, h)) * smoothstep(0.05, 0.4, speed + 0.1);
        float foam = clamp(amount, 0.0, 1.0) * smoothstep(0.45 - 0.3 * amount, 0.75, foamNoise);
        vec3 foamLight = kSunColor * max(uSunDir.z, 0.0) * shadow + hemisphereAmbient(vec3(0, 0, 1));
        colour = mix(colour, vec3(0.8) * foamLight, foam * 0.85);
    }

    colour = applyHaze(colour, dist, uHazePerM);
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
    // Soft shoreline: over the first few centimetres the water fades into the terrain under it.
    float alpha = smoothstep(kDryDepth, 0.04, h);
    vec3 straight = texture(uTerrainColor, uv).rgb;
    outColor = vec4(mix(straight, applyToolMarks(colour, vWorld), alpha), 1.0);
}

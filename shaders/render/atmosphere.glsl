// The sky and the aerial perspective of the terrain's look (sky.frag, terrain.frag, edge_water.frag):
// a clear sky brighter and paler toward the horizon (the optical depth of air grows as 1 / sin of the
// elevation), a warm forward-scattering glow around the sun and its disc; below the horizon, haze over
// distant land that darkens as one looks further down, so a world seen from above sits in an
// atmosphere instead of a grey void. Distant terrain is dimmed and filled with the colour of the air
// along the ray (extinction stronger for blue: far ground turns blue-grey, then to the horizon haze).
// Radiance is linear, for the resolve's tone curve (tonemap.glsl).
#ifndef SLUICE_ATMOSPHERE_GLSL
#define SLUICE_ATMOSPHERE_GLSL

// Unit vector toward the sun as seen in the view (render_common.glsl's uSunDir is the same direction
// in the heightfield's own heights, which differs under a vertical exaggeration).
uniform vec3 uSunLight;

const vec3 kZenith = vec3(0.075, 0.20, 0.52);
const vec3 kHorizon = vec3(0.55, 0.66, 0.80);
const vec3 kSunGlow = vec3(1.0, 0.78, 0.52);
const vec3 kFarLand = vec3(0.075, 0.095, 0.115);  // distant land under haze, seen from above

// Light scattered toward the eye by the air along direction d (no sun disc).
vec3 airLight(vec3 d) {
    float up = max(d.z, 0.0);
    float cosSun = max(dot(d, uSunLight), 0.0);
    vec3 sky = mix(kHorizon, kZenith, 1.0 - exp(-3.2 * up));
    // Mie forward scattering: a broad glow and a tight halo, strongest near the horizon.
    sky += kSunGlow * (0.22 * pow(cosSun, 5.0) + 0.55 * pow(cosSun, 48.0)) * (0.55 + 0.45 * (1.0 - up));
    return sky;
}

// The sky along unit direction d, with the sun's disc when withDisc.
vec3 atmosphereSky(vec3 d, bool withDisc) {
    vec3 sky = airLight(d);
    if (d.z < 0.0) {
        // Below the horizon: haze in front of distant land, the haze thinning as the ray steepens.
        float down = 1.0 - exp(8.0 * d.z);
        sky = mix(sky, kFarLand + 0.25 * kSunGlow * pow(max(dot(d, uSunLight), 0.0), 4.0) * 0.3, down * 0.9);
    }
    float cosSun = dot(d, uSunLight);
    if (withDisc) sky += vec3(1.0, 0.92, 0.80) * 14.0 * smoothstep(0.99955, 0.99975, cosSun);
    return sky;
}

// Aerial perspective: colour seen distM metres away along unit direction d through air of density
// densityPerM (1/m), dimmed per channel (blue first) and filled with the air's light.
vec3 aerialPerspective(vec3 colour, vec3 d, float distM, float densityPerM) {
    vec3 transmittance = exp(-distM * densityPerM * vec3(0.45, 0.55, 0.70));
    return colour * transmittance + airLight(vec3(d.xy, max(d.z, 0.02))) * (1.0 - transmittance);
}

#endif

// The view from under water (terrain.frag, sky.frag, water.frag): when the eye is below the water's
// surface, everything it sees directly lies under water too, dimmed per channel along the view
// distance (Beer-Lambert with the water's own absorption, red first) and filled with the light the
// water scatters toward the eye, which is itself dimmed by the water above the eye. The surface seen
// from below shows Snell's window (water.frag): the sky refracted within ~48.6 degrees of straight up,
// the water's own scattered light reflected beyond it.
#ifndef SLUICE_UNDERWATER_GLSL
#define SLUICE_UNDERWATER_GLSL

uniform vec3 uAbsorption;  // 1/metres per channel (ViewSettings::absorptionPerM)
uniform vec3 uScatter;     // in-scattered colour of deep water (ViewSettings::scatterColor), linear

// Metres of water above the eye; 0 when it is in the air, over dry ground or off the grid.
float eyeUnderwaterM() {
    vec2 g = uEye.xy / uCellSize;
    if (any(lessThan(g, vec2(0.0))) || any(greaterThanEqual(g, vec2(uGrid)))) return 0.0;
    float h = depthBilinear(uEye.xy);
    if (h <= kDryDepth) return 0.0;
    return max(terrainBilinear(uEye.xy) + h - uEye.z, 0.0);
}

// Daylight inside the water at eyeDepthM below its surface: the sun and sky light that reaches there.
vec3 underwaterLight(float eyeDepthM) {
    vec3 above = kSunColor * max(uSunDir.z, 0.0) * 0.25 + hemisphereAmbient(vec3(0.0, 0.0, 1.0));
    return above * exp(-uAbsorption * eyeDepthM);
}

// `colour` seen distM metres away through water, from an eye eyeDepthM under the surface.
vec3 underwaterFog(vec3 colour, float distM, float eyeDepthM) {
    vec3 t = exp(-uAbsorption * distM);
    return colour * t + uScatter * underwaterLight(eyeDepthM) * (1.0 - t);
}

#endif

// Bodies in the water (render/body_pass.hpp), drawn into the terrain pass's targets (colour and eye
// distance) so the water pass refracts, absorbs and fogs them as it does the bed. Lit like the
// ground (terrain.frag: sun, sky, aerial perspective, the view from under water); wood with a grain
// along the length for logs and boats, weathered concrete for blocks, painted wood for boxes. The
// terrain shades them from the sun (the heightfield marched toward it from each fragment, as sharp
// or soft as the ground's own shadows); below the water line, and a few centimetres above it where
// the water laps, they are wet and darker, as wet ground is, and stay so where the water has been
// until they dry (sim/bodies/body_wetness.hpp). The bodies shade each other (body_shadow.glsl).
#include "render_layout.h"
#include "render_common.glsl"
#include "atmosphere.glsl"
#include "underwater.glsl"
#include "body_shadow.glsl"

in vec3 vWorld;
in vec3 vNormal;
in vec3 vLocal;
flat in int vShape;       // sim::BodyShape: 0 box, 1 log, 2 boat, 3 block
flat in vec3 vSize;       // metres: vLocal * vSize is the body-frame position
flat in vec4 vWetPlane;   // sim::Body::wetPlane: wet where dot(xyz, body-frame position) < w

uniform float uHazePerM;
uniform int uShadows;     // 1: sun shadows of the terrain

layout(location = 0) out vec4 outColor;
layout(location = 1) out float outDistance;

vec3 bodyAlbedo() {
    // A cheap grain: bands along the body's length (x), broken by the position around it.
    float grain = 0.5 + 0.5 * sin(40.0 * vLocal.y + 25.0 * vLocal.z + 6.0 * sin(9.0 * vLocal.x));
    if (vShape == 1) return mix(vec3(0.20, 0.12, 0.06), vec3(0.32, 0.20, 0.10), grain);  // bark
    if (vShape == 2) return abs(vLocal.z) > 0.45 && vLocal.z > 0.0 ? vec3(0.36, 0.26, 0.15)  // deck
                                                                        : mix(vec3(0.55, 0.12, 0.08), vec3(0.62, 0.16, 0.10), grain);
    if (vShape == 3) return mix(vec3(0.42, 0.42, 0.40), vec3(0.50, 0.49, 0.46), grain);  // concrete
    return mix(vec3(0.28, 0.19, 0.09), vec3(0.36, 0.25, 0.12), grain);                      // crate
}

void main() {
    vec3 n = normalize(vNormal);
    vec3 toEye = uEye - vWorld;
    float dist = length(toEye);
    vec3 viewDir = -toEye / max(dist, 1e-6);
    float ndl = max(dot(n, uSunLight), 0.0);
    // The terrain's shadow where this fragment is (a body on a slope's far side lies in its shade),
    // through the ground's ramp of the unclamped visibility.
    float shadow = 1.0;
    if (uShadows != 0) shadow = smoothstep(-0.25, 0.9, sunVisibilityUnclamped(vWorld, uHeightRange.y, SLUICE_SHADOW_MIN_V));
    // The other bodies' (and its own, off its faces turned from the sun): from a point lifted off the
    // face by a few centimetres, so a sunlit face does not shade itself.
    shadow *= bodyShadow(vWorld + 0.03 * n);
    // Wet below the water's surface here and in a lapping band 8 cm above it (metres).
    float surface = terrainBilinear(vWorld.xy) + depthBilinear(vWorld.xy);
    float wet = depthBilinear(vWorld.xy) > 0.005 ? smoothstep(surface + 0.08, surface - 0.02, vWorld.z) : 0.0;
    // And where the water has been and not yet dried (a body the current left on the bank, blocks
    // the flood overtopped): below the highest line it reached, falling as the body dries.
    float above = dot(vWetPlane.xyz, vLocal * vSize) - vWetPlane.w;
    wet = max(wet, smoothstep(0.03, -0.03, above));
    vec3 albedo = bodyAlbedo() * mix(1.0, 0.55, wet);
    vec3 sky = mix(vec3(0.10, 0.09, 0.07), vec3(0.26, 0.34, 0.50), 0.5 + 0.5 * n.z);
    vec3 radiance = albedo * (kSunColor * ndl * shadow + sky);
    float eyeUnder = eyeUnderwaterM();
    outColor = vec4(eyeUnder > 0.0 ? underwaterFog(radiance, dist, eyeUnder) : aerialPerspective(radiance, viewDir, dist, uHazePerM), 1.0);
    outDistance = dist;
}

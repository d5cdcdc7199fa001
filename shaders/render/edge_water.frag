// The water's cross-section on the diorama's walls, as if seen through glass: daylight that entered
// at the surface, absorbed on its way down (Beer-Lambert with the view's absorption, red first) and
// scattered back in the water's colour, so shallows glow and depth turns dark blue-green; a bright
// line at the surface. Then aerial perspective, like the terrain.
#include "render_common.glsl"
#include "atmosphere.glsl"
#include "underwater.glsl"  // uAbsorption, uScatter; and from under water the glass is not seen

uniform float uHazePerM;
uniform float uVerticalScale;

in vec3 vWorld;
in float vBelowSurfaceM;
in vec3 vWallNormal;
layout(location = 0) out vec4 outColor;
layout(location = 1) out float outDistance;

void main() {
    vec3 daylight = kSunColor * max(uSunLight.z, 0.0) + vec3(0.26, 0.34, 0.50);
    // Light reaching this depth, and the path back out through a little water beside the glass.
    vec3 down = exp(-uAbsorption * (2.0 * vBelowSurfaceM + 1.0));
    vec3 colour = daylight * (uScatter * 0.9 + 0.01) * down;
    colour *= 0.75 + 0.25 * max(dot(vWallNormal, uSunLight), 0.0);
    colour += daylight * 0.08 * (1.0 - smoothstep(0.0, 0.04, vBelowSurfaceM));  // the meniscus
    vec3 toFragment = vWorld - uEye;
    float dist = length(toFragment);
    toFragment.z *= uVerticalScale;
    // From inside the water the wall is only more water: its own light, at any distance.
    float eyeUnder = eyeUnderwaterM();
    outColor = vec4(eyeUnder > 0.0 ? underwaterFog(vec3(0.0), 1e9, eyeUnder)
                                   : aerialPerspective(colour, normalize(toFragment), dist, uHazePerM), 1.0);
    outDistance = dist;
}

// The shadows the bodies cast (render/body_shadow_map.hpp): the bodies' depth seen from the sun, an
// orthographic map around them. bodyShadow(p) is 1 where the sun reaches world point p (metres,
// unexaggerated) past every body, falling to 0 behind one: four hardware-filtered comparisons half a
// texel apart, so the edge is soft over ~2 texels instead of stepping.
#ifndef SLUICE_BODY_SHADOW_GLSL
#define SLUICE_BODY_SHADOW_GLSL

uniform int uBodyShadows;              // 1: the map holds the bodies and shadows are on
uniform mat4 uBodyShadowMatrix;        // world metres -> map: xy in [0, 1], z the depth
uniform sampler2DShadow uBodyShadowMap;
uniform float uBodyShadowTexel;        // one texel in map units

float bodyShadow(vec3 p) {
    if (uBodyShadows == 0) return 1.0;
    vec3 m = (uBodyShadowMatrix * vec4(p, 1.0)).xyz;
    if (any(lessThan(m.xy, vec2(0.0))) || any(greaterThan(m.xy, vec2(1.0)))) return 1.0;
    // Past the far plane (the ground below every body) compares as the farthest depth; in front of
    // the near one, as the nearest.
    float z = clamp(m.z, 0.0, 1.0) - 0.0005;
    float h = 0.5 * uBodyShadowTexel;
    float lit = texture(uBodyShadowMap, vec3(m.xy + vec2(-h, -h), z)) + texture(uBodyShadowMap, vec3(m.xy + vec2(h, -h), z)) +
                texture(uBodyShadowMap, vec3(m.xy + vec2(-h, h), z)) + texture(uBodyShadowMap, vec3(m.xy + vec2(h, h), z));
    return 0.25 * lit;
}

#endif

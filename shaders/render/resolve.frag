// Final pass: linear HDR radiance to display sRGB (tonemap.glsl).
#include "tonemap.glsl"

uniform sampler2D uScene;
uniform float uExposure;
in vec2 vUv;
out vec4 outColor;

void main() { outColor = vec4(radianceToDisplay(texture(uScene, vUv).rgb * uExposure), 1.0); }

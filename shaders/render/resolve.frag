// Final pass: linear HDR radiance to display sRGB with a filmic tone curve (ACES fit by K. Narkowicz).
uniform sampler2D uScene;
uniform float uExposure;
in vec2 vUv;
out vec4 outColor;

void main() {
    vec3 x = texture(uScene, vUv).rgb * uExposure;
    vec3 mapped = clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
    outColor = vec4(pow(mapped, vec3(1.0 / 2.2)), 1.0);
}

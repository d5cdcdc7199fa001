// The display transform of the resolve pass (linear HDR radiance -> filmic curve, the ACES fit by
// K. Narkowicz -> gamma 2.2), and its inverse for colours that must reach the screen unchanged
// (overlays). Assumes the resolve's exposure of 1.
#ifndef SLUICE_TONEMAP_GLSL
#define SLUICE_TONEMAP_GLSL

vec3 radianceToDisplay(vec3 x) {
    vec3 mapped = clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
    return pow(mapped, vec3(1.0 / 2.2));
}

// Radiance that radianceToDisplay() maps back to `display` (in [0, 1]; the curve saturates, so
// values above ~0.995 come back as 0.995). Solves y (2.43 x^2 + 0.59 x + 0.14) = 2.51 x^2 + 0.03 x for
// x >= 0: a quadratic with a < 0 < c, whose positive root is (-b - sqrt(b^2 - 4ac)) / 2a.
vec3 displayToRadiance(vec3 display) {
    vec3 y = min(pow(clamp(display, 0.0, 1.0), vec3(2.2)), vec3(0.99));
    vec3 a = 2.43 * y - 2.51, b = 0.59 * y - 0.03, c = 0.14 * y;
    return (-b - sqrt(b * b - 4.0 * a * c)) / (2.0 * a);
}

#endif

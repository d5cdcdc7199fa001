// Copies a reduced-resolution image (display values) over the whole viewport, bilinearly filtered
// (render/scaled_target.hpp): on a software rasteriser a drawn triangle is cheaper than a blit.
uniform sampler2D uImage;
in vec2 vUv;
out vec4 outColor;

void main() { outColor = vec4(texture(uImage, vUv).rgb, 1.0); }

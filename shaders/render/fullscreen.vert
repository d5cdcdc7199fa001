// One triangle covering the viewport; vUv runs 0..1 across the screen. uDepthNdc places it in depth
// (0 by default; the sky uses 1, the far plane, to fill only what the terrain left uncovered).
uniform float uDepthNdc;
out vec2 vUv;
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    vUv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, uDepthNdc, 1.0);
}

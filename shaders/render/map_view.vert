// One triangle that covers the whole viewport (vertices at (-1,-1), (3,-1), (-1,3) in clip space);
// the fragment shader does all the work, so no vertex attributes are needed.
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}

// Bodies in the water (render/body_pass.hpp): one draw per body of its shape's unit mesh (the
// vertices in a storage buffer, read by gl_VertexID), scaled to its size and placed by its pose.
// World metres out (unexaggerated, like terrain.vert's vWorld); uViewProj exaggerates heights.
#include "render_layout.h"

struct BodyVertex {
    vec4 position;  // unit shape, body frame
    vec4 normal;
};
layout(std430, binding = SLUICE_RBIND_BODY_MESH) readonly buffer BodyMesh { BodyVertex bodyVertices[]; };

uniform mat4 uViewProj;
uniform mat4 uBodyModel;  // body frame (scaled by the size) -> world metres
uniform mat3 uBodyNormal; // the rotation, for normals
uniform vec3 uBodySize;   // metres: the unit shape's scale
uniform int uFirstVertex; // this shape's mesh in the buffer

out vec3 vWorld;
out vec3 vNormal;
out vec3 vLocal;  // unit-shape position, for the texture of the grain

void main() {
    BodyVertex v = bodyVertices[uFirstVertex + gl_VertexID];
    vWorld = (uBodyModel * v.position).xyz;
    vNormal = normalize(uBodyNormal * (v.normal.xyz / uBodySize));  // normals scale inversely
    vLocal = v.position.xyz;
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

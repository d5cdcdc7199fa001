// Bodies in the water (render/body_pass.hpp): one instanced draw per shape of its unit mesh (the
// vertices in a storage buffer, read by gl_VertexID), each instance a body (gl_InstanceID after
// uFirstInstance) scaled to its size and placed by its pose. World metres out (unexaggerated, like
// terrain.vert's vWorld); uViewProj exaggerates heights.
#include "render_layout.h"

struct BodyVertex {
    vec4 position;  // unit shape, body frame
    vec4 normal;
};
struct BodyInstance {
    vec4 positionShape;  // xyz metres; w the shape (sim::BodyShape)
    vec4 orientation;    // quaternion (x, y, z, w)
    vec4 size;           // xyz metres
    vec4 wetPlane;       // sim::Body::wetPlane
};
layout(std430, binding = SLUICE_RBIND_BODY_MESH) readonly buffer BodyMesh { BodyVertex bodyVertices[]; };
layout(std430, binding = SLUICE_RBIND_BODY_INSTANCES) readonly buffer BodyInstances { BodyInstance bodyInstances[]; };

uniform mat4 uViewProj;
uniform int uFirstVertex;    // this shape's mesh in the buffer
uniform int uFirstInstance;  // this shape's first body in the instance buffer

out vec3 vWorld;
out vec3 vNormal;
out vec3 vLocal;  // unit-shape position, for the texture of the grain
flat out int vShape;
flat out vec3 vSize;
flat out vec4 vWetPlane;

// The rotation of unit quaternion q (x, y, z, w) as a matrix (columns: the body's axes in the world).
mat3 rotationOf(vec4 q) {
    float x = q.x, y = q.y, z = q.z, w = q.w;
    return mat3(1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y),
                2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x),
                2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y));
}

void main() {
    BodyVertex v = bodyVertices[uFirstVertex + gl_VertexID];
    BodyInstance b = bodyInstances[uFirstInstance + gl_InstanceID];
    mat3 r = rotationOf(b.orientation);
    vWorld = b.positionShape.xyz + r * (v.position.xyz * b.size.xyz);
    vNormal = normalize(r * (v.normal.xyz / b.size.xyz));  // normals scale inversely
    vLocal = v.position.xyz;
    vShape = int(b.positionShape.w);
    vSize = b.size.xyz;
    vWetPlane = b.wetPlane;
    gl_Position = uViewProj * vec4(vWorld, 1.0);
}

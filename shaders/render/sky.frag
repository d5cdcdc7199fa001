// Background sky behind the terrain, from the inverse view-projection ray of each pixel. Writes a
// huge view distance so the water pass treats it as infinitely far.
#include "render_common.glsl"

uniform mat4 uInvViewProj;
in vec2 vUv;
layout(location = 0) out vec4 outColor;
layout(location = 1) out float outDistance;

void main() {
    vec4 farP = uInvViewProj * vec4(vUv * 2.0 - 1.0, 1.0, 1.0);
    vec3 dir = normalize(farP.xyz / farP.w - uEye);
    outColor = vec4(skyColor(dir, true), 1.0);
    outDistance = 1e9;
}

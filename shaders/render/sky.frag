// Background sky behind the terrain (atmosphere.glsl), from the inverse view-projection ray of each
// pixel. uInvViewProj is the camera's own (without the vertical exaggeration): directions are true
// view directions. Writes a huge view distance so the water pass treats it as infinitely far.
#include "render_common.glsl"
#include "atmosphere.glsl"
#include "underwater.glsl"

uniform mat4 uInvViewProj;
in vec2 vUv;
layout(location = 0) out vec4 outColor;
layout(location = 1) out float outDistance;

void main() {
    vec4 nearP = uInvViewProj * vec4(vUv * 2.0 - 1.0, -1.0, 1.0);
    vec4 farP = uInvViewProj * vec4(vUv * 2.0 - 1.0, 1.0, 1.0);
    vec3 dir = normalize(farP.xyz / farP.w - nearP.xyz / nearP.w);
    // From under water no sky is seen directly: only the water's own light, out to any distance.
    float eyeUnder = eyeUnderwaterM();
    outColor = vec4(eyeUnder > 0.0 ? underwaterFog(vec3(0.0), 1e9, eyeUnder) : atmosphereSky(dir, true), 1.0);
    outDistance = 1e9;
}

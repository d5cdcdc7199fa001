// The water around the bodies in one readback (sim::Solver::readWater): rectangles of the solver's
// fields copied word for word, one after another, into one buffer. One work group per rectangle
// (uRect0 + the group's x), its invocations striding over the rectangle's words. The sources are
// bound where the step binds them: the bed, the current depth, and the x- and y-face arrays (the
// flows, or for the shallow-water model the face velocities, bound twice with their sections' base
// words). Bits are copied, never converted: the CPU gets exactly what the step computed.
#include "sim_layout.h"
#include "field_layout.h"

layout(local_size_x = 64) in;
layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer Bed { uint bedWords[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer Depth { uint depthWords[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FaceX { uint faceXWords[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FaceY { uint faceYWords[]; };
layout(std430, binding = SLUICE_BIND_GATHER_RECTS) restrict readonly buffer Rects { ivec4 rects[]; };
layout(std430, binding = SLUICE_BIND_GATHER_OUT) restrict writeonly buffer Out { uint words[]; };
uniform int uRect0;  // the rectangle of work group 0 (dispatches of at most 65535 groups)

void main() {
    const int r = uRect0 + int(gl_WorkGroupID.x);
    const ivec4 where = rects[2 * r];  // source (0 bed, 1 depth, 2 x-faces, 3 y-faces), base, tiles across, out
    const ivec4 box = rects[2 * r + 1];
    const int n = box.z * box.w;
    for (int k = int(gl_LocalInvocationID.x); k < n; k += 64) {
        const int at = where.y + fieldIndex(box.x + k % box.z, box.y + k / box.z, where.z);  // field_layout.h
        uint v;
        if (where.x == 0) v = bedWords[at];
        else if (where.x == 1) v = depthWords[at];
        else if (where.x == 2) v = faceXWords[at];
        else v = faceYWords[at];
        words[where.w + k] = v;
    }
}

// The water's terms summed over every awake body's volume samples at once (sim::GpuBodyForces), one
// physics substep: what sim::sampleSums computes per body on the CPU, to the same bits. One work group
// per body (uBody0 + the group's x): its invocations find the terms of 64 samples at a time
// (body_water_math.h, the water read from the body's window of cells), then one invocation adds them
// in the samples' order, as the CPU's loop does.
#include "sim_layout.h"
#include "body_water_math.h"

#define GROUP 64
layout(local_size_x = GROUP) in;
layout(std430, binding = SLUICE_BIND_BODY_SAMPLES) restrict readonly buffer Samples { vec4 samples[]; };
layout(std430, binding = SLUICE_BIND_BODY_TABLE) restrict readonly buffer Table { ivec4 table[]; };
layout(std430, binding = SLUICE_BIND_BODY_CELLS) restrict readonly buffer Cells { vec4 cells[]; };
layout(std430, binding = SLUICE_BIND_BODY_POSES) restrict readonly buffer Poses { vec4 poses[]; };
layout(std430, binding = SLUICE_BIND_BODY_SUMS) restrict writeonly buffer Sums { vec4 sums[]; };
uniform int uBody0;    // the body of work group 0 (dispatches of at most 65535 groups)
uniform int uWidth;    // the grid, cells
uniform int uHeight;
uniform float uDx;     // m
uniform float uRhoG;   // the water's weight per volume, N/m^3

shared BodyTerms sTerms[GROUP];

// Cell (x, y) of the grid as the body's window holds it: clamped to the window, as WaterField does.
vec4 cellOf(ivec4 head, ivec4 win, int x, int y) {
    const int cx = x < win.x ? win.x : (x >= win.x + win.z ? win.x + win.z - 1 : x);
    const int cy = y < win.y ? win.y : (y >= win.y + win.w ? win.y + win.w - 1 : y);
    return cells[head.z + (cy - win.y) * win.z + (cx - win.x)];
}

void main() {
    const int b = uBody0 + int(gl_WorkGroupID.x);
    const int lid = int(gl_LocalInvocationID.x);
    const ivec4 head = table[2 * b];
    const ivec4 win = table[2 * b + 1];
    if (head.w == 0) return;  // asleep: the whole group leaves, and its sums are not read
    const vec3 r0 = poses[4 * b].xyz, r1 = poses[4 * b + 1].xyz, r2 = poses[4 * b + 2].xyz;
    const float clearAbove = poses[4 * b].w;
    const vec3 centre = poses[4 * b + 3].xyz;
    BodySums s = bodyNoSums();
    for (int first = 0; first < head.y; first += GROUP) {
        const int k = first + lid;
        if (k < head.y) {
            const vec4 a = samples[2 * (head.x + k)], h = samples[2 * (head.x + k) + 1];
            precise const vec3 r = bodyTurn(r0, r1, r2, a.xyz);
            precise const vec3 at = centre + r;
            precise const float reach = bodyReach(r0, r1, r2, h.xyz);
            if (at.z - reach > clearAbove) {
                sTerms[lid] = bodyClearTerms(r, a.w);
            } else {
                int x0, y0;
                float fx, fy;
                BodyProbe p = bodyDryProbe();
                if (bodyCellCoords(at.x, at.y, uDx, uWidth, uHeight, x0, y0, fx, fy))
                    p = bodyProbe(cellOf(head, win, x0, y0), cellOf(head, win, x0 + 1, y0), cellOf(head, win, x0, y0 + 1),
                                  cellOf(head, win, x0 + 1, y0 + 1), fx, fy, at.z, uDx);
                sTerms[lid] = bodySampleTerms(p, r, at.z, reach, a.w, uRhoG);
            }
        }
        barrier();
        if (lid == 0)
            for (int j = 0; j < GROUP && first + j < head.y; ++j) bodyAddTerms(s, sTerms[j]);
        barrier();
    }
    if (lid != 0) return;
    sums[4 * b] = vec4(s.force, s.volume);
    sums[4 * b + 1] = vec4(s.torque, s.submerged);
    sums[4 * b + 2] = vec4(s.centre, s.waterline);
    sums[4 * b + 3] = vec4(s.current, 0.0, 0.0);
}

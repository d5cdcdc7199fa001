// Pass 1 of the shallow-water model's substep, one invocation per (x, y) in (W+1) x (H+1): the x-face
// at (x, y) when y < H and the y-face at (x, y) when x < W, each written as a raw integer transfer
// (swe_faces.h) for pass 2 (step_depth.comp) to limit, and for each interior face that moves water the
// depth it moves through, which pass 2 turns into the face's velocity (cell_step.h, faceVelocityOf);
// records the largest face speeds for the CFL substep policy. Whole grid only (no skewed sweeps).
#include "sim_layout.h"
#include "pipe_math.h"
#include "transfer_math.h"
#include "swe_math.h"
#include "boundary_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict readonly buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_OLD) restrict readonly buffer DepthOldBuffer { int depthOld[]; };
layout(std430, binding = SLUICE_BIND_FLOW_X) restrict readonly buffer FlowXBuffer { float flowX[]; };
layout(std430, binding = SLUICE_BIND_FLOW_Y) restrict readonly buffer FlowYBuffer { float flowY[]; };
layout(std430, binding = SLUICE_BIND_FACE_VELOCITY) restrict buffer FaceVelocityBuffer { float faceVelocity[]; };
layout(std430, binding = SLUICE_BIND_RAW_X) restrict writeonly buffer RawXBuffer { int rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict writeonly buffer RawYBuffer { int rawY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };

#include "step_kernel_common.h"
#include "pass_region.h"
#include "face_speeds.h"

#include "swe_faces.h"

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 p = passCell();
    if (gl_LocalInvocationIndex == 0u) resetGroupSpeeds();
    castPassGroupVote(passGroup());
    memoryBarrierShared();
    barrier();
    if (!passGroupRuns()) return;  // uniform across the group: nothing here can move (dry_skip.h)
    float demand = 0.0, allowed = 0.0, moved;
    // A face whose raw transfer is 0 moves nothing in pass 2 either, which then reads no depth for it.
    if (p.x <= W && p.y < H) {
        const int face = fieldAt(p);
        const int raw = sweRawFace(0, p, demand, allowed, moved);
        rawX[face] = raw;
        if (raw != 0 && p.x > 0 && p.x < W) faceVelocity[uMovedDepthAt + face] = moved;
    }
    if (p.x < W && p.y <= H) {
        const int face = fieldAt(p);
        const int raw = sweRawFace(1, p, demand, allowed, moved);
        rawY[face] = raw;
        if (raw != 0 && p.y > 0 && p.y < H) faceVelocity[uMovedDepthAt + fieldSpan() + face] = moved;
    }
    recordSpeeds(demand, allowed);
}

// Pass 1 of the pipe model's substep, one invocation per (x, y) in (W+1) x (H+1): the x-face at (x, y)
// when y < H and the y-face at (x, y) when x < W. From the effective flows of the last substep it
// computes the new raw flows (acceleration, friction, viscosity, open edges), held to the Courant
// limit, and writes them for pass 2 (step_depth.comp) to round and limit; it records the largest
// face wave speeds for the CFL substep policy. Computes the face rows uRowRange (pass_region.h).
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
layout(std430, binding = SLUICE_BIND_RAW_X) restrict writeonly buffer RawXBuffer { int rawX[]; };
layout(std430, binding = SLUICE_BIND_RAW_Y) restrict writeonly buffer RawYBuffer { int rawY[]; };
layout(std430, binding = SLUICE_BIND_STATS) restrict buffer StatsBuffer { GpuStats stats; };

#include "step_kernel_common.h"
#include "pass_region.h"
#include "face_speeds.h"

#include "pipe_faces.h"

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 p = passCell();
    if (gl_LocalInvocationIndex == 0u) resetGroupSpeeds();
    castPassGroupVote(passGroup());
    memoryBarrierShared();
    barrier();
    if (!passGroupRuns()) return;  // uniform across the group: nothing here can move (dry_skip.h)
    float demand = 0.0, allowed = 0.0;
    const bool row = passRowInRange(p.y);
    if (row && p.x <= W && p.y < H) rawX[rawAt(p.x, p.y)] = pipeRawX(p, demand, allowed);
    if (row && p.x < W && p.y <= H) rawY[rawAt(p.x, p.y)] = pipeRawY(p, demand, allowed);
    recordSpeeds(demand, allowed);
}

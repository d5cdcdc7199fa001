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

float depthAt(int i) { return unitsToMetres(depth[i]); }

// New flow of the edge face at `along` on `side` whose inner cell is `inner`; outSign +1 on the east
// and north sides. Mirrors the edge flow in sim/cpu_solver.cpp.
float edgeFlow(int side, int along, float qEff, int inner, float outSign, out float faceDepth) {
    faceDepth = 0.0;
    const int kind = edgeKind(edgeCodeAt(side, along));
    const float h = depthAt(inner), b = terrain[inner];
    if (kind == SLUICE_BOUNDARY_OPEN)
        return pipeOpenFlow(qEff, h, outSign, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
    if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
        faceDepth = h;
        return transmissiveFlow(qEff, h, unitsToMetres(depthOld[inner]), outSign, uGravity, uCellSize);
    }
    if (!flowsByMomentum(kind)) return 0.0;
    const float hg = ghostDepthAt(side, along, b, h);
    return outSign > 0.0 ? pipeInteriorFlow(qEff, b, h, b, hg, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth)
                         : pipeInteriorFlow(qEff, b, hg, b, h, uFrictionFactor, uGravityDt, uViscosityTerm, faceDepth);
}

// Friction (Manning's law; the linear one is in pipeInteriorFlow) and the Courant guard.
float finishFlow(float q, float faceDepth, inout float demand, inout float allowed) {
    q = pipeManningFlow(q, faceDepth, uCellSize, uGN2Dt);
    float d, a;
    q = pipeCourantClamp(q, faceDepth, uCellSize, uGravity, uCourantDxOverDt, d, a);
    demand = max(demand, d);
    allowed = max(allowed, a);
    return q;
}

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
    if (row && p.x <= W && p.y < H) {
        const int f = p.y * (W + 1) + p.x;
        const int row = p.y * W;
        const float qEff = flowX[f];
        float faceDepth;
        float q;
        if (p.x > 0 && p.x < W) {
            const int L = row + p.x - 1;
            q = pipeInteriorFlow(qEff, terrain[L], depthAt(L), terrain[L + 1], depthAt(L + 1), uFrictionFactor,
                                 uGravityDt, uViscosityTerm, faceDepth);
        } else {
            q = p.x == 0 ? edgeFlow(0, p.y, qEff, row, -1.0, faceDepth)
                         : edgeFlow(1, p.y, qEff, row + W - 1, 1.0, faceDepth);
        }
        rawX[f - uRawRow0 * (W + 1)] = transferUnits(finishFlow(q, faceDepth, demand, allowed), uDtOverDx2);
    }
    if (row && p.x < W && p.y <= H) {
        const int f = p.y * W + p.x;
        const float qEff = flowY[f];
        float faceDepth;
        float q;
        if (p.y > 0 && p.y < H) {
            const int L = f - W;
            q = pipeInteriorFlow(qEff, terrain[L], depthAt(L), terrain[f], depthAt(f), uFrictionFactor, uGravityDt,
                                 uViscosityTerm, faceDepth);
        } else {
            q = p.y == 0 ? edgeFlow(2, p.x, qEff, p.x, -1.0, faceDepth)
                         : edgeFlow(3, p.x, qEff, (H - 1) * W + p.x, 1.0, faceDepth);
        }
        rawY[f - uRawRow0 * W] = transferUnits(finishFlow(q, faceDepth, demand, allowed), uDtOverDx2);
    }
    recordSpeeds(demand, allowed);
}

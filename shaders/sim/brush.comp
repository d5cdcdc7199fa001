// One brush stroke (sim/brush.hpp), dispatched between substeps over the brush tiles (SLUICE_BRUSH_TILE^2
// cells aligned to the grid, one invocation per cell) that intersect the stroke's box, never the whole
// grid. Work group (0, 0) of the dispatch is brush tile uGroupOrigin, so a group covers exactly the
// cells of that tile and can add a water brush's amounts to the tile's own ledger slot without atomics.
//
// uPass 0 does the stroke: water brushes change the depth in place; dig, raise and flatten change
// the bed in place (each cell reads and writes only itself); paint-soft and paint-hardness change
// the current soft-layer half or the hardness section of the erosion buffer in place (the host
// dispatches them only with erosion state); smooth reads the 3x3 neighbourhood from the bed and
// writes the result to a scratch buffer over the dispatch area, because writing in place would let
// one cell see a neighbour already smoothed. uPass 1 (smooth only, a second dispatch after a
// barrier) copies the scratch back into the bed.
#include "sim_layout.h"
#include "transfer_math.h"
#include "brush_math.h"
#include "field_layout.h"

layout(local_size_x = SLUICE_BRUSH_TILE, local_size_y = SLUICE_BRUSH_TILE) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict buffer TerrainBuffer { float terrain[]; };
// The current depth (GpuSolver::depthBuffer()), bound at the depth-in point.
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict buffer DepthBuffer { int depth[]; };
// Smooth only: new bed of the dispatch area, index (y - origin.y) * areaWidth + (x - origin.x).
layout(std430, binding = SLUICE_BIND_DEPTH_OUT) restrict buffer ScratchBuffer { float scratch[]; };
layout(std430, binding = SLUICE_BIND_LEDGER) restrict buffer LedgerBuffer { int64_t ledger[]; };
// Erosion's state (paint brushes only; sections of sim_layout.h): the current half of the soft layer
// (units) from uSoft on, the bedrock's hardness (0..1, float bits) from uHardness on. Five storage
// blocks in all (NVIDIA allows 16 per kernel).
layout(std430, binding = SLUICE_BIND_EROSION) restrict buffer ErosionBuffer { int erosion[]; };

uniform ivec2 uSize;         // grid W, H
uniform ivec4 uBox;          // cells the stroke can touch: [x0, x1) x [y0, y1), inside the grid
uniform ivec2 uGroupOrigin;  // tile of dispatch group (0, 0)
uniform int uGroupsX;        // brush tiles per row (ledger slot = uSlotBase + gy * uGroupsX + gx)
uniform int uSlotBase;       // first brush slot (after the step kernel's slots)
uniform int uKind;           // SLUICE_BRUSH_*
uniform int uPass;           // 0: apply, 1: copy the smoothed scratch back (smooth only)
uniform vec2 uCentre;        // cells
uniform float uRadius;       // cells
uniform float uFalloff;
uniform float uStrength;
uniform float uDt;           // seconds
uniform float uTarget;       // flatten target, metres; paint-hardness target, 0..1
uniform int uSoft;           // paint-soft: the current soft-layer half in erosion[] (element offset)
uniform int uHardness;       // paint-hardness: the hardness section in erosion[]

const uint kGroupSize = SLUICE_BRUSH_TILE * SLUICE_BRUSH_TILE;
shared int64_t sAdded[kGroupSize];
shared int64_t sRemoved[kGroupSize];

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 origin = uGroupOrigin * ivec2(SLUICE_BRUSH_TILE, SLUICE_BRUSH_TILE);
    const int areaWidth = int(gl_NumWorkGroups.x) * SLUICE_BRUSH_TILE;
    const ivec2 p = ivec2(gl_GlobalInvocationID.xy) + origin;
    const bool inBox = p.x >= uBox.x && p.x < uBox.z && p.y >= uBox.y && p.y < uBox.w;
    const int fieldsStride = fieldStride(W, H);
    const int i = fieldIndex(p.x, p.y, fieldsStride);  // field_layout.h
    const int s = (p.y - origin.y) * areaWidth + (p.x - origin.x);
    const bool water = uKind == SLUICE_BRUSH_ADD_WATER || uKind == SLUICE_BRUSH_REMOVE_WATER;

    if (uPass == 1) {
        if (inBox) terrain[i] = scratch[s];
        return;
    }

    float w = 0.0;
    if (inBox) w = brushWeightAt(uRadius, uFalloff, brushDistance(p.x, p.y, uCentre.x, uCentre.y));
    const float amount = brushAmount(uStrength, w, uDt);

    if (water) {
        int64_t added = 0l, removed = 0l;  // units of depth in this cell
        if (w > 0.0) {
            const int moved = brushWaterUnits(uKind, depth[i], amount);
            depth[i] += moved;
            if (moved > 0) added = int64_t(moved);
            else removed = -int64_t(moved);
        }
        // Every invocation of the group reaches here (uKind is uniform), as barrier() requires.
        const uint t = gl_LocalInvocationIndex;
        sAdded[t] = added;
        sRemoved[t] = removed;
        memoryBarrierShared();
        barrier();
        for (uint stride = kGroupSize / 2u; stride > 0u; stride >>= 1u) {
            if (t < stride) {
                sAdded[t] += sAdded[t + stride];
                sRemoved[t] += sRemoved[t + stride];
            }
            memoryBarrierShared();
            barrier();
        }
        if (t == 0u) {
            const ivec2 g = uGroupOrigin + ivec2(gl_WorkGroupID.xy);
            const int slot = uSlotBase + g.y * uGroupsX + g.x;
            ledger[2 * slot] += sAdded[0];
            ledger[2 * slot + 1] += sRemoved[0];
        }
        return;
    }

    if (!inBox) return;
    if (uKind == SLUICE_BRUSH_PAINT_SOFT) {
        if (w > 0.0) erosion[uSoft + i] = brushSoftUnits(erosion[uSoft + i], amount);
        return;
    }
    if (uKind == SLUICE_BRUSH_PAINT_HARDNESS) {
        const int k = uHardness + i;
        if (w > 0.0) erosion[k] = floatBitsToInt(brushHardness(intBitsToFloat(erosion[k]), amount, uTarget));
        return;
    }
    if (uKind == SLUICE_BRUSH_SMOOTH) {
        // Same summation order as CpuSolver::applyBrush: rows bottom to top, left to right.
        precise float sum = 0.0;
        int count = 0;
        for (int ny = max(0, p.y - 1); ny <= min(H - 1, p.y + 1); ++ny)
            for (int nx = max(0, p.x - 1); nx <= min(W - 1, p.x + 1); ++nx) {
                sum += terrain[fieldIndex(nx, ny, fieldsStride)];
                ++count;
            }
        const float b = terrain[i];
        scratch[s] = w > 0.0 ? brushBed(uKind, b, amount, brushMean(sum, count), uTarget) : b;
        return;
    }
    if (w > 0.0) terrain[i] = brushBed(uKind, terrain[i], amount, 0.0, uTarget);
}

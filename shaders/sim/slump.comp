// Erosion, step 2 of 2: thermal erosion (slumping), one invocation per cell, then the bed from base +
// dz. Material slides from a cell to each neighbour it stands above by more than the talus height
// (erosion_math.h, slumpShares); every cell computes its own shares and, with the same function, the
// shares its four neighbours send to it, so each face's amount is computed alike on both sides and the
// bed's total is conserved exactly. Reads the current halves of the bed-change and soft-layer buffers
// (uIn) and writes the other halves (uOut) and the bed (terrain). With uRebase, instead: the cells of
// uBox take the base that keeps their bed where an outside edit left it (rebasedBase).
#include "sim_layout.h"
#include "transfer_math.h"
#include "erosion_math.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_BED_BASE) restrict buffer BaseBuffer { float base[]; };
layout(std430, binding = SLUICE_BIND_SOFT) restrict buffer SoftBuffer { int soft[]; };
layout(std430, binding = SLUICE_BIND_BED_CHANGE) restrict buffer BedChangeBuffer { int bedChange[]; };
layout(std430, binding = SLUICE_BIND_HARDNESS) restrict readonly buffer HardnessBuffer { float hardness[]; };

uniform ivec2 uSize;
uniform float uTalusDry, uTalusWet, uSlumpFactor;
uniform int uWetUnits;
uniform int uIn, uOut;  // halves of the bed-change and soft-layer buffers read / written
uniform int uRebase;    // 1: rebase the cells of uBox (x0, y0, x1, y1) instead
uniform ivec4 uBox;

float bedAt(int i) { return bedHeight(base[i], bedChange[uIn + i]); }

// The four shares (west, east, south, north) that cell c slides to its neighbours.
ivec4 sharesOf(ivec2 c) {
    const int W = uSize.x, H = uSize.y;
    const int i = c.y * W + c.x;
    const float hC = bedAt(i);
    const float talus = depth[i] > uWetUnits ? uTalusWet : uTalusDry;
    const int exW = c.x > 0 ? talusExcess(hC, bedAt(i - 1), talus) : 0;
    const int exE = c.x < W - 1 ? talusExcess(hC, bedAt(i + 1), talus) : 0;
    const int exS = c.y > 0 ? talusExcess(hC, bedAt(i - W), talus) : 0;
    const int exN = c.y < H - 1 ? talusExcess(hC, bedAt(i + W), talus) : 0;
    int sW, sE, sS, sN;
    slumpShares(exW, exE, exS, exN, soft[uIn + i], 1.0 - hardness[i], uSlumpFactor, sW, sE, sS, sN);
    return ivec4(sW, sE, sS, sN);
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (uRebase != 0) {
        const ivec2 c = p + uBox.xy;
        if (c.x < uBox.z && c.y < uBox.w) {
            const int i = c.y * W + c.x;
            base[i] = rebasedBase(terrain[i], bedChange[uIn + i]);
        }
        return;
    }
    if (p.x >= W || p.y >= H) return;
    const int i = p.y * W + p.x;
    const ivec4 mine = sharesOf(p);
    const int sent = mine.x + mine.y + mine.z + mine.w;
    int got = 0;
    if (p.x > 0) got += sharesOf(p - ivec2(1, 0)).y;
    if (p.x < W - 1) got += sharesOf(p + ivec2(1, 0)).x;
    if (p.y > 0) got += sharesOf(p - ivec2(0, 1)).w;
    if (p.y < H - 1) got += sharesOf(p + ivec2(0, 1)).z;
    const int s = soft[uIn + i];
    const int dz = bedChange[uIn + i] - sent + got;
    soft[uOut + i] = s - min(sent, s) + got;
    bedChange[uOut + i] = dz;
    terrain[i] = bedHeight(base[i], dz);
}

// Erosion step 2 (step 1, dissolution and deposition, runs in step_depth.comp): thermal erosion
// (slumping), one invocation per cell, then the bed from base + dz. Material slides from a cell to
// each neighbour it stands above by more than the talus height (erosion_math.h, slumpShares); every
// cell computes its own shares and, with the same function, the shares its four neighbours send to it,
// so each face's amount is computed alike on both sides and the bed's total is conserved exactly. A
// neighbour that does not stand above the cell beyond its talus height sends nothing (its share is
// proportional to that excess), so its shares are not computed: on stable ground a cell reads its
// own five heights only. Reads the current halves of the bed-change and soft-layer sections (uDzIn,
// uSoftIn) and writes the other halves (uDzOut, uSoftOut) and the bed (terrain). With uRebase,
// instead: the cells of uBox take the base that keeps their bed where an outside edit left it
// (rebasedBase).
#include "sim_layout.h"
#include "transfer_math.h"
#include "erosion_math.h"
#include "field_layout.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

layout(std430, binding = SLUICE_BIND_TERRAIN) restrict buffer TerrainBuffer { float terrain[]; };
layout(std430, binding = SLUICE_BIND_DEPTH_IN) restrict readonly buffer DepthBuffer { int depth[]; };
layout(std430, binding = SLUICE_BIND_BED_BASE) restrict buffer BaseBuffer { float base[]; };
layout(std430, binding = SLUICE_BIND_EROSION) restrict buffer ErosionBuffer { int erosion[]; };

uniform ivec2 uSize;
uniform float uTalusDry, uTalusWet, uSlumpFactor;
uniform int uWetUnits;
uniform int uDzIn, uDzOut, uSoftIn, uSoftOut, uHardness;  // sections of the erosion buffer
uniform int uRebase;    // 1: rebase the cells of uBox (x0, y0, x1, y1) instead
uniform ivec4 uBox;

// Word of cell c in the field buffers (field_layout.h).
int cellAt(ivec2 c) { return fieldIndex(c.x, c.y, fieldStride(uSize.x, uSize.y)); }
float bedAt(int i) { return bedHeight(base[i], erosion[uDzIn + i]); }
float talusAt(int i) { return depth[i] > uWetUnits ? uTalusWet : uTalusDry; }

// The four shares (west, east, south, north) that cell c, at height hC, slides to its neighbours.
ivec4 sharesOf(ivec2 c, float hC) {
    const int W = uSize.x, H = uSize.y;
    const int i = cellAt(c);
    const float talus = talusAt(i);
    const int exW = c.x > 0 ? talusExcess(hC, bedAt(cellAt(c - ivec2(1, 0))), talus) : 0;
    const int exE = c.x < W - 1 ? talusExcess(hC, bedAt(cellAt(c + ivec2(1, 0))), talus) : 0;
    const int exS = c.y > 0 ? talusExcess(hC, bedAt(cellAt(c - ivec2(0, 1))), talus) : 0;
    const int exN = c.y < H - 1 ? talusExcess(hC, bedAt(cellAt(c + ivec2(0, 1))), talus) : 0;
    int sW, sE, sS, sN;
    const float rockYield = 1.0 - intBitsToFloat(erosion[uHardness + i]);
    slumpShares(exW, exE, exS, exN, erosion[uSoftIn + i], rockYield, uSlumpFactor, sW, sE, sS, sN);
    return ivec4(sW, sE, sS, sN);
}

// What neighbour n (height hN) slides to the cell at height hSelf through the face given by `which`
// (0 west, 1 east, 2 south, 3 north, seen from n): nothing unless n stands above it beyond its talus.
int fromNeighbour(ivec2 n, float hN, float hSelf, int which) {
    if (talusExcess(hN, hSelf, talusAt(cellAt(n))) == 0) return 0;
    return sharesOf(n, hN)[which];
}

void main() {
    const int W = uSize.x, H = uSize.y;
    const ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (uRebase != 0) {
        const ivec2 c = p + uBox.xy;
        if (c.x < uBox.z && c.y < uBox.w) {
            const int i = cellAt(c);
            base[i] = rebasedBase(terrain[i], erosion[uDzIn + i]);
        }
        return;
    }
    if (p.x >= W || p.y >= H) return;
    const int i = cellAt(p);
    const float hC = bedAt(i);
    const ivec4 mine = sharesOf(p, hC);
    const int sent = mine.x + mine.y + mine.z + mine.w;
    int got = 0;
    if (p.x > 0) got += fromNeighbour(p - ivec2(1, 0), bedAt(cellAt(p - ivec2(1, 0))), hC, 1);
    if (p.x < W - 1) got += fromNeighbour(p + ivec2(1, 0), bedAt(cellAt(p + ivec2(1, 0))), hC, 0);
    if (p.y > 0) got += fromNeighbour(p - ivec2(0, 1), bedAt(cellAt(p - ivec2(0, 1))), hC, 3);
    if (p.y < H - 1) got += fromNeighbour(p + ivec2(0, 1), bedAt(cellAt(p + ivec2(0, 1))), hC, 2);
    const int soft = erosion[uSoftIn + i];
    const int dz = erosion[uDzIn + i] - sent + got;
    erosion[uSoftOut + i] = soft - min(sent, soft) + got;
    erosion[uDzOut + i] = dz;
    terrain[i] = bedHeight(base[i], dz);
}

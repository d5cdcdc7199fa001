// The memory-layout probe of `sluice bench --layout-probe` (app/bench/layout_probe.cpp): the two-pass
// step's memory traffic without its arithmetic, over a list of 128 x 2 groups as the step's dry
// skipping dispatches them, with the fields stored row-major (uTile = 0) or in tiles of uTile cells
// stored one after another. It answers whether a tall narrow wet region costs more per cell than a
// wide one because of where its cells lie in memory, whatever the step computes. The values are
// meaningless (pass B overwrites what neighbouring groups of the same dispatch read); only the
// addresses touched matter, and every load feeds a store so that none is optimised away.
#include "sim_layout.h"

layout(local_size_x = SLUICE_PASS_GROUP_X, local_size_y = SLUICE_PASS_GROUP_Y) in;

// Eight fields of N x N words: as the step's bed, depth, flows, velocities and raw transfers.
layout(std430, binding = 0) restrict buffer F0 { float f0[]; };
layout(std430, binding = 1) restrict buffer F1 { float f1[]; };
layout(std430, binding = 2) restrict buffer F2 { float f2[]; };
layout(std430, binding = 3) restrict buffer F3 { float f3[]; };
layout(std430, binding = 4) restrict buffer F4 { float f4[]; };
layout(std430, binding = 5) restrict buffer F5 { float f5[]; };
layout(std430, binding = 6) restrict buffer F6 { float f6[]; };
layout(std430, binding = 7) restrict buffer F7 { float f7[]; };
layout(std430, binding = 8) restrict readonly buffer List { uint groups[]; };  // y << 16 | x

uniform int uN;        // cells per side
uniform ivec2 uTileLog2;  // log2 of the tile's width and height in cells; (-1, -1): row-major
uniform int uPass;     // 0: as pass 1 (faces), 1: as pass 2 (cells)

// Word index of cell p (clamped to the grid), in the layout under test: shifts and masks (tiles are
// powers of two), as a layout compiled into the step would use.
int at(ivec2 p) {
    p = clamp(p, ivec2(0), ivec2(uN - 1));
    if (uTileLog2.x < 0) return p.y * uN + p.x;
    const ivec2 t = p >> uTileLog2;
    const ivec2 r = p & ((ivec2(1) << uTileLog2) - 1);
    const int tilesX = uN >> uTileLog2.x;
    return ((((t.y * tilesX + t.x) << uTileLog2.y) + r.y) << uTileLog2.x) + r.x;
}

void main() {
    const uint xy = groups[gl_WorkGroupID.x];
    const ivec2 p = ivec2(int(xy & 0xFFFFu), int(xy >> 16u)) * ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y) +
                    ivec2(gl_LocalInvocationID.xy);
    const int c = at(p);
    if (uPass == 0) {
        // Pass 1: bed and depth two cells around, flows and velocities of the faces around, then the
        // raw transfers and moved depths of the cell's west and south faces.
        const float z = f0[c] + f1[c];
        const float zx = f0[at(p - ivec2(1, 0))] + f1[at(p - ivec2(1, 0))] + f1[at(p - ivec2(2, 0))] + f1[at(p + ivec2(1, 0))];
        const float zy = f0[at(p - ivec2(0, 1))] + f1[at(p - ivec2(0, 1))] + f1[at(p - ivec2(0, 2))] + f1[at(p + ivec2(0, 1))];
        const float q = f2[c] + f2[at(p + ivec2(1, 0))] + f3[c] + f3[at(p + ivec2(0, 1))];
        f4[c] = z - zx + q;
        f5[c] = z - zy - q;
    } else {
        // Pass 2: depth, the raw transfers of the four faces, then depth, flows and velocities out.
        const float r = f4[c] - f4[at(p + ivec2(1, 0))] + f5[c] - f5[at(p + ivec2(0, 1))];
        const float h = f1[c] + r;
        f6[c] = h;
        f2[c] = r;
        f3[c] = h * r;
        f7[c] = h - r;
    }
}

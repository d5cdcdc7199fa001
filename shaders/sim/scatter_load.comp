// The bodies' load set cell by cell (sim::Solver::setBodyLoadCells): the cells whose load may have
// changed, each (grid cell, the load's float bits), written into the load half of the terrain
// buffer (words W*H + cell). Bits are copied, never converted: the step reads what the CPU computed.
#include "sim_layout.h"

layout(local_size_x = 64) in;
layout(std430, binding = SLUICE_BIND_TERRAIN) restrict writeonly buffer Bed { uint bedWords[]; };
layout(std430, binding = SLUICE_BIND_GATHER_RECTS) restrict readonly buffer Cells { uvec2 cells[]; };
uniform uint uCount;  // cells in the list
uniform uint uBase;   // the word of cell 0's load (W*H)

void main() {
    const uint k = gl_GlobalInvocationID.x;
    if (k >= uCount) return;
    const uvec2 c = cells[k];
    bedWords[uBase + c.x] = c.y;
}

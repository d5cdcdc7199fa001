// The bodies' load set cell by cell (sim::Solver::setBodyLoadCells): the cells whose load may have
// changed, each (grid cell, the load's float bits), written into the load half of the terrain
// buffer (the cell's word in the field, field_layout.h, after the bed's words). Bits are copied, never
// converted: the step reads what the CPU computed.
#include "sim_layout.h"

layout(local_size_x = 64) in;
layout(std430, binding = SLUICE_BIND_TERRAIN) restrict writeonly buffer Bed { uint bedWords[]; };
layout(std430, binding = SLUICE_BIND_GATHER_RECTS) restrict readonly buffer Cells { uvec2 cells[]; };
uniform uint uCount;  // cells in the list
uniform uint uBase;   // where the load's words start (fieldWords(W, H))

void main() {
    const uint k = gl_GlobalInvocationID.x;
    if (k >= uCount) return;
    const uvec2 c = cells[k];
    bedWords[uBase + c.x] = c.y;
}

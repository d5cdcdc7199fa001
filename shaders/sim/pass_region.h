// The rows one dispatch of the two-pass step works on (pipe_flux.comp, step_depth.comp). The whole
// grid, or one strip of a skewed sweep (GpuSolver: several substeps strip by strip, so that a strip's
// pages stay in the GPU's address-translation cache): then pass 1 writes its raw flows into a scratch
// buffer that holds the rows from uRawRow0 on (rawAt).
#ifndef SLUICE_PASS_REGION_H
#define SLUICE_PASS_REGION_H
#include "field_layout.h"

uniform int uGroupRowOffset;  // the dispatch's group row 0 is the grid's group row uGroupRowOffset
uniform ivec2 uRowRange;      // [begin, end): face rows (pass 1) or cell rows (pass 2) computed
uniform int uRawRow0;         // first row the raw-flow buffers hold

// With uGroupList (dry_skip.h) the dispatch is one-dimensional over the groups that run, which
// dry_list.comp wrote here after the dispatch's arguments: group (x, y) as y << 16 | x.
layout(std430, binding = SLUICE_BIND_GROUP_LIST) restrict readonly buffer GroupListBuffer { uint groupList[]; };

// Grid position of this work group.
ivec2 passGroup() {
    if (uGroupList != 0) {
        const uint xy = groupList[SLUICE_GROUP_LIST_HEAD + gl_WorkGroupID.x];
        return ivec2(int(xy & 0xFFFFu), int(xy >> 16u));
    }
#if defined(SLUICE_FIELD_LAYOUT) && SLUICE_FIELD_LAYOUT == SLUICE_LAYOUT_STRIPS
    // In strips the groups go column by column, so that the groups running at once share a strip's
    // memory as in rows they share rows' (walked row by row, strips cost 1.4x on an H100,
    // docs/perf/2026-12-06-h100-79). Sweeps do not run in strips, so there is no row offset.
    const uint id = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    return ivec2(int(id / gl_NumWorkGroups.y), int(id % gl_NumWorkGroups.y));
#else
    return ivec2(gl_WorkGroupID.xy) + ivec2(0, uGroupRowOffset);
#endif
}

// Grid position of this invocation.
ivec2 passCell() {
    return passGroup() * ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y) + ivec2(gl_LocalInvocationID.xy);
}

bool passRowInRange(int y) { return y >= uRowRange.x && y < uRowRange.y; }

// Word of face (x, y), y >= uRawRow0, in pass 1's raw transfers: its word in a field (field_layout.h;
// include after step_kernel_common.h) less row uRawRow0's first word, which a sweep's scratch buffer
// starts from (uRawRow0 is 0 otherwise). In either layout a row's words come after the rows' before.
int rawAt(int x, int y) { return fieldAt(x, y) - fieldAt(0, uRawRow0); }

#endif

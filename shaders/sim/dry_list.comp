// Dry skipping by lists: before a substep of the two-pass step over the whole grid, one invocation
// per pass-1 group decides by dry_skip.h's rule whether the group runs, and appends it to pass 1's
// list and (when it is a pass-2 group too) to pass 2's; the passes then dispatch only the listed
// groups (glDispatchComputeIndirect from each list's head, pass_region.h). A pass-2 group left out
// writes its activity flag 0 here, as it would have on returning at once. Which group lands where in
// a list does not matter to the bits: each group writes only its own cells, flag and ledger slot,
// and the speeds are maxima, so they are those of voting in every group. It may matter to the speed:
// each work group here appends its 64 groups' entries as one block, in grid order within it, so that
// the passes walk memory much as a dispatch over the whole grid does (with one atomic per entry, in
// whatever order they landed, an H200 ran a mostly dry world at 95 G cell-steps/s at 4096² but 74 at
// 8192²; docs/PERFORMANCE.md). Mostly dry worlds then cost what is wet instead of a launch and eleven
// flag reads per dry group and pass.
#include "sim_layout.h"
#include "field_layout.h"

#define LIST_THREADS 64
layout(local_size_x = LIST_THREADS) in;

layout(std430, binding = SLUICE_BIND_TILES_OUT) restrict writeonly buffer FlagsOut { uint flagsOut[]; };
layout(std430, binding = SLUICE_BIND_GROUP_LIST) restrict buffer List1 { uint list1[]; };
layout(std430, binding = SLUICE_BIND_GROUP_LIST_2) restrict buffer List2 { uint list2[]; };

uniform ivec2 uSize;

#include "dry_skip.h"

shared uint sRuns[LIST_THREADS];  // 1: runs; 2: and is a pass-2 group too
shared uint sBase[2];              // where this work group's entries start in each list

// The entries before invocation t's in its work group's block of list `which` (0: pass 1, 1: pass 2).
uint entriesBefore(uint t, uint which) {
    uint n = 0u;
    for (uint k = 0u; k < t; ++k) n += sRuns[k] > which ? 1u : 0u;
    return n;
}

void main() {
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const ivec2 groups1 = (uSize + 1 + side - 1) / side;  // pass 1 also has the east and north edge faces
    const ivec2 groups2 = (uSize + side - 1) / side;
    const uint t = gl_LocalInvocationIndex;
    const int i = int(gl_GlobalInvocationID.x);
    const bool exists = i < groups1.x * groups1.y;
#if defined(SLUICE_FIELD_LAYOUT) && SLUICE_FIELD_LAYOUT == SLUICE_LAYOUT_STRIPS
    const ivec2 g = ivec2(i / groups1.y, i % groups1.y);  // column by column, as pass_region.h walks strips
#else
    const ivec2 g = ivec2(i % groups1.x, i / groups1.x);
#endif
    bool runs = false;
    for (uint v = 0u; exists && v < 11u && !runs; ++v) runs = passGroupVote(g, v);
    const bool inPass2 = exists && all(lessThan(g, groups2));
    sRuns[t] = runs ? (inPass2 ? 2u : 1u) : 0u;
    memoryBarrierShared();
    barrier();
    if (t < 2u) {
        const uint count = entriesBefore(uint(LIST_THREADS), t);
        sBase[t] = count == 0u ? 0u : t == 0u ? atomicAdd(list1[0], count) : atomicAdd(list2[0], count);
    }
    memoryBarrierShared();
    barrier();
    const uint xy = uint(g.y) << 16u | uint(g.x);
    if (runs) {
        list1[SLUICE_GROUP_LIST_HEAD + sBase[0] + entriesBefore(t, 0u)] = xy;
        if (inPass2) list2[SLUICE_GROUP_LIST_HEAD + sBase[1] + entriesBefore(t, 1u)] = xy;
    } else if (inPass2) {
        flagsOut[g.y * groups2.x + g.x] = 0u;
    }
}

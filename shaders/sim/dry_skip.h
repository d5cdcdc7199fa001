// Dry-tile skipping, shared by the step kernels. A work group whose cells and faces cannot change
// this dispatch (no water or flow within reach, nothing pouring in) returns at once; skipping it
// changes no bit of the result. Activity flags (SLUICE_TILE_WET / WAS_WET) come from the previous
// dispatch; rain, sources and inflow or level segments force work where they act.
#ifndef SLUICE_DRY_SKIP_H
#define SLUICE_DRY_SKIP_H

layout(std430, binding = SLUICE_BIND_EMITTERS) restrict readonly buffer EmitterBuffer { GpuEmitter emitters[]; };
layout(std430, binding = SLUICE_BIND_TILES_IN) restrict readonly buffer FlagsIn { uint flagsIn[]; };

uniform int uEmitterCount;
uniform ivec4 uSideWets;      // west, east, south, north: 1 where an inflow or level segment may bring water
uniform int uSkipDry;         // 1: skip groups with nothing wet within reach
uniform int uAllActive;       // 1: run every group (rain wets everything)
uniform int uGroupList;       // 1: the dispatch runs the groups of a list (pass_region.h), all of which run

bool sideWets(int side) { return uSideWets[side] != 0; }

// Whether a source or an inflow or level segment can wet cells of [origin, end) this dispatch.
bool wettedFromOutside(ivec2 origin, ivec2 end) {
    for (int e = 0; e < uEmitterCount; ++e) {
        const GpuEmitter em = emitters[e];
        if (em.sign > 0 && em.x0 < end.x && em.x1 > origin.x && em.y0 < end.y && em.y1 > origin.y) return true;
    }
    // Spelled out per side: a constructed local array indexed in a loop lost terms on NVIDIA's compiler.
    return (origin.x <= 0 && sideWets(0)) || (end.x >= uSize.x && sideWets(1)) ||
           (origin.y <= 0 && sideWets(2)) || (end.y >= uSize.y && sideWets(3));
}

// The two-pass step: one flag per SLUICE_PASS_GROUP_X x _Y group. Group g must run when anything could
// wet or move in it: a wet group among its 3 x 3 neighbourhood (a substep reaches 2 cells), its own
// output of the dispatch before was wet (that ping-pong copy is about to be overwritten), or water
// pours in: eleven votes, any of which makes it run. Pass 1's extra column / row of edge faces
// belongs to the last group.
bool passGroupVote(ivec2 g, uint t) {
    const ivec2 side = ivec2(SLUICE_PASS_GROUP_X, SLUICE_PASS_GROUP_Y);
    const ivec2 groups = (uSize + side - 1) / side;
    g = min(g, groups - 1);
    if (t < 9u) {
        const ivec2 n = g + ivec2(int(t) % 3 - 1, int(t) / 3 - 1);
        return all(greaterThanEqual(n, ivec2(0))) && all(lessThan(n, groups)) &&
               (flagsIn[n.y * groups.x + n.x] & SLUICE_TILE_WET) != 0u;
    }
    if (t == 9u) return (flagsIn[g.y * groups.x + g.x] & SLUICE_TILE_WAS_WET) != 0u;
    const ivec2 origin = g * side;
    return uSkipDry == 0 || uAllActive != 0 || wettedFromOutside(origin - 2, origin + side + 2);
}

// In a dispatch over every group, eleven invocations vote at once (the flag reads overlap instead of
// queueing); call castPassGroupVote() from every invocation, then barrier(), then passGroupRuns(). A
// dispatch over a list of the groups that run (uGroupList, dry_list.comp) votes nowhere.
shared uint sDryVotes[11];

void castPassGroupVote(ivec2 g) {
    const uint t = gl_LocalInvocationIndex;
    if (uSkipDry == 0 || uGroupList != 0 || t >= 11u) return;  // no flag reads at all
    sDryVotes[t] = passGroupVote(g, t) ? 1u : 0u;
}

bool passGroupRuns() {
    if (uSkipDry == 0 || uGroupList != 0) return true;
    uint votes = 0u;
    for (int t = 0; t < 11; ++t) votes |= sDryVotes[t];
    return votes != 0u;
}

#endif

// What happens at the domain's edge faces, written once in the common subset of C++ and GLSL like
// pipe_math.h. Every edge face carries a code: the boundary segment it belongs to (sim/boundary.hpp;
// its per-substep value is in the amounts table) and that segment's kind. Faces no segment covers are
// walls (code 0). Beyond a face lies a ghost cell with the inner cell's bed, whose water depends on
// the kind:
//   open          dry: the free outfall of the pipe model; only outflow is let through
//   level         as deep as the set level stands above the inner bed (the level may be below it)
//   transmissive  a copy of the inner cell, and the faces beyond carry this face's flow; the face
//                 itself radiates: its flow changes by what an outgoing long wave carries for the
//                 inner cell's rise or fall over the last substep (transmissiveFlow), so waves leave
//                 without reflection and water at rest stays at rest
//   inflow        the face moves the segment's units per substep into the domain; for the velocities
//                 around it the ghost is as deep as the inner cell
#ifndef SLUICE_BOUNDARY_MATH_H
#define SLUICE_BOUNDARY_MATH_H

#include "portable.h"

// Boundary kinds (match sim::BoundaryKind).
#define SLUICE_BOUNDARY_WALL 0
#define SLUICE_BOUNDARY_OPEN 1
#define SLUICE_BOUNDARY_INFLOW 2
#define SLUICE_BOUNDARY_LEVEL 3
#define SLUICE_BOUNDARY_TRANSMISSIVE 4

// Edge faces in one list: west (H, by y), east (H), south (W, by x), north (W).
SLUICE_FN int edgeFaceIndex(int side, int along, int width, int height) {
    return side == 0 ? along : side == 1 ? height + along : side == 2 ? 2 * height + along : 2 * height + width + along;
}

SLUICE_FN int edgeCode(int segment, int kind) { return segment * 8 + kind; }
SLUICE_FN int edgeKind(int code) { return code & 7; }
SLUICE_FN int edgeSegment(int code) { return code >> 3; }

// Depth (m) of the ghost cell beyond an edge face of `kind` whose inner cell has bed b and depth h
// (m); `level` is a level segment's water-surface elevation (m).
SLUICE_FN float ghostDepth(int kind, float b, float h, float level) {
    if (kind == SLUICE_BOUNDARY_OPEN) return 0.0f;
    if (kind == SLUICE_BOUNDARY_LEVEL) return max(0.0f, level - b);
    return h;
}

// Whether the faces beyond an edge face carry its flow (the outside continues the inside).
SLUICE_FN bool continuesBeyond(int kind) {
    return kind == SLUICE_BOUNDARY_LEVEL || kind == SLUICE_BOUNDARY_TRANSMISSIVE;
}

// Whether the face's new flow comes from the momentum equation with the ghost cell (else: walls
// carry none, inflow faces their segment's units, transmissive faces radiate).
SLUICE_FN bool flowsByMomentum(int kind) { return kind == SLUICE_BOUNDARY_OPEN || kind == SLUICE_BOUNDARY_LEVEL; }

// New flow (m^3/s) of a transmissive edge face whose flow was q, outSign +1 on the east / north sides:
// a long wave leaving carries u = c eta / h, so q changes by outSign c d(eta) dx with c = sqrt(g h)
// of the inner cell (depth h now, hOld before the last substep; eta moves with the depth, as the bed
// does not). No reference level is needed, and a still surface moves nothing.
SLUICE_FN float transmissiveFlow(float q, float h, float hOld, float outSign, float gravity, float dx) {
    if (!(h > 0.0f)) return 0.0f;
    float c = sluiceRoot(gravity * h);
    SLUICE_PRECISE float rise = h - hOld;
    SLUICE_PRECISE float flow = q + outSign * c * rise * dx;
    return flow;
}

#endif

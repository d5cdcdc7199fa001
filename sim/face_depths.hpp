#pragma once
// The shallow-water model's stored face depths (FieldSnapshot::faceDepthXM / YM) for a field that has
// none: a snapshot from before they were saved, or a run switching from the pipe model. Derived as
// pass 2 stores them (shaders/sim/swe_math.h, sweMovedDepth), from the depth the last substep started
// from (prevDepthUnits) and the sign of each face's flow. Exact for interior faces; at a level edge
// the ghost takes the level at `timeSeconds` (pass 2 used the last substep's).
#include "sim/boundary.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

void deriveFaceDepths(FieldSnapshot& f, const Boundaries& boundary, double timeSeconds);

}  // namespace sluice::sim

#pragma once
// The shallow-water model's stored face velocities (FieldSnapshot::faceVelocityXMS / YMS), m/s: each
// face's flow over the depth it moved through, as pass 2 stores them (shaders/sim/swe_math.h,
// sweMovedDepth and sweStoredVelocity).
#include <vector>

#include "sim/boundary.hpp"
#include "sim/solver.hpp"

namespace sluice::sim {

/// For a field that has none (a snapshot of version 3 or older, a run switching from the pipe model):
/// derived from the depth the last substep started from (prevDepthUnits) and each face's flow. Pass 2
/// takes the mean depth over the water that crossed a face (swe_math.h, sweFaceDepth), which needs
/// the face's velocity before its last substep; that is not in such a field, so this takes the depth
/// at the face (Courant number 0): exactly pass 2's velocity where the last substep started from rest
/// or the reconstruction is first order, within the limited slope's share elsewhere. At a level edge
/// the ghost takes the level at `timeSeconds` (pass 2 used the last substep's).
void deriveFaceVelocities(FieldSnapshot& f, const Boundaries& boundary, double timeSeconds);

/// From the face depths snapshots of versions 4 and 5 stored (the depth each face's last transfer moved
/// through, laid out like the flows): the very numbers pass 2 would have stored, so a run continues
/// bit for bit.
void faceVelocitiesFromDepths(FieldSnapshot& f, const std::vector<float>& depthXM, const std::vector<float>& depthYM);

}  // namespace sluice::sim

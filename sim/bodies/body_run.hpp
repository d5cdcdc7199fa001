#pragma once
// Bodies run beside a solver (docs/BODIES.md): the world a scene's bodies start in, and one step of
// them in the solver's water as it stands after the solver's step. The water moves the bodies and
// the bodies load the water (body_load.hpp).
#include <memory>
#include <vector>

#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/scene.hpp"

namespace sluice::sim {

class Solver;

/// A world over the scene's grid and bed holding its bodies; null when the scene has none. Errors: no
/// bodies in this build, a body the world refuses (named by its index).
Result<std::unique_ptr<BodyWorld>> bodyWorldFor(const Scene& scene);

/// Sets the load of the world's bodies, where they stand, on the solver (before its first step).
void loadWater(const BodyWorld& world, Solver& solver, float waterDensityKgPerM3 = 1000.0f);

/// Advances the bodies dtSeconds in the solver's current water, then sets the load of the bodies in
/// their new places on the solver for its next step (bodyLoad()); the collider follows the bed when
/// `bedMoves` (erosion). Reads the solver's fields back (download()).
void stepBodies(BodyWorld& world, Solver& solver, float dtSeconds, bool bedMoves,
                float waterDensityKgPerM3 = 1000.0f);

/// Takes the world's bodies out and puts `list` in instead, each with its motion (undo of body edits).
void replaceBodies(BodyWorld& world, const std::vector<PlacedBody>& list);

/// The bodies as a snapshot keeps them.
std::vector<PlacedBody> placedBodies(const BodyWorld& world);

}  // namespace sluice::sim

#pragma once
// Bodies run beside a solver (docs/BODIES.md): the world a scene's bodies start in, and one step of
// them in the solver's water as it stands after the solver's step. The water moves the bodies and
// the bodies load the water (body_load.hpp).
#include <memory>
#include <vector>

#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/command.hpp"
#include "sim/scene.hpp"

namespace sluice::sim {

class Solver;

/// A world over the scene's grid and bed holding its bodies; null when the scene has none. Errors: no
/// bodies in this build, a body the world refuses (named by its index).
Result<std::unique_ptr<BodyWorld>> bodyWorldFor(const Scene& scene);

/// bodyWorldFor(scene) with the bodies' load set on `solver` where they start (loadWater): what a
/// run of the scene on that solver begins with. Null when the scene has none; errors as bodyWorldFor.
Result<std::unique_ptr<BodyWorld>> startBodies(const Scene& scene, Solver& solver);

/// An empty world over the solver's grid and current bed (gravity from its parameters). Errors: no
/// bodies in this build.
Result<std::unique_ptr<BodyWorld>> bodyWorldOn(Solver& solver);

/// Makes the world's walled edges those of `boundary` (a side all of whose segments are walls).
void setBodyWalls(BodyWorld& world, const Boundaries& boundary);

/// Applies a body command (PlaceBodies, RemoveBodies, EditBodies; sim/command.hpp) to the world:
/// placed bodies added at rest, removed ones (by their place in the list) taken out, edited ones set
/// anew at rest in their place. Other commands change nothing. The caller sets the load after.
void applyBodyCommand(BodyWorld& world, const Command& c);

/// Sets the load of the world's bodies, where they stand, on the solver (before its first step).
void loadWater(const BodyWorld& world, Solver& solver, float waterDensityKgPerM3 = 1000.0f);

/// Where one stepBodies call spent its time (wall seconds), for `sluice bench --bodies`.
struct BodyStepTimes {
    double readbackS = 0;  ///< the water around the bodies read back (Solver::readWater)
    double fieldS = 0;     ///< the water as the bodies feel it (WaterField::fromPatch)
    double dynamicsS = 0;  ///< the water's forces and Bullet's substeps (BodyWorld::step)
    double forcesS = 0;    ///< the water's forces alone, part of dynamicsS
    double loadS = 0;      ///< the bodies' load computed and set on the solver
    double loadSetS = 0;   ///< the load set on the solver alone (the GPU's upload), part of loadS
};

/// Advances the bodies dtSeconds in the solver's current water, then sets the load of the bodies in
/// their new places on the solver for its next step (bodyLoad()); the collider follows the bed when
/// `bedMoves` (erosion; then the whole bed is read back), and the walls the solver's boundaries.
/// Reads only the water around each body (Solver::readWater). With `times`, adds the time of each
/// part to it.
void stepBodies(BodyWorld& world, Solver& solver, float dtSeconds, bool bedMoves,
                float waterDensityKgPerM3 = 1000.0f, BodyStepTimes* times = nullptr);

/// Takes the world's bodies out and puts `list` in instead, each with its motion (undo of body edits).
void replaceBodies(BodyWorld& world, const std::vector<PlacedBody>& list);

/// The bodies as a snapshot keeps them.
std::vector<PlacedBody> placedBodies(const BodyWorld& world);

}  // namespace sluice::sim

#pragma once
// What the bodies do to the water (docs/BODIES.md, "Body to water"): their load on it, in metres of
// water per cell, which the solvers add to the bed wherever the flow reads it (Solver::setBodyLoad).
// The water's stored depth is never touched, so the ledger stays exact: a body entering the water
// pushes it aside through the faces.
#include <cstdint>
#include <vector>

#include "sim/bodies/body_world.hpp"

namespace sluice::sim {

/// The load of the world's bodies on the water of a grid of width x height cells of cellSizeM
/// (width*height metres, row-major from the south; zeros where no body is in the water). Per cell and
/// body, from the body's volume samples whose centres lie over the cell (their volume per cell area, T):
///  * a body lighter than water: its weight per area, (density / water density) T, once it is half
///    as deep in as it floats (less while it enters, by its submerged fraction in its water): a pressure on the
///    water that does not follow the body's bobbing, so the two do not feed each other;
///  * a body as dense as water or denser: its whole solid thickness T, as far as it reaches into the
///    water: clamp(bed + depth + below + T - bottom, 0, T), bottom its lowest point over the cell and
///    `below` the load of the bodies under it (stacked blocks, lowest first). It stands in the water
///    like terrain: water flows over it, never through it.
/// waterOf[i] is the water as bodies()[i] feels it (WaterField::fromPatch of the water around it,
/// with the load it carries): the bed and depth under it, and how deep a floating body is in when
/// `submerged` says FromPose. After a step, AsLastStepped takes that from the water's forces of the
/// step's last physics substep (Body::submergedFraction) instead of sampling the water again.
enum class Submerged { FromPose, AsLastStepped };
std::vector<float> bodyLoad(const BodyWorld& world, const std::vector<const WaterField*>& waterOf, int width,
                            int height, float cellSizeM, float waterDensityKgPerM3,
                            Submerged submerged = Submerged::FromPose);

/// bodyLoad() cell by cell: the grid cells the bodies load (row-major indices, ascending) and the
/// load on each (m, > 0), for Solver::setBodyLoadCells.
struct BodyLoadCells {
    std::vector<std::uint32_t> cells;
    std::vector<float> metres;
};
BodyLoadCells bodyLoadCells(const BodyWorld& world, const std::vector<const WaterField*>& waterOf, int width,
                            int height, float cellSizeM, float waterDensityKgPerM3,
                            Submerged submerged = Submerged::FromPose);

/// The water the load pushes aside: the sum of load x cell area (m^3).
double displacedVolumeM3(const std::vector<float>& loadM, float cellSizeM);

}  // namespace sluice::sim

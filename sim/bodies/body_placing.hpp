#pragma once
// Where the viewer's body tools put bodies (docs/BODIES.md, "Tools"): which body lies under the
// cursor, how high a new body starts so it rests on the bed, on other bodies or on the water, and
// the lattice the blocks brush lays blocks on. Pure functions of the bodies and the solver's bed and
// water; the tools turn their answers into commands (PlaceBodies, EditBodies, RemoveBodies).
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "sim/bodies/body.hpp"

namespace sluice::sim {

class Solver;

/// The axis-aligned box (world metres) a body fills: the bounds of its turned box's corners.
struct BodyBounds {
    glm::vec3 minM{0.0f}, maxM{0.0f};
};
BodyBounds bodyBounds(const BodySpec& spec, const BodyState& state);

/// The body under the horizontal point pointM (world metres): of the bodies whose turned footprint
/// (length x width, grown by marginM on each side) holds it, the one whose top is highest (the one a
/// designer sees from above); -1 when there is none.
int bodyUnder(const std::vector<PlacedBody>& bodies, glm::vec2 pointM, float marginM = 0.0f);

/// What a new body stands on: the highest bed and the highest water surface (bed + depth; the bed
/// where dry) under the horizontal box [minM, maxM] (world metres; cells clamped to the grid).
struct Ground {
    float bedTopM = 0.0f;
    float surfaceTopM = 0.0f;
};
Ground groundUnder(Solver& solver, glm::vec2 minM, glm::vec2 maxM);

/// The gap (m) left under a new body, so it never starts inside the bed or another body.
inline constexpr float kRestGapM = 0.01f;

/// The centre height (m) at which `spec` (its x, y and yaw; at rest) starts: its lowest point
/// kRestGapM above the highest of the bed under it and the tops of `bodies` whose bounds it overlaps
/// horizontally; a body lighter than water (waterDensity) starts on the water's surface instead where
/// that stands higher, so a log or a boat is dropped onto the river rather than onto its bed.
float restingCentreZ(const BodySpec& spec, const Ground& ground, const std::vector<PlacedBody>& bodies,
                     float waterDensityKgPerM3 = 1000.0f);

/// A slot of the blocks brush's lattice: blocks `cellsPerBlock` cells a side, aligned with the grid,
/// slot (0, 0) over cells [0, cellsPerBlock)^2.
struct BlockSlot {
    int i = 0, j = 0;
    bool operator==(const BlockSlot&) const = default;
};
BlockSlot blockSlotAt(float cellX, float cellY, int cellsPerBlock);

/// The slots a stroke passes from `from` (excluded) to `to` (included), each a side neighbour of the
/// one before: a wall laid along a diagonal has no corner-to-corner gaps for the water to slip through.
std::vector<BlockSlot> blockSlotPath(BlockSlot from, BlockSlot to);

/// How the blocks brush makes its blocks.
struct BlockBrush {
    int cellsPerBlock = 1;            ///< a block's side, in cells
    float heightM = 1.0f;             ///< each block's height
    float densityKgPerM3 = 2400.0f;   ///< concrete
    int layers = 2;                   ///< blocks stacked per slot and stroke
};

/// The gap (m) between neighbouring blocks' sides, so they do not start in contact (Bullet would push
/// them apart).
inline constexpr float kBlockGapM = 0.02f;

/// The blocks the brush lays on `slots` of a grid of cellSizeM: `layers` per slot, stacked on what
/// stands there (`ground` per slot, the bodies `existing` and the blocks laid before them).
std::vector<BodySpec> blocksForSlots(const std::vector<BlockSlot>& slots, const std::vector<Ground>& ground,
                                     const BlockBrush& brush, float cellSizeM, const std::vector<PlacedBody>& existing);

/// groundUnder for a slot's square.
Ground groundUnderSlot(Solver& solver, BlockSlot slot, int cellsPerBlock);

}  // namespace sluice::sim

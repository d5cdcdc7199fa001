#pragma once
// The sculpting and emitter tools of the viewer. Panels edit ToolState; the frame loop calls
// applyTool() with the picked terrain point while the left mouse button is held over the world.
#include <vector>

#include <glm/vec2.hpp>

#include "sim/bodies/body.hpp"
#include "sim/bodies/body_placing.hpp"
#include "sim/brush.hpp"
#include "sim/emitter.hpp"
#include "app/window/simulation.hpp"
#include "sim/session.hpp"

namespace sluice::app {

/// The first nine answer to the keys 1 ... 9; the material tools (erosion's layers) follow them.
enum class Tool {
    Dig, Raise, Smooth, Flatten, AddWater, RemoveWater, PlaceSource, PlaceDrain, MoveSelected,
    PaintSoft,      ///< adds (or removes) soft layer: the bed surface stays where it is
    PaintHardness,  ///< paints the bedrock's hardness toward ToolState::hardnessTarget
    PlaceBody,      ///< a click drops ToolState::newBody there (docs/BODIES.md, "Tools")
    BuildBlocks,    ///< a stroke lays blocks on the grid's lattice (ToolState::blocks)
    SelectBody,     ///< a click selects the body under it, a drag moves it (Delete deletes it)
};

/// Names for the tools panel, in enum order: the tools of every run (keys 1 ... 9).
inline constexpr const char* kToolNames[] = {"Dig",          "Raise",       "Smooth",     "Flatten",      "Add water",
                                             "Remove water", "Place source", "Place drain", "Move selected"};
/// Then the material tools, offered only on a run with erosion state (docs/EROSION.md).
inline constexpr const char* kMaterialToolNames[] = {"Paint soft layer", "Paint hardness"};
inline bool isMaterialTool(Tool t) { return t == Tool::PaintSoft || t == Tool::PaintHardness; }
/// Then the body tools, where the build has bodies (the Bodies panel).
inline constexpr const char* kBodyToolNames[] = {"Place body", "Blocks brush", "Move body"};
inline bool isBodyTool(Tool t) { return t == Tool::PlaceBody || t == Tool::BuildBlocks || t == Tool::SelectBody; }

/// Which source or drain the panel has selected (index into the solver's lists), or none.
struct EmitterSelection {
    bool isDrain = false;
    int index = -1;
};

/// Tool settings and the state of the stroke in progress.
struct ToolState {
    Tool tool = Tool::Raise;
    float radiusCells = 10.0f;
    float strength = 2.0f;       ///< m/s for dig/raise/water brushes, 1/s for smooth/flatten
    float falloff = 0.6f;
    float newEmitterRate = 5.0f; ///< m^3/s for placed sources and drains
    bool stroking = false;       ///< the button went down over the world and is still held
    float flattenTargetM = 0;    ///< bed height under the cursor when the flatten stroke started
    bool removeSoft = false;     ///< paint soft layer: take it away instead (a negative strength)
    float hardnessTarget = 0.9f; ///< paint hardness: the hardness painted, 0 (loose) .. 1 (unerodible)
    EmitterSelection selection;

    /// The body the place tool drops (its position comes from the click; it starts resting on the
    /// bed, on the bodies there or, lighter than water, on the surface).
    sim::BodySpec newBody = defaultNewBody();
    sim::BlockBrush blocks;              ///< how the blocks brush makes its blocks
    int bodySelection = -1;              ///< index into the session's bodies, or -1
    /// The gesture in progress: the blocks stroke's slots so far (each is laid once per stroke), the
    /// last one, whether the gesture has its undo entry yet (later commands merge into it) and, for
    /// a drag, where the cursor holds the selected body (its centre minus the cursor, metres).
    std::vector<sim::BlockSlot> strokeSlots;
    sim::BlockSlot lastSlot;
    bool gestureHasEntry = false;
    glm::vec2 grabOffsetM{0.0f};

    static sim::BodySpec defaultNewBody() {
        sim::BodySpec b;
        b.shape = sim::BodyShape::Log;
        b.sizeM = {6.0f, 0.8f, 0.8f};
        b.densityKgPerM3 = 600.0f;
        return b;
    }
};

/// Applies the current tool at cell coordinates (x, y) for frameSeconds of real time. `pressed` is
/// true on the frame the button went down (placement tools act only then). `bedHeightM` is the
/// bed elevation under the cursor (read once per stroke for flatten). Edits go through the
/// simulation (Simulation::apply: undoable, and to run B as well during an A/B comparison); one drag
/// is one undo entry.
void applyTool(ToolState& t, Simulation& simulation, bool pressed, float x, float y, float bedHeightM, float frameSeconds);

/// The material tools' part of the Tools panel: with erosion state (`erosionState`, from
/// Solver::hasErosionState()) the two paint tools and their settings (remove instead of add, the
/// hardness painted); without, a line saying that they need erosion (and that a paint tool still
/// selected does nothing here). Edits ToolState only. Call it inside the Tools section.
void materialToolsSection(ToolState& t, bool erosionState);

/// Applies a body tool (isBodyTool) at cell coordinates (x, y): PlaceBodies for a click of the place
/// tool and along a blocks stroke (one undo entry per stroke), EditBodies while a drag moves the
/// selected body (one entry per drag). Reads the bed and water under the new bodies from the solver.
void applyBodyTool(ToolState& t, Simulation& simulation, bool pressed, float x, float y);

}  // namespace sluice::app

#pragma once
// The sculpting and emitter tools of the viewer. Panels edit ToolState; the frame loop calls
// applyTool() with the picked terrain point while the left mouse button is held over the world.
#include "sim/brush.hpp"
#include "sim/emitter.hpp"
#include "sim/session.hpp"

namespace sluice::app {

enum class Tool { Dig, Raise, Smooth, Flatten, AddWater, RemoveWater, PlaceSource, PlaceDrain, MoveSelected };

/// Names for the tools panel, in enum order.
inline constexpr const char* kToolNames[] = {"Dig",          "Raise",       "Smooth",     "Flatten",      "Add water",
                                             "Remove water", "Place source", "Place drain", "Move selected"};

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
    EmitterSelection selection;
};

/// Applies the current tool at cell coordinates (x, y) for frameSeconds of real time. `pressed` is
/// true on the frame the button went down (placement tools act only then). `bedHeightM` is the
/// bed elevation under the cursor (read once per stroke for flatten). Edits go through the session
/// (undoable); one drag is one undo entry.
void applyTool(ToolState& t, sim::Session& session, bool pressed, float x, float y, float bedHeightM,
               float frameSeconds);

}  // namespace sluice::app

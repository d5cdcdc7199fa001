#pragma once
// The sidebar's Bodies section (docs/BODIES.md, "Tools"): the body tools and their settings (the
// body the place tool drops, the blocks brush's blocks), the selected body (its density and yaw,
// delete) and how many bodies the world holds. Edits go to the session as commands.
#include "app/window/simulation.hpp"
#include "app/window/tools.hpp"

namespace sluice::app {

/// Where the build has no bodies, a line saying so instead.
void bodiesSection(Simulation& s, ToolState& t);

/// Deletes the selected body (the Delete key, the panel's button); nothing when none is selected.
void deleteSelectedBody(Simulation& s, ToolState& t);

/// Turns the selected body `degrees` counter-clockwise about the vertical where it is, set anew at
/// rest (the [ and ] keys: one command, one undo step, each); nothing when none is selected.
void turnSelectedBody(Simulation& s, ToolState& t, float degrees);
/// How far one press of [ or ] turns it (degrees).
inline constexpr float kTurnStepDeg = 15.0f;

}  // namespace sluice::app

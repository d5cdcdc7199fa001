// The body tools of the viewer (docs/BODIES.md, "Tools"): place a body, lay blocks along a stroke,
// select and drag a body. Every change goes to the session as a command, so it is undone, logged,
// replayed and recorded like a brush stroke.
#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "app/window/tools.hpp"
#include "sim/bodies/body_run.hpp"

namespace sluice::app {

namespace {

std::vector<sim::PlacedBody> bodiesOf(const sim::Session& session) {
    return session.bodies() ? sim::placedBodies(*session.bodies()) : std::vector<sim::PlacedBody>{};
}

/// The heading of a body as it lies now (its x axis, counter-clockwise from east), degrees.
float headingDeg(const sim::BodyState& s) {
    const glm::vec3 x = s.orientation * glm::vec3(1.0f, 0.0f, 0.0f);
    return glm::degrees(std::atan2(x.y, x.x));
}

/// `spec` at (xM, yM) resting on what is there (the bed, `others`, the water for a light body).
sim::BodySpec restingAt(sim::BodySpec spec, sim::Solver& solver, float xM, float yM,
                        const std::vector<sim::PlacedBody>& others) {
    spec.positionM = glm::vec3(xM, yM, 0.0f);
    const sim::BodyBounds box = sim::bodyBounds(spec, sim::initialState(spec));
    const sim::Ground ground = sim::groundUnder(solver, glm::vec2(box.minM), glm::vec2(box.maxM));
    spec.positionM.z = sim::restingCentreZ(spec, ground, others);
    return spec;
}

void placeBody(ToolState& t, Simulation& simulation, float xM, float yM) {
    if (sim::bodyProblem(t.newBody)) return;  // the panel says what is wrong with it
    const sim::Session& session = *simulation.session;
    const std::vector<sim::PlacedBody> bodies = bodiesOf(session);
    simulation.apply(sim::PlaceBodies{{restingAt(t.newBody, *simulation.solver, xM, yM, bodies)}});
    if (session.bodies() && session.bodies()->bodies().size() > bodies.size()) t.bodySelection = int(bodies.size());
}

void layBlocks(ToolState& t, Simulation& simulation, bool pressed, float x, float y) {
    sim::Solver& solver = *simulation.solver;
    const int n = std::max(t.blocks.cellsPerBlock, 1);
    const sim::BlockSlot slot = sim::blockSlotAt(x, y, n);
    std::vector<sim::BlockSlot> path;
    if (pressed) {
        t.strokeSlots.clear();
        path.push_back(slot);
    } else if (!(slot == t.lastSlot)) {
        path = sim::blockSlotPath(t.lastSlot, slot);
    }
    t.lastSlot = slot;
    // Each slot once per stroke, and only slots wholly on the grid (a block past its edge would
    // leave the world at once).
    std::vector<sim::BlockSlot> fresh;
    std::vector<sim::Ground> ground;
    for (const sim::BlockSlot& s : path) {
        if (std::find(t.strokeSlots.begin(), t.strokeSlots.end(), s) != t.strokeSlots.end()) continue;
        if (s.i < 0 || s.j < 0 || (s.i + 1) * n > solver.width() || (s.j + 1) * n > solver.height()) continue;
        t.strokeSlots.push_back(s);
        fresh.push_back(s);
        ground.push_back(sim::groundUnderSlot(solver, s, n));
    }
    if (fresh.empty()) return;
    std::vector<sim::BodySpec> blocks = sim::blocksForSlots(fresh, ground, t.blocks, solver.cellSizeM(), bodiesOf(*simulation.session));
    if (blocks.empty() || sim::bodyProblem(blocks.front())) return;
    simulation.apply(sim::PlaceBodies{std::move(blocks)}, t.gestureHasEntry);
    t.gestureHasEntry = true;
}

void selectOrDrag(ToolState& t, Simulation& simulation, bool pressed, float xM, float yM) {
    std::vector<sim::PlacedBody> bodies = bodiesOf(*simulation.session);
    const float dx = simulation.solver->cellSizeM();
    if (pressed) {
        // Half a cell of slack around each footprint: thin logs are easy to hit.
        t.bodySelection = sim::bodyUnder(bodies, {xM, yM}, 0.5f * dx);
        if (t.bodySelection >= 0) t.grabOffsetM = glm::vec2(bodies[std::size_t(t.bodySelection)].state.positionM) - glm::vec2(xM, yM);
        return;
    }
    if (t.bodySelection < 0 || t.bodySelection >= int(bodies.size())) return;
    const sim::PlacedBody held = bodies[std::size_t(t.bodySelection)];
    const glm::vec2 to = glm::vec2(xM, yM) + t.grabOffsetM;
    // Only a real move is an edit: a click that holds still changes nothing.
    if (glm::length(to - glm::vec2(held.state.positionM)) < 0.02f * dx) return;
    bodies.erase(bodies.begin() + t.bodySelection);
    sim::BodySpec spec = held.spec;
    spec.yawDeg = headingDeg(held.state);
    simulation.apply(sim::EditBodies{{t.bodySelection}, {restingAt(spec, *simulation.solver, to.x, to.y, bodies)}}, t.gestureHasEntry);
    t.gestureHasEntry = true;
}

}  // namespace

void applyBodyTool(ToolState& t, Simulation& simulation, bool pressed, float x, float y) {
    if (pressed) t.gestureHasEntry = false;
    const float dx = simulation.solver->cellSizeM();
    switch (t.tool) {
        case Tool::PlaceBody:
            if (pressed) placeBody(t, simulation, x * dx, y * dx);
            break;
        case Tool::BuildBlocks: layBlocks(t, simulation, pressed, x, y); break;
        case Tool::SelectBody: selectOrDrag(t, simulation, pressed, x * dx, y * dx); break;
        default: break;
    }
}

}  // namespace sluice::app

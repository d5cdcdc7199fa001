#include "app/window/bodies_panel.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <numeric>

#include <glm/gtc/quaternion.hpp>

#include "app/window/panel_widgets.hpp"
#include "sim/bodies/body_world.hpp"

namespace sluice::app {

namespace {

/// A body's spec set anew where it is now (its place and heading), for edits: an edit sets the body
/// anew at rest (EditBodies).
sim::BodySpec whereItIs(const sim::Body& b) {
    sim::BodySpec spec = b.spec;
    spec.positionM = b.state.positionM;
    const glm::vec3 x = b.state.orientation * glm::vec3(1, 0, 0);
    spec.yawDeg = glm::degrees(std::atan2(x.y, x.x));
    return spec;
}

constexpr const char* kShapes[] = {"box", "log", "boat", "block"};  // sim::BodyShape's order

/// Densities a designer reaches for (kg/m^3), for the density field's tooltip and buttons.
struct DensityPreset {
    const char* name;
    float kgPerM3;
};
constexpr DensityPreset kDensities[] = {{"balsa", 150}, {"pine", 500}, {"oak", 750}, {"ice", 917}, {"concrete", 2400}};

/// A density field with preset buttons below it; true when it changed.
bool densityField(const char* label, float& kgPerM3) {
    bool changed = ImGui::SliderFloat(label, &kgPerM3, sim::kBodyMinDensity, 8000.0f, "%.0f kg/m3", kClampLog);
    tooltip("lighter than water (1000) floats, heavier sinks and blocks the flow like terrain");
    for (std::size_t i = 0; i < std::size(kDensities); ++i) {
        if (i > 0) ImGui::SameLine();
        if (ImGui::SmallButton(kDensities[i].name)) {
            kgPerM3 = kDensities[i].kgPerM3;
            changed = true;
        }
    }
    return changed;
}

/// Sizes stay within the limits a body may have (sim::bodyProblem).
bool sizeField(const char* label, glm::vec3& sizeM) {
    return ImGui::DragFloat3(label, &sizeM.x, 0.05f, sim::kBodyMinSizeM, sim::kBodyMaxSizeM, "%.2f", ImGuiSliderFlags_AlwaysClamp);
}

void placeSettings(ToolState& t) {
    sim::BodySpec& b = t.newBody;
    int shape = int(b.shape);
    if (ImGui::Combo("shape", &shape, kShapes, int(std::size(kShapes)))) b.shape = sim::BodyShape(shape);
    sizeField("length, width, height (m)", b.sizeM);
    densityField("density", b.densityKgPerM3);
    ImGui::SliderFloat("yaw (deg)", &b.yawDeg, -180.0f, 180.0f, "%.0f");
    if (auto problem = sim::bodyProblem(b)) ImGui::TextColored(ImVec4(1, 0.4f, 0.3f, 1), "%s", problem->c_str());
    ImGui::TextDisabled("a click drops it: on the water if it floats,");
    ImGui::TextDisabled("else on the ground");
}

void blockSettings(ToolState& t, float cellSizeM) {
    sim::BlockBrush& b = t.blocks;
    ImGui::SliderInt("block side (cells)", &b.cellsPerBlock, 1, 8, "%d", ImGuiSliderFlags_AlwaysClamp);
    ImGui::SliderFloat("block height (m)", &b.heightM, 0.1f, 10.0f, "%.2f", kClampLog);
    ImGui::SliderInt("layers", &b.layers, 1, 8, "%d", ImGuiSliderFlags_AlwaysClamp);
    densityField("block density", b.densityKgPerM3);
    const float side = float(b.cellsPerBlock) * cellSizeM;
    ImGui::TextDisabled("blocks %.2f m square, %.2f m tall, on the grid", side - sim::kBlockGapM, b.heightM);
    ImGui::TextDisabled("drag across a river to dam it");
}

void selectedBody(Simulation& s, ToolState& t) {
    const auto& bodies = s.session->bodies()->bodies();
    if (t.bodySelection < 0 || t.bodySelection >= int(bodies.size())) {
        t.bodySelection = -1;
        ImGui::TextDisabled("Move body: click one to select it, drag to move it");
        return;
    }
    const sim::Body& b = bodies[std::size_t(t.bodySelection)];
    ImGui::Text("body %d: %s %.2f x %.2f x %.2f m", t.bodySelection, sim::bodyShapeName(b.spec.shape), b.spec.sizeM.x,
                b.spec.sizeM.y, b.spec.sizeM.z);
    ImGui::Text("at %.1f, %.1f, %.2f m; %.0f %% under water; %.0f kg", b.state.positionM.x, b.state.positionM.y,
                b.state.positionM.z, 100.0f * b.submergedFraction, b.massKg);
    sim::BodySpec spec = whereItIs(b);
    bool changed = densityField("its density", spec.densityKgPerM3);
    bool continuing = continuingEdit();
    changed |= ImGui::SliderFloat("its yaw (deg)", &spec.yawDeg, -180.0f, 180.0f, "%.0f");
    continuing |= continuingEdit();
    if (changed && !sim::bodyProblem(spec)) s.apply(sim::EditBodies{{t.bodySelection}, {spec}}, continuing);
    if (ImGui::Button("turn left ([)")) turnSelectedBody(s, t, kTurnStepDeg);
    ImGui::SameLine();
    if (ImGui::Button("turn right (])")) turnSelectedBody(s, t, -kTurnStepDeg);
    ImGui::SameLine();
    if (ImGui::Button("delete (Del)")) deleteSelectedBody(s, t);
}

}  // namespace

void deleteSelectedBody(Simulation& s, ToolState& t) {
    const sim::BodyWorld* world = s.session ? s.session->bodies() : nullptr;
    if (!world || t.bodySelection < 0 || t.bodySelection >= int(world->bodies().size())) return;
    s.apply(sim::RemoveBodies{{t.bodySelection}});
    t.bodySelection = -1;
}

void turnSelectedBody(Simulation& s, ToolState& t, float degrees) {
    const sim::BodyWorld* world = s.session ? s.session->bodies() : nullptr;
    if (!world || t.bodySelection < 0 || t.bodySelection >= int(world->bodies().size())) return;
    sim::BodySpec spec = whereItIs(world->bodies()[std::size_t(t.bodySelection)]);
    spec.yawDeg = std::remainder(spec.yawDeg + degrees, 360.0f);  // within [-180, 180], as the panel shows it
    if (!sim::bodyProblem(spec)) s.apply(sim::EditBodies{{t.bodySelection}, {spec}});
}

void bodiesSection(Simulation& s, ToolState& t) {
    if (!ImGui::CollapsingHeader("Bodies")) return;
    if (!sim::BodyWorld::available()) {
        ImGui::TextDisabled("this build has no bodies (SLUICE_BODIES=OFF)");
        if (isBodyTool(t.tool)) ImGui::TextDisabled("the selected body tool does nothing here");
        return;
    }
    if (!s.bodiesProblem.empty()) ImGui::TextWrapped("%s", s.bodiesProblem.c_str());
    int tool = int(t.tool);
    const int first = int(Tool::PlaceBody);
    for (int i = 0; i < int(std::size(kBodyToolNames)); ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::RadioButton(kBodyToolNames[i], &tool, first + i);
    }
    t.tool = Tool(tool);
    if (t.tool == Tool::PlaceBody) placeSettings(t);
    if (t.tool == Tool::BuildBlocks) blockSettings(t, s.solver->cellSizeM());
    const sim::BodyWorld* world = s.session->bodies();
    const int count = world ? int(world->bodies().size()) : 0;
    ImGui::Text("%d bodies%s", count, s.runB ? " (in A and B)" : "");
    if (count == 0) return;
    selectedBody(s, t);
    ImGui::SameLine();
    if (ImGui::Button("delete all")) {
        std::vector<int> all(std::size_t(count), 0);
        std::iota(all.begin(), all.end(), 0);
        s.apply(sim::RemoveBodies{std::move(all)});
        t.bodySelection = -1;
    }
}

}  // namespace sluice::app

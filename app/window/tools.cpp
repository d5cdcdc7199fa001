#include "app/window/tools.hpp"

#include <imgui.h>

#include <iterator>
#include <vector>

namespace sluice::app {

namespace {
sim::BrushKind brushOf(Tool t) {
    switch (t) {
        case Tool::Dig: return sim::BrushKind::Dig;
        case Tool::Raise: return sim::BrushKind::Raise;
        case Tool::Smooth: return sim::BrushKind::Smooth;
        case Tool::Flatten: return sim::BrushKind::Flatten;
        case Tool::AddWater: return sim::BrushKind::AddWater;
        case Tool::PaintSoft: return sim::BrushKind::PaintSoft;
        case Tool::PaintHardness: return sim::BrushKind::PaintHardness;
        default: return sim::BrushKind::RemoveWater;
    }
}
}  // namespace

void applyTool(ToolState& t, Simulation& simulation, bool pressed, float x, float y, float bedHeightM, float frameSeconds) {
    const sim::Solver& solver = *simulation.solver;
    if (isBodyTool(t.tool)) return applyBodyTool(t, simulation, pressed, x, y);
    if (t.tool == Tool::PlaceSource || t.tool == Tool::PlaceDrain) {
        if (!pressed) return;
        sim::Emitter e;
        e.x = x;
        e.y = y;
        e.radiusCells = t.radiusCells * 0.5f;
        e.rateM3PerS = t.newEmitterRate;
        std::vector<sim::Emitter> sources = solver.sources(), drains = solver.drains();
        auto& list = t.tool == Tool::PlaceSource ? sources : drains;
        list.push_back(e);
        t.selection = {t.tool == Tool::PlaceDrain, int(list.size()) - 1};
        simulation.apply(sim::SetEmitters{std::move(sources), std::move(drains)});
        return;
    }
    if (t.tool == Tool::MoveSelected) {
        std::vector<sim::Emitter> sources = solver.sources(), drains = solver.drains();
        auto& list = t.selection.isDrain ? drains : sources;
        if (t.selection.index < 0 || t.selection.index >= int(list.size())) return;
        list[std::size_t(t.selection.index)].x = x;
        list[std::size_t(t.selection.index)].y = y;
        simulation.apply(sim::SetEmitters{std::move(sources), std::move(drains)}, !pressed);
        return;
    }
    // Without erosion state there are no layers to paint (the panel says so): no command at all.
    if (isMaterialTool(t.tool) && !solver.hasErosionState()) return;
    if (pressed) t.flattenTargetM = bedHeightM;
    sim::BrushStroke b;
    b.kind = brushOf(t.tool);
    b.x = x;
    b.y = y;
    b.radiusCells = t.radiusCells;
    b.strength = t.tool == Tool::PaintSoft && t.removeSoft ? -t.strength : t.strength;
    b.falloff = t.falloff;
    b.targetHeightM = t.tool == Tool::PaintHardness ? t.hardnessTarget : t.flattenTargetM;
    b.dtSeconds = frameSeconds;  // strokes scale with real time: the same at 30 and 144 fps
    simulation.apply(sim::ApplyBrush{b}, !pressed);
}

void materialToolsSection(ToolState& t, bool erosionState) {
    if (!erosionState) {
        ImGui::TextDisabled("paint soft layer / hardness: this run has no erosion (turn it on first)");
        if (isMaterialTool(t.tool)) ImGui::TextDisabled("the selected paint tool does nothing here");
        return;
    }
    int tool = int(t.tool);
    const int first = int(Tool::PaintSoft);
    for (int i = 0; i < int(std::size(kMaterialToolNames)); ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::RadioButton(kMaterialToolNames[i], &tool, first + i);
    }
    t.tool = Tool(tool);
    if (t.tool == Tool::PaintSoft) {
        ImGui::Checkbox("remove soft layer", &t.removeSoft);
        ImGui::TextDisabled("strength: m/s of soft layer; the surface stays, the rock below moves");
    } else if (t.tool == Tool::PaintHardness) {
        ImGui::SliderFloat("hardness painted", &t.hardnessTarget, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        ImGui::TextDisabled("strength: 1/s toward it; 0 loose rock, 1 does not erode");
    }
}

}  // namespace sluice::app

#include "app/window/panels.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "sim/terrain_import.hpp"

namespace sluice::app {

namespace {
/// Millimetres per hour in one metre per second, for the rain/evaporation sliders.
constexpr float kMmPerHourPerMPerS = 3.6e6f;
const auto kClampLog = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic;

/// True while the last widget is being dragged or typed into after its first frame: edits then
/// continue one gesture and merge into one undo entry.
bool continuingEdit() { return ImGui::IsItemActive() && !ImGui::IsItemActivated(); }

bool boundaryCombo(const char* label, sim::BoundarySide& side, bool& continuing) {
    const char* names[] = {"wall", "open", "inflow"};
    int kind = int(side.kind);
    bool changed = ImGui::Combo(label, &kind, names, 3);
    side.kind = sim::BoundaryKind(kind);
    if (side.kind == sim::BoundaryKind::Inflow) {
        ImGui::SameLine();
        ImGui::PushID(label);
        ImGui::SetNextItemWidth(70);
        changed |= ImGui::DragFloat("m2/s", &side.dischargeM2PerS, 0.01f, 0.0f, 100.0f, "%.2f");
        continuing |= continuingEdit();
        ImGui::PopID();
    }
    return changed;
}
}  // namespace

void simulationSection(Simulation& s, PanelRequests& req) {
    if (!ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) return;
    sim::SimParams p = s.solver->params();
    const sim::SimParams before = p;
    float rainMmH = p.rainMPerS * kMmPerHourPerMPerS, evaporationMmH = p.evaporationMPerS * kMmPerHourPerMPerS;
    const sim::RunCounters& c = s.solver->counters();
    bool continuing = false;
    ImGui::SliderFloat("dt (s)", &p.dtSeconds, 0.005f, 2.0f, "%.3f", kClampLog);
    continuing |= continuingEdit();
    if (c.lastSubsteps > 1) {
        // The user's dt is an upper bound: say when the CFL limit splits it.
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "  dt forces %d substeps of %.4f s", c.lastSubsteps,
                           double(c.lastDtSubSeconds));
    }
    ImGui::SliderFloat("gravity (m/s2)", &p.gravity, 0.5f, 30.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    continuing |= continuingEdit();
    ImGui::SliderFloat("friction (1/s)", &p.friction, 0.0f, 0.95f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    continuing |= continuingEdit();
    ImGui::SliderFloat("viscosity (m2/s)", &p.viscosity, 0.0f, 10.0f, "%.4f", kClampLog);
    continuing |= continuingEdit();
    ImGui::SliderFloat("rain (mm/h)", &rainMmH, 0.0f, 500.0f, "%.1f", kClampLog);
    continuing |= continuingEdit();
    ImGui::SliderFloat("evaporation (mm/h)", &evaporationMmH, 0.0f, 500.0f, "%.1f", kClampLog);
    continuing |= continuingEdit();
    p.rainMPerS = rainMmH / kMmPerHourPerMPerS;
    p.evaporationMPerS = evaporationMmH / kMmPerHourPerMPerS;
    // SimParams is plain floats and ints without padding, so a byte compare spots any edit.
    if (std::memcmp(&p, &before, sizeof p) != 0) s.apply(sim::SetParams{p}, continuing);

    ImGui::SliderFloat("speed (x real time)", &s.speed, 0.1f, 200.0f, "%.2f", kClampLog);
    if (ImGui::Button(s.paused ? "Run" : "Pause")) s.paused = !s.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step")) s.singleStep();
    ImGui::SameLine();
    req.reset |= ImGui::Button("Reset");
    ImGui::SameLine();
    req.fitView |= ImGui::Button("Fit view");

    sim::Boundaries b = s.solver->boundaries();
    bool sideDrag = false;
    bool changed = boundaryCombo("west", b.west, sideDrag);
    changed |= boundaryCombo("east", b.east, sideDrag);
    changed |= boundaryCombo("south", b.south, sideDrag);
    changed |= boundaryCombo("north", b.north, sideDrag);
    if (changed) s.apply(sim::SetBoundaries{b}, sideDrag);

    ImGui::Text("time %.1f s, %lld steps%s", c.timeSeconds, static_cast<long long>(c.steps),
                s.behind ? "  (slower than requested)" : "");
    ImGui::Text("substeps %d, Courant %.3f (max %.3f)", c.lastSubsteps, double(s.courant), double(c.maxCourant));
}

void toolsSection(ToolState& t) {
    if (!ImGui::CollapsingHeader("Tools", ImGuiTreeNodeFlags_DefaultOpen)) return;
    int tool = int(t.tool);
    for (int i = 0; i < int(std::size(kToolNames)); ++i) {
        if (i % 3 != 0) ImGui::SameLine();
        ImGui::RadioButton(kToolNames[i], &tool, i);
    }
    t.tool = Tool(tool);
    ImGui::SliderFloat("radius (cells)", &t.radiusCells, 1.0f, 200.0f, "%.1f", kClampLog);
    const bool rate = t.tool == Tool::Smooth || t.tool == Tool::Flatten;
    ImGui::SliderFloat(rate ? "strength (1/s)" : "strength (m/s)", &t.strength, 0.01f, 50.0f, "%.2f", kClampLog);
    ImGui::SliderFloat("falloff", &t.falloff, 0.0f, 1.0f, "%.2f");
    ImGui::SliderFloat("new source/drain rate (m3/s)", &t.newEmitterRate, 0.01f, 1000.0f, "%.2f", kClampLog);
    ImGui::TextDisabled("left-drag applies; right-drag orbits, middle pans");
}

void emittersSection(Simulation& s, ToolState& t) {
    if (!ImGui::CollapsingHeader("Sources and drains")) return;
    std::vector<sim::Emitter> sources = s.solver->sources(), drains = s.solver->drains();
    bool changed = false, continuing = false;
    int removeIndex = -1;
    bool removeDrain = false;
    for (int list = 0; list < 2; ++list) {
        auto& v = list == 0 ? sources : drains;
        for (int i = 0; i < int(v.size()); ++i) {
            sim::Emitter& e = v[std::size_t(i)];
            ImGui::PushID(list * 100000 + i);
            const bool selected = t.selection.isDrain == (list == 1) && t.selection.index == i;
            char label[64];
            std::snprintf(label, sizeof label, "%s %d", list == 0 ? "source" : "drain", i);
            if (ImGui::Selectable(label, selected, 0, ImVec2(80, 0))) t.selection = {list == 1, i};
            ImGui::SameLine();
            changed |= ImGui::Checkbox("on", &e.enabled);
            ImGui::SameLine();
            if (ImGui::SmallButton("delete")) {
                removeIndex = i;
                removeDrain = list == 1;
            }
            if (selected) {
                changed |= ImGui::DragFloat2("x, y (cells)", &e.x, 0.25f);
                continuing |= continuingEdit();
                changed |= ImGui::DragFloat("radius (cells)", &e.radiusCells, 0.1f, 0.1f, 500.0f);
                continuing |= continuingEdit();
                int mode = int(e.mode);
                changed |= ImGui::Combo("mode", &mode, "rate\0level\0");
                e.mode = sim::EmitterMode(mode);
                if (e.mode == sim::EmitterMode::Rate) {
                    changed |= ImGui::DragFloat("rate (m3/s)", &e.rateM3PerS, 0.05f, 0.0f, 1e5f);
                    continuing |= continuingEdit();
                } else {
                    changed |= ImGui::DragFloat("level (m)", &e.levelM, 0.05f);
                    continuing |= continuingEdit();
                    changed |= ImGui::DragFloat("max rate (m3/s)", &e.maxRateM3PerS, 0.05f, 0.0f, 1e5f);
                    continuing |= continuingEdit();
                }
            }
            ImGui::PopID();
        }
    }
    if (removeIndex >= 0) {
        auto& v = removeDrain ? drains : sources;
        v.erase(v.begin() + removeIndex);
        t.selection = {};
        changed = true;
    }
    if (sources.empty() && drains.empty()) ImGui::TextDisabled("none: use Place source / Place drain");
    if (changed) s.apply(sim::SetEmitters{std::move(sources), std::move(drains)}, continuing);
}

void ledgerSection(const Simulation& s) {
    if (!ImGui::CollapsingHeader("Water ledger", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::Text("volume   %.6g m3", s.ledger.volumeM3);
    ImGui::Text("added    %.6g m3 (sources, rain, inflow)", s.ledger.addedM3);
    ImGui::Text("removed  %.6g m3 (drains, evaporation, outflow)", s.ledger.removedM3);
    ImGui::Text("residual %.3g m3", s.ledger.residual());
    if (!s.volumeHistory.empty()) {
        ImGui::PlotLines("volume", s.volumeHistory.data(), int(s.volumeHistory.size()), 0, nullptr, FLT_MAX, FLT_MAX,
                         ImVec2(0, 50));
        ImGui::PlotLines("residual", s.residualHistory.data(), int(s.residualHistory.size()), 0, nullptr, FLT_MAX,
                         FLT_MAX, ImVec2(0, 40));
    }
}

void terrainSection(Simulation& s, const sim::Scene& scene, TerrainImportState& t) {
    if (!ImGui::CollapsingHeader("Terrain")) return;
    ImGui::InputText("heightmap (.png/.npy)", t.path, sizeof t.path);
    ImGui::DragFloat("min height (m)", &t.minM, 0.5f);
    ImGui::DragFloat("max height (m)", &t.maxM, 0.5f);
    if (ImGui::Button("Import")) {
        auto heights = sim::importTerrain(t.path, scene.width, scene.height, t.minM, t.maxM);
        t.failed = !heights;
        if (heights) {
            s.apply(sim::ReplaceTerrain{std::move(*heights)});  // depth is kept: the surface moves with the bed
            t.message = std::string("imported ") + t.path;
        } else {
            t.message = heights.error().message;
        }
    }
    if (!t.message.empty())
        ImGui::TextColored(t.failed ? ImVec4(1.0f, 0.4f, 0.35f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f), "%s",
                           t.message.c_str());
}

void statsSection(const FrameStats& f) {
    if (!ImGui::CollapsingHeader("Stats")) return;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::Text("%.1f FPS, %.2f ms/frame", double(io.Framerate), io.Framerate > 0 ? 1000.0 / double(io.Framerate) : 0.0);
    ImGui::Text("GPU: simulation %.2f ms, rendering %.2f ms", f.simulationGpuMs, f.renderGpuMs);
}

}  // namespace sluice::app

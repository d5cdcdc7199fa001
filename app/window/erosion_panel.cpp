#include "app/window/erosion_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/window/panel_widgets.hpp"

namespace sluice::app {

namespace {

/// One slider of an erosion parameter with its tooltip; true while it continues a drag.
struct ParamSlider {
    const char* label;
    float* value;
    float reference;
    float min, max;
    const char* format;
    ImGuiSliderFlags flags;
    const char* help;
    bool readAtStart = false;  ///< only read when erosion's state is set up
};

bool slider(const ParamSlider& p) {
    Highlight h(*p.value != p.reference);
    ImGui::SliderFloat(p.label, p.value, p.min, p.max, p.format, p.flags);
    const bool continuing = continuingEdit();
    tooltip(p.help);
    return continuing;
}

/// Eroded, deposited and suspended over time, on one scale (0 .. the largest of them) so that the
/// three plots compare.
void sedimentPlots(const Simulation& s) {
    if (s.erodedHistory.empty()) return;
    float top = 0;
    for (const auto* h : {&s.erodedHistory, &s.depositedHistory, &s.suspendedHistory})
        top = std::max(top, *std::max_element(h->begin(), h->end()));
    top = std::max(top, 1e-9f);
    const char* names[] = {"eroded", "deposited", "suspended"};
    const std::vector<float>* series[] = {&s.erodedHistory, &s.depositedHistory, &s.suspendedHistory};
    for (int k = 0; k < 3; ++k)
        ImGui::PlotLines(names[k], series[k]->data(), int(series[k]->size()), 0, nullptr, 0.0f, top, ImVec2(0, 34));
    ImGui::TextDisabled("plots: m3 from 0 to %.3g, over the last %d samples", double(top), int(s.erodedHistory.size()));
}

}  // namespace

std::string sedimentResidualText(const sim::SedimentLedger& l) {
    if (l.residualUnits == 0 && l.bedResidualUnits == 0) return "0 m3 (exact)";
    char text[96];
    std::snprintf(text, sizeof text, "%.3g m3 (%lld units; bed %lld units)", l.residual(),
                  static_cast<long long>(l.residualUnits), static_cast<long long>(l.bedResidualUnits));
    return text;
}

void erosionSection(Simulation& s, const sim::SimParams& reference) {
    if (!ImGui::CollapsingHeader("Erosion")) return;
    sim::SimParams p = s.solver->params();
    const sim::SimParams before = p;
    sim::ErosionParams& e = p.erosion;
    const sim::ErosionParams& r = reference.erosion;
    const bool hasState = s.solver->hasErosionState();
    {
        Highlight h(e.enabled != r.enabled);
        ImGui::Checkbox("erosion on", &e.enabled);
        tooltip("Water picks material up where it runs fast down a slope, carries it and lays it down\n"
                "where it slows; slopes steeper than the talus angles slump. The first time it is turned\n"
                "on, a soft layer of the thickness below is laid over the bed as it is now.");
    }
    bool continuing = false;
    // The last two are read when erosion's state is set up (the first time it is turned on); after
    // that the soft layer and the bedrock's hardness are per-cell fields that erosion and brushes
    // change, so they are greyed out.
    const ParamSlider sliders[] = {
        {"erosion per water time", &e.timeScale, r.timeScale, 0.1f, 1000.0f, "%.1f x", kClampLog,
         "Speed-up: seconds of erosion per simulated second of water. The rates below are per second\n"
         "of erosion time; the water itself runs as before."},
        {"capacity (s)", &e.capacity, r.capacity, 0.0f, 100.0f, "%.3f", kClampLog,
         "Kc: how much moving water can carry. Capacity = Kc |v| sin(slope), in metres of material\n"
         "per cell, falling to 0 in still or very thin water."},
        {"dissolve (1/s)", &e.dissolve, r.dissolve, 0.0f, 100.0f, "%.3f", kClampLog,
         "Ks: fraction of the missing load (capacity - load) the water takes from the bed per second,\n"
         "times the exposed layer's yield (1 - hardness)."},
        {"deposit (1/s)", &e.deposit, r.deposit, 0.0f, 100.0f, "%.3f", kClampLog,
         "Kd: fraction of the excess load (load - capacity) the water drops per second. Deposits\n"
         "become soft layer."},
        {"talus angle (deg)", &e.talusAngleDeg, r.talusAngleDeg, 1.0f, 89.0f, "%.1f", ImGuiSliderFlags_AlwaysClamp,
         "Dry slopes steeper than this slump (thermal erosion): soft material first, bedrock by its\n"
         "yield, so hard rock stands as cliffs."},
        {"wet talus angle (deg)", &e.wetTalusAngleDeg, r.wetTalusAngleDeg, 1.0f, 89.0f, "%.1f",
         ImGuiSliderFlags_AlwaysClamp, "The same under water (deeper than the thin-water depth): banks slump sooner."},
        {"thermal rate (1/s)", &e.thermalRate, r.thermalRate, 0.0f, 100.0f, "%.3f", kClampLog,
         "How fast an over-steep slope relaxes toward its talus angle, per second of erosion time."},
        {"soft hardness (0-1)", &e.softHardness, r.softHardness, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp,
         "Resistance of the soft layer (soil, sand, deposits) to dissolving: 0 yields fully, 1 never."},
        {"rock hardness (0-1)", &e.rockHardness, r.rockHardness, 0.0f, 1.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp,
         "Resistance of the bedrock under the soft layer, given to every cell when erosion starts\n"
         "(brushes paint it per cell afterwards).",
         true},
        {"soft layer at start (m)", &e.softThicknessM, r.softThicknessM, 0.0f, 100.0f, "%.2f", kClampLog,
         "Thickness of the soft layer laid over the whole bed when erosion starts; where it is worn\n"
         "through, the bedrock shows.",
         true},
    };
    for (const ParamSlider& sl : sliders) {
        ImGui::BeginDisabled(sl.readAtStart && hasState);
        continuing |= slider(sl);
        ImGui::EndDisabled();
    }
    if (hasState) ImGui::TextDisabled("  (the last two apply when erosion starts)");
    if (p != before) s.apply(sim::SetParams{p}, continuing);

    if (!hasState) {
        ImGui::TextDisabled("no erosion state: turn erosion on to start");
        return;
    }
    const sim::SedimentLedger& l = s.sediment;
    ImGui::Text("eroded     %.6g m3", l.erodedM3);
    ImGui::Text("deposited  %.6g m3", l.depositedM3);
    ImGui::Text("suspended  %.6g m3", l.suspendedM3);
    ImGui::Text("removed    %.6g m3 (open edges, drains)", l.removedM3);
    const std::string residual = sedimentResidualText(l);
    if (l.residualUnits == 0 && l.bedResidualUnits == 0) ImGui::Text("residual   %s", residual.c_str());
    else ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "residual   %s", residual.c_str());
    tooltip("suspended - (eroded - deposited - removed), and the bed's change - (deposited - eroded),\n"
            "both in whole units of 2^-20 m over one cell: exactly 0 unless material went unaccounted.");
    sedimentPlots(s);
}

}  // namespace sluice::app

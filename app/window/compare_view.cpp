#include "app/window/compare_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "sim/scene_json.hpp"

namespace sluice::app {

namespace {

std::string valueText(const nlohmann::json& v) {
    if (v.is_number_float()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", v.get<double>());
        return buf;
    }
    return v.is_string() ? v.get<std::string>() : v.dump();
}

/// The difference map's colours (shaders/render/map_view.frag): red where A is deeper, blue where B
/// is, over the terrain's grey, stronger with the difference up to full colour at the scale.
ImU32 differenceColour(float t) {  // t in [-1, 1]: (B - A) / scale
    const float grey = 0.45f;
    const float a = std::abs(t) < kDifferenceDeadBand ? 0.0f : 0.25f + 0.75f * std::min(std::abs(t), 1.0f);
    const float tint[3] = {t > 0 ? 0.15f : 1.0f, t > 0 ? 0.45f : 0.25f, t > 0 ? 1.0f : 0.15f};
    return ImGui::ColorConvertFloat4ToU32(ImVec4(grey + a * (tint[0] - grey), grey + a * (tint[1] - grey),
                                                 grey + a * (tint[2] - grey), 1.0f));
}

}  // namespace

std::string parameterDifferences(const sim::SimParams& a, const sim::SimParams& b) {
    const nlohmann::json ja = sim::paramsToJson(a), jb = sim::paramsToJson(b);
    std::string out;
    for (auto it = jb.begin(); it != jb.end(); ++it) {
        if (ja.contains(it.key()) && ja.at(it.key()) == it.value()) continue;
        out += (out.empty() ? "" : ", ") + it.key() + " " + valueText(it.value());
        if (ja.contains(it.key())) out += " (A " + valueText(ja.at(it.key())) + ")";
    }
    return out.empty() ? "same parameters as A" : out;
}

void drawPaneLabel(const WindowRect& pane, const std::string& text) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 at(pane.x + 8, pane.y + 8);
    dl->AddRectFilled(at, ImVec2(at.x + size.x + 12, at.y + size.y + 8), IM_COL32(20, 22, 26, 215), 4.0f);
    dl->AddText(ImVec2(at.x + 6, at.y + 4), IM_COL32(235, 235, 235, 255), text.c_str());
}

void drawDifferenceLegend(float scaleM, const WindowRect& area) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const float line = ImGui::GetTextLineHeight(), pad = 8, barW = 200, barH = 14, margin = 12;
    const char* heading = "water depth B - A";
    char left[32], right[32], dead[64];
    std::snprintf(left, sizeof left, "-%g m", double(scaleM));
    std::snprintf(right, sizeof right, "+%g m", double(scaleM));
    std::snprintf(dead, sizeof dead, "grey: |B - A| < %g m", double(kDifferenceDeadBand * scaleM));
    const float boxW = std::max({barW + 40, ImGui::CalcTextSize(heading).x, ImGui::CalcTextSize(dead).x}) + 2 * pad;
    const float boxH = pad + line + 2 + barH + 2 + line + 2 + line + 2 + line + pad;
    const ImVec2 box(area.x + area.w - margin - boxW, area.y + area.h - margin - boxH);
    dl->AddRectFilled(box, ImVec2(box.x + boxW, box.y + boxH), IM_COL32(20, 22, 26, 215), 4.0f);
    const ImU32 text = IM_COL32(235, 235, 235, 255);
    dl->AddText(ImVec2(box.x + pad, box.y + pad), text, heading);
    const float barX = box.x + 0.5f * (boxW - barW), barY = box.y + pad + line + 2;
    for (int i = 0; i < int(barW); ++i)
        dl->AddRectFilled(ImVec2(barX + float(i), barY), ImVec2(barX + float(i) + 1, barY + barH),
                          differenceColour(2.0f * (float(i) + 0.5f) / barW - 1.0f));
    const float labelY = barY + barH + 2;
    dl->AddText(ImVec2(barX, labelY), text, left);
    dl->AddText(ImVec2(barX + 0.5f * barW - 0.5f * ImGui::CalcTextSize("0").x, labelY), text, "0");
    dl->AddText(ImVec2(barX + barW - ImGui::CalcTextSize(right).x, labelY), text, right);
    dl->AddText(ImVec2(box.x + pad, labelY + line + 2), text, "red: A deeper   blue: B deeper");
    dl->AddText(ImVec2(box.x + pad, labelY + 2 * (line + 2)), text, dead);
}

void reconcileCompareView(bool comparing, int& mode, bool& view3d, int previousMode, bool previousView3d) {
    if (!comparing || mode != 1 || !view3d) return;
    if (previousMode != 1) view3d = false;  // the difference was just chosen: show it, on the map
    else if (!previousView3d) mode = 0;     // the 3-D view was just chosen: A and B side by side
    else view3d = false;                    // both at once (start-up options): the difference wins
}

}  // namespace sluice::app

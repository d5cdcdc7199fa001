#include "app/window/legend_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>


namespace sluice::app {

namespace {
/// ImGui draws vertex colours straight into the 8-bit framebuffer, so the ramp's display values go
/// in as they are: the bar shows the colours the overlay puts on screen.
ImU32 display(const glm::vec3& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)); }
}  // namespace

void drawLegend(const render::OverlayLegend& legend, const WindowRect& area) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    const float line = ImGui::GetTextLineHeight(), pad = 8, tick = 4;
    const std::string heading = legend.heading();
    const std::vector<render::LegendNote> notes = legend.notes();
    const float swatch = line - 2, gap = 4, noteGap = 12;
    float notesW = 0;
    for (const render::LegendNote& n : notes)
        notesW += (notesW > 0 ? noteGap : 0) + swatch + gap + ImGui::CalcTextSize(n.text.c_str()).x;
    const float overhang = 0.5f * std::max(ImGui::CalcTextSize(legend.label(0.0f).c_str()).x,
                                           ImGui::CalcTextSize(legend.label(1.0f).c_str()).x);
    const float boxW = std::max({kLegendBarW + 2 * overhang, ImGui::CalcTextSize(heading.c_str()).x, notesW}) + 2 * pad;
    const float boxH = pad + line + 2 + kLegendBarH + tick + line + 4 + line + pad;
    const ImVec2 box(area.x + area.w - kLegendMargin - boxW, area.y + area.h - kLegendMargin - boxH);
    dl->AddRectFilled(box, ImVec2(box.x + boxW, box.y + boxH), IM_COL32(20, 22, 26, 215), 4.0f);
    const ImU32 text = IM_COL32(235, 235, 235, 255);
    dl->AddText(ImVec2(box.x + pad, box.y + pad), text, heading.c_str());

    // The bar: one column per pixel, coloured by the overlay's own ramp function at its centre.
    const float barX = std::round(box.x + 0.5f * (boxW - kLegendBarW)), barY = std::round(box.y + pad + line + 2);
    for (int i = 0; i < int(kLegendBarW); ++i) {
        const float t = (float(i) + 0.5f) / kLegendBarW;
        dl->AddRectFilled(ImVec2(barX + float(i), barY), ImVec2(barX + float(i) + 1, barY + kLegendBarH),
                          display(legend.color(t)));
    }
    for (int k = 0; k <= 2; ++k) {
        const float t = 0.5f * float(k);
        const float x = std::min(barX + t * kLegendBarW, barX + kLegendBarW - 1);
        dl->AddLine(ImVec2(x + 0.5f, barY + kLegendBarH), ImVec2(x + 0.5f, barY + kLegendBarH + tick), text);
        const std::string label = legend.label(t);
        dl->AddText(ImVec2(x - 0.5f * ImGui::CalcTextSize(label.c_str()).x, barY + kLegendBarH + tick), text, label.c_str());
    }
    ImVec2 note(box.x + pad, barY + kLegendBarH + tick + line + 4);
    for (const render::LegendNote& n : notes) {
        dl->AddRectFilled(ImVec2(note.x, note.y + 1), ImVec2(note.x + swatch, note.y + 1 + swatch), display(n.display));
        dl->AddText(ImVec2(note.x + swatch + gap, note.y), text, n.text.c_str());
        note.x += swatch + gap + ImGui::CalcTextSize(n.text.c_str()).x + noteGap;
    }
}

}  // namespace sluice::app

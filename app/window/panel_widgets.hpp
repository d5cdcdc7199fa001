#pragma once
// Small ImGui helpers the sidebar's sections share (app/window/panels.cpp, erosion_panel.cpp).
#include <imgui.h>

namespace sluice::app {

/// Clamped, logarithmic slider flags (rates and lengths that span decades).
inline constexpr ImGuiSliderFlags kClampLog = ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_Logarithmic;

/// True while the last widget is being dragged or typed into after its first frame: edits then
/// continue one gesture and merge into one undo entry.
inline bool continuingEdit() { return ImGui::IsItemActive() && !ImGui::IsItemActivated(); }

/// Colours the next widget's text when its value differs from the preset's.
struct Highlight {
    explicit Highlight(bool differs) : on(differs) {
        if (on) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.3f, 1.0f));
    }
    ~Highlight() {
        if (on) ImGui::PopStyleColor();
    }
    Highlight(const Highlight&) = delete;
    Highlight& operator=(const Highlight&) = delete;
    bool on;
};

/// The last widget's tooltip (also while it is disabled).
inline void tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

}  // namespace sluice::app

#include "app/window/body_outlines.hpp"

#include <imgui.h>

#include <glm/gtc/quaternion.hpp>

namespace sluice::app {

void drawBodyFootprints(const ViewerState& v) {
    const sim::BodyWorld* world = v.sim.session ? v.sim.session->bodies() : nullptr;
    if (v.p3.active || !world || world->bodies().empty()) return;
    const float dx = v.scene.cellSizeM;
    const float scale = v.layout.pixelScale();
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    // Run A's pane (the left one when A and B are side by side): B runs without bodies.
    const WindowRect pane = v.layout.pane(0);
    list->PushClipRect(ImVec2(pane.x, pane.y), ImVec2(pane.x + pane.w, pane.y + pane.h), true);
    const auto& bodies = world->bodies();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const sim::Body& b = bodies[i];
        const glm::vec2 half = 0.5f * glm::vec2(b.spec.sizeM);
        ImVec2 corners[4];
        const glm::vec2 signs[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (int k = 0; k < 4; ++k) {
            const glm::vec3 w = b.state.positionM + b.state.orientation * glm::vec3(signs[k] * half, 0.0f);
            float px = 0, py = 0;  // drawable pixels of the pane, origin bottom-left
            v.map->pixelAt(w.x / dx, w.y / dx, px, py);
            corners[k] = ImVec2(pane.x + px / scale, pane.y + pane.h - py / scale);
        }
        const bool selected = int(i) == v.tools.bodySelection;
        // Wood brown for floating bodies, grey for the ones that sink; the selected one outlined yellow.
        const ImU32 fill = b.spec.densityKgPerM3 < 1000.0f ? IM_COL32(150, 105, 60, 200) : IM_COL32(150, 150, 145, 210);
        list->AddConvexPolyFilled(corners, 4, fill);
        list->AddPolyline(corners, 4, selected ? IM_COL32(255, 230, 90, 255) : IM_COL32(30, 25, 20, 220),
                          ImDrawFlags_Closed, selected ? 2.5f : 1.0f);
    }
    list->PopClipRect();
}

}  // namespace sluice::app

#include "app/window/viewer_draw.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <iostream>

#include "render/overlay_legend.hpp"
#include "render/solver_inputs.hpp"

namespace sluice::app {

void updateOverlays(ViewerState& v, const CursorPick& cursor) {
    MapView& view = *v.map;
    const ToolState& tools = v.tools;
    const float dx = v.scene.cellSizeM;
    // The ring shows what a click covers: the brush, an emitter, the body placed, a block's slot.
    float ring = tools.radiusCells;
    if (tools.tool == Tool::PlaceSource || tools.tool == Tool::PlaceDrain || tools.tool == Tool::MoveSelected) ring *= 0.5f;
    if (tools.tool == Tool::PlaceBody) ring = 0.5f * std::max(tools.newBody.sizeM.x, tools.newBody.sizeM.y) / dx;
    if (tools.tool == Tool::BuildBlocks) ring = 0.5f * float(tools.blocks.cellsPerBlock);
    if (tools.tool == Tool::SelectBody) ring = 0.5f;
    view.brushX = cursor.cellX;
    view.brushY = cursor.cellY;
    view.brushRadius = cursor.overWorld ? ring : 0.0f;
    view.markers.clear();
    for (int list = 0; list < 2; ++list) {
        const auto& emitters = list == 0 ? v.sim.solver->sources() : v.sim.solver->drains();
        for (int i = 0; i < int(emitters.size()); ++i) {
            const bool selected = tools.selection.isDrain == (list == 1) && tools.selection.index == i;
            const sim::Emitter& em = emitters[std::size_t(i)];
            view.markers.push_back({em.x, em.y, em.radiusCells, selected ? 2.0f : (list == 0 ? 1.0f : -1.0f)});
        }
    }
    // The selected body: a ring around it (the map also outlines every body: body_outlines.hpp).
    const sim::BodyWorld* world = v.sim.session ? v.sim.session->bodies() : nullptr;
    if (world && tools.bodySelection >= 0 && tools.bodySelection < int(world->bodies().size())) {
        const sim::Body& b = world->bodies()[std::size_t(tools.bodySelection)];
        view.markers.push_back({b.state.positionM.x / dx, b.state.positionM.y / dx,
                                0.5f * glm::length(glm::vec2(b.spec.sizeM)) / dx + 0.5f, 2.0f});
    }
    // The same overlays in the 3-D view, in world metres.
    render::ViewSettings& settings = v.p3.settings;
    settings.brushRing = glm::vec3(cursor.cellX * dx, cursor.cellY * dx, view.brushRadius * dx);
    settings.markers.clear();
    for (const MapView::Marker& m : view.markers)
        settings.markers.emplace_back(m.x * dx, m.y * dx, std::max(m.radius * dx, 1.5f * dx), m.kind);
}

void drawViews(ViewerState& v, const ViewFrame& f, render::ScaledTarget& mapTarget) {
    PerspectiveView& p3 = v.p3;
    Simulation& s = v.sim;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (p3.active && !p3.renderer) {
        auto created = render::SceneRenderer::create();
        if (!created) {
            std::cerr << "error: " << created.error().message << "\n";
            p3.active = false;
        } else {
            p3.renderer = std::move(*created);
            p3.probe = std::make_unique<gl::DepthProbe>();
        }
    }
    // One pane per view (A and B side by side, or one view; the difference map compares B with A in
    // one picture), each drawn at (0, 0) of its own target and copied into the free area beside the
    // panels. Under the sidebar and the menu bar the window shows the map's background.
    const ViewLayout& layout = v.layout;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, layout.drawW(), layout.drawH());
    glClearColor(0.075f, 0.08f, 0.09f, 1.0f);  // map_view.frag's kBackground
    glClear(GL_COLOR_BUFFER_BIT);
    p3.settings.renderScale = f.renderScale;
    for (int pane = 0; pane < layout.paneCount() && (pane == 0 || s.runB); ++pane) {
        const PixelRect r = layout.panePixels(pane);
        v.panes.ensure(pane, r.w, r.h);
        const GLuint target = v.panes.framebuffer(pane);
        glBindFramebuffer(GL_FRAMEBUFFER, target);
        if (p3.active) {
            render::RenderInputs in = s.drawInputs(pane);
            const float blend = pane == 0 && v.interpolate ? s.blend() : -1.0f;
            if (blend >= 0.0f) {  // the surface between the last two states (fixed steps, any frame rate)
                in.previousDepth = &s.previousDepth.buffer();
                in.blend = blend;
            }
            if (pane == 0 && v.history) in.history = v.history.get();
            p3.renderer->render(in, p3.camera, p3.settings, r.w, r.h, target);
        } else {
            const bool difference = s.runB && v.compare.mode == 1;
            const bool scaled = f.renderScale < 1.0f;
            if (scaled) {
                mapTarget.ensure(r.w, r.h, f.renderScale);
                glBindFramebuffer(GL_FRAMEBUFFER, mapTarget.framebuffer());
            }
            const render::ViewSettings& look = p3.settings;
            v.map->erosion = s.drawInputs(pane).erosion;
            v.map->fieldOrder = s.drawInputs(pane).fieldOrder;
            v.map->overlay = look.overlay;
            v.map->overlayRange = render::overlayRange(look.overlay, look, -1.0);
            v.map->draw(r.w, r.h, s.terrainBuffer(pane), s.depthBuffer(pane), difference ? &s.depthBuffer(1) : nullptr,
                        v.compare.differenceScaleM, f.renderScale);
            if (scaled) mapTarget.present(target, r.w, r.h);
        }
        v.panes.present(pane, r);
    }
    float localX = 0, localY = 0;
    const int cursorPane = layout.paneAt(float(v.mouse.x), float(v.mouse.y), &localX, &localY);
    if (p3.active) {
        // Queue the depth under the cursor; it is unprojected a frame or two later (no stall). Both
        // panes share the camera and the terrain, so the last one drawn answers for either.
        const PixelRect last = layout.panePixels(layout.paneCount() - 1);
        // The renderer's own projection (with the vertical exaggeration): picks come out in the
        // simulation's metres.
        p3.invViewProj[std::size_t(f.frame % 8)] =
            glm::inverse(render::SceneRenderer::viewProjection(p3.camera, float(last.w) / float(last.h), p3.settings));
        if (cursorPane >= 0) {
            // The depth target has the renderer's internal size: scale the cursor's pixel to it.
            const render::RenderStats& rs = p3.renderer->lastStats();
            const float toInternal = float(rs.internalHeightPx) / float(last.h);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, p3.renderer->depthFramebuffer());
            p3.probe->request(std::clamp(int(localX * toInternal), 0, rs.internalWidthPx - 1),
                              std::clamp(int(localY * toInternal), 0, rs.internalHeightPx - 1), std::uint64_t(f.frame));
            glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        }
    }
}

}  // namespace sluice::app

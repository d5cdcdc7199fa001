#include "app/window/viewer_draw.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <iostream>

#include "render/solver_inputs.hpp"

namespace sluice::app {

int viewWidth(const ViewerState& v, int drawW) {
    return v.sim.runB && v.compare.mode == 0 ? std::max(1, drawW / 2) : drawW;
}

void updateOverlays(ViewerState& v, const CursorPick& cursor) {
    MapView& view = *v.map;
    const ToolState& tools = v.tools;
    const bool brushTool = tools.tool != Tool::PlaceSource && tools.tool != Tool::PlaceDrain && tools.tool != Tool::MoveSelected;
    view.brushX = cursor.cellX;
    view.brushY = cursor.cellY;
    view.brushRadius = cursor.overWorld ? (brushTool ? tools.radiusCells : tools.radiusCells * 0.5f) : 0.0f;
    view.markers.clear();
    for (int list = 0; list < 2; ++list) {
        const auto& emitters = list == 0 ? v.sim.solver->sources() : v.sim.solver->drains();
        for (int i = 0; i < int(emitters.size()); ++i) {
            const bool selected = tools.selection.isDrain == (list == 1) && tools.selection.index == i;
            const sim::Emitter& em = emitters[std::size_t(i)];
            view.markers.push_back({em.x, em.y, em.radiusCells, selected ? 2.0f : (list == 0 ? 1.0f : -1.0f)});
        }
    }
    // The same overlays in the 3-D view, in world metres.
    const float dx = v.scene.cellSizeM;
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
    // A/B side by side: each run in its half of the window; otherwise one view (the difference map
    // compares B with A in one picture).
    const bool split = s.runB && v.compare.mode == 0;
    const int viewW = viewWidth(v, f.drawW);
    const int drawH = f.drawH;
    if (split) v.split.ensure(viewW, drawH);
    p3.settings.renderScale = f.renderScale;
    const int probeX = int(float(v.mouse.x) * f.pixelScale) % viewW;
    for (int half = 0; half < (split ? 2 : 1); ++half) {
        const sim::GpuSolver& g = half == 0 ? *s.solver : *s.runB;
        const GLuint target = split ? v.split.framebuffer(half) : 0;
        glBindFramebuffer(GL_FRAMEBUFFER, target);
        if (p3.active) {
            render::RenderInputs in = render::solverInputs(g);
            const float blend = half == 0 && v.interpolate ? s.blend() : -1.0f;
            if (blend >= 0.0f) {  // the surface between the last two states (fixed steps, any frame rate)
                in.previousDepth = &s.previousDepth.buffer();
                in.blend = blend;
            }
            if (half == 0 && v.history) in.history = v.history.get();
            p3.renderer->render(in, p3.camera, p3.settings, viewW, drawH, target);
        } else {
            const bool difference = s.runB && v.compare.mode == 1;
            const bool scaled = f.renderScale < 1.0f;
            if (scaled) {
                mapTarget.ensure(viewW, drawH, f.renderScale);
                glBindFramebuffer(GL_FRAMEBUFFER, mapTarget.framebuffer());
            }
            v.map->draw(viewW, drawH, g.terrainBuffer(), g.depthBuffer(), difference ? &s.runB->depthBuffer() : nullptr,
                        v.compare.differenceScaleM, f.renderScale);
            if (scaled) mapTarget.present(target, viewW, drawH);
        }
    }
    if (p3.active) {
        // Queue the depth under the cursor; it is unprojected a frame or two later (no stall).
        p3.invViewProj[std::size_t(f.frame % 8)] =
            glm::inverse(p3.camera.projection(float(viewW) / float(drawH)) * p3.camera.view());
        // The depth target has the renderer's internal size: scale the cursor's pixel to it.
        const render::RenderStats& rs = p3.renderer->lastStats();
        const float toInternal = float(rs.internalHeightPx) / float(drawH);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, p3.renderer->depthFramebuffer());
        p3.probe->request(std::min(int(float(probeX) * toInternal), rs.internalWidthPx - 1),
                          std::min(int(float(drawH - 1 - int(float(v.mouse.y) * f.pixelScale)) * toInternal),
                                   rs.internalHeightPx - 1),
                          std::uint64_t(f.frame));
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    }
    if (split) v.split.present();
}

}  // namespace sluice::app

#include "app/window/file_actions.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "app/cli/common.hpp"
#include "app/exchange/export_writer.hpp"
#include "app/output/output_dir.hpp"
#include "app/output/run_output.hpp"
#include "sim/atomic_file.hpp"
#include "sim/command.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/session_log.hpp"
#include "sim/snapshot.hpp"

namespace sluice::app {

namespace {

void report(ViewerState& v, const Result<void>& r, const std::string& done) {
    v.files.statusFailed = !r;
    v.files.status = r ? done : r.error().message;
    if (!r) std::cerr << "error: " << r.error().message << "\n";
}

/// Replaces the world by a scene or snapshot; keeps the old one when the new one cannot start (e.g.
/// its grid does not fit). `adoptPath`: Save writes back to a snapshot opened this way.
void openWorld(ViewerState& v, const std::string& path, bool adoptPath) {
    auto loaded = loadSceneArgument(path);
    if (!loaded) return report(v, loaded.error(), "");
    sim::Scene previous = std::move(v.scene);
    v.scene = std::move(*loaded);
    if (auto r = v.sim.start(false); !r) {
        v.scene = std::move(previous);
        [[maybe_unused]] auto back = v.sim.start(false);
        return report(v, r, "");
    }
    if (auto r = v.adoptScene(); !r) return report(v, r, "");
    v.frameCamera();
    v.tools.selection = {};
    if (v.history) v.history->reset(v.sim.solver->counters().timeSeconds);
    v.files.currentPath = adoptPath && v.scene.resume ? path : "";
    const std::string& notice = v.sim.bodiesProblem;
    report(v, {}, "opened " + path + (notice.empty() ? "" : "; " + notice));
}

const char* modeName(render::CameraMode m) {
    return m == render::CameraMode::Fly ? "fly" : m == render::CameraMode::Walk ? "walk" : "orbit";
}

nlohmann::json cameraJson(const render::Camera& c) {
    const glm::vec3 eye = c.position(), dir = render::viewDirection(c);
    return {{"eye", {eye.x, eye.y, eye.z}},          {"direction", {dir.x, dir.y, dir.z}},
            {"target", {c.target.x, c.target.y, c.target.z}}, {"yaw", c.yawRad},
            {"pitch", c.pitchRad},                   {"distance", c.distanceM}};
}

/// The 3-D camera as --dump-state writes it (view.json): drawn-space metres (heights times the
/// vertical exaggeration), radians.
nlohmann::json viewStateJson(const ViewerState& v) {
    const CameraControl& c = v.p3.control;
    nlohmann::json j = cameraJson(v.p3.camera);
    j["mode"] = modeName(c.mode);
    j["moving"] = bool(c.transition);
    j["vertical_exaggeration"] = render::SceneRenderer::verticalScale(v.p3.settings);
    nlohmann::json list = nlohmann::json::array();
    for (int slot = 1; slot <= sim::kBookmarkSlots; ++slot)
        if (const auto& b = c.bookmarks[std::size_t(slot - 1)]) {
            nlohmann::json e = cameraJson(b->view);
            e["slot"] = slot;
            e["name"] = b->name;
            e["mode"] = modeName(b->mode);
            list.push_back(std::move(e));
        }
    j["bookmarks"] = std::move(list);
    return j;
}

}  // namespace

void performFileRequest(ViewerState& v, const FileRequest& r) {
    Simulation& s = v.sim;
    switch (r.action) {
        case FileAction::None: break;
        case FileAction::Undo: s.undo(); break;
        case FileAction::Redo: s.redo(); break;
        case FileAction::Save: {
            const auto w = sim::writeSnapshotFile(r.path, sim::Snapshot{v.scene.name, s.solver->saveState(), v.cameraPose(),
                                                                              savedBookmarks(v.p3.control), v.scene.georeference,
                                                                              s.bodiesToSave()});
            if (w) {
                v.files.currentPath = r.path;
                s.savedLogSize = s.session->log().size();
            }
            report(v, w, "saved " + r.path);
            break;
        }
        case FileAction::Open:
        case FileAction::OpenWorld:
            // Unsaved changes: ask first (the prompt sends the request again, confirmed).
            if (!r.confirmed && s.modified()) {
                v.closing.open = true;
                v.closing.openAfter = r;
                break;
            }
            openWorld(v, r.path, r.action == FileAction::Open);
            break;
        case FileAction::WorldAction: {
            const auto& actions = v.scene.actions;
            const auto it = std::find_if(actions.begin(), actions.end(), [&](const sim::WorldAction& a) { return a.name == r.path; });
            if (it == actions.end()) {
                report(v, Error{"this world has no action '" + r.path + "'"}, "");
                break;
            }
            s.apply(sim::ApplyBrush{it->stroke});
            report(v, {}, it->label);
            break;
        }
        case FileAction::RestoreAutosave: openWorld(v, r.path, false); break;
        case FileAction::DiscardAutosave: v.files.status.clear(); break;
        case FileAction::ExportTerrainPng: {
            const sim::FieldSnapshot f = s.solver->download();
            const auto [lo, hi] = std::minmax_element(f.terrainM.begin(), f.terrainM.end());
            const float top = *hi > *lo ? *hi : *lo + 1.0f;
            char range[96];
            std::snprintf(range, sizeof range, " (grey 0..65535 = %.3f..%.3f m)", double(*lo), double(top));
            report(v, sim::writeHeightmapPng16(r.path, f.terrainM.data(), f.width, f.height, *lo, top),
                   "exported " + r.path + range);
            break;
        }
        case FileAction::ExportTerrainNpy:
        case FileAction::ExportDepthNpy: {
            const sim::FieldSnapshot f = s.solver->download();
            const auto& a = r.action == FileAction::ExportTerrainNpy ? f.terrainM : f.depthM;
            report(v, sim::writeNpy(r.path, a.data(), f.height, f.width), "exported " + r.path);
            break;
        }
        case FileAction::ExportForEngines: {
            // The same folder as `sluice export --out PATH`: every layer in every format this build has.
            auto request = parseExportRequest("", "", 1);
            if (!request) {
                report(v, request.error(), "");
                break;
            }
            const ExportContext context{v.scene.name, s.solver->params().gravity, v.scene.georeference, s.bodiesToSave()};
            auto written = writeExport(r.path, *request, s.solver->download(), context);
            if (!written) {
                report(v, written.error(), "");
                break;
            }
            std::string done = "exported " + std::to_string(written->files.size()) + " files to " + r.path;
            for (const std::string& note : written->notes) done += "; " + note;
            report(v, {}, done);
            break;
        }
        case FileAction::SaveLog:
            report(v, sim::writeSessionLog(r.path, *s.session, v.scene.name, v.cameraPose()), "saved log " + r.path);
            break;
    }
}

Result<void> dumpState(ViewerState& v, const std::string& dir) {
    const sim::FieldSnapshot snap = v.sim.solver->download();
    auto out = OutputDir::begin(dir);
    if (!out) return out.error();
    if (v.sim.runB) {  // A/B comparison: B's water too
        const sim::FieldSnapshot b = v.sim.runB->download();
        if (auto w = sim::writeNpy(out->file("depth_b.npy"), b.depthM.data(), b.height, b.width); !w) return w;
    }
    if (auto w = sim::writeNpy(out->file("terrain.npy"), snap.terrainM.data(), snap.height, snap.width); !w) return w;
    if (auto w = sim::writeNpy(out->file("depth.npy"), snap.depthM.data(), snap.height, snap.width); !w) return w;
    // The figures `sluice simulate` writes (ledgers, erosion's among them), for scripted runs to check.
    const nlohmann::json summary = runSummary(v.scene.name, *v.sim.solver, snap, v.sim.courant, RunTiming{});
    if (auto w = sim::writeFileAtomic(out->file("summary.json"), summary.dump(2) + "\n"); !w) return w;
    // The 3-D camera (mode, eye, pose) and the bookmarks, for scripted runs to check (issue 17).
    if (auto w = sim::writeFileAtomic(out->file("view.json"), viewStateJson(v).dump(2) + "\n"); !w) return w;
    return out->commit();
}

}  // namespace sluice::app

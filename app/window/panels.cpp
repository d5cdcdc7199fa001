#include "app/window/panels.hpp"

#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "app/window/panel_widgets.hpp"
#include "render/overlay.hpp"
#include "sim/presets.hpp"
#include "sim/row_pool.hpp"
#include "sim/terrain_import.hpp"

namespace sluice::app {

namespace {
/// Millimetres per hour in one metre per second, for the rain/evaporation sliders.
constexpr float kMmPerHourPerMPerS = 3.6e6f;

/// The value of one boundary condition: a drag for a constant, a note for a time series (those come
/// from the scene file or a timeline).
bool boundaryValue(sim::BoundarySegment& seg, bool& continuing) {
    if (seg.kind != sim::BoundaryKind::Inflow && seg.kind != sim::BoundaryKind::Level) return false;
    ImGui::SameLine();
    if (!seg.value.isConstant()) {
        ImGui::TextDisabled("series of %d points", int(seg.value.points.size()));
        return false;
    }
    float v = float(seg.value.at(0.0));
    ImGui::SetNextItemWidth(80);
    const bool inflow = seg.kind == sim::BoundaryKind::Inflow;
    const bool changed = inflow ? ImGui::DragFloat("m2/s", &v, 0.01f, 0.0f, 100.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp)
                                : ImGui::DragFloat("m", &v, 0.01f, -1000.0f, 1000.0f, "%.2f");
    continuing |= continuingEdit();
    if (changed) seg.value = sim::TimeSeries::constant(v);
    return changed;
}

/// One side: a kind (and its value) for the whole side, or its segments one per line when the scene
/// splits it. Changing the kind of a split side makes it one condition again.
bool boundaryControls(const char* label, sim::BoundarySide& side, bool& continuing) {
    const char* names[] = {"wall", "open", "inflow", "level", "transmissive"};
    ImGui::PushID(label);
    const sim::BoundarySegment* whole = side.whole();
    const bool split = !side.segments.empty() && !whole;
    int kind = whole ? int(whole->kind) : 0;
    ImGui::SetNextItemWidth(110);
    bool changed = ImGui::Combo(label, &kind, names, 5, 5);
    if (changed) side = sim::BoundarySide::of(sim::BoundaryKind(kind), kind == int(sim::BoundaryKind::Inflow) ? 0.5 : 0.0);
    if (!changed && whole) changed |= boundaryValue(side.segments[0], continuing);
    if (!changed && split) {
        ImGui::SameLine();
        ImGui::TextDisabled("%d segments", int(side.segments.size()));
        for (std::size_t i = 0; i < side.segments.size(); ++i) {
            sim::BoundarySegment& seg = side.segments[i];
            ImGui::PushID(int(i));
            const int end = seg.end == sim::BoundarySegment::kSideEnd ? -1 : seg.end;
            if (end < 0) ImGui::Text("  cells %d-end: %s", seg.begin, names[int(seg.kind)]);
            else ImGui::Text("  cells %d-%d: %s", seg.begin, end - 1, names[int(seg.kind)]);
            changed |= boundaryValue(seg, continuing);
            ImGui::PopID();
        }
    }
    ImGui::PopID();
    return changed;
}

/// Preset list, apply / save / defaults. Applying is an undoable parameter change.
void presetControls(Simulation& s, PresetState& ps) {
    if (ps.dir.empty()) return;
    if (ImGui::BeginCombo("preset", ps.active.c_str())) {
        ps.names = sim::allPresets(ps.dir);
        for (const std::string& name : ps.names) {
            if (!ImGui::Selectable(name.c_str(), name == ps.active)) continue;
            auto loaded = sim::loadPreset(ps.dir, name, s.solver->params());
            ps.failed = !loaded;
            ps.message = loaded ? "applied " + name : loaded.error().message;
            if (!loaded) continue;
            sim::SimParams p = *loaded;
            s.apply(sim::SetParams{p});
            ps.reference = p;
            ps.active = name;
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Defaults")) {
        s.apply(sim::SetParams{sim::SimParams{}});
        ps.reference = sim::SimParams{};
        ps.active = "defaults";
        ps.message.clear();
    }
    ImGui::InputTextWithHint("##name", "preset name", ps.newName, sizeof ps.newName);
    ImGui::SameLine();
    if (ImGui::Button("Save preset")) {
        const auto saved = sim::savePreset(ps.dir, ps.newName, s.solver->params());
        ps.failed = !saved;
        ps.message = saved ? std::string("saved preset ") + ps.newName : saved.error().message;
        if (saved) {
            ps.reference = s.solver->params();
            ps.active = ps.newName;
        }
    }
    if (!ps.message.empty())
        ImGui::TextColored(ps.failed ? ImVec4(1.0f, 0.4f, 0.35f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f), "%s",
                           ps.message.c_str());
}

/// Friction law and the one coefficient that law reads: Manning's n (s/m^(1/3)) or the seeds'
/// linear fraction lost per second.
void frictionControls(sim::SimParams& p, const sim::SimParams& ref, bool& continuing) {
    {
        Highlight h(p.frictionLaw != ref.frictionLaw);
        int law = int(p.frictionLaw);
        // Order of sim::FrictionLaw.
        if (ImGui::Combo("friction law", &law, "linear (seeds)\0Manning\0")) p.frictionLaw = sim::FrictionLaw(law);
    }
    if (p.frictionLaw == sim::FrictionLaw::Manning) {
        Highlight h(p.manningN != ref.manningN);
        ImGui::SliderFloat("Manning n (s/m^1/3)", &p.manningN, 0.0f, 0.2f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
        continuing |= continuingEdit();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("0.012 concrete, 0.03 clean channel, 0.05 weedy stream, 0.1 flood plain with brush");
    } else {
        Highlight h(p.friction != ref.friction);
        ImGui::SliderFloat("friction (1/s)", &p.friction, 0.0f, 0.95f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
        continuing |= continuingEdit();
    }
}
}  // namespace

void simulationSection(Simulation& s, PanelRequests& req, PresetState& presets) {
    if (!ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) return;
    presetControls(s, presets);
    const sim::SimParams& ref = presets.reference;
    sim::SimParams p = s.solver->params();
    const sim::SimParams before = p;
    float rainMmH = p.rainMPerS * kMmPerHourPerMPerS, evaporationMmH = p.evaporationMPerS * kMmPerHourPerMPerS;
    const sim::RunCounters& c = s.solver->counters();
    bool continuing = false;
    {
        Highlight h(p.model != ref.model);
        int model = int(p.model);
        // Order of sim::WaterModel.
        if (ImGui::Combo("model", &model, "pipes (seeds)\0shallow water (SWE)\0")) p.model = sim::WaterModel(model);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("pipes: the seeds' virtual pipes, no momentum advection\n"
                              "shallow water: momentum advection (Stelling & Duinmeijer), bores and jumps");
    }
    {
        Highlight h(p.dtSeconds != ref.dtSeconds);
        ImGui::SliderFloat("dt (s)", &p.dtSeconds, 0.005f, 2.0f, "%.3f", kClampLog);
        continuing |= continuingEdit();
    }
    // The user's dt is an upper bound: say when the CFL limit splits it. Always one line, so the
    // widgets below never jump when the count changes.
    if (c.lastSubsteps > 1)
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "  dt forces %d substeps of %.4f s", c.lastSubsteps,
                           double(c.lastDtSubSeconds));
    else
        ImGui::TextDisabled("  one substep per step");
    {
        Highlight h(p.gravity != ref.gravity);
        ImGui::SliderFloat("gravity (m/s2)", &p.gravity, 0.5f, 30.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
        continuing |= continuingEdit();
    }
    frictionControls(p, ref, continuing);
    {
        Highlight h(p.viscosity != ref.viscosity);
        ImGui::SliderFloat("viscosity (m2/s)", &p.viscosity, 0.0f, 10.0f, "%.4f", kClampLog);
        continuing |= continuingEdit();
    }
    {
        Highlight h(p.rainMPerS != ref.rainMPerS);
        ImGui::SliderFloat("rain (mm/h)", &rainMmH, 0.0f, 500.0f, "%.1f", kClampLog);
        continuing |= continuingEdit();
    }
    {
        Highlight h(p.evaporationMPerS != ref.evaporationMPerS);
        ImGui::SliderFloat("evaporation (mm/h)", &evaporationMmH, 0.0f, 500.0f, "%.1f", kClampLog);
        continuing |= continuingEdit();
    }
    p.rainMPerS = rainMmH / kMmPerHourPerMPerS;
    p.evaporationMPerS = evaporationMmH / kMmPerHourPerMPerS;
    if (p != before) s.apply(sim::SetParams{p}, continuing);

    ImGui::BeginDisabled(s.timeLapse);  // time-lapse sets its own pace
    ImGui::SliderFloat("speed (x real time)", &s.speed, 0.1f, 200.0f, "%.2f", kClampLog);
    ImGui::EndDisabled();
    if (ImGui::Button(s.paused ? "Run" : "Pause")) s.paused = !s.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step")) s.singleStep();
    ImGui::SameLine();
    req.reset |= ImGui::Button("Reset");
    ImGui::SameLine();
    req.fitView |= ImGui::Button("Fit view");
    ImGui::SameLine();
    if (ImGui::Checkbox("max", &s.timeLapse)) {  // on the buttons' row: the panel keeps its height
        s.pacer.reset();
        s.timeLapseSteps = 0;
    }
    tooltip("as fast as possible (time-lapse): each frame runs as many steps as keep the view at 30 frames "
            "per second or more; the speed-up shows on the time line below");

    sim::Boundaries b = s.solver->boundaries();
    bool sideDrag = false;
    ImGui::TextUnformatted("boundaries");
    bool changed = false;
    for (int side = 0; side < 4; ++side) changed |= boundaryControls(sim::sideName(side), b.side(side), sideDrag);
    if (changed) s.apply(sim::SetBoundaries{b}, sideDrag);

    if (s.timeLapse)
        ImGui::Text("time %.1f s, %lld steps  (%.0fx real time, %.0f fps)", c.timeSeconds, static_cast<long long>(c.steps),
                    s.pacer.speedUp(), s.pacer.framesPerSecond());
    else
        ImGui::Text("time %.1f s, %lld steps%s", c.timeSeconds, static_cast<long long>(c.steps),
                    s.behind ? "  (slower than requested)" : "");
    ImGui::Text("substeps %d, Courant %.3f (max %.3f)", c.lastSubsteps, double(s.courant), double(c.maxCourant));
    // Always one line (empty when nothing was capped) so the widgets below never jump.
    if (c.cappedSteps > 0)
        ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.35f, 1.0f), "%lld steps capped at max substeps: %.2f s behind%s",
                           static_cast<long long>(c.cappedSteps), c.shortfallSeconds,
                           c.lastStepCapped ? " (now)" : "");
    else
        ImGui::TextDisabled("no step capped (Courant held at %.2f)", double(p.courantTarget));
    {
        // Both backends compute the same bits; the faster one is chosen at start (fasterBackend).
        int backend = int(s.backend);
        char cpu[48];
        std::snprintf(cpu, sizeof cpu, "CPU (%d threads)", sim::RowPool::defaultThreads());
        const char* names[] = {"GPU", cpu};  // order of SimBackend
        if (ImGui::Combo("simulate on", &backend, names, 2)) {
            auto switched = s.setBackend(SimBackend(backend));
            s.backendError = switched ? "" : switched.error().message;
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("where the water is computed: the same results either way;\n"
                              "on a software renderer (llvmpipe) the CPU is several times faster");
        if (!s.backendError.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", s.backendError.c_str());
    }
}

void toolsSection(ToolState& t, bool erosionState) {
    if (!ImGui::CollapsingHeader("Tools", ImGuiTreeNodeFlags_DefaultOpen)) return;
    int tool = int(t.tool);
    for (int i = 0; i < int(std::size(kToolNames)); ++i) {
        if (i % 3 != 0) ImGui::SameLine();
        ImGui::RadioButton(kToolNames[i], &tool, i);
    }
    t.tool = Tool(tool);
    materialToolsSection(t, erosionState);
    ImGui::SliderFloat("radius (cells)", &t.radiusCells, 1.0f, 200.0f, "%.1f", kClampLog);
    const bool rate = t.tool == Tool::Smooth || t.tool == Tool::Flatten || t.tool == Tool::PaintHardness;
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

void compareSection(Simulation& s, CompareState& c) {
    if (!ImGui::CollapsingHeader("Compare A/B")) return;
    if (!s.runB) {
        ImGui::TextWrapped("Fork the current state into run B, give B other parameters and watch both step in lockstep.");
        if (ImGui::Button("Fork B from A")) {
            const auto r = s.forkB(s.solver->params());
            c.message = r ? "" : r.error().message;
        }
        if (!c.message.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "%s", c.message.c_str());
        return;
    }
    sim::SimParams b = s.runB->params();
    const sim::SimParams before = b;
    const sim::SimParams& a = s.solver->params();
    ImGui::TextDisabled("B's parameters (highlighted where they differ from A)");
    if (b.frictionLaw == sim::FrictionLaw::Manning) {
        Highlight h(b.manningN != a.manningN);
        ImGui::SliderFloat("B Manning n (s/m^1/3)", &b.manningN, 0.0f, 0.2f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    } else {
        Highlight h(b.friction != a.friction);
        ImGui::SliderFloat("B friction (1/s)", &b.friction, 0.0f, 0.95f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    }
    {
        Highlight h(b.viscosity != a.viscosity);
        ImGui::SliderFloat("B viscosity (m2/s)", &b.viscosity, 0.0f, 10.0f, "%.4f", kClampLog);
    }
    {
        Highlight h(b.gravity != a.gravity);
        ImGui::SliderFloat("B gravity (m/s2)", &b.gravity, 0.5f, 30.0f, "%.2f", ImGuiSliderFlags_AlwaysClamp);
    }
    {
        Highlight h(b.dtSeconds != a.dtSeconds);
        ImGui::SliderFloat("B dt (s)", &b.dtSeconds, 0.005f, 2.0f, "%.3f", kClampLog);
    }
    if (b != before) s.runB->setParams(b);
    ImGui::RadioButton("side by side (A | B)", &c.mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("difference map", &c.mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("B - A water depth on the map (choosing it leaves the 3-D view)");
    if (c.mode == 1) ImGui::SliderFloat("full colour at (m)", &c.differenceScaleM, 0.01f, 10.0f, "%.2f", kClampLog);
    ImGui::Text("A: %.6g m3 at %.1f s", s.ledger.volumeM3, s.solver->counters().timeSeconds);
    ImGui::Text("B: %.6g m3 at %.1f s", s.ledgerB.volumeM3, s.runB->counters().timeSeconds);
    if (ImGui::Button("Re-fork B from A")) (void)s.forkB(b);
    ImGui::SameLine();
    if (ImGui::Button("Stop comparing")) s.stopB();
}

bool recordSection(RecordState& r) {
    if (!ImGui::CollapsingHeader("Record")) return false;
    bool toggled = false;
    if (r.active) {
        ImGui::Text("recording %s: %lld frames (%.1f s of video)", r.path, r.frames, double(r.frames) / double(r.fps));
        toggled = ImGui::Button("Stop recording");
    } else {
        ImGui::InputText("output", r.path, sizeof r.path);
        ImGui::SliderInt("fps", &r.fps, 10, 60);
        ImGui::Checkbox("include the panels", &r.withPanels);
        ImGui::TextDisabled("fixed steps per video frame: the video shows simulated time evenly");
        toggled = ImGui::Button("Start recording");
    }
    if (!r.message.empty())
        ImGui::TextColored(r.failed ? ImVec4(1.0f, 0.4f, 0.35f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f), "%s",
                           r.message.c_str());
    return toggled;
}

void statsSection(const FrameStats& f) {
    if (!ImGui::CollapsingHeader("Stats")) return;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::Text("%.1f FPS, %.2f ms/frame", double(io.Framerate), io.Framerate > 0 ? 1000.0 / double(io.Framerate) : 0.0);
    ImGui::Text("GPU: simulation %.2f ms, rendering %.2f ms", f.simulationGpuMs, f.renderGpuMs);
    if (f.passes && f.passes->gpuFrameAge >= 0) {
        // Timer queries read a few frames late (never waited for).
        for (int k = 0; k < render::RenderPassTimes::kCount; ++k)
            ImGui::Text("  %-14s %6.2f ms", render::RenderPassTimes::name(k), f.passes->gpu.ms(k));
        ImGui::Text("  triangles: terrain %lld, water %lld", f.passes->terrainTriangles(), f.passes->waterTriangles());
    }
}

namespace {
/// The map's overlays: none and erosion's (the others need the 3-D view's water). Picking one sets
/// the overlay both views share.
void mapOverlayCombo(int& overlay) {
    const int codes[] = {render::kOverlayNone, render::kOverlaySediment, render::kOverlaySoft, render::kOverlayBedChange};
    int item = 0;
    for (int i = 0; i < 4; ++i)
        if (codes[i] == overlay) item = i;
    if (ImGui::Combo("overlay", &item, "none\0sediment\0soft layer\0bed change\0")) overlay = codes[item];
    tooltip("erosion's fields on the map; the water's overlays (depth, speed, ...) are in the 3-D view");
}

/// The top of the shown erosion overlay's ramp (metres; either end for bed change).
void erosionOverlayRange(render::ViewSettings& look) {
    float* range = look.overlay == render::kOverlaySediment ? &look.overlaySedimentMaxM
                   : look.overlay == render::kOverlaySoft   ? &look.overlaySoftMaxM
                   : look.overlay == render::kOverlayBedChange ? &look.overlayBedChangeMaxM
                                                               : nullptr;
    if (!range) return;
    ImGui::SliderFloat(render::overlayIsDiverging(look.overlay) ? "full colour at +-(m)" : "full colour at (m)", range,
                       0.001f, 100.0f, "%.3f", kClampLog);
}
/// The 3-D camera: orbit / fly / walk, Home, and the bookmarks (name, go, store, delete). Edits the
/// names in place; everything else is a request the frame loop carries out (camera_control).
void cameraControls(CameraControl& c, CameraRequests& req) {
    using render::CameraMode;
    int mode = int(c.transition ? c.transition->mode : c.mode);
    bool changed = ImGui::RadioButton("orbit", &mode, int(CameraMode::Orbit));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("fly (F)", &mode, int(CameraMode::Fly));
    ImGui::SameLine();
    changed |= ImGui::RadioButton("walk (G)", &mode, int(CameraMode::Walk));
    if (changed) req.mode = CameraMode(mode);
    ImGui::SameLine();
    req.home |= ImGui::Button("Home");
    tooltip("frame the whole world in orbit mode (Home key)");
    if (c.mode != CameraMode::Orbit) {
        ImGui::TextDisabled("WASD%s, right drag; speed x%.2f (wheel)", c.mode == CameraMode::Fly ? " QE" : "", double(c.speedFactor));
        tooltip("W A S D or the arrows move, Q E (PageDown PageUp) down and up in fly, a right drag looks around, Shift x4");
    }
    if (!ImGui::TreeNodeEx("bookmarks", ImGuiTreeNodeFlags_DefaultOpen)) return;
    tooltip("Ctrl+1..9 stores the view in a slot, Shift+1..9 goes back to it (0.5 s); saved with the snapshot");
    int free = 0;
    for (int slot = 1; slot <= sim::kBookmarkSlots; ++slot) {
        std::optional<CameraBookmark>& b = c.bookmarks[std::size_t(slot - 1)];  // its name is edited in place
        if (!b) {
            if (!free) free = slot;
            continue;
        }
        ImGui::PushID(slot);
        ImGui::AlignTextToFramePadding();
        ImGui::Text("%d", slot);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(150);
        ImGui::InputText("##name", b->name, sizeof b->name);
        ImGui::SameLine();
        if (ImGui::SmallButton("go")) req.recall = slot;
        ImGui::SameLine();
        if (ImGui::SmallButton("store")) req.store = slot;
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) req.remove = slot;
        ImGui::PopID();
    }
    if (free) {
        if (ImGui::SmallButton("bookmark this view")) req.store = free;
        ImGui::SameLine();
        ImGui::TextDisabled("(slot %d)", free);
    } else {
        ImGui::TextDisabled("all nine slots used: store over one");
    }
    ImGui::TreePop();
}

}  // namespace

bool viewSection(ViewPanel p, Simulation& s) {
    bool vsyncToggled = false;
    if (!ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) return false;
    int mode = p.view3d ? 1 : 0;
    ImGui::RadioButton("map", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("3D (V)", &mode, 1);
    p.view3d = mode == 1;
    vsyncToggled = ImGui::Checkbox("vsync", &p.vsync);
    float scale = p.scale.scale();
    if (ImGui::SliderFloat(p.scale.adaptive() ? "render scale (auto)" : "render scale", &scale, RenderScaleControl::kMinScale,
                           1.0f, "%.2f"))
        p.scale.set(scale);
    if (p.view3d) {
        cameraControls(p.camera, p.cameraReq);
        // The terrain look (docs/VIEWER.md, "The terrain look"): view only, never the simulation.
        ImGui::SliderFloat("vertical exaggeration", &p.look.verticalExaggeration, 0.5f, 10.0f, "%.2fx", kClampLog);
        ImGui::Checkbox("ambient occlusion", &p.look.ambientOcclusion);
        ImGui::SameLine();
        ImGui::Checkbox("diorama sides", &p.look.dioramaSides);
        ImGui::SliderFloat("wet ground dries in (s)", &p.look.wetDryingSeconds, 5.0f, 3600.0f, "%.0f", kClampLog);
        ImGui::Checkbox("shadows", &p.look.shadows);
        ImGui::SameLine();
        ImGui::Checkbox("detail normals", &p.look.normalMaps);
        ImGui::SameLine();
        ImGui::Checkbox("foam", &p.look.foam);
        // The water look (docs/VIEWER.md, "The water look").
        ImGui::Checkbox("caustics", &p.look.caustics);
        ImGui::SameLine();
        ImGui::Checkbox("reflections", &p.look.reflections);
        ImGui::SliderFloat3("absorption (1/m)", &p.look.absorptionPerM.x, 0.0f, 2.0f, "%.2f");
        ImGui::ColorEdit3("scatter", &p.look.scatterColor.x);
        ImGui::Combo("overlay", &p.look.overlay, render::kOverlayComboItems);
        erosionOverlayRange(p.look);
        if (ImGui::Checkbox("interpolate between steps", &p.interpolate)) s.previousValid = false;
    } else {
        ImGui::SliderFloat("relief shading", &p.mapStyle.reliefExaggeration, 0.0f, 20.0f, "%.1f");
        mapOverlayCombo(p.look.overlay);
        erosionOverlayRange(p.look);
    }
    return vsyncToggled;
}

}  // namespace sluice::app

#pragma once
// The viewer's sidebar: one ImGui window, one function per section. Panels edit settings or call
// the solver's setters between steps; they never call GL.
#include <string>

#include "app/window/simulation.hpp"
#include "app/window/tools.hpp"

namespace sluice::app {

/// GPU and frame timings shown in the Stats section (milliseconds).
struct FrameStats {
    double simulationGpuMs = 0, renderGpuMs = 0;
};

/// What the sidebar asked the frame loop to do.
struct PanelRequests {
    bool reset = false;
    bool fitView = false;
};

/// Simulation: parameters, speed, boundaries, pause/step/reset, Courant and substeps.
void simulationSection(Simulation& s, PanelRequests& req);
/// Tools: brush kind, radius, strength, falloff; placement settings.
void toolsSection(ToolState& t);
/// Sources and drains: list, select, edit, enable, delete.
void emittersSection(Simulation& s, ToolState& t);
/// Water ledger: figures and plots over time.
void ledgerSection(const Simulation& s);
/// Terrain import settings and the outcome of the last import, shown in the panel.
struct TerrainImportState {
    char path[512] = "";
    float minM = 0.0f, maxM = 50.0f;  ///< height range a PNG's 0..max grey maps to
    std::string message;
    bool failed = false;
};

/// Terrain: import a PNG/.npy heightmap onto the grid (undoable; Reset keeps the terrain).
void terrainSection(Simulation& s, const sim::Scene& scene, TerrainImportState& t);
/// Stats: FPS and GPU time per pass.
void statsSection(const FrameStats& f);

}  // namespace sluice::app

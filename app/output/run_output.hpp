#pragma once
// What `simulate` and `replay` write at the end of a run: the final fields as .npy, a summary.json,
// and optionally a snapshot to resume from.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "gl/result.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/scene.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

/// Timing of the run that produced the state (for the summary).
struct RunTiming {
    long long stepsRun = 0;    ///< steps taken by this process (not counting a resumed snapshot's)
    double stepSeconds = 0;    ///< wall time of the steps, with the GPU finished
    double wallSeconds = 0;    ///< including the download
};

/// summary.json's contents (docs and tests rely on the key names).
nlohmann::json runSummary(const std::string& sceneName, sim::Solver& solver, const sim::FieldSnapshot& snap,
                          float courant, const RunTiming& timing);

/// summary.json's "bodies": each body's shape, position (m), velocity (m/s), speed and the part of it
/// under water, in the order the scene placed them.
nlohmann::json bodiesSummary(const sim::BodyWorld& world);
/// Adds "bodies" (bodiesSummary) and "bodies_displaced_m3" (the water the bodies push aside: beside
/// the ledger, not in it, as the depth never changes) to a run's summary.
void addBodiesSummary(nlohmann::json& summary, const sim::BodyWorld& world, const sim::Solver& solver);

/// False if depth or flows hold NaN or infinity.
bool fieldsFinite(const sim::FieldSnapshot& snap);

/// depth/terrain/flow_x/flow_y .npy and summary.json, swapped into `dir` only when all are written.
Result<void> writeFieldsDir(const std::string& dir, const sim::FieldSnapshot& snap, const nlohmann::json& summary);

/// Writes the run's --out DIR and/or --save FILE (empty = skip); the snapshot keeps the camera and the
/// georeference. Errors mean exit kExitWriteFailed.
Result<void> writeRunOutputs(const std::string& outDir, const std::string& saveFile, const std::string& sceneName,
                             sim::Solver& solver, const sim::FieldSnapshot& snap, const nlohmann::json& summary,
                             const std::optional<sim::ViewPose>& camera,
                             const std::optional<sim::GeoReference>& georeference = std::nullopt,
                             const std::vector<sim::PlacedBody>& bodies = {});

}  // namespace sluice::app

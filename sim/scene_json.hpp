#pragma once
// Writes the settings part of a scene (params, boundary, sources, drains) as scene-format JSON
// (docs/SCENE_FORMAT.md), so snapshots, presets, logs and timelines store them in the format the
// scene loader reads back and validates. Numbers are written so that they read back bit-identical.
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/boundary_json.hpp"

#include "sim/emitter.hpp"
#include "sim/params.hpp"

namespace sluice::sim {

nlohmann::json paramsToJson(const SimParams& p);
/// The "erosion" object (docs/SCENE_FORMAT.md), also nested in paramsToJson's output.
nlohmann::json erosionToJson(const ErosionParams& e);
nlohmann::json emittersToJson(const std::vector<Emitter>& list);

/// {"params": ..., "boundary": ..., "sources": [...], "drains": [...]}
nlohmann::json settingsToJson(const SimParams& p, const Boundaries& b, const std::vector<Emitter>& sources,
                              const std::vector<Emitter>& drains);

}  // namespace sluice::sim

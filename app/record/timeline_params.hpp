#pragma once
// Parameter and boundary changes in timelines: a subset of a scene's "params" or "boundary" object
// (docs/SCENE_FORMAT.md), validated with the scene loader's rules and merged onto the settings in
// force when it applies.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/boundary.hpp"
#include "sim/params.hpp"
#include "gl/result.hpp"

namespace sluice::app {

/// `current` with `change` merged on. Unknown keys are errors here (a timeline is checked before a
/// long recording starts, so a typo must not be skipped with a warning); `where` prefixes messages:
/// "<where>.params.dtt: unknown key ...", "<where>: params.dt: must be a positive finite number ...".
Result<sim::SimParams> mergeParamsChange(const sim::SimParams& current, const nlohmann::json& change,
                                         const std::string& where);

/// `current` with the sides named in `change` (a scene's "boundary" object: west/east/south/north)
/// replaced and the others kept, checked against a grid of width x height cells (segment ranges).
/// Warnings (ignored keys) are errors here, as unknown params keys are.
Result<sim::Boundaries> mergeBoundaryChange(const sim::Boundaries& current, const nlohmann::json& change,
                                            const std::string& where, int width, int height);

}  // namespace sluice::app

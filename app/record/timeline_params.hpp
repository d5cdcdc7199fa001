#pragma once
// Parameter changes in timelines: a subset of a scene's "params" object (docs/SCENE_FORMAT.md),
// validated with the scene loader's rules and merged onto the parameters in force when it applies.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/params.hpp"
#include "gl/result.hpp"

namespace sluice::app {

/// `current` with `change` merged on. Unknown keys are errors here (a timeline is checked before a
/// long recording starts, so a typo must not be skipped with a warning); `where` prefixes messages:
/// "<where>.params.dtt: unknown key ...", "<where>: params.dt: must be a positive finite number ...".
Result<sim::SimParams> mergeParamsChange(const sim::SimParams& current, const nlohmann::json& change,
                                         const std::string& where);

}  // namespace sluice::app

#pragma once
// A/B comparison from the command line (`--ab K=V,...`): run B forked from A's start with some
// parameters changed. (The Compare A/B section does the same from the panel.)
#include <nlohmann/json.hpp>

#include "app/window/viewer_state.hpp"

namespace sluice::app {

/// Validates `params` (a partial scene "params" object) with the scene loader's rules against A's
/// parameters and forks run B with them. Returns kExitOk, kExitUsage for invalid parameters
/// ("sluice: --ab: params.friction: ...") or kExitNoGpu when B cannot be created; messages on stderr.
int startComparison(ViewerState& v, const nlohmann::json& params);

}  // namespace sluice::app

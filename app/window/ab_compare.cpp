#include "app/window/ab_compare.hpp"

#include <iostream>

#include "app/cli/args.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::app {

int startComparison(ViewerState& v, const nlohmann::json& params) {
    sim::Scene base;
    base.params = v.sim.solver->params();
    auto parsed = sim::parseSettingsJson(nlohmann::json{{"params", params}}, "--ab", v.scene.width, v.scene.height, &base);
    if (!parsed) {
        std::cerr << "sluice: " << parsed.error().message << "\n";
        return kExitUsage;
    }
    if (!parsed->warnings.empty()) {  // a mistyped name: B would silently equal A
        std::cerr << "sluice: " << parsed->warnings.front()
                  << " (known: model, dt, gravity, friction_law, friction, manning_n, viscosity, rain, evaporation, "
                     "courant, max_substeps)\n";
        return kExitUsage;
    }
    if (auto r = v.sim.forkB(parsed->scene.params); !r) {
        std::cerr << "error: " << r.error().message << "\n";
        return kExitNoGpu;
    }
    return kExitOk;
}

}  // namespace sluice::app

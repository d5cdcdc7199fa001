#include "sim/scene_json.hpp"

namespace sluice::sim {

using nlohmann::json;

json paramsToJson(const SimParams& p) {
    // Floats widen to double exactly; nlohmann writes doubles in round-trip form.
    return json{{"model", toString(p.model)},
                {"dt", p.dtSeconds},
                {"gravity", p.gravity},
                {"friction_law", toString(p.frictionLaw)},
                {"friction", p.friction},
                {"manning_n", p.manningN},
                {"viscosity", p.viscosity},
                {"rain", p.rainMPerS},
                {"evaporation", p.evaporationMPerS},
                {"courant", p.courantTarget},
                {"max_substeps", p.maxSubsteps}};
}

json emittersToJson(const std::vector<Emitter>& list) {
    json out = json::array();
    for (const Emitter& e : list) {
        json j{{"x", e.x}, {"y", e.y}, {"radius", e.radiusCells}, {"enabled", e.enabled}};
        if (e.mode == EmitterMode::Rate) {
            j["rate"] = e.rateM3PerS;
        } else {
            j["level"] = e.levelM;
            j["max_rate"] = e.maxRateM3PerS;
        }
        out.push_back(std::move(j));
    }
    return out;
}

json settingsToJson(const SimParams& p, const Boundaries& b, const std::vector<Emitter>& sources,
                    const std::vector<Emitter>& drains) {
    return json{{"params", paramsToJson(p)},
                {"boundary", boundaryToJson(b)},
                {"sources", emittersToJson(sources)},
                {"drains", emittersToJson(drains)}};
}

}  // namespace sluice::sim

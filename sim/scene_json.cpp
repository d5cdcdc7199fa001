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
                {"max_substeps", p.maxSubsteps},
                {"erosion", erosionToJson(p.erosion)}};
}

json erosionToJson(const ErosionParams& e) {
    return json{{"enabled", e.enabled},
                {"capacity", e.capacity},
                {"dissolve", e.dissolve},
                {"deposit", e.deposit},
                {"talus_angle", e.talusAngleDeg},
                {"wet_talus_angle", e.wetTalusAngleDeg},
                {"thermal_rate", e.thermalRate},
                {"min_slope", e.minSlope},
                {"thin_depth", e.thinDepthM},
                {"soft_hardness", e.softHardness},
                {"rock_hardness", e.rockHardness},
                {"soft_thickness", e.softThicknessM},
                {"time_scale", e.timeScale}};
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

#include "app/record/timeline_params.hpp"

#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::app {

Result<sim::SimParams> mergeParamsChange(const sim::SimParams& current, const nlohmann::json& change,
                                         const std::string& where) {
    if (!change.is_object()) return Error{where + ".params: expected an object, got " + change.type_name()};
    // The writer's keys are exactly the keys the loader knows.
    const nlohmann::json known = sim::paramsToJson(current);
    for (auto it = change.begin(); it != change.end(); ++it)
        if (!known.contains(it.key())) {
            std::string list;
            for (auto k = known.begin(); k != known.end(); ++k) list += (list.empty() ? "" : ", ") + k.key();
            return Error{where + ".params." + it.key() + ": unknown key (expected one of: " + list + ")"};
        }
    sim::Scene base;
    base.params = current;
    // Grid size matters only for emitters, which a params change has none of.
    auto merged = sim::parseSettingsJson(nlohmann::json{{"params", change}}, where, 2, 2, &base);
    if (!merged) return merged.error();
    return merged->scene.params;
}

}  // namespace sluice::app

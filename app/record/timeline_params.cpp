#include "app/record/timeline_params.hpp"

#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::app {

namespace {
/// The scene loader's settings merged onto `base`, with its warnings as errors: a scene loads with
/// a warning, a timeline refuses (a typo or a key the friction law ignores would otherwise drop an
/// event without a word).
Result<sim::Scene> strictSettings(const nlohmann::json& settings, const std::string& where, int width, int height,
                                  const sim::Scene& base) {
    auto merged = sim::parseSettingsJson(settings, where, width, height, &base);
    if (!merged) return merged.error();
    if (!merged->warnings.empty()) {
        std::string message = merged->warnings.front();
        const std::string ignored = " (ignored)";
        if (message.ends_with(ignored)) message.resize(message.size() - ignored.size());
        return Error{message};
    }
    return std::move(merged->scene);
}
}  // namespace

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
    auto merged = strictSettings(nlohmann::json{{"params", change}}, where, 2, 2, base);
    if (!merged) return merged.error();
    return merged->params;
}

Result<sim::Boundaries> mergeBoundaryChange(const sim::Boundaries& current, const nlohmann::json& change,
                                            const std::string& where, int width, int height) {
    if (!change.is_object()) return Error{where + ".boundary: expected an object, got " + change.type_name()};
    sim::Scene base;
    base.boundary = current;
    auto merged = strictSettings(nlohmann::json{{"boundary", change}}, where, width, height, base);
    if (!merged) return merged.error();
    return merged->boundary;
}

}  // namespace sluice::app

#include "app/presets.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::app {

namespace {
bool validName(const std::string& n) {
    if (n.empty() || n.size() > 64 || n[0] == '.') return false;
    return std::all_of(n.begin(), n.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '-' || c == '_' || c == '.';
    });
}
}  // namespace

std::vector<std::string> listPresets(const std::filesystem::path& dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.is_regular_file() && e.path().extension() == ".json") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

Result<sim::SimParams> loadPreset(const std::filesystem::path& dir, const std::string& name) {
    const std::filesystem::path file = dir / (name + ".json");
    std::ifstream in(file);
    if (!in) return Error{file.string() + ": cannot open preset"};
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        return Error{file.string() + ": invalid JSON: " + e.what()};
    }
    auto parsed = sim::parseSettingsJson(j, file.string(), 2, 2);
    if (!parsed) return parsed.error();
    return parsed->scene.params;
}

Result<void> savePreset(const std::filesystem::path& dir, const std::string& name, const sim::SimParams& p) {
    if (!validName(name))
        return Error{"preset name '" + name + "': use 1-64 letters, digits, spaces, '-', '_' or '.'"};
    const nlohmann::json j{{"params", sim::paramsToJson(p)}};
    return sim::writeFileAtomic(dir / (name + ".json"), j.dump(2) + "\n");
}

}  // namespace sluice::app

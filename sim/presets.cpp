#include "sim/presets.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/assets.hpp"
#include "sim/atomic_file.hpp"
#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

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

namespace {

Result<SimParams> parsePreset(const std::string& text, const std::string& where, const SimParams& base) {
    // Comments allowed, as in scene files: presets are hand-written too.
    auto j = parseJsonText(text, where);
    if (!j) return j.error();
    Scene onto;
    onto.params = base;
    auto parsed = parseSettingsJson(*j, where, 2, 2, &onto);
    if (!parsed) return parsed.error();
    return parsed->scene.params;
}

}  // namespace

std::vector<std::string> shippedPresets() { return listAssets("presets", ".json"); }

std::vector<std::string> allPresets(const std::filesystem::path& dir) {
    std::vector<std::string> names = listPresets(dir), shipped = shippedPresets();
    names.insert(names.end(), shipped.begin(), shipped.end());
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

Result<SimParams> loadPreset(const std::filesystem::path& dir, const std::string& name, const SimParams& base) {
    const std::filesystem::path file = dir / (name + ".json");
    std::ifstream in(file);
    if (!in) {
        // No file of the user's: a preset that ships with Sluice, if there is one of that name.
        const std::vector<std::string> shipped = shippedPresets();
        if (validName(name) && std::find(shipped.begin(), shipped.end(), name) != shipped.end()) {
            auto text = readAsset("presets/" + name + ".json");
            if (!text) return text.error();
            return parsePreset(*text, "assets/presets/" + name + ".json", base);
        }
        return Error{file.string() + ": cannot open preset"};
    }
    std::stringstream text;
    text << in.rdbuf();
    return parsePreset(text.str(), file.string(), base);
}

Result<void> savePreset(const std::filesystem::path& dir, const std::string& name, const SimParams& p) {
    if (!validName(name))
        return Error{"preset name '" + name + "': use 1-64 letters, digits, spaces, '-', '_' or '.'"};
    const nlohmann::json j{{"params", paramsToJson(p)}};
    return writeFileAtomic(dir / (name + ".json"), j.dump(2) + "\n");
}

}  // namespace sluice::sim

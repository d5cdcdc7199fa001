#include "sim/builtin_scenes.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/assets.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/scene_loader.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

namespace {

using nlohmann::json;

/// Reads the number at `key` of the world's "builtin" object (`fallback` when absent).
Result<double> builtinNumber(const json& obj, const char* key, double fallback, const std::string& where) {
    const auto it = obj.find(key);
    if (it == obj.end()) return fallback;
    if (!it->is_number() || !std::isfinite(it->get<double>()))
        return Error{where + ": builtin." + key + ": expected a finite number"};
    return it->get<double>();
}

/// Fills the basin of a valley to `fill` (0..1) of the way from its bottom to its lowest rim cell (a
/// basin cell with a 4-neighbour outside the basin). Rim cells stay dry, so the water is enclosed and
/// starts at rest.
void fillLake(Scene& s, const ValleyLayout& lay, float fill) {
    const int w = s.width, h = s.height;
    const auto at = [&](int x, int y) { return s.terrainM[std::size_t(y) * std::size_t(w) + std::size_t(x)]; };
    const auto inside = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && lay.inBasin(x, y); };
    float bottom = std::numeric_limits<float>::infinity(), spill = std::numeric_limits<float>::infinity();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!inside(x, y)) continue;
            bottom = std::min(bottom, at(x, y));
            if (!inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1))
                spill = std::min(spill, at(x, y));
        }
    if (!std::isfinite(bottom) || !std::isfinite(spill) || !(spill > bottom)) return;
    const float level = bottom + fill * (spill - bottom);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (inside(x, y)) s.depthM[std::size_t(y) * std::size_t(w) + std::size_t(x)] = std::max(0.0f, level - at(x, y));
}

/// The world's "builtin" object applied to a loaded scene of size x size cells.
Result<void> applyBuiltin(Scene& s, const json& b, const std::optional<ProceduralTerrain>& recipe, int size,
                          const std::string& where) {
    if (const auto lake = b.find("lake"); lake != b.end()) {
        if (!recipe || recipe->kind != "valley") return Error{where + ": builtin.lake needs procedural valley terrain"};
        auto fill = builtinNumber(*lake, "fill", 0.7, where);
        if (!fill) return fill.error();
        fillLake(s, valleyLayout(s.width, s.height, *recipe), float(*fill));
    }
    if (const auto river = b.find("river_source"); river != b.end()) {
        if (!recipe || recipe->kind != "valley") return Error{where + ": builtin.river_source needs procedural valley terrain"};
        auto north = builtinNumber(*river, "north_fraction", 0.04, where);
        auto radius = builtinNumber(*river, "radius_half_widths", 0.75, where);
        auto minRadius = builtinNumber(*river, "min_radius", 1.5, where);
        auto ratePerSize = builtinNumber(*river, "rate_per_size", 1.0 / 64.0, where);
        auto minRate = builtinNumber(*river, "min_rate", 0.5, where);
        for (const auto* r : {&north, &radius, &minRadius, &ratePerSize, &minRate})
            if (!*r) return r->error();
        const ValleyLayout lay = valleyLayout(s.width, s.height, *recipe);
        const int sy = std::clamp(int(std::lround(*north * size)), 2, size - 1);
        Emitter source;
        source.x = lay.channelX[std::size_t(sy)];
        source.y = float(sy) + 0.5f;
        source.radiusCells = std::max(float(*minRadius), float(*radius) * lay.channelHalfWidthCells);
        source.mode = EmitterMode::Rate;
        source.rateM3PerS = std::max(float(*minRate), float(size) * float(*ratePerSize));
        s.sources.push_back(source);
    }
    if (const auto water = b.find("water"); water != b.end()) {
        auto above = builtinNumber(*water, "above_highest", 0.0, where);
        if (!above) return above.error();
        const float level = *std::max_element(s.terrainM.begin(), s.terrainM.end()) + float(*above);
        for (std::size_t i = 0; i < s.depthM.size(); ++i) s.depthM[i] = std::max(0.0f, level - s.terrainM[i]);
    }
    return {};
}

Result<Scene> loadWorld(std::string_view name, int size) {
    const std::string asset = "worlds/" + std::string(name) + ".json";
    const std::string where = "builtin:" + std::string(name) + " (assets/" + asset + ")";
    auto text = readAsset(asset);
    if (!text) return text.error();
    auto parsed = parseJsonText(*text, where);
    if (!parsed) return parsed.error();
    json root = std::move(*parsed);
    if (!root.is_object()) return Error{where + ": expected a JSON object"};
    json builtin = json::object();
    if (auto it = root.find("builtin"); it != root.end()) {
        if (!it->is_object()) return Error{where + ": builtin: expected an object"};
        builtin = *it;
        root.erase(it);
    }
    // The size given by builtin:NAME:SIZE; noise features scale with it.
    json& grid = root["grid"];
    if (!grid.is_object()) grid = json::object();
    grid["width"] = size;
    grid["height"] = size;
    if (auto fs = builtin.find("feature_size"); fs != builtin.end()) {
        auto fraction = builtinNumber(*fs, "fraction_of_size", 0.125, where);
        auto minCells = builtinNumber(*fs, "min_cells", 8.0, where);
        if (!fraction) return fraction.error();
        if (!minCells) return minCells.error();
        json* procedural = root.contains("terrain") && root["terrain"].is_object() && root["terrain"].contains("procedural")
                               ? &root["terrain"]["procedural"]
                               : nullptr;
        if (!procedural || !procedural->is_object())
            return Error{where + ": builtin.feature_size needs procedural terrain"};
        (*procedural)["feature_size"] = std::max(float(*minCells), float(size) * float(*fraction));
    }
    auto loaded = parseSceneJson(root.dump(), where, {});
    if (!loaded) return loaded.error();
    // A shipped world must load cleanly: a warning (an unknown key) means the asset is wrong.
    if (!loaded->warnings.empty()) return Error{loaded->warnings.front()};
    if (auto r = applyBuiltin(loaded->scene, builtin, loaded->procedural, size, where); !r) return r.error();
    return std::move(loaded->scene);
}

Scene mustLoad(std::string_view name, int size) {
    auto s = loadWorld(name, std::clamp(size, kMinBuiltinSize, kMaxBuiltinSize));
    assert(s && "a shipped world failed to load: tests/sim/test_builtin_scenes.cpp says which");
    return s ? std::move(*s) : Scene{};
}

}  // namespace

std::vector<std::string> builtinSceneNames() {
    std::vector<std::string> names = listAssets("worlds", ".json");
    // The world the app opens comes first (menus, "valid:" lists), the others in name order.
    std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return n == "default"; });
    return names;
}

Scene defaultScene(int size) { return mustLoad("default", size); }

Scene benchScene(int size) { return mustLoad("bench", size); }

Scene benchSloshScene(int size) {
    Scene s = benchScene(size);
    s.name = "bench-slosh";
    const float top = *std::max_element(s.terrainM.begin(), s.terrainM.end());
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(s.width) + std::size_t(x);
            const float surface = top + 0.5f + 4.0f * (1.0f - (float(x) + 0.5f) / float(s.width));
            s.depthM[i] = surface - s.terrainM[i];
        }
    return s;
}

Scene benchDryScene(int size, float wetFraction) {
    Scene s = benchScene(size);
    s.name = "bench-dry";
    size = s.width;
    wetFraction = std::clamp(wetFraction, 0.01f, 0.5f);
    // A paraboloid basin 40 m deep whose waterline (surface at -4 m, tilted by +-2 m) encloses about
    // pi r_w^2 = wetFraction * size^2 cells; the rim rises to 0 m at r = r_w / sqrt(0.9) and the plain
    // around it sits at +1 m with 0.1 of the hills' relief, so it never gets wet.
    const float depthM = 40.0f;
    const float wetRadius = float(size) * std::sqrt(wetFraction / 3.14159265f);
    const float radius = wetRadius / std::sqrt(0.9f);
    const float cx = 0.5f * float(size), cy = 0.5f * float(size);
    const float hillBase = *std::min_element(s.terrainM.begin(), s.terrainM.end());
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            const float dx = (float(x) + 0.5f - cx) / radius, dy = (float(y) + 0.5f - cy) / radius;
            const float d2 = dx * dx + dy * dy;
            const float hills = 0.1f * (s.terrainM[i] - hillBase);
            const float bed = d2 < 1.0f ? -depthM * (1.0f - d2) : 1.0f + hills;
            s.terrainM[i] = bed;
            const float surface = -4.0f + 2.0f * dx;
            s.depthM[i] = d2 < 0.9f ? std::max(0.0f, surface - bed) : 0.0f;
        }
    return s;
}

Result<Scene> builtinScene(std::string_view name, int size) {
    try {
        if (size < kMinBuiltinSize || size > kMaxBuiltinSize)
            return Error{"built-in scene '" + std::string(name) + "': size " + std::to_string(size) + " is outside " +
                         std::to_string(kMinBuiltinSize) + ".." + std::to_string(kMaxBuiltinSize)};
        const std::vector<std::string> names = builtinSceneNames();
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string valid;
            for (const std::string& n : names) valid += (valid.empty() ? "" : ", ") + n;
            return Error{"unknown built-in scene '" + std::string(name) + "' (valid: " + valid + ")"};
        }
        return loadWorld(name, size);
    } catch (const std::exception& e) {  // allocation failure for a huge size
        return Error{"built-in scene '" + std::string(name) + "': " + e.what()};
    }
}

}  // namespace sluice::sim

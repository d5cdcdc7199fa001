#include "sim/builtin_scenes.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/assets.hpp"
#include "sim/basin_fill.hpp"
#include "sim/command.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/world_terrain.hpp"
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

/// Complains about keys of `obj` outside `allowed`: a typo in a shipped world would otherwise drop a
/// feature without a word.
Result<void> checkKeys(const json& obj, std::initializer_list<const char*> allowed, const std::string& where,
                       const std::string& path) {
    if (!obj.is_object()) return Error{where + ": " + path + ": expected an object"};
    for (const auto& [key, value] : obj.items())
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
            return Error{where + ": " + path + "." + key + ": unknown key"};
    return {};
}

/// The mark named by `item["at"]`.
Result<WorldMark> markAt(const json& item, const std::vector<WorldMark>& marks, const std::string& where,
                         const std::string& path) {
    const auto at = item.find("at");
    if (at == item.end() || !at->is_string()) return Error{where + ": " + path + ".at: expected the name of a mark"};
    for (const WorldMark& m : marks)
        if (m.name == at->get<std::string>()) return m;
    std::string names;
    for (const WorldMark& m : marks) names += (names.empty() ? "" : ", ") + m.name;
    return Error{where + ": " + path + ".at: no mark '" + at->get<std::string>() + "' in this terrain (marks: " +
                 (names.empty() ? "none" : names) + ")"};
}

/// The cell holding continuous position (x, y), clamped into the grid.
std::pair<int, int> cellOf(const Scene& s, float x, float y) {
    return {std::clamp(int(std::floor(x)), 0, s.width - 1), std::clamp(int(std::floor(y)), 0, s.height - 1)};
}

/// "fill": still water in the basin at a mark, up to its spill level or the mark's own level.
Result<void> applyFill(Scene& s, const json& list, const std::vector<WorldMark>& marks, const std::string& where) {
    if (!list.is_array()) return Error{where + ": builtin.fill: expected an array"};
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string path = "builtin.fill[" + std::to_string(k) + "]";
        if (auto r = checkKeys(list[k], {"at", "level", "below"}, where, path); !r) return r;
        auto mark = markAt(list[k], marks, where, path);
        if (!mark) return mark.error();
        auto below = builtinNumber(list[k], "below", 0.0, where);
        if (!below) return below.error();
        const std::string level = list[k].value("level", std::string("spill"));
        const auto [x, y] = cellOf(s, mark->x, mark->y);
        float top = 0;
        if (level == "spill") top = spillLevel(s.terrainM, s.width, s.height, x, y);
        else if (level == "mark" && std::isfinite(mark->levelM)) top = mark->levelM;
        else return Error{where + ": " + path + ".level: expected \"spill\" or \"mark\" (a mark with a level)"};
        floodFrom(s.terrainM, s.depthM, s.width, s.height, x, y, top - float(*below));
    }
    return {};
}

/// "sources": Rate sources at marks, as wide as the mark, max(min_rate, SIZE x rate_per_size) m^3/s.
Result<void> applySources(Scene& s, const json& list, const std::vector<WorldMark>& marks, int size, const std::string& where) {
    if (!list.is_array()) return Error{where + ": builtin.sources: expected an array"};
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string path = "builtin.sources[" + std::to_string(k) + "]";
        if (auto r = checkKeys(list[k], {"at", "rate_per_size", "min_rate"}, where, path); !r) return r;
        auto mark = markAt(list[k], marks, where, path);
        auto perSize = builtinNumber(list[k], "rate_per_size", 1.0 / 64.0, where);
        auto minRate = builtinNumber(list[k], "min_rate", 0.5, where);
        if (!mark) return mark.error();
        if (!perSize) return perSize.error();
        if (!minRate) return minRate.error();
        Emitter e;
        e.x = std::clamp(mark->x, 0.0f, float(s.width));
        e.y = std::clamp(mark->y, 0.0f, float(s.height));
        e.radiusCells = std::max(1.0f, mark->radiusCells);
        e.mode = EmitterMode::Rate;
        e.rateM3PerS = std::max(float(*minRate), float(size) * float(*perSize));
        s.sources.push_back(e);
    }
    return {};
}

/// "actions": one-click brush strokes at marks (radius and flatten target from the mark).
Result<void> applyActions(Scene& s, const json& list, const std::vector<WorldMark>& marks, const std::string& where) {
    if (!list.is_array()) return Error{where + ": builtin.actions: expected an array"};
    for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string path = "builtin.actions[" + std::to_string(k) + "]";
        const json& a = list[k];
        if (auto r = checkKeys(a, {"name", "label", "at", "brush", "strength", "falloff", "dt"}, where, path); !r) return r;
        auto mark = markAt(a, marks, where, path);
        if (!mark) return mark.error();
        WorldAction act;
        act.name = a.value("name", std::string());
        act.label = a.value("label", act.name);
        if (act.name.empty()) return Error{where + ": " + path + ".name: expected a name"};
        if (!brushKindFromString(a.value("brush", std::string()), act.stroke.kind))
            return Error{where + ": " + path + ".brush: expected one of " + brushKindList()};
        auto strength = builtinNumber(a, "strength", 1.0, where);
        auto falloff = builtinNumber(a, "falloff", 0.5, where);
        auto dt = builtinNumber(a, "dt", 1.0, where);
        for (const auto* r : {&strength, &falloff, &dt})
            if (!*r) return r->error();
        act.stroke.x = mark->x;
        act.stroke.y = mark->y;
        act.stroke.radiusCells = std::max(1.0f, mark->radiusCells);
        act.stroke.strength = float(*strength);
        act.stroke.falloff = std::clamp(float(*falloff), 0.0f, 1.0f);
        act.stroke.dtSeconds = float(*dt);
        if (act.stroke.kind == BrushKind::Flatten) {
            if (!std::isfinite(mark->levelM)) return Error{where + ": " + path + ": a flatten action needs a mark with a level"};
            act.stroke.targetHeightM = mark->levelM;
        }
        s.actions.push_back(std::move(act));
    }
    return {};
}

/// The world's "builtin" object applied to a loaded scene of size x size cells.
Result<void> applyBuiltin(Scene& s, const json& b, const std::optional<ProceduralTerrain>& recipe, int size,
                          const std::string& where) {
    if (auto r = checkKeys(b, {"feature_size", "relief", "fill", "fill_depressions", "sources", "actions", "water"}, where,
                           "builtin");
        !r)
        return r;
    const std::vector<WorldMark> marks = recipe ? worldMarks(s.width, s.height, s.cellSizeM, *recipe) : std::vector<WorldMark>{};
    if (const auto fill = b.find("fill"); fill != b.end())
        if (auto r = applyFill(s, *fill, marks, where); !r) return r;
    if (const auto dep = b.find("fill_depressions"); dep != b.end()) {
        if (auto r = checkKeys(*dep, {"below_spill", "min_depth"}, where, "builtin.fill_depressions"); !r) return r;
        auto below = builtinNumber(*dep, "below_spill", 0.0, where);
        auto minDepth = builtinNumber(*dep, "min_depth", 0.0, where);
        if (!below) return below.error();
        if (!minDepth) return minDepth.error();
        fillDepressions(s.terrainM, s.depthM, s.width, s.height, float(*below), float(*minDepth));
    }
    if (const auto src = b.find("sources"); src != b.end())
        if (auto r = applySources(s, *src, marks, size, where); !r) return r;
    if (const auto act = b.find("actions"); act != b.end())
        if (auto r = applyActions(s, *act, marks, where); !r) return r;
    if (const auto water = b.find("water"); water != b.end()) {
        auto above = builtinNumber(*water, "above_highest", 0.0, where);
        if (!above) return above.error();
        const float level = *std::max_element(s.terrainM.begin(), s.terrainM.end()) + float(*above);
        for (std::size_t i = 0; i < s.depthM.size(); ++i) s.depthM[i] = std::max(0.0f, level - s.terrainM[i]);
    }
    return {};
}

/// A loaded world and the terrain recipe it was generated from (marks are computed from it).
struct LoadedWorld {
    Scene scene;
    std::optional<ProceduralTerrain> recipe;
};

Result<LoadedWorld> loadWorldAndRecipe(std::string_view name, int size) {
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
    // Relief that grows with the world (a smaller world is the same landscape at a smaller scale).
    if (auto rel = builtin.find("relief"); rel != builtin.end()) {
        if (auto r = checkKeys(*rel, {"metres_per_cell", "min"}, where, "builtin.relief"); !r) return r.error();
        auto perCell = builtinNumber(*rel, "metres_per_cell", 0.0, where);
        auto minM = builtinNumber(*rel, "min", 0.0, where);
        if (!perCell) return perCell.error();
        if (!minM) return minM.error();
        if (!root.contains("terrain") || !root["terrain"].is_object() || !root["terrain"].contains("procedural") ||
            !root["terrain"]["procedural"].is_object())
            return Error{where + ": builtin.relief needs procedural terrain"};
        root["terrain"]["procedural"]["amplitude"] = std::max(*minM, double(size) * *perCell);
    }
    auto loaded = parseSceneJson(root.dump(), where, {});
    if (!loaded) return loaded.error();
    // A shipped world must load cleanly: a warning (an unknown key) means the asset is wrong.
    if (!loaded->warnings.empty()) return Error{loaded->warnings.front()};
    if (auto r = applyBuiltin(loaded->scene, builtin, loaded->procedural, size, where); !r) return r.error();
    return LoadedWorld{std::move(loaded->scene), loaded->procedural};
}

Result<Scene> loadWorld(std::string_view name, int size) {
    auto w = loadWorldAndRecipe(name, size);
    if (!w) return w.error();
    return std::move(w->scene);
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
    std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return n == kDefaultWorld; });
    return names;
}

Scene defaultScene(int size) { return mustLoad(kDefaultWorld, size); }

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

Scene benchPatchScene(int size, float wetFraction, PatchShape shape) {
    return benchPatchScene(benchSloshScene(size), wetFraction, shape);
}

Scene benchPatchScene(Scene s, float wetFraction, PatchShape shape) {
    s.name = "bench-patch";
    const int size = s.width;
    wetFraction = std::clamp(wetFraction, 0.01f, 1.0f);
    // The region [x0, x1) x [y0, y1), centred; its area rounds to whole rows or columns.
    const int side = std::clamp(int(std::lround(double(size) * std::sqrt(double(wetFraction)))), 1, size);
    const int band = std::clamp(int(std::lround(double(size) * double(wetFraction))), 1, size);
    const int w = shape == PatchShape::Square ? side : shape == PatchShape::Rows ? size : band;
    const int h = shape == PatchShape::Square ? side : shape == PatchShape::Rows ? band : size;
    const int x0 = (size - w) / 2, y0 = (size - h) / 2;
    float top = 0.0f;
    for (std::size_t i = 0; i < s.terrainM.size(); ++i) top = std::max(top, s.terrainM[i] + s.depthM[i]);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            if (x >= x0 && x < x0 + w && y >= y0 && y < y0 + h) continue;
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            s.terrainM[i] = top + 10.0f;
            s.depthM[i] = 0.0f;
        }
    return s;
}

Result<std::vector<WorldMark>> builtinWorldMarks(std::string_view name, int size) {
    auto scene = builtinScene(name, size);  // checks the name and the size
    if (!scene) return scene.error();
    if (name == kDefaultWorldAlias) name = kDefaultWorld;
    auto w = loadWorldAndRecipe(name, size);
    if (!w) return w.error();
    if (!w->recipe) return std::vector<WorldMark>{};
    return worldMarks(w->scene.width, w->scene.height, w->scene.cellSizeM, *w->recipe);
}

Result<Scene> builtinScene(std::string_view name, int size) {
    try {
        if (size < kMinBuiltinSize || size > kMaxBuiltinSize)
            return Error{"built-in scene '" + std::string(name) + "': size " + std::to_string(size) + " is outside " +
                         std::to_string(kMinBuiltinSize) + ".." + std::to_string(kMaxBuiltinSize)};
        if (name == kDefaultWorldAlias) name = kDefaultWorld;
        const std::vector<std::string> names = builtinSceneNames();
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string valid;
            for (const std::string& n : names) valid += (valid.empty() ? "" : ", ") + n;
            return Error{"unknown built-in scene '" + std::string(name) + "' (valid: " + valid + "; " +
                         std::string(kDefaultWorldAlias) + " = " + std::string(kDefaultWorld) + ")"};
        }
        return loadWorld(name, size);
    } catch (const std::exception& e) {  // allocation failure for a huge size
        return Error{"built-in scene '" + std::string(name) + "': " + e.what()};
    }
}

}  // namespace sluice::sim

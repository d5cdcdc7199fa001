#include "sim/scene_loader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <system_error>

#include <nlohmann/json.hpp>

#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

namespace {

using nlohmann::json;

/// Thrown inside the loader to abandon parsing; converted to an Error before leaving the public functions.
struct LoadFailure {
    std::string message;
};

/// Shortest text that reads back as the same double ("0.1", "700", "-0.5").
std::string fmt(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    return std::string(buf, r.ptr);
}

std::string join(const std::string& parent, std::string_view key) {
    return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}

/// A JSON value as it appears in a message: strings quoted, numbers as written, others by type.
std::string describe(const json& v) {
    if (v.is_string()) return "string \"" + v.get<std::string>() + "\"";
    if (v.is_number()) return fmt(v.get<double>());
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    return v.type_name();
}

/// State of one parse: where messages go and what has been noticed so far.
class Loader {
public:
    Loader(const std::filesystem::path& fileForMessages, const std::filesystem::path& baseDir)
        : file_(fileForMessages.string()), fileStem_(fileForMessages.stem().string()), baseDir_(baseDir) {
        if (file_.empty()) file_ = "(scene)";
    }

    SceneLoadOutput load(std::string_view text);
    /// Only params/boundary/sources/drains, for a grid of known size (snapshots, presets, logs).
    SceneLoadOutput loadSettings(const json& root, int width, int height, const Scene* base);

private:
    // ---- messages ----
    [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
        throw LoadFailure{file_ + ": " + (field.empty() ? problem : field + ": " + problem)};
    }
    void warn(const std::string& text) { warnings_.push_back(file_ + ": " + text); }

    // ---- typed access ----
    void checkKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) {
        for (auto it = obj.begin(); it != obj.end(); ++it)
            if (std::find(known.begin(), known.end(), it.key()) == known.end())
                warn("unknown key '" + join(path, it.key()) + "' (ignored)");
    }
    const json* find(const json& obj, std::string_view key) const {
        const auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }
    const json& expectObject(const json& v, const std::string& path) const {
        if (!v.is_object()) fail(path, std::string("expected an object, got ") + v.type_name());
        return v;
    }
    double number(const json& v, const std::string& path) const {
        if (!v.is_number()) fail(path, std::string("expected a number, got ") + v.type_name());
        return v.get<double>();
    }
    long long integer(const json& v, const std::string& path) const {
        if (v.is_number_unsigned()) {
            const auto u = v.get<std::uint64_t>();
            return u > std::uint64_t(std::numeric_limits<long long>::max()) ? std::numeric_limits<long long>::max()
                                                                              : (long long)u;
        }
        if (v.is_number_integer()) return v.get<long long>();
        if (v.is_number_float()) {
            const double d = v.get<double>();
            // 512.0 is an integer too; 2^53 bounds the range where doubles hold integers exactly.
            if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) <= 9007199254740992.0) return (long long)d;
            fail(path, "expected an integer, got " + fmt(d));
        }
        fail(path, std::string("expected an integer, got ") + v.type_name());
    }
    long long integerIn(const json& v, const std::string& path, long long lo, long long hi) const {
        const long long i = integer(v, path);
        if (i < lo || i > hi)
            fail(path, "must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + " (got " +
                           std::to_string(i) + ")");
        return i;
    }
    std::string string(const json& v, const std::string& path) const {
        if (!v.is_string()) fail(path, std::string("expected a string, got ") + v.type_name());
        return v.get<std::string>();
    }
    bool boolean(const json& v, const std::string& path) const {
        if (!v.is_boolean()) fail(path, std::string("expected true or false, got ") + v.type_name());
        return v.get<bool>();
    }
    /// A number that must also be finite once narrowed to float (the type the simulation stores).
    float finite(const json& v, const std::string& path, const char* requirement = "must be a finite number") const {
        const double d = number(v, path);
        if (!std::isfinite(d) || !std::isfinite(float(d))) fail(path, std::string(requirement) + " (got " + fmt(d) + ")");
        return float(d);
    }
    float positive(const json& v, const std::string& path) const {
        const char* req = "must be a positive finite number";
        const float f = finite(v, path, req);
        if (!(f > 0)) fail(path, std::string(req) + " (got " + fmt(v.get<double>()) + ")");
        return f;
    }
    float nonNegative(const json& v, const std::string& path) const {
        const char* req = "must be a finite number >= 0";
        const float f = finite(v, path, req);
        if (f < 0) fail(path, std::string(req) + " (got " + fmt(v.get<double>()) + ")");
        return f;
    }

    // ---- files ----
    std::filesystem::path resolve(const json& v, const std::string& path) const {
        const std::string s = string(v, path);
        if (s.empty()) fail(path, "expected a file path, got an empty string");
        std::filesystem::path p(s);
        if (p.is_relative()) p = baseDir_ / p;
        std::error_code ec;
        if (!std::filesystem::exists(p, ec))
            fail(path, "cannot find '" + s + "' (looked for " + p.string() + ")");
        return p;
    }
    NpyArray loadNpy(const json& v, const std::string& path) const {
        const std::filesystem::path p = resolve(v, path);
        Result<NpyArray> arr = readNpy(p);
        if (!arr) fail(path, arr.error().message);
        return std::move(*arr);
    }
    /// Rejects NaN/inf (and, for depths, negative values) naming the first bad element.
    void checkValues(const std::vector<float>& values, int width, const std::string& path, const std::string& source,
                     bool depths) const {
        for (std::size_t i = 0; i < values.size(); ++i) {
            const float v = values[i];
            const bool bad = !std::isfinite(v) || (depths && v < 0);
            if (!bad) continue;
            const std::size_t w = std::size_t(width);
            fail(path, "'" + source + "' has " +
                           (std::isfinite(v) ? "a negative depth (" + fmt(v) + ")" : "a non-finite value (" + fmt(v) + ")") +
                           " at index " + std::to_string(i) + " (row " + std::to_string(i / w) + ", column " +
                           std::to_string(i % w) + ")");
        }
    }

    // ---- sections ----
    void parseGrid(const json* grid);
    void parseTerrain(const json* terrain);
    void adoptFileSize(int fileWidth, int fileHeight, const std::string& path, const std::string& what);
    void requireGridSize(const std::string& why);
    void checkGridLimits(const std::string& path);
    void parseWater(const json* water);
    void parseParams(const json* params);
    void parseBoundary(const json* boundary);
    BoundarySide parseSide(const json& v, const std::string& path);
    std::vector<Emitter> parseEmitters(const json* list, const std::string& path);

    std::string file_, fileStem_;
    std::filesystem::path baseDir_;
    std::vector<std::string> warnings_;
    Scene scene_;
    std::optional<long long> gridWidth_, gridHeight_;  // as written in "grid", before the terrain decides
    std::optional<ProceduralTerrain> procedural_;
    bool gridPresent_ = false;
};

SceneLoadOutput Loader::loadSettings(const json& root, int width, int height, const Scene* base) {
    if (!root.is_object()) fail("", std::string("expected a JSON object, got ") + root.type_name());
    checkKeys(root, "", {"params", "boundary", "sources", "drains"});
    scene_.width = width;
    scene_.height = height;
    if (base) {
        scene_.params = base->params;
        scene_.boundary = base->boundary;
        scene_.sources = base->sources;
        scene_.drains = base->drains;
    }
    parseParams(find(root, "params"));
    parseBoundary(find(root, "boundary"));
    if (const json* v = find(root, "sources")) scene_.sources = parseEmitters(v, "sources");
    if (const json* v = find(root, "drains")) scene_.drains = parseEmitters(v, "drains");
    return SceneLoadOutput{std::move(scene_), std::move(warnings_), std::nullopt};
}

SceneLoadOutput Loader::load(std::string_view text) {
    // Comments (// and /* */) are allowed: scene files are hand-written.
    auto parsed = parseJsonText(text, file_);
    if (!parsed) throw LoadFailure{parsed.error().message};
    const json root = std::move(*parsed);
    if (!root.is_object()) fail("", std::string("expected a JSON object at the top level, got ") + root.type_name());
    checkKeys(root, "", {"name", "grid", "terrain", "water", "params", "boundary", "sources", "drains"});

    if (const json* name = find(root, "name")) scene_.name = string(*name, "name");
    else scene_.name = fileStem_.empty() ? "scene" : fileStem_;

    parseGrid(find(root, "grid"));
    parseTerrain(find(root, "terrain"));
    parseWater(find(root, "water"));
    parseParams(find(root, "params"));
    parseBoundary(find(root, "boundary"));
    scene_.sources = parseEmitters(find(root, "sources"), "sources");
    scene_.drains = parseEmitters(find(root, "drains"), "drains");
    return SceneLoadOutput{std::move(scene_), std::move(warnings_), std::move(procedural_)};
}

void Loader::parseGrid(const json* grid) {
    scene_.cellSizeM = 1.0f;
    if (!grid) return;
    gridPresent_ = true;
    expectObject(*grid, "grid");
    checkKeys(*grid, "grid", {"width", "height", "cell_size"});
    if (const json* w = find(*grid, "width")) gridWidth_ = integerIn(*w, "grid.width", 2, kMaxSceneSide);
    if (const json* h = find(*grid, "height")) gridHeight_ = integerIn(*h, "grid.height", 2, kMaxSceneSide);
    if (const json* c = find(*grid, "cell_size")) scene_.cellSizeM = positive(*c, "grid.cell_size");
}

void Loader::requireGridSize(const std::string& why) {
    const std::string reason = "missing (required unless the terrain is an npy or png file; " + why + ")";
    if (!gridPresent_) fail("grid", reason);
    if (!gridWidth_) fail("grid.width", reason);
    if (!gridHeight_) fail("grid.height", reason);
    scene_.width = int(*gridWidth_);
    scene_.height = int(*gridHeight_);
    checkGridLimits("grid");
}

void Loader::checkGridLimits(const std::string& path) {
    const long long cells = (long long)scene_.width * (long long)scene_.height;
    if (cells > kMaxSceneCells)
        fail(path, std::to_string(scene_.width) + "x" + std::to_string(scene_.height) + " = " + std::to_string(cells) +
                       " cells exceeds the limit of " + std::to_string(kMaxSceneCells) + " (2^28)");
}

void Loader::adoptFileSize(int fileWidth, int fileHeight, const std::string& path, const std::string& what) {
    const bool widthDiffers = gridWidth_ && *gridWidth_ != fileWidth;
    const bool heightDiffers = gridHeight_ && *gridHeight_ != fileHeight;
    if (widthDiffers || heightDiffers)
        fail(path, what + " is " + std::to_string(fileWidth) + "x" + std::to_string(fileHeight) +
                       " cells (width x height) but grid says " + (gridWidth_ ? std::to_string(*gridWidth_) : "?") + "x" +
                       (gridHeight_ ? std::to_string(*gridHeight_) : "?"));
    if (fileWidth < 2 || fileHeight < 2 || fileWidth > kMaxSceneSide || fileHeight > kMaxSceneSide)
        fail(path, what + " is " + std::to_string(fileWidth) + "x" + std::to_string(fileHeight) +
                       " cells; width and height must be in 2.." + std::to_string(kMaxSceneSide));
    scene_.width = fileWidth;
    scene_.height = fileHeight;
    checkGridLimits(path);
}

void Loader::parseTerrain(const json* terrain) {
    if (!terrain) fail("terrain", "missing (required: one of npy, png, flat, procedural)");
    expectObject(*terrain, "terrain");
    std::vector<std::string> kinds;
    for (const char* k : {"npy", "png", "flat", "procedural"})
        if (terrain->contains(k)) kinds.push_back(k);
    if (kinds.size() != 1) {
        std::string got = kinds.empty() ? "none" : kinds[0];
        for (std::size_t i = 1; i < kinds.size(); ++i) got += " and " + kinds[i];
        fail("terrain", "give exactly one of npy, png, flat, procedural (got " + got + ")");
    }
    const std::string kind = kinds[0];
    const std::string path = "terrain." + kind;

    if (kind == "npy") {
        checkKeys(*terrain, "terrain", {"npy"});
        const std::string source = (*terrain)["npy"].is_string() ? (*terrain)["npy"].get<std::string>() : "";
        NpyArray arr = loadNpy((*terrain)["npy"], path);
        // Array shape is (rows, cols) = (height, width); row r is y = r (south edge first).
        adoptFileSize(arr.cols, arr.rows,
                      path, "'" + source + "' (shape (" + std::to_string(arr.rows) + ", " + std::to_string(arr.cols) + "))");
        checkValues(arr.data, arr.cols, path, source, false);
        scene_.terrainM = std::move(arr.data);
    } else if (kind == "png") {
        checkKeys(*terrain, "terrain", {"png", "min", "max"});
        const json* mn = find(*terrain, "min");
        const json* mx = find(*terrain, "max");
        if (!mn) fail("terrain.min", "missing (required with png: elevation in metres of gray level 0)");
        if (!mx) fail("terrain.max", "missing (required with png: elevation in metres of the brightest gray level)");
        const float minM = finite(*mn, "terrain.min");
        const float maxM = finite(*mx, "terrain.max");
        if (!(maxM > minM)) fail("terrain.max", "must be greater than terrain.min (got min=" + fmt(minM) + ", max=" + fmt(maxM) + ")");
        const std::filesystem::path p = resolve((*terrain)["png"], path);
        const std::string source = (*terrain)["png"].get<std::string>();
        Result<HeightImage> img = loadHeightmapPng(p, minM, maxM);
        if (!img) fail(path, img.error().message);
        adoptFileSize(img->width, img->height, path, "'" + source + "'");
        checkValues(img->heightsM, img->width, path, source, false);
        scene_.terrainM = std::move(img->heightsM);
    } else if (kind == "flat") {
        checkKeys(*terrain, "terrain", {"flat"});
        const float z = finite((*terrain)["flat"], path);
        requireGridSize("terrain.flat has no size of its own");
        scene_.terrainM.assign(scene_.cellCount(), z);
    } else {
        checkKeys(*terrain, "terrain", {"procedural"});
        const json& p = expectObject((*terrain)["procedural"], path);
        checkKeys(p, path, {"seed", "kind", "amplitude", "feature_size", "octaves"});
        ProceduralTerrain recipe;
        if (const json* v = find(p, "seed")) recipe.seed = std::uint32_t(integerIn(*v, path + ".seed", 0, 4294967295LL));
        if (const json* v = find(p, "kind")) {
            recipe.kind = string(*v, path + ".kind");
            if (!isTerrainKind(recipe.kind)) {
                std::string valid;
                for (std::string_view k : kTerrainKinds) valid += (valid.empty() ? "" : ", ") + std::string(k);
                fail(path + ".kind", "unknown kind '" + recipe.kind + "' (valid: " + valid + ")");
            }
        }
        if (const json* v = find(p, "amplitude")) recipe.amplitudeM = nonNegative(*v, path + ".amplitude");
        if (const json* v = find(p, "feature_size")) recipe.featureSizeCells = positive(*v, path + ".feature_size");
        if (const json* v = find(p, "octaves")) recipe.octaves = int(integerIn(*v, path + ".octaves", 1, 16));
        requireGridSize("procedural terrain has no size of its own");
        scene_.terrainM = generateTerrain(scene_.width, scene_.height, scene_.cellSizeM, recipe);
        procedural_ = recipe;
    }
}

void Loader::parseWater(const json* water) {
    scene_.depthM.assign(scene_.cellCount(), 0.0f);
    if (!water || water->is_null()) return;
    if (water->is_string()) {
        if (water->get<std::string>() == "none") return;
        fail("water", "expected an object, \"none\" or null, got " + describe(*water));
    }
    if (!water->is_object()) fail("water", std::string("expected an object, \"none\" or null, got ") + water->type_name());
    const bool hasNpy = water->contains("npy"), hasLevel = water->contains("surface_level");
    if (hasNpy == hasLevel)
        fail("water", std::string("give exactly one of npy or surface_level (got ") + (hasNpy ? "both" : "neither") + ")");
    if (hasNpy) {
        checkKeys(*water, "water", {"npy"});
        const std::string source = (*water)["npy"].is_string() ? (*water)["npy"].get<std::string>() : "";
        NpyArray arr = loadNpy((*water)["npy"], "water.npy");
        if (arr.cols != scene_.width || arr.rows != scene_.height)
            fail("water.npy", "'" + source + "' is " + std::to_string(arr.cols) + "x" + std::to_string(arr.rows) +
                                  " cells (shape (" + std::to_string(arr.rows) + ", " + std::to_string(arr.cols) +
                                  ")) but the grid is " + std::to_string(scene_.width) + "x" +
                                  std::to_string(scene_.height) + " (width x height)");
        checkValues(arr.data, arr.cols, "water.npy", source, true);
        scene_.depthM = std::move(arr.data);
    } else {
        checkKeys(*water, "water", {"surface_level"});
        const float level = finite((*water)["surface_level"], "water.surface_level");
        for (std::size_t i = 0; i < scene_.depthM.size(); ++i)
            scene_.depthM[i] = std::max(0.0f, level - scene_.terrainM[i]);
    }
}

void Loader::parseParams(const json* params) {
    if (!params) return;
    expectObject(*params, "params");
    checkKeys(*params, "params",
              {"dt", "gravity", "friction", "viscosity", "rain", "evaporation", "courant", "max_substeps"});
    SimParams& p = scene_.params;
    if (const json* v = find(*params, "dt")) p.dtSeconds = positive(*v, "params.dt");
    if (const json* v = find(*params, "gravity")) p.gravity = positive(*v, "params.gravity");
    if (const json* v = find(*params, "friction")) {
        const float f = finite(*v, "params.friction", "must be a number in [0, 1)");
        if (f < 0 || f >= 1) fail("params.friction", "must be a number in [0, 1) (got " + fmt(v->get<double>()) + ")");
        p.friction = f;
    }
    if (const json* v = find(*params, "viscosity")) p.viscosity = nonNegative(*v, "params.viscosity");
    if (const json* v = find(*params, "rain")) p.rainMPerS = nonNegative(*v, "params.rain");
    if (const json* v = find(*params, "evaporation")) p.evaporationMPerS = nonNegative(*v, "params.evaporation");
    if (const json* v = find(*params, "courant")) {
        const float c = finite(*v, "params.courant", "must be a number in (0, 1]");
        if (!(c > 0) || c > 1) fail("params.courant", "must be a number in (0, 1] (got " + fmt(v->get<double>()) + ")");
        p.courantTarget = c;
    }
    if (const json* v = find(*params, "max_substeps")) p.maxSubsteps = int(integerIn(*v, "params.max_substeps", 1, 4096));
}

BoundarySide Loader::parseSide(const json& v, const std::string& path) {
    const auto kindOf = [&](const std::string& s, const std::string& where) {
        if (s == "wall") return BoundaryKind::Wall;
        if (s == "open") return BoundaryKind::Open;
        if (s == "inflow") return BoundaryKind::Inflow;
        fail(where, "expected \"wall\", \"open\" or \"inflow\", got \"" + s + "\"");
    };
    const std::string inflowHint =
        "an inflow needs a discharge: write {\"type\": \"inflow\", \"discharge\": q} with q in m^2/s (m^3/s per metre of side)";
    BoundarySide side;
    if (v.is_string()) {
        side.kind = kindOf(v.get<std::string>(), path);
        if (side.kind == BoundaryKind::Inflow) fail(path, inflowHint);
        return side;
    }
    if (!v.is_object())
        fail(path, std::string("expected \"wall\", \"open\" or an object {\"type\": ..., \"discharge\": ...}, got ") +
                       v.type_name());
    checkKeys(v, path, {"type", "discharge"});
    const json* type = find(v, "type");
    if (!type) fail(path + ".type", "missing (one of \"wall\", \"open\", \"inflow\")");
    side.kind = kindOf(string(*type, path + ".type"), path + ".type");
    const json* q = find(v, "discharge");
    if (side.kind == BoundaryKind::Inflow) {
        if (!q) fail(path, inflowHint);
        side.dischargeM2PerS = nonNegative(*q, path + ".discharge");
    } else if (q) {
        warn("'" + path + ".discharge' is ignored (the side's type is \"" + toString(side.kind) + "\", not \"inflow\")");
    }
    return side;
}

void Loader::parseBoundary(const json* boundary) {
    if (!boundary) return;
    expectObject(*boundary, "boundary");
    checkKeys(*boundary, "boundary", {"west", "east", "south", "north"});
    if (const json* v = find(*boundary, "west")) scene_.boundary.west = parseSide(*v, "boundary.west");
    if (const json* v = find(*boundary, "east")) scene_.boundary.east = parseSide(*v, "boundary.east");
    if (const json* v = find(*boundary, "south")) scene_.boundary.south = parseSide(*v, "boundary.south");
    if (const json* v = find(*boundary, "north")) scene_.boundary.north = parseSide(*v, "boundary.north");
}

std::vector<Emitter> Loader::parseEmitters(const json* list, const std::string& path) {
    std::vector<Emitter> out;
    if (!list || list->is_null()) return out;
    if (!list->is_array()) fail(path, std::string("expected an array, got ") + list->type_name());
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        const json& e = expectObject((*list)[i], at);
        checkKeys(e, at, {"x", "y", "radius", "rate", "level", "max_rate", "enabled"});
        Emitter em;
        const json* x = find(e, "x");
        const json* y = find(e, "y");
        if (!x) fail(at + ".x", "missing (required, in cells)");
        if (!y) fail(at + ".y", "missing (required, in cells)");
        em.x = finite(*x, at + ".x");
        em.y = finite(*y, at + ".y");
        if (em.x < 0 || em.x > float(scene_.width))
            fail(at, "x=" + fmt(x->get<double>()) + " is outside the grid (0.." + std::to_string(scene_.width) + ")");
        if (em.y < 0 || em.y > float(scene_.height))
            fail(at, "y=" + fmt(y->get<double>()) + " is outside the grid (0.." + std::to_string(scene_.height) + ")");
        if (const json* r = find(e, "radius")) em.radiusCells = positive(*r, at + ".radius");
        const json* rate = find(e, "rate");
        const json* level = find(e, "level");
        if ((rate != nullptr) == (level != nullptr))
            fail(at, std::string("give exactly one of rate (m^3/s) or level (m) (got ") + (rate ? "both" : "neither") + ")");
        const json* maxRate = find(e, "max_rate");
        if (rate) {
            em.mode = EmitterMode::Rate;
            em.rateM3PerS = nonNegative(*rate, at + ".rate");
            if (maxRate) warn("'" + at + ".max_rate' is ignored with rate (it caps level mode only)");
        } else {
            em.mode = EmitterMode::Level;
            em.levelM = finite(*level, at + ".level");
            if (maxRate) em.maxRateM3PerS = positive(*maxRate, at + ".max_rate");
        }
        if (const json* en = find(e, "enabled")) em.enabled = boolean(*en, at + ".enabled");
        out.push_back(em);
    }
    return out;
}

}  // namespace

Result<SceneLoadOutput> parseSceneJson(std::string_view text, const std::filesystem::path& fileForMessages,
                                       const std::filesystem::path& baseDir) {
    const std::string file = fileForMessages.empty() ? std::string("(scene)") : fileForMessages.string();
    try {
        Loader loader(fileForMessages, baseDir);
        return loader.load(text);
    } catch (const LoadFailure& f) {
        return Error{f.message};
    } catch (const json::exception& e) {
        return Error{file + ": " + e.what()};
    } catch (const std::exception& e) {
        return Error{file + ": cannot load scene: " + e.what()};
    }
}

Result<SceneLoadOutput> parseSettingsJson(const nlohmann::json& settings, const std::string& where, int width,
                                          int height, const Scene* base) {
    try {
        Loader loader(where, {});
        return loader.loadSettings(settings, width, height, base);
    } catch (const LoadFailure& f) {
        return Error{f.message};
    } catch (const std::exception& e) {
        return Error{where + ": " + e.what()};
    }
}

Result<SceneLoadOutput> loadSceneFile(const std::filesystem::path& path) {
    auto text = readTextFile(path, "scene");
    if (!text) return text.error();
    return parseSceneJson(*text, path, path.parent_path());
}

}  // namespace sluice::sim

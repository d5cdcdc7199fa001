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

#include "sim/boundary_json.hpp"
#include "sim/exchange/georeference_json.hpp"
#include "sim/exchange/heightfield_import.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/json_reader.hpp"
#include "sim/npy.hpp"
#include "sim/bodies/body_json.hpp"
#include "sim/number_rules.hpp"
#include "sim/procedural_terrain.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

namespace {

using nlohmann::json;

std::string fmt(double v) { return formatNumber(v); }

/// State of one parse: where messages go and what has been noticed so far. Typed access and failures
/// come from JsonReader (sim/json_reader.hpp), shared with the other JSON readers.
class Loader : private JsonReader {
public:
    Loader(const std::filesystem::path& fileForMessages, const std::filesystem::path& baseDir)
        : JsonReader(fileForMessages.empty() ? std::string("(scene)") : fileForMessages.string()),
          fileStem_(fileForMessages.stem().string()), baseDir_(baseDir) {}

    SceneLoadOutput load(std::string_view text);
    /// Only params/boundary/sources/drains, for a grid of known size (snapshots, presets, logs).
    SceneLoadOutput loadSettings(const json& root, int width, int height, const Scene* base);

private:
    // ---- messages ----
    void warn(const std::string& text) { warnings_.push_back(file() + ": " + text); }
    /// Unknown keys are warnings in scene files (a newer file still loads in an older build).
    void checkKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) {
        for (const std::string& key : unknownKeys(obj, known)) warn("unknown key '" + joinPath(path, key) + "' (ignored)");
    }
    const json& expectObject(const json& v, const std::string& path) const { return object(v, path); }
    long long integerIn(const json& v, const std::string& path, long long lo, long long hi) const {
        return integer(v, path, lo, hi);
    }
    /// A number that must also be finite once narrowed to float (the type the simulation stores).
    float finite(const json& v, const std::string& path, const char* requirement = "must be a finite number") const {
        const double d = number(v, path);
        if (!std::isfinite(d) || !std::isfinite(float(d))) fail(path, std::string(requirement) + " (got " + fmt(d) + ")");
        return float(d);
    }
    /// A number that must obey one of the documented ranges (sim/number_rules.hpp).
    float ruled(const json& v, const std::string& path, const NumberRule& rule) const {
        return float(number(v, path, rule));
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
    /// Rejects NaN/inf, negative depths and values outside the documented ranges (elevations for
    /// terrain, depths for water), naming the first bad element.
    void checkValues(const std::vector<float>& values, int width, const std::string& path, const std::string& source,
                     bool depths) const {
        const NumberRule& rule = depths ? rules::kDepthM : rules::kElevationM;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const float v = values[i];
            const auto problem = ruleProblem(v, rule);
            if (!problem) continue;
            const std::size_t w = std::size_t(width);
            const std::string what = !std::isfinite(v)            ? "a non-finite value (" + fmt(v) + ")"
                                     : depths && v < 0             ? "a negative depth (" + fmt(v) + ")"
                                                                   : "a value out of range (" + fmt(v) + " m: " + *problem + ")";
            fail(path, "'" + source + "' has " + what + " at index " + std::to_string(i) + " (row " +
                           std::to_string(i / w) + ", column " + std::to_string(i % w) + ")");
        }
    }

    // ---- sections ----
    void parseGrid(const json* grid);
    void parseTerrain(const json* terrain);
    /// "georeference": {"epsg": N, "origin": [east, north]}: overrides a GeoTIFF terrain's own.
    void parseGeoreference(const json* geo);
    /// terrain {"file": ..., "min", "max", "resample"}: any format of sim/exchange/heightfield_import.hpp.
    void parseTerrainFile(const json& terrain);
    void adoptFileSize(int fileWidth, int fileHeight, const std::string& path, const std::string& what);
    void requireGridSize(const std::string& why);
    void checkGridLimits(const std::string& path);
    void parseWater(const json* water);
    void parseParams(const json* params);
    /// An "erosion" object (top level, or nested in params). `sceneFile`: the soft layer may be a
    /// field (npy / png) and the scene sets erosion's state up.
    void parseErosion(const json* erosion, const std::string& path, bool sceneFile);
    /// A per-cell field of the grid from {"npy": ...} or {"png": ..., "min": ..., "max": ...}.
    std::vector<float> loadCellField(const json& spec, const std::string& path, const NumberRule& rule);
    void parseBoundary(const json* boundary);
    std::vector<Emitter> parseEmitters(const json* list, const std::string& path);

    std::string fileStem_;
    std::filesystem::path baseDir_;
    std::vector<std::string> warnings_;
    Scene scene_;
    std::optional<long long> gridWidth_, gridHeight_;  // as written in "grid", before the terrain decides
    std::optional<ProceduralTerrain> procedural_;
    bool gridPresent_ = false;
    const json* rootGrid_ = nullptr;  // "grid", while load() runs
};

SceneLoadOutput Loader::loadSettings(const json& root, int width, int height, const Scene* base) {
    if (!root.is_object()) fail("", std::string("expected a JSON object, got ") + root.type_name());
    checkKeys(root, "", {"params", "boundary", "sources", "drains", "erosion"});
    scene_.width = width;
    scene_.height = height;
    if (base) {
        scene_.params = base->params;
        scene_.boundary = base->boundary;
        scene_.sources = base->sources;
        scene_.drains = base->drains;
    }
    parseParams(find(root, "params"));
    parseErosion(find(root, "erosion"), "erosion", false);
    parseBoundary(find(root, "boundary"));
    if (const json* v = find(root, "sources")) scene_.sources = parseEmitters(v, "sources");
    if (const json* v = find(root, "drains")) scene_.drains = parseEmitters(v, "drains");
    return SceneLoadOutput{std::move(scene_), std::move(warnings_), std::nullopt};
}

SceneLoadOutput Loader::load(std::string_view text) {
    // Comments (// and /* */) are allowed: scene files are hand-written.
    auto parsed = parseJsonText(text, file());
    if (!parsed) throw JsonFailure{parsed.error().message};
    const json root = std::move(*parsed);
    if (!root.is_object()) fail("", std::string("expected a JSON object at the top level, got ") + root.type_name());
    checkKeys(root, "", {"name", "grid", "terrain", "water", "params", "boundary", "sources", "drains", "erosion",
                         "georeference", "bodies"});

    if (const json* name = find(root, "name")) scene_.name = string(*name, "name");
    else scene_.name = fileStem_.empty() ? "scene" : fileStem_;

    parseGrid(find(root, "grid"));
    parseTerrain(find(root, "terrain"));
    parseGeoreference(find(root, "georeference"));
    parseWater(find(root, "water"));
    parseParams(find(root, "params"));
    parseErosion(find(root, "erosion"), "erosion", true);
    parseBoundary(find(root, "boundary"));
    scene_.sources = parseEmitters(find(root, "sources"), "sources");
    scene_.drains = parseEmitters(find(root, "drains"), "drains");
    if (const json* v = find(root, "bodies")) scene_.bodies = readBodies(*this, *v, "bodies");
    return SceneLoadOutput{std::move(scene_), std::move(warnings_), std::move(procedural_)};
}

void Loader::parseGrid(const json* grid) {
    scene_.cellSizeM = 1.0f;
    if (!grid) return;
    gridPresent_ = true;
    rootGrid_ = grid;
    expectObject(*grid, "grid");
    checkKeys(*grid, "grid", {"width", "height", "cell_size"});
    if (const json* w = find(*grid, "width")) gridWidth_ = integerIn(*w, "grid.width", 2, kMaxSceneSide);
    if (const json* h = find(*grid, "height")) gridHeight_ = integerIn(*h, "grid.height", 2, kMaxSceneSide);
    if (const json* c = find(*grid, "cell_size")) scene_.cellSizeM = ruled(*c, "grid.cell_size", rules::kCellSizeM);
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
    if (!terrain) fail("terrain", "missing (required: one of npy, png, file, flat, procedural)");
    expectObject(*terrain, "terrain");
    std::vector<std::string> kinds;
    for (const char* k : {"npy", "png", "file", "flat", "procedural"})
        if (terrain->contains(k)) kinds.push_back(k);
    if (kinds.size() != 1) {
        std::string got = kinds.empty() ? "none" : kinds[0];
        for (std::size_t i = 1; i < kinds.size(); ++i) got += " and " + kinds[i];
        fail("terrain", "give exactly one of npy, png, file, flat, procedural (got " + got + ")");
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
        const float minM = ruled(*mn, "terrain.min", rules::kElevationM);
        const float maxM = ruled(*mx, "terrain.max", rules::kElevationM);
        if (!(maxM > minM)) fail("terrain.max", "must be greater than terrain.min (got min=" + fmt(minM) + ", max=" + fmt(maxM) + ")");
        const std::filesystem::path p = resolve((*terrain)["png"], path);
        const std::string source = (*terrain)["png"].get<std::string>();
        Result<HeightImage> img = loadHeightmapPng(p, minM, maxM);
        if (!img) fail(path, img.error().message);
        adoptFileSize(img->width, img->height, path, "'" + source + "'");
        checkValues(img->heightsM, img->width, path, source, false);
        scene_.terrainM = std::move(img->heightsM);
    } else if (kind == "file") {
        parseTerrainFile(*terrain);
    } else if (kind == "flat") {
        checkKeys(*terrain, "terrain", {"flat"});
        const float z = ruled((*terrain)["flat"], path, rules::kElevationM);
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
        if (const json* v = find(p, "amplitude")) recipe.amplitudeM = ruled(*v, path + ".amplitude", rules::kAmplitudeM);
        if (const json* v = find(p, "feature_size"))
            recipe.featureSizeCells = ruled(*v, path + ".feature_size", rules::kFeatureSizeCells);
        if (const json* v = find(p, "octaves")) recipe.octaves = int(integerIn(*v, path + ".octaves", 1, 16));
        requireGridSize("procedural terrain has no size of its own");
        scene_.terrainM = generateTerrain(scene_.width, scene_.height, scene_.cellSizeM, recipe);
        procedural_ = recipe;
    }
}

void Loader::parseTerrainFile(const json& terrain) {
    checkKeys(terrain, "terrain", {"file", "min", "max", "resample"});
    HeightfieldRequest request;
    if (const json* mn = find(terrain, "min")) request.minM = ruled(*mn, "terrain.min", rules::kElevationM);
    if (const json* mx = find(terrain, "max")) request.maxM = ruled(*mx, "terrain.max", rules::kElevationM);
    if (request.minM && request.maxM && !(*request.maxM > *request.minM))
        fail("terrain.max", "must be greater than terrain.min (got min=" + fmt(*request.minM) + ", max=" + fmt(*request.maxM) + ")");
    if (const json* rs = find(terrain, "resample")) {
        if (!rs->is_boolean()) fail("terrain.resample", "expected true or false, got " + describeJson(*rs));
        request.resample = rs->get<bool>();
        if (request.resample && !(gridWidth_ && gridHeight_))
            fail("terrain.resample", "needs grid.width and grid.height (the size to resample to)");
    }
    if (gridWidth_ && gridHeight_) {
        request.width = int(*gridWidth_);
        request.height = int(*gridHeight_);
    }
    const std::filesystem::path p = resolve(terrain["file"], "terrain.file");
    const std::string source = terrain["file"].get<std::string>();
    Result<ImportedHeightfield> got = importHeightfield(p, request);
    if (!got) fail("terrain.file", got.error().message);
    adoptFileSize(got->width, got->height, "terrain.file", "'" + source + "'");
    checkValues(got->heightsM, got->width, "terrain.file", source, false);
    // The file's pixel size is the cell size unless grid.cell_size says otherwise.
    const bool cellSizeGiven = gridPresent_ && find(*rootGrid_, "cell_size");
    if (got->cellSizeM > 0 && !cellSizeGiven) {
        if (auto problem = ruleProblem(got->cellSizeM, rules::kCellSizeM))
            fail("terrain.file", "'" + source + "' has a cell size of " + fmt(got->cellSizeM) + " m: " + *problem);
        scene_.cellSizeM = got->cellSizeM;
    }
    scene_.georeference = got->georeference;
    scene_.terrainM = std::move(got->heightsM);
}

void Loader::parseGeoreference(const json* geo) {
    if (!geo) return;
    if (geo->is_object()) checkKeys(*geo, "georeference", {"epsg", "origin"});
    scene_.georeference = readGeoreference(*this, *geo, "georeference");
}

void Loader::parseWater(const json* water) {
    scene_.depthM.assign(scene_.cellCount(), 0.0f);
    if (!water || water->is_null()) return;
    if (water->is_string()) {
        if (water->get<std::string>() == "none") return;
        fail("water", "expected an object, \"none\" or null, got " + describeJson(*water));
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
        const float level = ruled((*water)["surface_level"], "water.surface_level", rules::kElevationM);
        for (std::size_t i = 0; i < scene_.depthM.size(); ++i)
            scene_.depthM[i] = std::max(0.0f, level - scene_.terrainM[i]);
        const float deepest = *std::max_element(scene_.depthM.begin(), scene_.depthM.end());
        if (auto problem = ruleProblem(deepest, rules::kDepthM))
            fail("water.surface_level", "puts " + fmt(deepest) + " m of water over the lowest cell; depth " + *problem);
    }
}

void Loader::parseParams(const json* params) {
    if (!params) return;
    expectObject(*params, "params");
    checkKeys(*params, "params",
              {"model", "dt", "gravity", "friction_law", "friction", "manning_n", "viscosity", "rain", "evaporation",
               "courant", "max_substeps", "erosion"});
    SimParams& p = scene_.params;
    if (const json* v = find(*params, "model")) {
        const std::string m = string(*v, "params.model");
        if (m == "swe") p.model = WaterModel::Swe;
        else if (m == "pipes") p.model = WaterModel::Pipes;
        else fail("params.model", "expected \"swe\" (shallow-water equations) or \"pipes\" (virtual pipes), got \"" + m + "\"");
        p.frictionLaw = defaultFrictionLaw(p.model);  // unless friction_law says otherwise
    }
    if (const json* v = find(*params, "friction_law")) {
        const std::string law = string(*v, "params.friction_law");
        if (law == "manning") p.frictionLaw = FrictionLaw::Manning;
        else if (law == "linear") p.frictionLaw = FrictionLaw::Linear;
        else fail("params.friction_law", "expected \"manning\" or \"linear\", got \"" + law + "\"");
    }
    if (const json* v = find(*params, "manning_n")) p.manningN = ruled(*v, "params.manning_n", rules::kManningN);
    // A parameter of the other friction law would silently do nothing: say so.
    if (find(*params, "friction") && p.frictionLaw != FrictionLaw::Linear)
        warn("'params.friction' is ignored: friction_law is \"" + std::string(toString(p.frictionLaw)) +
             "\" (give manning_n, or set \"friction_law\": \"linear\" to use it)");
    if (find(*params, "manning_n") && p.frictionLaw != FrictionLaw::Manning)
        warn("'params.manning_n' is ignored: friction_law is \"" + std::string(toString(p.frictionLaw)) +
             "\" (set \"friction_law\": \"manning\" to use it)");
    if (const json* v = find(*params, "dt")) p.dtSeconds = ruled(*v, "params.dt", rules::kDtSeconds);
    if (const json* v = find(*params, "gravity")) p.gravity = ruled(*v, "params.gravity", rules::kGravity);
    if (const json* v = find(*params, "friction")) p.friction = ruled(*v, "params.friction", rules::kFriction);
    if (const json* v = find(*params, "viscosity")) p.viscosity = ruled(*v, "params.viscosity", rules::kViscosity);
    if (const json* v = find(*params, "rain")) p.rainMPerS = ruled(*v, "params.rain", rules::kRainMPerS);
    if (const json* v = find(*params, "evaporation"))
        p.evaporationMPerS = ruled(*v, "params.evaporation", rules::kEvaporationMPerS);
    if (const json* v = find(*params, "courant")) p.courantTarget = ruled(*v, "params.courant", rules::kCourant);
    if (const json* v = find(*params, "max_substeps")) p.maxSubsteps = int(integerIn(*v, "params.max_substeps", 1, 4096));
    parseErosion(find(*params, "erosion"), "params.erosion", false);
}

void Loader::parseErosion(const json* erosion, const std::string& path, bool sceneFile) {
    if (!erosion) return;
    expectObject(*erosion, path);
    checkKeys(*erosion, path,
              {"enabled", "capacity", "dissolve", "deposit", "talus_angle", "wet_talus_angle", "thermal_rate",
               "min_slope", "thin_depth", "soft_hardness", "rock_hardness", "soft_thickness", "time_scale"});
    ErosionParams& e = scene_.params.erosion;
    auto at = [&](const char* key) { return path + "." + key; };
    auto number = [&](const char* key, float& out, const NumberRule& rule) {
        if (const json* v = find(*erosion, key)) out = ruled(*v, at(key), rule);
    };
    if (const json* v = find(*erosion, "enabled")) e.enabled = boolean(*v, at("enabled"));
    number("capacity", e.capacity, rules::kErosionCapacityS);
    number("dissolve", e.dissolve, rules::kErosionRatePerS);
    number("deposit", e.deposit, rules::kErosionRatePerS);
    number("talus_angle", e.talusAngleDeg, rules::kTalusAngleDeg);
    number("wet_talus_angle", e.wetTalusAngleDeg, rules::kTalusAngleDeg);
    number("thermal_rate", e.thermalRate, rules::kErosionRatePerS);
    number("min_slope", e.minSlope, rules::kFraction);
    number("thin_depth", e.thinDepthM, rules::kThinDepthM);
    number("soft_hardness", e.softHardness, rules::kFraction);
    number("rock_hardness", e.rockHardness, rules::kFraction);
    number("time_scale", e.timeScale, rules::kErosionTimeScale);
    if (const json* v = find(*erosion, "soft_thickness")) {
        if (v->is_object()) {
            if (!sceneFile)
                fail(at("soft_thickness"), "a field (npy or png) is allowed in scene files only; give a number (m)");
            scene_.softThicknessM = loadCellField(*v, at("soft_thickness"), rules::kSoftThicknessM);
        } else {
            e.softThicknessM = ruled(*v, at("soft_thickness"), rules::kSoftThicknessM);
        }
    }
    if (sceneFile) scene_.erosionSetUp = true;
}

std::vector<float> Loader::loadCellField(const json& spec, const std::string& path, const NumberRule& rule) {
    const bool npy = find(spec, "npy") != nullptr, png = find(spec, "png") != nullptr;
    if (npy == png) fail(path, "give exactly one of npy or png (a number is also accepted)");
    std::vector<float> values;
    std::string source;
    int w = 0, h = 0;
    if (npy) {
        checkKeys(spec, path, {"npy"});
        source = string(spec["npy"], path + ".npy");
        NpyArray arr = loadNpy(spec["npy"], path + ".npy");
        w = arr.cols;
        h = arr.rows;
        values = std::move(arr.data);
    } else {
        checkKeys(spec, path, {"png", "min", "max"});
        const json* mn = find(spec, "min");
        const json* mx = find(spec, "max");
        if (!mn) fail(path + ".min", "missing (required with png: the value of gray level 0)");
        if (!mx) fail(path + ".max", "missing (required with png: the value of the brightest gray level)");
        const float lo = ruled(*mn, path + ".min", rule), hi = ruled(*mx, path + ".max", rule);
        if (!(hi > lo)) fail(path + ".max", "must be greater than " + path + ".min (got min=" + fmt(lo) + ", max=" + fmt(hi) + ")");
        source = string(spec["png"], path + ".png");
        Result<HeightImage> img = loadHeightmapPng(resolve(spec["png"], path + ".png"), lo, hi);
        if (!img) fail(path, img.error().message);
        w = img->width;
        h = img->height;
        values = std::move(img->heightsM);
    }
    if (w != scene_.width || h != scene_.height)
        fail(path, "'" + source + "' is " + std::to_string(w) + "x" + std::to_string(h) + " cells but the grid is " +
                       std::to_string(scene_.width) + "x" + std::to_string(scene_.height) + " (width x height)");
    for (std::size_t i = 0; i < values.size(); ++i)
        if (auto problem = ruleProblem(values[i], rule))
            fail(path, "'" + source + "' has " + fmt(values[i]) + " at index " + std::to_string(i) + " (row " +
                           std::to_string(i / std::size_t(w)) + ", column " + std::to_string(i % std::size_t(w)) + "): " + *problem);
    return values;
}

void Loader::parseBoundary(const json* boundary) {
    if (!boundary) return;
    expectObject(*boundary, "boundary");
    checkKeys(*boundary, "boundary", {"west", "east", "south", "north"});
    // West and east run along y (height cells), south and north along x (width cells).
    for (int side = 0; side < 4; ++side) {
        const char* name = sideName(side);
        if (const json* v = find(*boundary, name))
            scene_.boundary.side(side) =
                readBoundarySide(*this, *v, std::string("boundary.") + name, side < 2 ? scene_.height : scene_.width, warnings_);
    }
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
        if (const json* r = find(e, "radius")) em.radiusCells = ruled(*r, at + ".radius", rules::kRadiusCells);
        const json* rate = find(e, "rate");
        const json* level = find(e, "level");
        if ((rate != nullptr) == (level != nullptr))
            fail(at, std::string("give exactly one of rate (m^3/s) or level (m) (got ") + (rate ? "both" : "neither") + ")");
        const json* maxRate = find(e, "max_rate");
        if (rate) {
            em.mode = EmitterMode::Rate;
            em.rateM3PerS = ruled(*rate, at + ".rate", rules::kRateM3PerS);
            if (maxRate) warn("'" + at + ".max_rate' is ignored with rate (it caps level mode only)");
        } else {
            em.mode = EmitterMode::Level;
            em.levelM = ruled(*level, at + ".level", rules::kElevationM);
            if (maxRate) em.maxRateM3PerS = ruled(*maxRate, at + ".max_rate", rules::kMaxRateM3PerS);
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
    } catch (const JsonFailure& f) {
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
    } catch (const JsonFailure& f) {
        return Error{f.message};
    } catch (const std::exception& e) {
        return Error{where + ": " + e.what()};
    }
}

Result<SceneLoadOutput> loadSceneFile(const std::filesystem::path& path) {
    auto text = readTextFile(path, "scene");
    if (!text) return text.error();
    if (text->find_first_not_of(" \t\r\n") == std::string::npos)
        return Error{path.string() + ": the file is empty (expected a scene JSON object or a .sluice snapshot)"};
    return parseSceneJson(*text, path, path.parent_path());
}

}  // namespace sluice::sim

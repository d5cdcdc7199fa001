#pragma once
// Scene files: a JSON document describing the grid, terrain, initial water, parameters, boundaries and
// emitters. The format (every field, unit, default and error) is documented in docs/SCENE_FORMAT.md.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/procedural_terrain.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::sim {

/// A loaded scene plus the non-fatal remarks about its file (unknown keys, ignored fields), each a full
/// sentence starting with the file name, ready to print.
struct SceneLoadOutput {
    Scene scene;
    std::vector<std::string> warnings;
    /// The recipe when the terrain is procedural (built-in worlds place water and sources from its
    /// layout).
    std::optional<ProceduralTerrain> procedural;
};

/// Largest accepted width or height (cells) and largest cell count of a scene.
inline constexpr int kMaxSceneSide = 65536;
inline constexpr long long kMaxSceneCells = 1LL << 28;

/// Reads and parses a scene file. Relative terrain/water paths are resolved against the directory that
/// holds `path`. Errors name the file and the offending field, e.g.
/// "scenes/a.json: params.dt: must be a positive finite number (got -0.5)". Never throws.
Result<SceneLoadOutput> loadSceneFile(const std::filesystem::path& path);

/// Parses scene JSON held in memory. `fileForMessages` prefixes every error and warning (and gives the
/// default scene name); relative file paths inside the scene are resolved against `baseDir`. Never throws.
Result<SceneLoadOutput> parseSceneJson(std::string_view text, const std::filesystem::path& fileForMessages,
                                       const std::filesystem::path& baseDir);

/// Validates the settings keys of a scene (params, boundary, sources, drains: the output of
/// sim/scene_json.hpp's settingsToJson) for a grid of the given size, with the scene loader's rules
/// and messages ("<where>: params.dt: must be ..."). The returned scene has only those fields set:
/// from `base` where the JSON leaves them out (a partial "params" merges onto base's values), from
/// the defaults when there is no base.
Result<SceneLoadOutput> parseSettingsJson(const nlohmann::json& settings, const std::string& where, int width,
                                          int height, const Scene* base = nullptr);

}  // namespace sluice::sim

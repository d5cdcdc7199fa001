#pragma once
// Named parameter presets: one JSON file per preset, {"params": {...}} in the scene format
// (docs/SCENE_FORMAT.md), in <config dir>/presets/NAME.json.
#include <filesystem>
#include <string>
#include <vector>

#include "sim/params.hpp"
#include "sim/result.hpp"

namespace sluice::app {

/// Names of the presets in `dir` (file names without .json), sorted.
std::vector<std::string> listPresets(const std::filesystem::path& dir);
/// Reads a preset; unspecified keys keep the defaults of SimParams. Errors name the file and field.
Result<sim::SimParams> loadPreset(const std::filesystem::path& dir, const std::string& name);
/// Writes a preset atomically. Names are 1-64 characters of letters, digits, space, '-', '_', '.'
/// (not starting with '.').
Result<void> savePreset(const std::filesystem::path& dir, const std::string& name, const sim::SimParams& p);

}  // namespace sluice::app

#pragma once
// Named parameter presets: one JSON file per preset, {"params": {...}} in the scene format
// (docs/SCENE_FORMAT.md), in <config dir>/presets/NAME.json, plus the presets that ship in
// assets/presets/.
#include <filesystem>
#include <string>
#include <vector>

#include "sim/params.hpp"
#include "gl/result.hpp"

namespace sluice::sim {

/// Names of the presets in `dir` (file names without .json), sorted.
std::vector<std::string> listPresets(const std::filesystem::path& dir);
/// Names of the presets that ship with Sluice (assets/presets/NAME.json, embedded), sorted.
std::vector<std::string> shippedPresets();
/// The user's presets and the shipped ones, sorted, each name once.
std::vector<std::string> allPresets(const std::filesystem::path& dir);
/// Reads a preset: the user's file in `dir`, or else the shipped preset of that name (a user's file
/// overrides a shipped preset), merged onto `base`: keys the preset leaves out keep base's values
/// (the viewer passes the parameters in force, so a preset of friction and viscosity leaves dt
/// alone). Errors name the file and field.
Result<SimParams> loadPreset(const std::filesystem::path& dir, const std::string& name, const SimParams& base = {});
/// Writes a preset atomically. Names are 1-64 characters of letters, digits, space, '-', '_', '.'
/// (not starting with '.').
Result<void> savePreset(const std::filesystem::path& dir, const std::string& name, const SimParams& p);

}  // namespace sluice::sim

#pragma once
// Data the program ships (assets/: built-in worlds, presets, timelines), embedded at build time so the
// binary runs from any directory. With SLUICE_ASSET_DIR set they are read from that directory instead,
// for editing without rebuilding (like SLUICE_SHADER_DIR for shaders).
#include <string>
#include <string_view>
#include <vector>

#include "gl/result.hpp"

namespace sluice::sim {

/// The bytes of the asset at `path`, relative to assets/ ("worlds/valley.json"). The error names the
/// path ("assets/worlds/x.json: no such asset").
Result<std::string> readAsset(std::string_view path);

/// Names (file names without the extension, sorted) of the assets directly in `folder` whose names end
/// in `extension`: listAssets("presets", ".json") -> {"clear-water", ...}.
std::vector<std::string> listAssets(std::string_view folder, std::string_view extension);

}  // namespace sluice::sim

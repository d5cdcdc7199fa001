#pragma once
// Hand-written text files (scenes, timelines): reading one whole and parsing its JSON, with errors
// that name the file.
#include <filesystem>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gl/result.hpp"

namespace sluice::sim {

/// The file's bytes. `what` names the kind of file in messages: "<path>: cannot open <what> file:
/// no such file", "<path>: is a directory, expected a <what> file", "<path>: read error". Never throws.
Result<std::string> readTextFile(const std::filesystem::path& path, std::string_view what);

/// Parses JSON that may hold comments (// and /* */). The error reads "<file>: invalid JSON: parse
/// error at line L, column C: ..." (nlohmann's exception tag dropped). Never throws.
Result<nlohmann::json> parseJsonText(std::string_view text, const std::string& file);

}  // namespace sluice::sim

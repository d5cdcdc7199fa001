#pragma once
// Shader sources: embedded into the binary at build time, or read from disk when SLUICE_SHADER_DIR
// is set in the environment (edit-and-rerun without rebuilding). Paths are relative to shaders/.
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::gl {

/// A shader expanded for glShaderSource: `#version` + defines + the file with `#include "x"` resolved,
/// each piece preceded by `#line N FILE_ID`. fileNames[FILE_ID] maps driver messages back to files.
struct ExpandedShader {
    std::string text;
    std::vector<std::string> fileNames;
};

/// Raw text of one shader file; error if no such shader exists.
Result<std::string> shaderFileText(const std::string& path);

/// Expands a shader for compilation. `defines` is inserted after the #version line as is.
Result<ExpandedShader> expandShader(const std::string& path, const std::string& defines);

}  // namespace sluice::gl

#pragma once
// What the current GL context runs on.

namespace sluice::gl {

/// True when the current context is a software rasteriser (Mesa llvmpipe or softpipe, SwiftShader):
/// shading there costs CPU time per pixel, so callers pick smaller grids and render scales.
/// Needs a current context.
bool isSoftwareRenderer();

}  // namespace sluice::gl

#pragma once
// The C++ side of shaders/render/erosion_fields.glsl: binds erosion's fields (RenderInputs::erosion)
// for a draw and sets the shader's uniforms, the same way for the 3-D view's passes and the map.
#include "gl/buffer.hpp"
#include "gl/program.hpp"
#include "render/render_inputs.hpp"

namespace sluice::render {

/// Binds the three fields at SLUICE_RBIND_SEDIMENT, _SOFT and _BED_CHANGE; without erosion state
/// `standIn` (any buffer) at all three, which nothing reads then (uErosion 0).
void bindErosionFields(const ErosionInputs& erosion, const gl::Buffer& standIn);
/// uErosion (1 with erosion state) and the fields' element offsets of program `p`.
void setErosionUniforms(const gl::Program& p, const ErosionInputs& erosion);

}  // namespace sluice::render

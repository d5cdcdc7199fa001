#pragma once
// C++ view of shaders/sim/brush_math.h, the brush formulas shared with the GLSL kernel.
#include "sim/kernel_math.hpp"

namespace sluice::sim {
namespace brushmath = kmath;
}  // namespace sluice::sim

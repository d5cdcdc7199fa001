#pragma once
// C++ view of shaders/sim/brush_math.h, the brush formulas shared with the GLSL kernel.
#include <algorithm>
#include <cmath>

namespace sluice::sim::brushmath {
using std::max;
using std::min;
using std::sqrt;
#include "shaders/sim/brush_math.h"
}  // namespace sluice::sim::brushmath

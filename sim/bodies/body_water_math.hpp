#pragma once
// The C++ view of shaders/sim/body_water_math.h, the water's terms per volume sample of a body that the
// CPU (water_forces.cpp) and the GPU (shaders/sim/body_forces.comp) share: included once, in its own
// namespace, with glm's vectors and the std functions it uses in scope. Every file that calls it
// compiles with -ffp-contract=off (the sim library), so both sides round every operation alike.
#include <cmath>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

// portable.h's macros (and its functions, in kmath, once per translation unit: its guard keeps it
// from being read again below).
#include "sim/kernel_math.hpp"

namespace sluice::sim::bmath {
using glm::vec2;
using glm::vec3;
using glm::vec4;
using std::abs;
using kmath::floatBitsToUint;
using kmath::uintBitsToFloat;
#include "shaders/sim/body_water_math.h"
}  // namespace sluice::sim::bmath

#pragma once
// The C++ view of the formulas shared with the GLSL kernels (shaders/sim/pipe_math.h, transfer_math.h,
// swe_math.h, boundary_math.h, brush_math.h): included once, in one namespace, with the std functions they use in scope. With
// -ffp-contract=off here and `precise` in GLSL both sides round alike, so the CPU reference and the
// kernels compute the same bits.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace sluice::sim::kmath {
using std::abs;
using std::clamp;
using std::int64_t;
using std::max;
using std::min;
using std::sqrt;
using uint = std::uint32_t;
/// GLSL's roundEven: nearest, ties to even (the default rounding mode of std::nearbyint).
inline float roundEven(float v) { return std::nearbyint(v); }
/// GLSL's bit casts.
inline uint floatBitsToUint(float v) { return std::bit_cast<uint>(v); }
inline float uintBitsToFloat(uint v) { return std::bit_cast<float>(v); }
#include "shaders/sim/pipe_math.h"
#include "shaders/sim/transfer_math.h"
#include "shaders/sim/swe_math.h"
#include "shaders/sim/boundary_math.h"
#include "shaders/sim/brush_math.h"
#include "shaders/sim/erosion_math.h"
}  // namespace sluice::sim::kmath

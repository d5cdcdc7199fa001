#pragma once
// C++ view of shaders/sim/sim_layout.h (the header shared with GLSL).
#include <cstdint>

namespace sluice::sim::gpu {
using uint = std::uint32_t;
using std::int64_t;
#include "shaders/sim/sim_layout.h"
static_assert(sizeof(GpuEmitter) == 48, "std430 layout of GpuEmitter");
static_assert(sizeof(GpuReducePartial) == 32, "std430 layout of GpuReducePartial");
}  // namespace sluice::sim::gpu

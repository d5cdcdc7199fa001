#pragma once
// Scenes that need no files: the one the app opens by default and the benchmark scene.
#include <array>
#include <string_view>

#include "sim/result.hpp"
#include "sim/scene.hpp"

namespace sluice::sim {

/// Names accepted by builtinScene.
inline constexpr std::array<std::string_view, 2> kBuiltinSceneNames = {"default", "bench"};

/// Smallest and largest `size` (cells per side) of a built-in scene.
inline constexpr int kMinBuiltinSize = 16;
inline constexpr int kMaxBuiltinSize = 16384;

/// The scene the app opens: size x size cells of 2 m, "valley" terrain (seed 1, 20 m relief), the lake
/// basin partly filled (only cells inside the basin get water), a Rate-mode river source of
/// max(0.5, size/64) m^3/s in the channel near the south edge, an open north side and walls elsewhere,
/// friction 0.05, dt 0.1 s. `size` is clamped to [kMinBuiltinSize, kMaxBuiltinSize]. Deterministic.
Scene defaultScene(int size);

/// Throughput benchmark: size x size cells of 2 m, "hills" terrain (seed 7, 8 m relief) under a uniform
/// water surface 0.5 m above the highest point, so every cell is wet; walls all round, no emitters,
/// friction 0.05, dt 0.1 s. `size` is clamped like defaultScene. Deterministic.
Scene benchScene(int size);

/// Dry-tile benchmark: benchScene's terrain flattened to a dry plain around a round basin that holds
/// water on about wetFraction (clamped to [0.01, 0.5]) of the cells, its surface tilted so that it
/// sloshes without spilling. Walls all round, no emitters; the rest of the world stays dry.
Scene benchDryScene(int size, float wetFraction);

/// The built-in scene called `name` ("default" or "bench") at size x size cells. Errors for an unknown
/// name (listing the valid ones) or a size outside [kMinBuiltinSize, kMaxBuiltinSize].
Result<Scene> builtinScene(std::string_view name, int size);

}  // namespace sluice::sim

#pragma once
// Built-in worlds: scene descriptions shipped in assets/worlds/NAME.json (embedded in the binary), sized
// at load time (builtin:NAME:SIZE). This file keeps what generates from a description: the terrain
// scale, water placed in the generated basins and sources placed in the generated channels.
#include <string>
#include <string_view>
#include <vector>

#include "gl/result.hpp"
#include "sim/scene.hpp"
#include "sim/world_terrain.hpp"

namespace sluice::sim {

/// The world the viewer opens, and the name that stands for it (builtin:default is builtin:valley).
inline constexpr std::string_view kDefaultWorld = "valley";
inline constexpr std::string_view kDefaultWorldAlias = "default";

/// Names of the built-in worlds (the files in assets/worlds/): kDefaultWorld first, then the others
/// sorted. The alias "default" is not listed (builtinScene accepts it).
std::vector<std::string> builtinSceneNames();

/// Smallest and largest `size` (cells per side) of a built-in scene.
inline constexpr int kMinBuiltinSize = 16;
inline constexpr int kMaxBuiltinSize = 16384;

/// The world the app opens (assets/worlds/valley.json, docs/WORLDS.md): size x size cells of 2 m,
/// "alpine" terrain with 0.4 m of relief per cell of size, its lake and plunge pool full to their
/// spill levels, a Rate spring of max(0.5, size/64) m^3/s near the south edge, an open north side and
/// walls elsewhere, the shallow-water model, dt 0.1 s. `size` is clamped to [kMinBuiltinSize,
/// kMaxBuiltinSize]. Deterministic.
Scene defaultScene(int size);

/// Throughput benchmark (assets/worlds/bench.json): size x size cells of 2 m, "hills" terrain (seed 7,
/// 8 m relief) under a uniform water surface 0.5 m above the highest point, so every cell is wet; walls
/// all round, no emitters, friction 0.05, dt 0.1 s. `size` is clamped like defaultScene. Deterministic.
Scene benchScene(int size);

/// Moving-water benchmark: benchScene's hills under a surface tilted by 4 m from west to east (its
/// lowest point still 0.5 m above the highest hill), so that from the first substep every face carries
/// flow and nothing a kernel could skip stays still: the water sloshes east and back.
Scene benchSloshScene(int size);

/// Dry-tile benchmark: benchScene's terrain flattened to a dry plain around a round basin that holds
/// water on about wetFraction (clamped to [0.01, 0.5]) of the cells, its surface tilted so that it
/// sloshes without spilling. Walls all round, no emitters; the rest of the world stays dry.
Scene benchDryScene(int size, float wetFraction);

/// Where benchPatchScene keeps its water: a centred square, a band of whole rows across the grid, or a
/// band of whole columns.
enum class PatchShape { Square, Rows, Columns };

/// Mostly dry benchmark with the moving-water benchmark's water: benchSloshScene inside a region of
/// about wetFraction (clamped to [0.01, 1]) of the cells shaped by `shape`, and outside it land 10 m
/// above the highest water, dry. Each wet cell holds the same water and flow as in benchSloshScene,
/// so the step's cost per wet cell can be compared with the all-wet grid's on like water (bench
/// --dry-shapes), apart from the region's rim, where the water meets the raised land.
Scene benchPatchScene(int size, float wetFraction, PatchShape shape);
/// The same from benchSloshScene(size) made once (a large grid's terrain takes seconds to make).
Scene benchPatchScene(Scene slosh, float wetFraction, PatchShape shape);

/// The built-in world `name` ("default" meaning kDefaultWorld) at size x size cells. Errors for an
/// unknown name (listing the valid ones),
/// a size outside [kMinBuiltinSize, kMaxBuiltinSize], or a world description that does not load.
Result<Scene> builtinScene(std::string_view name, int size);

/// The named places of built-in world `name` at size x size cells (sim/world_terrain.hpp: the valley's
/// "waterfall" and "lake", the dam's "reservoir" and "breach", ...), from the recipe the world's file
/// gives; empty for a world whose terrain has none. Errors as builtinScene's.
Result<std::vector<WorldMark>> builtinWorldMarks(std::string_view name, int size);

}  // namespace sluice::sim

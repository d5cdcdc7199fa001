#pragma once
// The terrain kinds the built-in worlds are made of (assets/worlds/*.json): "alpine" (a mountain
// valley with a waterfall, a lake and a delta), "reservoir" (a dam across a gorge above a plain with a
// village), "coast" (a river, dunes and a lagoon at the sea) and "terraces" (walled paddies down a
// hillside). Each also names the places the worlds put water, sources and actions at (marks), computed
// from the same layout as the relief without generating it.
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "sim/procedural_terrain.hpp"

namespace sluice::sim {

/// Mean sea level of the "coast" kind (m): the sea bed stays above 0, like every generated height.
inline constexpr float kCoastSeaLevelM = 6.0f;

/// A named place in a generated world.
struct WorldMark {
    std::string name;
    float x = 0, y = 0;       ///< continuous cells (cell (i, j) has its centre at (i + 0.5, j + 0.5))
    float radiusCells = 0;    ///< extent: a source's radius, a breach's radius
    /// A water level or bed height (m) the place asks for (a reservoir's full level, a breach's
    /// floor, the sea's mean level); NaN when it has none.
    float levelM = std::numeric_limits<float>::quiet_NaN();
};

/// True for the kinds this file generates.
bool isWorldKind(std::string_view kind);

/// Heights of a world kind (generateTerrain's contract: row-major, finite, >= 0).
void generateWorldTerrain(std::vector<float>& out, int width, int height, float cellSizeM, const ProceduralTerrain& p);

/// The marks of a world kind on a width x height grid of cellSizeM cells (empty for other kinds).
std::vector<WorldMark> worldMarks(int width, int height, float cellSizeM, const ProceduralTerrain& p);

}  // namespace sluice::sim

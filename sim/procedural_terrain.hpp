#pragma once
// Deterministic procedural terrain. Only integer hashing, + - * /, floor and sqrt are used (all exactly
// rounded in IEEE arithmetic), so a given seed yields bit-identical heights on every platform.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::sim {

/// Terrain kinds understood by generateTerrain (the scene loader rejects any other name). The last four
/// are the built-in worlds' landscapes (sim/world_terrain.hpp).
inline constexpr std::array<std::string_view, 8> kTerrainKinds = {"hills",     "valley", "ramp",  "bowl",
                                                                  "alpine",    "reservoir", "coast", "terraces"};

/// True when `kind` is one of kTerrainKinds.
bool isTerrainKind(std::string_view kind);

/// Recipe for a procedural terrain.
struct ProceduralTerrain {
    std::uint32_t seed = 1;        ///< any value; equal seeds give identical terrain
    std::string kind = "valley";   ///< one of kTerrainKinds
    float amplitudeM = 20;         ///< metres: relief of hills/valley walls, total drop of a ramp, bowl rim height
    float featureSizeCells = 64;   ///< cells: wavelength of the coarsest noise octave (clamped to >= 1)
    int octaves = 5;               ///< noise octaves, each half the size and amplitude of the last (clamped 1..16)
};

/// Geometry of the "valley" kind, shared with the built-in scenes so that they can put the river source
/// in the channel and the lake in the basin. Coordinates are continuous cells (centre of cell (i, j) is
/// (i + 0.5, j + 0.5)); the valley runs from south (y = 0) to north (y = height), downhill to the north.
struct ValleyLayout {
    std::vector<float> channelX;        ///< channel centre line x at the centre of each row y (height values)
    float channelHalfWidthCells = 0;    ///< half width of the river channel
    float channelDepthM = 0;            ///< depth of the channel below the valley floor
    float basinX = 0, basinY = 0;       ///< centre of the lake basin (on the channel)
    float basinRadiusXCells = 0;        ///< semi-axis across the valley
    float basinRadiusYCells = 0;        ///< semi-axis along the valley
    float basinDepthM = 0;              ///< depth of the basin depression at its centre

    /// True when the centre of cell (cx, cy) lies strictly inside the basin ellipse.
    bool inBasin(int cx, int cy) const;
};

/// Layout of the "valley" kind for a width x height grid (independent of params.kind).
ValleyLayout valleyLayout(int width, int height, const ProceduralTerrain& params);

/// Generates width*height bed elevations (metres, row-major y * width + x, y growing north), all finite
/// and >= 0. Kinds: "hills" fractal value noise in [0, amplitude]; "valley" a south->north valley with a
/// meandering channel sloping gently north (at most a 0.5 % grade), hills on both sides and a lake basin
/// about 55 % of the way along; "ramp" a plane falling by `amplitude` toward +x plus 2 % noise; "bowl"
/// a paraboloid, exactly symmetric under x -> width-1-x and y -> height-1-y, `amplitude` high at the
/// inscribed circle; "alpine", "reservoir", "coast", "terraces" as sim/world_terrain.hpp describes. cellSizeM (> 0) sets the physical grade of the valley floor. An unknown kind is a
/// programmer error (asserts; flat zero terrain in release builds).
std::vector<float> generateTerrain(int width, int height, float cellSizeM, const ProceduralTerrain& params);

}  // namespace sluice::sim

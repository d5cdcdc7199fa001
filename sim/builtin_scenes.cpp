#include "sim/builtin_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "sim/procedural_terrain.hpp"

namespace sluice::sim {

namespace {

constexpr float kCellSizeM = 2.0f;

/// Noise features scale with the grid so that a bigger scene shows the same landscape in more detail.
float featureSizeFor(int size) { return std::max(8.0f, float(size) / 8.0f); }

}  // namespace

Scene defaultScene(int size) {
    size = std::clamp(size, kMinBuiltinSize, kMaxBuiltinSize);
    ProceduralTerrain recipe;
    recipe.seed = 1;
    recipe.kind = "valley";
    recipe.amplitudeM = 20.0f;
    recipe.featureSizeCells = featureSizeFor(size);
    recipe.octaves = 5;

    Scene s;
    s.name = "default";
    s.width = s.height = size;
    s.cellSizeM = kCellSizeM;
    s.terrainM = generateTerrain(size, size, kCellSizeM, recipe);
    s.depthM.assign(s.cellCount(), 0.0f);

    // Lake: fill the basin to 70 % of the way from its bottom to its lowest rim cell (a basin cell with a
    // 4-neighbour outside the basin). Rim cells stay dry, so the water is enclosed and starts at rest.
    const ValleyLayout lay = valleyLayout(size, size, recipe);
    const auto at = [&](int x, int y) { return s.terrainM[std::size_t(y) * std::size_t(size) + std::size_t(x)]; };
    const auto inside = [&](int x, int y) { return x >= 0 && y >= 0 && x < size && y < size && lay.inBasin(x, y); };
    float bottom = std::numeric_limits<float>::infinity(), spill = std::numeric_limits<float>::infinity();
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            if (!inside(x, y)) continue;
            bottom = std::min(bottom, at(x, y));
            if (!inside(x - 1, y) || !inside(x + 1, y) || !inside(x, y - 1) || !inside(x, y + 1))
                spill = std::min(spill, at(x, y));
        }
    if (std::isfinite(bottom) && std::isfinite(spill) && spill > bottom) {
        const float level = bottom + 0.7f * (spill - bottom);
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                if (inside(x, y))
                    s.depthM[std::size_t(y) * std::size_t(size) + std::size_t(x)] = std::max(0.0f, level - at(x, y));
    }

    // River: a source in the channel near the south (upstream) edge. size/64 m^3/s (8 m^3/s at 512) fills
    // the channel visibly within the first simulated minute.
    const int sy = std::clamp(int(std::lround(0.04 * size)), 2, size - 1);
    Emitter river;
    river.x = lay.channelX[std::size_t(sy)];
    river.y = float(sy) + 0.5f;
    river.radiusCells = std::max(1.5f, 0.75f * lay.channelHalfWidthCells);
    river.mode = EmitterMode::Rate;
    river.rateM3PerS = std::max(0.5f, float(size) / 64.0f);
    s.sources.push_back(river);

    s.boundary.north.kind = BoundaryKind::Open;  // the river leaves the map to the north
    s.params.friction = 0.05f;
    s.params.dtSeconds = 0.1f;
    return s;
}

Scene benchScene(int size) {
    size = std::clamp(size, kMinBuiltinSize, kMaxBuiltinSize);
    ProceduralTerrain recipe;
    recipe.seed = 7;
    recipe.kind = "hills";
    recipe.amplitudeM = 8.0f;
    recipe.featureSizeCells = featureSizeFor(size);
    recipe.octaves = 5;

    Scene s;
    s.name = "bench";
    s.width = s.height = size;
    s.cellSizeM = kCellSizeM;
    s.terrainM = generateTerrain(size, size, kCellSizeM, recipe);
    const float top = *std::max_element(s.terrainM.begin(), s.terrainM.end());
    const float level = top + 0.5f;
    s.depthM.resize(s.cellCount());
    for (std::size_t i = 0; i < s.depthM.size(); ++i) s.depthM[i] = level - s.terrainM[i];  // >= 0.5 m everywhere
    s.params.friction = 0.05f;
    s.params.dtSeconds = 0.1f;
    return s;
}

Result<Scene> builtinScene(std::string_view name, int size) {
    try {
        if (size < kMinBuiltinSize || size > kMaxBuiltinSize)
            return Error{"built-in scene '" + std::string(name) + "': size " + std::to_string(size) + " is outside " +
                         std::to_string(kMinBuiltinSize) + ".." + std::to_string(kMaxBuiltinSize)};
        if (name == "default") return defaultScene(size);
        if (name == "bench") return benchScene(size);
        std::string valid;
        for (std::string_view n : kBuiltinSceneNames) valid += (valid.empty() ? "" : ", ") + std::string(n);
        return Error{"unknown built-in scene '" + std::string(name) + "' (valid: " + valid + ")"};
    } catch (const std::exception& e) {  // allocation failure for a huge size
        return Error{"built-in scene '" + std::string(name) + "': " + e.what()};
    }
}

}  // namespace sluice::sim

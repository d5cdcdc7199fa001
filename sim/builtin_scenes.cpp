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

Scene benchDryScene(int size, float wetFraction) {
    Scene s = benchScene(size);
    s.name = "bench-dry";
    size = s.width;
    wetFraction = std::clamp(wetFraction, 0.01f, 0.5f);
    // A paraboloid basin 40 m deep whose waterline (surface at -4 m, tilted by +-2 m) encloses about
    // pi r_w^2 = wetFraction * size^2 cells; the rim rises to 0 m at r = r_w / sqrt(0.9) and the plain
    // around it sits at +1 m with 0.1 of the hills' relief, so it never gets wet.
    const float depthM = 40.0f;
    const float wetRadius = float(size) * std::sqrt(wetFraction / 3.14159265f);
    const float radius = wetRadius / std::sqrt(0.9f);
    const float cx = 0.5f * float(size), cy = 0.5f * float(size);
    const float hillBase = *std::min_element(s.terrainM.begin(), s.terrainM.end());
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(size) + std::size_t(x);
            const float dx = (float(x) + 0.5f - cx) / radius, dy = (float(y) + 0.5f - cy) / radius;
            const float d2 = dx * dx + dy * dy;
            const float hills = 0.1f * (s.terrainM[i] - hillBase);
            const float bed = d2 < 1.0f ? -depthM * (1.0f - d2) : 1.0f + hills;
            s.terrainM[i] = bed;
            const float surface = -4.0f + 2.0f * dx;
            s.depthM[i] = d2 < 0.9f ? std::max(0.0f, surface - bed) : 0.0f;
        }
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

// The sun-shadow map (render/sun_shadow_map.hpp) against the ray march it replaces, on the headless
// context: its texels match a CPU march of the same heightfield at every cell centre, a frame with
// nothing changed re-marches nothing, a terrain edit re-marches only the tiles downwind of it in the
// sun's direction (and the result matches the edited terrain), and a new sun direction redoes all.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "render/solver_inputs.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"

namespace sluice::test {
namespace {

constexpr int kW = 192, kH = 160;  // 3 x 3 chunks, 12 x 10 tiles of 16 x 16 cells
constexpr float kDx = 2.0f;
constexpr int kTiles = 12 * 10;

// Rolling ground with a ridge at x = 60 cells, like the golden "hills" scene but wider.
sim::Scene hills() {
    sim::Scene s = flatScene(kW, kH, kDx);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const float ridge = 24.0f * std::exp(-std::pow((float(x) - 60.0f) / 7.0f, 2.0f)) *
                                (0.7f + 0.3f * std::sin(0.09f * float(y)));
            s.terrainM[std::size_t(y) * kW + std::size_t(x)] =
                ridge + 2.5f * std::sin(0.13f * float(x)) * std::cos(0.11f * float(y));
        }
    return s;
}

glm::vec3 sunDirection(const render::ViewSettings& v) {
    const float ce = std::cos(v.sunElevationRad);
    return glm::normalize(glm::vec3(std::sin(v.sunAzimuthRad) * ce, std::cos(v.sunAzimuthRad) * ce,
                                    std::sin(v.sunElevationRad)));
}

// The shader's march (render_common.glsl sunVisibilityUnclamped, then clamped) in C++, from the
// centre of cell (cx, cy) 5 % of a cell above the bed.
float referenceVisibility(const std::vector<float>& bed, const glm::vec3& sun, int cx, int cy) {
    auto at = [&](int x, int y) {
        return bed[std::size_t(std::clamp(y, 0, kH - 1)) * kW + std::size_t(std::clamp(x, 0, kW - 1))];
    };
    auto bilinear = [&](float px, float py) {
        const float gx = px / kDx - 0.5f, gy = py / kDx - 0.5f;
        const int x = int(std::floor(gx)), y = int(std::floor(gy));
        const float fx = gx - float(x), fy = gy - float(y);
        const float lo = at(x, y) + (at(x + 1, y) - at(x, y)) * fx;
        const float hi = at(x, y + 1) + (at(x + 1, y + 1) - at(x, y + 1)) * fx;
        return lo + (hi - lo) * fy;
    };
    const float maxBed = *std::max_element(bed.begin(), bed.end());
    const glm::vec3 p((float(cx) + 0.5f) * kDx, (float(cy) + 0.5f) * kDx, at(cx, cy) + 0.05f * kDx);
    float t = 0.6f * kDx, visible = 1.0f;
    for (int i = 0; i < 40; ++i) {
        const glm::vec3 q = p + sun * t;
        if (q.z > maxBed || q.x < 0 || q.y < 0 || q.x > float(kW) * kDx || q.y > float(kH) * kDx) break;
        visible = std::min(visible, 12.0f * (q.z - bilinear(q.x, q.y)) / t);
        if (visible <= 0.0f) return 0.0f;
        t += std::max(0.5f * kDx, t * 0.12f);
    }
    return std::clamp(visible, 0.0f, 1.0f);
}

struct MapComparison {
    float maxAbs = 0, meanAbs = 0;
    float shadowedFraction = 0;  ///< cells with reference visibility below 0.5
};

MapComparison compareWithReference(const render::SunShadowMap& map, const std::vector<float>& bed,
                                   const glm::vec3& sun) {
    const std::vector<float> got = map.downloadVisibility();
    MapComparison c;
    if (got.size() != bed.size()) {
        c.maxAbs = 1e9f;
        return c;
    }
    double sum = 0;
    int shadowed = 0;
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const float ref = referenceVisibility(bed, sun, x, y);
            const float d = std::abs(got[std::size_t(y) * kW + std::size_t(x)] - ref);
            c.maxAbs = std::max(c.maxAbs, d);
            sum += d;
            shadowed += ref < 0.5f ? 1 : 0;
        }
    c.meanAbs = float(sum / double(bed.size()));
    c.shadowedFraction = float(shadowed) / float(bed.size());
    return c;
}

class ShadowMapTest : public ::testing::Test {
protected:
    void SetUp() override {
        scene_ = hills();
        solver_ = makeSolver("gpu", scene_);
        ASSERT_TRUE(solver_);
        renderer_ = makeRenderer();
        ASSERT_TRUE(renderer_);
        renderer_->forceBoundsLag(0);
        look_.sunElevationRad = 0.25f;  // 14 degrees: long shadows east of the ridge
        look_.sunAzimuthRad = 4.71f;    // from the west
    }
    void draw() {
        const render::Camera cam = orbitCamera({192.0f, 160.0f, 5.0f}, 0.0f, 50.0f, 400.0f);
        renderImage(*renderer_, render::solverInputs(gpu()), cam, look_, 64, 40);
    }
    sim::GpuSolver& gpu() { return dynamic_cast<sim::GpuSolver&>(*solver_); }
    const render::SunShadowMap& map() { return *renderer_->sunShadowMap(); }

    sim::Scene scene_;
    std::unique_ptr<sim::Solver> solver_;
    std::unique_ptr<render::SceneRenderer> renderer_;
    render::ViewSettings look_;
};

// Tolerances: the map stores the unclamped value in 8 bits over [-1, 1] (steps of 0.008); the rest
// is float rounding of the same march on the GPU.
constexpr float kMaxError = 0.02f, kMeanError = 0.003f;

TEST_F(ShadowMapTest, MatchesTheRayMarchAtEveryCellCentre) {
    draw();
    ASSERT_NE(renderer_->sunShadowMap(), nullptr);
    const MapComparison c = compareWithReference(map(), scene_.terrainM, sunDirection(look_));
    EXPECT_LE(c.maxAbs, kMaxError);
    EXPECT_LE(c.meanAbs, kMeanError);
    EXPECT_GT(c.shadowedFraction, 0.1f) << "the low sun should leave a long shadow east of the ridge";
    EXPECT_LT(c.shadowedFraction, 0.6f);
    EXPECT_EQ(map().tilesUpdatedLastFrame(), kTiles) << "the first frame marches every tile";
    EXPECT_DOUBLE_EQ(renderer_->lastStats().gridBytesPerCell,
                     double(renderer_->lastStats().gridBytes) / double(kW * kH));
    // The terrain look's maps: AO 2 bytes per cell, wetness 1 (plus per-chunk bookkeeping).
    const double cells = double(kW * kH);
    const double lookBytes = double(renderer_->terrainAoMap()->bytes() + renderer_->wetnessMap()->bytes());
    EXPECT_LT(lookBytes / cells, 3.1) << "AO 2 bytes per cell, wetness 1";
    EXPECT_LT(renderer_->lastStats().gridBytesPerCell - lookBytes / cells, 4.1)
        << "sun-shadow + shore maps: 1 byte per cell each; water foam (render/water_foam.hpp): 2 (two R8 textures)";
}

TEST_F(ShadowMapTest, OnlyTilesThatSeeTheSunThroughAnEditAreMarchedAgain) {
    draw();
    draw();
    EXPECT_EQ(map().tilesUpdatedLastFrame(), 0) << "nothing changed, nothing to march";

    // A 12 m tower on the low ground of the middle chunk (cells 130..137 x 70..77), below the ridge's
    // top so the highest bed stays the same: its shadow falls east, toward +x.
    const sim::CellBox box{130, 70, 8, 8};
    std::vector<float> block(box.cellCount());
    for (int y = 0; y < box.h; ++y)
        for (int x = 0; x < box.w; ++x) {
            const std::size_t i = std::size_t(box.y0 + y) * kW + std::size_t(box.x0 + x);
            scene_.terrainM[i] += 12.0f;
            block[std::size_t(y) * std::size_t(box.w) + std::size_t(x)] = scene_.terrainM[i];
        }
    ASSERT_LT(scene_.terrainM[std::size_t(75) * kW + 133], 20.0f);
    solver_->writeTerrainRegion(box, block.data());
    draw();
    // Only chunk (2, 1) changed: cells x 128..191, y 64..128, padded by 2 cells. The sun shines from
    // the west, so the tiles whose westward rays can cross it are those reaching x >= 126 (tile
    // columns 7..11) in the rows overlapping y 62..130 (tile rows 3..8): 30 of 120.
    EXPECT_EQ(map().tilesUpdatedLastFrame(), 5 * 6);
    const MapComparison c = compareWithReference(map(), scene_.terrainM, sunDirection(look_));
    EXPECT_LE(c.maxAbs, kMaxError) << "the map must show the tower's shadow";
    EXPECT_LE(c.meanAbs, kMeanError);
    // The tower's shadow: cells just east of it are now in shadow.
    EXPECT_LT(map().downloadVisibility()[std::size_t(74) * kW + 142], 0.1f);
    draw();
    EXPECT_EQ(map().tilesUpdatedLastFrame(), 0);
}

TEST_F(ShadowMapTest, ANewSunDirectionRedoesTheWholeMap) {
    draw();
    look_.sunAzimuthRad = 1.2f;  // from the east-north-east
    look_.sunElevationRad = 0.35f;
    draw();
    EXPECT_EQ(map().tilesUpdatedLastFrame(), kTiles);
    const MapComparison c = compareWithReference(map(), scene_.terrainM, sunDirection(look_));
    EXPECT_LE(c.maxAbs, kMaxError);
    EXPECT_LE(c.meanAbs, kMeanError);
    EXPECT_GT(c.shadowedFraction, 0.05f);
}

TEST_F(ShadowMapTest, RaisingTheHighestBedRedoesTheWholeMap) {
    draw();
    // A spike on the ridge's crest above everything: the rays' ceiling moves for every cell.
    const sim::CellBox box{60, 20, 2, 2};
    std::vector<float> block(box.cellCount());
    for (int y = 0; y < box.h; ++y)
        for (int x = 0; x < box.w; ++x) {
            const std::size_t i = std::size_t(box.y0 + y) * kW + std::size_t(box.x0 + x);
            scene_.terrainM[i] = 40.0f;
            block[std::size_t(y) * std::size_t(box.w) + std::size_t(x)] = 40.0f;
        }
    solver_->writeTerrainRegion(box, block.data());
    draw();
    EXPECT_EQ(map().tilesUpdatedLastFrame(), kTiles);
    const MapComparison c = compareWithReference(map(), scene_.terrainM, sunDirection(look_));
    EXPECT_LE(c.maxAbs, kMaxError);
    EXPECT_LE(c.meanAbs, kMeanError);
}

}  // namespace
}  // namespace sluice::test

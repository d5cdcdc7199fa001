// Regions of a field written and read back on the GPU (Solver::writeRegion / readRegion: undo, redo,
// restores of brush strokes) in each layout of its fields (shaders/sim/field_layout.h): a box across
// the tiles' borders goes in and comes out as it went, leaves every other cell as it was, and the
// whole field then reads as the CPU reference's after the same edit.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "tests/support/backends.hpp"

namespace sluice::test {

class FieldRegions : public ::testing::TestWithParam<std::string> {};

TEST_P(FieldRegions, ABoxAcrossTileBordersGoesInAndComesOutUnchanged) {
    sim::Scene scene = flatScene(300, 40, 1.0f);
    for (std::size_t i = 0; i < scene.terrainM.size(); ++i) scene.terrainM[i] = 0.01f * float(i % 977);
    auto gpu = makeSolver(GetParam(), scene);
    auto cpu = makeSolver("cpu", scene);
    ASSERT_TRUE(gpu && cpu);
    // 140 x 20 cells from (120, 14): across the tile columns' border at x = 128 and the tile rows'
    // at y = 16 and 32.
    const sim::CellBox box{120, 14, 140, 20};
    std::vector<std::uint32_t> values(std::size_t(box.w) * std::size_t(box.h));
    for (std::size_t k = 0; k < values.size(); ++k) values[k] = std::uint32_t(1000 + 7 * k);  // depth units
    for (auto* s : {gpu.get(), cpu.get()}) s->writeRegion(sim::Solver::Field::Depth, box, values.data());
    std::vector<std::uint32_t> back(values.size());
    gpu->readRegion(sim::Solver::Field::Depth, box, back.data());
    EXPECT_EQ(back, values);
    // A larger box around it: the ring outside the edit still dry.
    const sim::CellBox around{100, 5, 200, 35};
    std::vector<std::uint32_t> wide(std::size_t(around.w) * std::size_t(around.h));
    gpu->readRegion(sim::Solver::Field::Depth, around, wide.data());
    int wet = 0;
    for (std::uint32_t v : wide) wet += v != 0u;
    EXPECT_EQ(wet, box.w * box.h);
    // The bed, read as a block, is the scene's.
    std::vector<std::uint32_t> bed(std::size_t(around.w) * std::size_t(around.h));
    gpu->readRegion(sim::Solver::Field::Terrain, around, bed.data());
    for (int y = 0; y < around.h; ++y)
        for (int x = 0; x < around.w; ++x) {
            float b;
            std::memcpy(&b, &bed[std::size_t(y * around.w + x)], 4);
            ASSERT_EQ(b, scene.terrainM[std::size_t((around.y0 + y) * scene.width + around.x0 + x)]) << x << "," << y;
        }
    // Whole fields: as on the CPU.
    const sim::FieldSnapshot a = cpu->download(), g = gpu->download();
    EXPECT_EQ(a.depthUnits, g.depthUnits);
    EXPECT_EQ(a.terrainM, g.terrainM);
}

INSTANTIATE_TEST_SUITE_P(Layouts, FieldRegions, ::testing::Values(std::string("gpu-rows"), std::string("gpu-tiles"), std::string("gpu-strips")),
                         [](const auto& p) { return test::backendTestName(p.param); });

}  // namespace sluice::test

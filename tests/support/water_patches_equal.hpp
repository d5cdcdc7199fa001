#pragma once
// The kernel tests of the step's formulas (water_patch.comp, water_tile.comp) compare a GPU result
// with sim::stepWaterPatches' to the bit: every array of the water and the speeds.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "sim/water_patch.hpp"

namespace sluice::test {

inline bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

/// Expects the same depths, flows, velocities and speeds, bit for bit.
inline void expectSameWater(const sim::WaterPatches& gpu, const sim::WaterPatches& cpu) {
    EXPECT_EQ(gpu.depth, cpu.depth);
    EXPECT_TRUE(sameBits(gpu.flowX, cpu.flowX));
    EXPECT_TRUE(sameBits(gpu.flowY, cpu.flowY));
    EXPECT_TRUE(sameBits(gpu.velocityX, cpu.velocityX));
    EXPECT_TRUE(sameBits(gpu.velocityY, cpu.velocityY));
    EXPECT_TRUE(sameBits(gpu.demand, cpu.demand));
    EXPECT_TRUE(sameBits(gpu.allowed, cpu.allowed));
}

}  // namespace sluice::test

// What a BodyWorld tells the summer of its forces (sim::BodySampleSummer, the GPU's forces): the
// samples' version changes whenever the list of bodies does and stays put otherwise, and no two
// worlds share one (a solver's summer outlives a world: after a reset or a loaded snapshot it must
// not take the new world's bodies for the old ones' and keep their samples); the states handed to
// sum() are the bodies' own.
#include <gtest/gtest.h>

#include <vector>

#include "sim/bodies/body_world.hpp"

using namespace sluice;

namespace {

struct Recorder final : sim::BodySampleSummer {
    std::vector<std::uint64_t> versions;
    std::vector<std::size_t> counts;
    void setWater(const std::vector<const std::vector<sim::BodySample>*>& samples, std::uint64_t version,
                  const std::vector<const sim::WaterField*>&, const sim::HydroParams&) override {
        versions.push_back(version);
        counts.push_back(samples.size());
    }
    void sum(const std::vector<sim::BodyState>& states, const std::vector<std::uint8_t>&,
             std::vector<sim::bmath::BodySums>& out) override {
        out.assign(states.size(), sim::bmath::bodyNoSums());
    }
};

sim::BodySpec logAt(float x) {
    sim::BodySpec s;
    s.shape = sim::BodyShape::Log;
    s.sizeM = {2.0f, 0.4f, 0.4f};
    s.positionM = {x, 5.0f, 1.0f};
    return s;
}

}  // namespace

TEST(BodySummerContract, SamplesVersionChangesWithTheBodiesAndDiffersBetweenWorlds) {
    if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    const std::vector<float> bed(20 * 10, 0.0f);
    const sim::WaterField dry(20, 10, 1.0f, bed, std::vector<float>(bed.size(), 0.0f),
                              std::vector<glm::vec2>(bed.size(), glm::vec2(0.0f)));
    Recorder rec;
    const auto stepWith = [&](sim::BodyWorld& w) {
        w.step(0.05f, std::vector<const sim::WaterField*>(w.bodies().size(), &dry), &rec);
    };
    auto a = sim::BodyWorld::create(20, 10, 1.0f, bed);
    ASSERT_TRUE(a);
    ASSERT_TRUE((*a)->add(logAt(5.0f)));
    ASSERT_TRUE((*a)->add(logAt(9.0f)));
    stepWith(**a);
    stepWith(**a);
    ASSERT_EQ(rec.versions.size(), 2u);
    EXPECT_EQ(rec.versions[0], rec.versions[1]) << "nothing changed between the steps";
    const int third = *(*a)->add(logAt(13.0f));
    stepWith(**a);
    EXPECT_NE(rec.versions[2], rec.versions[1]) << "a body was added";
    (*a)->remove(third);
    stepWith(**a);
    EXPECT_NE(rec.versions[3], rec.versions[2]) << "a body was removed";
    EXPECT_EQ(rec.counts[3], 2u);

    // A second world with as many bodies, added as the first's were: its own version.
    auto b = sim::BodyWorld::create(20, 10, 1.0f, bed);
    ASSERT_TRUE(b);
    ASSERT_TRUE((*b)->add(logAt(6.0f)));
    ASSERT_TRUE((*b)->add(logAt(10.0f)));
    stepWith(**b);
    for (std::size_t k = 0; k < 4; ++k) EXPECT_NE(rec.versions[4], rec.versions[k]) << "world b took world a's version " << k;
}

// The water's forces on the bodies summed on the GPU (sim::GpuBodyForces, shaders/sim/body_forces.comp)
// are the CPU's (sim::sampleSums) to the bit, for bodies of every shape in tilted poses across
// sloping water, wet/dry borders, the grid's edge and their windows' edges, partly or wholly above
// the water, and with bodies asleep, whose sums the GPU leaves as they were.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <cstring>
#include <vector>

#include <glm/gtc/quaternion.hpp>

#include "sim/bodies/body_world.hpp"
#include "sim/bodies/water_forces.hpp"
#include "sim/solver.hpp"
#include "tests/support/backends.hpp"

using namespace sluice;

namespace {

constexpr int kW = 40, kH = 30;
constexpr float kDx = 0.5f;

// A valley across x whose water stands deeper and tilts toward the east, dry on its north bank,
// flowing east and swirling; cell (i, j) row-major from the south.
sim::WaterField sloping() {
    std::vector<float> bed, depth;
    std::vector<glm::vec2> velocity;
    for (int j = 0; j < kH; ++j)
        for (int i = 0; i < kW; ++i) {
            const float y = (float(j) + 0.5f) * kDx, x = (float(i) + 0.5f) * kDx;
            const float b = 0.1f * (y - 6.0f) * (y - 6.0f) / 4.0f + 0.02f * x;
            const float surface = 1.3f - 0.015f * x + 0.05f * std::sin(0.7f * x + 0.3f * y);
            bed.push_back(b);
            depth.push_back(std::max(0.0f, surface - b));
            velocity.push_back({1.2f + 0.1f * std::cos(0.5f * y), 0.3f * std::sin(0.4f * x)});
        }
    return sim::WaterField(kW, kH, kDx, bed, depth, velocity);
}

// The same water seen through a window of the grid (as a body's patch is): look-ups past it read
// its edge cells.
sim::WaterField windowOf(const sim::WaterField& whole, int x0, int y0, int w, int h) {
    sim::WaterPatch p;
    p.box = sim::CellBox{x0, y0, w, h};
    p.faceVelocities = true;
    for (int y = y0; y < y0 + h; ++y)
        for (int x = x0; x < x0 + w; ++x) {
            p.bedM.push_back(whole.bareBedM(x, y));
            p.depthUnits.push_back(sim::depthToUnits(whole.depthM(x, y)));
        }
    // Face velocities that average to a swirl.
    for (int y = 0; y < h; ++y)
        for (int x = 0; x <= w; ++x) p.faceX.push_back(0.8f + 0.05f * float(x) - 0.03f * float(y));
    for (int y = 0; y <= h; ++y)
        for (int x = 0; x < w; ++x) p.faceY.push_back(-0.2f + 0.04f * float(y * x % 7));
    return sim::WaterField::fromPatch(p, kW, kH, kDx);
}

struct Case {
    sim::BodySpec spec;
    sim::BodyState state;
    bool windowed;
};

sim::BodyState pose(glm::vec3 at, float yawDeg, float pitchDeg, float rollDeg) {
    sim::BodyState s;
    s.positionM = at;
    s.orientation = glm::angleAxis(glm::radians(yawDeg), glm::vec3(0, 0, 1)) *
                    glm::angleAxis(glm::radians(pitchDeg), glm::vec3(0, 1, 0)) *
                    glm::angleAxis(glm::radians(rollDeg), glm::vec3(1, 0, 0));
    return s;
}

sim::BodySpec spec(sim::BodyShape shape, glm::vec3 size) {
    sim::BodySpec s;
    s.shape = shape;
    s.sizeM = size;
    return s;
}

std::array<float, 14> words(const sim::bmath::BodySums& a) {
    return {a.force.x, a.force.y, a.force.z, a.torque.x, a.torque.y, a.torque.z, a.volume,
            a.submerged, a.centre.x, a.centre.y, a.centre.z, a.current.x, a.current.y, a.waterline};
}

bool sameBits(const sim::bmath::BodySums& a, const sim::bmath::BodySums& b) {
    const auto wa = words(a), wb = words(b);
    return std::memcmp(wa.data(), wb.data(), sizeof(float) * wa.size()) == 0;
}

// Which sums differ, and how: "force.x 1.5 vs 1.50000012; ...".
std::string differences(const sim::bmath::BodySums& gpu, const sim::bmath::BodySums& cpu) {
    static const char* names[14] = {"force.x", "force.y", "force.z", "torque.x", "torque.y", "torque.z", "volume",
                                    "submerged", "centre.x", "centre.y", "centre.z", "current.x", "current.y", "waterline"};
    const auto a = words(gpu), b = words(cpu);
    std::ostringstream out;
    out.precision(9);
    for (std::size_t k = 0; k < a.size(); ++k)
        if (std::memcmp(&a[k], &b[k], sizeof(float)) != 0) out << names[k] << " " << a[k] << " vs " << b[k] << "; ";
    return out.str();
}

}  // namespace

TEST(GpuBodyForces, SumTheWaterOnEveryBodyToTheCpusBits) {
    auto solver = test::makeSolver("gpu", test::flatScene(8, 8, 1.0f));
    ASSERT_TRUE(solver);
    sim::BodySampleSummer* gpu = solver->bodySummer();
    ASSERT_NE(gpu, nullptr) << "the bodies' force kernel did not compile";

    const sim::WaterField whole = sloping();
    const sim::WaterField window = windowOf(whole, 6, 4, 12, 10);
    using S = sim::BodyShape;
    const std::vector<Case> cases = {
        {spec(S::Log, {4.0f, 0.6f, 0.6f}), pose({8.0f, 4.0f, 1.1f}, 20, 10, 35), false},     // across the surface
        {spec(S::Box, {1.0f, 1.0f, 1.0f}), pose({5.0f, 5.0f, 0.4f}, 0, 0, 0), false},         // under water
        {spec(S::Boat, {5.0f, 2.0f, 1.0f}), pose({12.0f, 6.0f, 1.2f}, -40, 5, -8), false},    // afloat
        {spec(S::Block, {1.6f, 1.0f, 1.6f}), pose({10.0f, 11.0f, 1.5f}, 15, 0, 0), false},    // on the bank
        {spec(S::Box, {0.6f, 0.6f, 0.6f}), pose({0.1f, 0.2f, 1.0f}, 45, 30, 0), false},       // at the grid's corner
        {spec(S::Log, {3.0f, 0.4f, 0.4f}), pose({19.9f, 7.0f, 1.0f}, 80, 0, 60), false},      // past the east edge
        {spec(S::Box, {1.0f, 1.0f, 1.0f}), pose({8.0f, 6.0f, 9.0f}, 0, 0, 0), false},         // high above the water
        {spec(S::Block, {8.0f, 6.0f, 0.3f}), pose({10.0f, 7.0f, 1.25f}, 5, 2, 1), false},     // a raft: 1000 samples
        {spec(S::Log, {6.0f, 0.8f, 0.8f}), pose({6.0f, 4.5f, 1.0f}, -30, 0, 10), true},       // past its window
        {spec(S::Boat, {3.0f, 1.2f, 0.8f}), pose({5.0f, 3.5f, 1.2f}, 100, -10, 20), true},
    };
    std::vector<std::vector<sim::BodySample>> samples;
    std::vector<const std::vector<sim::BodySample>*> samplesOf;
    std::vector<const sim::WaterField*> waterOf;
    std::vector<sim::BodyState> states;
    for (const Case& c : cases) samples.push_back(sim::volumeSamples(c.spec));
    for (std::size_t i = 0; i < cases.size(); ++i) {
        samplesOf.push_back(&samples[i]);
        waterOf.push_back(cases[i].windowed ? &window : &whole);
        states.push_back(cases[i].state);
    }
    ASSERT_GT(samples[7].size(), 500u) << "the raft should need many passes of a work group";
    sim::HydroParams hydro;
    gpu->setWater(samplesOf, 1, waterOf, hydro);
    // Every body awake, then every other one asleep (its sums must stay as they were: marked).
    for (int round = 0; round < 2; ++round) {
        std::vector<std::uint8_t> awake(cases.size(), 1);
        std::vector<sim::bmath::BodySums> out(cases.size(), sim::bmath::bodyNoSums());
        sim::bmath::BodySums marker = sim::bmath::bodyNoSums();
        marker.volume = -7.0f;
        if (round == 1)
            for (std::size_t i = 0; i < cases.size(); i += 2) {
                awake[i] = 0;
                out[i] = marker;
            }
        gpu->sum(states, awake, out);
        int wet = 0, pushed = 0, cut = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            if (!awake[i]) {
                EXPECT_TRUE(sameBits(out[i], marker)) << "asleep body " << i << " was written";
                continue;
            }
            const sim::bmath::BodySums cpu = sim::sampleSums(samples[i], states[i], *waterOf[i], hydro);
            EXPECT_TRUE(sameBits(out[i], cpu)) << "body " << i << " round " << round << ", GPU vs CPU: " << differences(out[i], cpu);
            wet += cpu.submerged > 0.0f ? 1 : 0;
            pushed += cpu.force.x != 0.0f ? 1 : 0;
            cut += cpu.waterline > 0.0f ? 1 : 0;
        }
        // The cases reach what they are meant to: bodies in the water, pushed, cut by the surface.
        EXPECT_GE(wet, round == 0 ? 6 : 3);
        EXPECT_GE(pushed, round == 0 ? 4 : 2);
        EXPECT_GE(cut, round == 0 ? 4 : 2);
    }
    // High above the water: the volume only.
    std::vector<sim::bmath::BodySums> out(cases.size());
    gpu->sum(states, std::vector<std::uint8_t>(cases.size(), 1), out);
    EXPECT_EQ(out[6].submerged, 0.0f);
    EXPECT_NEAR(out[6].volume, 1.0f, 1e-5f);
}

// Boundary conditions (sim/boundary.hpp): the scene format reads segments and time series and says
// what is wrong with a bad one; each kind does what it promises on both models and both backends,
// with the ledger exact; the GPU computes the CPU's bits.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numbers>

#include "gl/renderer_info.hpp"
#include "sim/boundary_json.hpp"
#include "sim/scene_loader.hpp"
#include "tests/support/backends.hpp"

namespace sluice::test {
namespace {

using sim::BoundaryKind;
using sim::BoundarySide;

Result<sim::SceneLoadOutput> load(const std::string& boundary) {
    const std::string text = R"({"grid": {"width": 8, "height": 6}, "terrain": {"flat": 0}, "boundary": )" + boundary + "}";
    return sim::parseSceneJson(text, "b.json", ".");
}

// A W x 3 channel along x, bed falling `slope` per cell toward the east, walls along its sides.
sim::Scene channel(int width, float slope, sim::WaterModel model) {
    sim::Scene s = flatScene(width, 3, 1.0f);
    s.params.model = model;
    s.params.frictionLaw = sim::defaultFrictionLaw(model);
    s.params.manningN = 0.0f;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < width; ++x) s.terrainM[std::size_t(y * width + x)] = -slope * float(x);
    return s;
}

double meanSurface(const sim::FieldSnapshot& f, int x0, int x1) {
    double sum = 0;
    int n = 0;
    for (int y = 0; y < f.height; ++y)
        for (int x = x0; x < x1; ++x) {
            const std::size_t i = std::size_t(y * f.width + x);
            sum += f.terrainM[i] + f.depthM[i];
            ++n;
        }
    return sum / n;
}

struct Case {
    std::string backend;
    sim::WaterModel model;
};

class Boundaries : public ::testing::TestWithParam<Case> {};

}  // namespace

TEST(BoundaryFormat, SegmentsAndTimeSeriesAreRead) {
    auto out = load(R"({
        "west": {"type": "inflow", "discharge": [[0, 0], [60, 2.5], [600, 0.5]]},
        "east": [{"from": 0, "to": 2, "type": "open"}, {"from": 4, "type": "level", "level": [[0, 1], [3600, 1.5]]}],
        "south": "transmissive"})");
    ASSERT_TRUE(out) << out.error().message;
    const sim::Boundaries& b = out->scene.boundary;
    ASSERT_EQ(b.west.segments.size(), 1u);
    EXPECT_EQ(b.west.segments[0].kind, BoundaryKind::Inflow);
    EXPECT_DOUBLE_EQ(b.west.segments[0].value.at(30), 1.25);   // halfway up the rising limb
    EXPECT_DOUBLE_EQ(b.west.segments[0].value.at(1e6), 0.5);   // held after the last point
    ASSERT_EQ(b.east.segments.size(), 2u);                     // cells 2..3 are a wall
    EXPECT_EQ(b.east.segments[0].end, 2);
    EXPECT_EQ(b.east.segments[1].begin, 4);
    EXPECT_EQ(b.east.segments[1].end, sim::BoundarySegment::kSideEnd);
    EXPECT_DOUBLE_EQ(b.east.segments[1].value.at(1800), 1.25);
    EXPECT_EQ(b.south, BoundarySide::of(BoundaryKind::Transmissive));
    EXPECT_TRUE(b.north.isWall());
    // Written back in the same form, it reads back the same.
    auto again = load(sim::boundaryToJson(b).dump());
    ASSERT_TRUE(again) << again.error().message;
    EXPECT_EQ(again->scene.boundary, b);
}

TEST(BoundaryFormat, MistakesAreNamed) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"west": "sluice"})", "boundary.west: expected \"wall\", \"open\", \"inflow\", \"level\" or \"transmissive\""},
        {R"({"west": "inflow"})", "boundary.west: an inflow needs a discharge"},
        {R"({"west": {"type": "level"}})", "boundary.west: a level boundary needs the water level"},
        {R"({"west": {"type": "inflow", "discharge": -1}})", "boundary.west.discharge"},
        {R"({"west": {"type": "inflow", "discharge": [[0, 1], [0, 2]]}})", "boundary.west.discharge[1][0]: times must increase"},
        {R"({"west": {"type": "inflow", "discharge": [[0, 1, 2]]}})", "boundary.west.discharge[0]: expected a pair"},
        {R"({"west": {"type": "level", "level": []}})", "boundary.west.level: expected a number or a time series"},
        {R"({"east": [{"from": 0, "to": 4, "type": "open"}, {"from": 3, "type": "wall"}]})",
         "boundary.east[1].from: segments must be in order along the side and not overlap"},
        {R"({"east": [{"from": 2, "to": 9, "type": "open"}]})", "boundary.east[0].to: 9 is beyond the side, which has 6 cells"},
        {R"({"east": [{"from": 3, "to": 3, "type": "open"}]})", "boundary.east[0]: covers no cells"},
        {R"({"east": [{"type": "open"}]})", "boundary.east[0].from: missing"},
        {R"({"east": [{"from": 0, "type": "open"}], "north": {"type": "open", "from": 1}})", "boundary.north: \"from\" / \"to\" belong to segments"},
    };
    for (const auto& [boundary, expected] : cases) {
        auto out = load(boundary);
        ASSERT_FALSE(out) << boundary;
        EXPECT_NE(out.error().message.find(std::string("b.json: ") + expected), std::string::npos)
            << boundary << "\n  got: " << out.error().message;
    }
}

TEST(BoundaryFormat, TimeSeriesIsLinearBetweenPointsAndHeldOutside) {
    sim::TimeSeries s{{{10, 1.0}, {20, 3.0}, {40, -1.0}}};
    EXPECT_EQ(s.at(0), 1.0);
    EXPECT_EQ(s.at(10), 1.0);
    EXPECT_EQ(s.at(15), 2.0);
    EXPECT_EQ(s.at(20), 3.0);
    EXPECT_EQ(s.at(30), 1.0);
    EXPECT_EQ(s.at(50), -1.0);
    EXPECT_EQ(sim::TimeSeries::constant(4.5).at(1e9), 4.5);
}

// A level boundary fills a dry channel whose bed lies below the level until the surface is the
// level everywhere, and then nothing moves; the ledger books what came in, exactly.
TEST_P(Boundaries, LevelFillsTheChannelToTheLevel) {
    sim::Scene s = channel(24, 0.02f, GetParam().model);
    // Rough enough that the seiche the inrush sets off (period 4 L / sqrt(g h), ~45 s) dies down.
    s.params.manningN = 0.1f;
    s.params.friction = 0.2f;
    s.boundary.east = BoundarySide::of(BoundaryKind::Level, 0.3);
    auto solver = makeSolver(GetParam().backend, s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 3000; ++i) solver->step(0.1f);
    const sim::FieldSnapshot f = solver->download();
    EXPECT_NEAR(meanSurface(f, 0, 24), 0.3, 0.01);
    EXPECT_NEAR(meanSurface(f, 20, 24), 0.3, 0.01);
    const sim::Ledger l = solver->ledger();
    EXPECT_EQ(l.residualUnits, 0);
    // Water above the bed (-0.02 x) up to 0.3 m over 3 x 1 m cells per column.
    double expected = 0;
    for (int x = 0; x < 24; ++x) expected += 3.0 * std::max(0.0, 0.3 + 0.02 * x);
    EXPECT_NEAR(l.volumeM3, expected, 0.01 * expected);
    EXPECT_NEAR(l.addedM3 - l.removedM3, l.volumeM3, 1e-9);
}

// A hydrograph: what enters is the integral of the discharge over the time run, to the unit (the
// series is read at each substep's middle, exact for a linear piece).
TEST_P(Boundaries, HydrographAddsItsIntegral) {
    sim::Scene s = channel(30, 0.01f, GetParam().model);
    sim::BoundarySegment seg;
    seg.kind = BoundaryKind::Inflow;
    seg.value = sim::TimeSeries{{{0, 0.0}, {8, 0.4}, {16, 0.4}, {24, 0.0}}};
    s.boundary.west.segments = {seg};
    s.boundary.east = BoundarySide::of(BoundaryKind::Open);
    auto solver = makeSolver(GetParam().backend, s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 300; ++i) solver->step(0.1f);  // 30 s: the whole hydrograph
    const sim::Ledger l = solver->ledger();
    // 0.4 m^2/s x (4 + 8 + 4) s x 3 m of side.
    EXPECT_NEAR(l.addedM3, 0.4 * 16.0 * 3.0, 3 * 1e-6);
    EXPECT_EQ(l.residualUnits, 0);
    EXPECT_GT(l.removedM3, 0.0);  // some has reached the open east end
}

// A transmissive end lets a wave out: what comes back is a small fraction of what a wall reflects.
TEST_P(Boundaries, TransmissiveEndLetsAWaveLeave) {
    auto run = [&](BoundaryKind east) {
        sim::Scene s = channel(120, 0.0f, GetParam().model);
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 120; ++x)
                s.depthM[std::size_t(y * 120 + x)] = 1.0f + 0.05f * std::exp(-std::pow((float(x) - 90.0f) / 4.0f, 2.0f));
        s.boundary.east = BoundarySide::of(east);
        s.boundary.west = BoundarySide::of(BoundaryKind::Transmissive);
        auto solver = makeSolver(GetParam().backend, s);
        EXPECT_TRUE(solver);
        if (!solver) return 1.0;
        // 40 s: both halves of the hump (3.1 m/s) have left through transmissive ends; off a wall the
        // east half comes back and is still on its way west.
        for (int i = 0; i < 400; ++i) solver->step(0.1f);
        const sim::FieldSnapshot f = solver->download();
        double worst = 0;
        for (int x = 0; x < 120; ++x) worst = std::max(worst, std::abs(meanSurface(f, x, x + 1) - 1.0));
        return worst;
    };
    const double wall = run(BoundaryKind::Wall), open = run(BoundaryKind::Transmissive);
    std::printf("left-over wave: wall %.4f m, transmissive %.4f m\n", wall, open);
    EXPECT_GT(wall, 0.015);
    EXPECT_LT(open, 0.2 * wall);
}

// A segment acts on its cells only: water leaves through the open half of the east side, while the
// wall half holds it.
TEST_P(Boundaries, SegmentsActOnTheirCellsOnly) {
    sim::Scene s = flatScene(10, 10, 1.0f);
    s.params.model = GetParam().model;
    s.params.frictionLaw = sim::defaultFrictionLaw(GetParam().model);
    for (float& h : s.depthM) h = 0.5f;
    sim::BoundarySegment open;
    open.kind = BoundaryKind::Open;
    open.begin = 0;
    open.end = 5;
    s.boundary.east.segments = {open};
    auto solver = makeSolver(GetParam().backend, s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 20; ++i) solver->step(0.1f);
    const sim::FieldSnapshot f = solver->download();
    for (int y = 0; y < 10; ++y) {
        const float q = f.flowXM3PerS[std::size_t(y * 11 + 10)];
        if (y < 5) EXPECT_GT(q, 0.0f) << "row " << y;
        else EXPECT_EQ(q, 0.0f) << "row " << y;
    }
    EXPECT_EQ(solver->ledger().residualUnits, 0);
    EXPECT_GT(solver->ledger().removedM3, 0.0);
}

// A tide: the level outside rises and falls; the water at the mouth follows it.
TEST_P(Boundaries, WaterFollowsATide) {
    sim::Scene s = channel(20, 0.0f, GetParam().model);
    for (float& h : s.depthM) h = 2.0f;
    sim::BoundarySegment tide;
    tide.kind = BoundaryKind::Level;
    for (int k = 0; k <= 40; ++k) {
        const double t = k * 3.0;
        tide.value.points.emplace_back(t, 2.0 + 0.3 * std::sin(2 * std::numbers::pi * t / 60.0));
    }
    s.boundary.east.segments = {tide};
    auto solver = makeSolver(GetParam().backend, s);
    ASSERT_TRUE(solver);
    double worst = 0;
    for (int i = 1; i <= 1000; ++i) {
        solver->step(0.1f);
        if (i % 50 != 0 || i < 300) continue;
        const double t = solver->counters().timeSeconds;
        const double mouth = meanSurface(solver->download(), 19, 20);
        worst = std::max(worst, std::abs(mouth - tide.value.at(t)));
    }
    EXPECT_LT(worst, 0.05);  // within a sixth of the tide's amplitude
    EXPECT_EQ(solver->ledger().residualUnits, 0);
}

INSTANTIATE_TEST_SUITE_P(Kinds, Boundaries,
                         ::testing::Values(Case{"cpu", sim::WaterModel::Swe}, Case{"gpu", sim::WaterModel::Swe},
                                           Case{"cpu", sim::WaterModel::Pipes}, Case{"gpu", sim::WaterModel::Pipes}),
                         [](const auto& p) { return p.param.backend + "_" + sim::toString(p.param.model); });

// Every kind on one side or another, both models: the GPU computes the CPU's bits (on llvmpipe, whose
// arithmetic is IEEE throughout).
TEST(BoundaryBackends, GpuComputesTheCpuBits) {
    for (const sim::WaterModel model : {sim::WaterModel::Swe, sim::WaterModel::Pipes}) {
        sim::Scene s = flatScene(40, 30, 1.0f);
        s.params.model = model;
        s.params.frictionLaw = sim::defaultFrictionLaw(model);
        for (int y = 0; y < 30; ++y)
            for (int x = 0; x < 40; ++x) {
                s.terrainM[std::size_t(y * 40 + x)] = 0.3f * std::sin(0.3f * float(x)) + 0.02f * float(y);
                s.depthM[std::size_t(y * 40 + x)] = x < 20 ? 0.8f : 0.1f;
            }
        sim::BoundarySegment in, level, open, trans;
        in.kind = BoundaryKind::Inflow;
        in.value = sim::TimeSeries{{{0, 0.0}, {2, 0.3}}};
        in.begin = 5;
        in.end = 20;
        level.kind = BoundaryKind::Level;
        level.value = sim::TimeSeries{{{0, 1.0}, {3, 0.4}}};
        level.end = 15;
        open.kind = BoundaryKind::Open;
        open.begin = 15;
        trans.kind = BoundaryKind::Transmissive;
        s.boundary.west.segments = {in};
        s.boundary.east.segments = {level, open};
        s.boundary.north.segments = {trans};
        auto cpu = makeSolver("cpu", s), gpu = makeSolver("gpu", s);
        ASSERT_TRUE(cpu && gpu);
        for (int i = 0; i < 25; ++i) {
            cpu->step(0.1f);
            gpu->step(0.1f);
            ASSERT_EQ(cpu->counters().lastSubsteps, gpu->counters().lastSubsteps);
        }
        const sim::FieldSnapshot a = cpu->download(), b = gpu->download();
        EXPECT_EQ(cpu->ledger().residualUnits, 0);
        EXPECT_EQ(gpu->ledger().residualUnits, 0);
        EXPECT_GT(cpu->ledger().addedM3, 0.0);
        EXPECT_GT(cpu->ledger().removedM3, 0.0);
        if (!gl::isSoftwareRenderer()) continue;
        EXPECT_EQ(a.depthUnits, b.depthUnits) << sim::toString(model);
        EXPECT_EQ(std::memcmp(a.flowXM3PerS.data(), b.flowXM3PerS.data(), a.flowXM3PerS.size() * 4), 0);
        EXPECT_EQ(std::memcmp(a.flowYM3PerS.data(), b.flowYM3PerS.data(), a.flowYM3PerS.size() * 4), 0);
        EXPECT_EQ(cpu->ledger().addedM3, gpu->ledger().addedM3);
    }
}

}  // namespace sluice::test

// `sluice bench --frame` end to end on the headless context: a few small frames, JSON with a positive
// figure for every pass, and usage errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/support/run_cli.hpp"

namespace sluice::test {
namespace {

TEST(BenchFrame, JsonHasPositiveFiguresForEveryPass) {
    const CliRun r = runSluice("bench --frame --grid 128 --size 320x200 --frames 3 --json");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
    EXPECT_EQ(j["grid"].get<int>(), 128);
    EXPECT_EQ(j["width"].get<int>(), 320);
    EXPECT_EQ(j["height"].get<int>(), 200);
    EXPECT_EQ(j["frames"].get<int>(), 3);
    EXPECT_GE(j["sim_steps"].get<int>(), 1) << "the first frame steps the simulation ahead of the clock";
    EXPECT_GT(j["frame_ms"]["median"].get<double>(), 0.0);
    EXPECT_GE(j["frame_ms"]["p95"].get<double>(), j["frame_ms"]["median"].get<double>());
    for (const char* pass : {"sim", "bounds", "terrain", "water", "resolve"}) {
        ASSERT_TRUE(j["gpu_ms"].contains(pass)) << pass;
        EXPECT_GT(j["gpu_ms"][pass]["mean"].get<double>(), 0.0) << pass;
    }
    EXPECT_GT(j["triangles"]["terrain"].get<long long>(), 0);
    EXPECT_GT(j["triangles"]["water"].get<long long>(), 0) << "the default scene's lake is in view";
    EXPECT_EQ(j["internal_size"][0].get<int>(), 320);
    // Sun shadow and shore maps 1 B/cell each, water foam 2 (two R8 textures), terrain AO 2, wetness 1,
    // plus per-chunk bookkeeping.
    EXPECT_GT(j["renderer_bytes_per_cell"].get<double>(), 6.9) << "shadow, shore, foam, AO and wetness maps";
    EXPECT_LT(j["renderer_bytes_per_cell"].get<double>(), 7.1);
}

TEST(BenchFrame, RenderScaleShrinksTheInternalPasses) {
    const CliRun r = runSluice("bench --frame --grid 128 --size 320x200 --frames 2 --render-scale 0.5 --json");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
    EXPECT_EQ(j["internal_size"][0].get<int>(), 160);
    EXPECT_EQ(j["internal_size"][1].get<int>(), 100);
}

// With --bodies, logs are drawn in every frame: the bodies' triangles count, the frame without any
// counts none.
TEST(BenchFrame, BodiesAreDrawnInEveryFrame) {
    const CliRun r = runSluice("bench --frame --grid 128 --size 320x200 --frames 2 --bodies 50 --json");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
    EXPECT_EQ(j["bodies"].get<int>(), 50);
    EXPECT_GT(j["triangles"]["bodies"].get<long long>(), 50 * 40) << "a log's cylinder has 24 sides";
    const CliRun none = runSluice("bench --frame --grid 128 --size 320x200 --frames 2 --json");
    ASSERT_EQ(none.exitCode, 0) << none.output;
    EXPECT_EQ(nlohmann::json::parse(none.output.substr(none.output.find('{')))["triangles"]["bodies"].get<long long>(), 0);
    const CliRun bad = runSluice("bench --frame --bodies -1");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.output.find("--bodies"), std::string::npos) << bad.output;
}

TEST(BenchFrame, UsageErrors) {
    EXPECT_EQ(runSluice("bench --frame --frames 0").exitCode, 2);
    const CliRun size = runSluice("bench --frame --size 12by7");
    EXPECT_EQ(size.exitCode, 2);
    EXPECT_NE(size.output.find("--size"), std::string::npos) << size.output;
    EXPECT_EQ(runSluice("bench --frame --grid 4").exitCode, 2);
    const CliRun scale = runSluice("bench --frame --render-scale 0");
    EXPECT_EQ(scale.exitCode, 2);
    EXPECT_NE(scale.output.find("--render-scale"), std::string::npos) << scale.output;
}

}  // namespace
}  // namespace sluice::test

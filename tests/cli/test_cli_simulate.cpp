// `sluice simulate` end to end: outputs, summary contents, and every bad-input path (clear message
// naming the file and the field, exit code 1..127, no output directory left behind).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "sim/npy.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

const char* kGoodScene = R"({
  "name": "cli-test",
  "grid": {"width": 24, "height": 16, "cell_size": 1.0},
  "terrain": {"procedural": {"seed": 3, "kind": "ramp", "amplitude": 2}},
  "water": {"surface_level": 1.0},
  "params": {"dt": 0.1, "manning_n": 0.02},
  "boundary": {"east": "open"},
  "sources": [{"x": 4, "y": 8, "radius": 2, "rate": 0.5}],
  "drains": [{"x": 20, "y": 8, "radius": 1.5, "level": 0.2}]
})";

// Runs simulate on a scene text; returns the run and the output dir path.
test::CliRun simulateText(const test::TempDir& dir, const std::string& sceneText, const std::string& extra = "") {
    test::writeText(dir / "scene.json", sceneText);
    return test::runSluice("simulate '" + (dir / "scene.json").string() + "' --steps 20 --out '" +
                           (dir / "out").string() + "' " + extra);
}

void expectCleanFailure(const test::TempDir& dir, const test::CliRun& r, const std::string& mustMention) {
    EXPECT_GE(r.exitCode, 1) << r.output;
    EXPECT_LT(r.exitCode, 128) << r.output;
    EXPECT_NE(r.output.find(mustMention), std::string::npos) << "message lacks '" << mustMention << "': " << r.output;
    EXPECT_FALSE(fs::exists(dir / "out")) << "partial output left behind";
    for (const auto& entry : fs::directory_iterator(dir.path()))
        EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos);
}

}  // namespace

class SimulateBackends : public ::testing::TestWithParam<std::string> {};

TEST_P(SimulateBackends, WritesFieldsAndSummary) {
    test::TempDir dir;
    const auto r = simulateText(dir, kGoodScene, "--backend " + GetParam());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    auto depth = sim::readNpy(dir / "out" / "depth.npy");
    ASSERT_TRUE(depth) << depth.error().message;
    EXPECT_EQ(depth->rows, 16);
    EXPECT_EQ(depth->cols, 24);
    auto fx = sim::readNpy(dir / "out" / "flow_x.npy");
    auto fy = sim::readNpy(dir / "out" / "flow_y.npy");
    auto terrain = sim::readNpy(dir / "out" / "terrain.npy");
    ASSERT_TRUE(fx && fy && terrain);
    EXPECT_EQ(fx->rows, 16);
    EXPECT_EQ(fx->cols, 25);
    EXPECT_EQ(fy->rows, 17);
    EXPECT_EQ(fy->cols, 24);
    const auto summary = nlohmann::json::parse(test::readText(dir / "out" / "summary.json"));
    for (const char* key : {"steps", "time", "volume", "volume_added", "volume_removed", "residual", "min_depth",
                            "max_depth", "max_speed", "max_courant", "substeps", "capped_steps", "shortfall_seconds"})
        EXPECT_TRUE(summary.contains(key)) << key;
    EXPECT_EQ(summary["model"], "swe");
    EXPECT_EQ(summary["friction_law"], "manning");
    EXPECT_EQ(summary["capped_steps"].get<int>(), 0);
    EXPECT_EQ(summary["steps"].get<int>(), 20);
    EXPECT_NEAR(summary["time"].get<double>(), 2.0, 1e-4);
    EXPECT_GT(summary["volume_added"].get<double>(), 0.9);  // the 0.5 m^3/s source over 2 s
    EXPECT_GE(summary["min_depth"].get<double>(), 0.0);
    EXPECT_EQ(summary["residual"].get<double>(), 0.0) << "the ledger balances exactly, in whole units";
    double sum = 0;
    for (float h : depth->data) sum += h;
    EXPECT_NEAR(sum, summary["volume"].get<double>(), 1e-4 * sum);  // unit cells: volume = sum of depths
}

// A dam break whose dt needs more substeps than max_substeps allows: every step is capped, covers
// less time than dt, and the summary says how many and how far behind; the Courant number stays at
// the target.
TEST_P(SimulateBackends, CappedStepsAreReportedNotHidden) {
    test::TempDir dir;
    std::vector<float> depth(40 * 4, 0.5f);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 20; ++x) depth[std::size_t(y * 40 + x)] = 2.0f;
    ASSERT_TRUE(sim::writeNpy(dir / "depth.npy", depth.data(), 4, 40));
    const auto r = simulateText(dir, R"({
      "grid": {"width": 40, "height": 4, "cell_size": 1.0},
      "terrain": {"flat": 0},
      "water": {"npy": "depth.npy"},
      "params": {"dt": 2.0, "max_substeps": 2, "manning_n": 0}
    })", "--backend " + GetParam());
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto summary = nlohmann::json::parse(test::readText(dir / "out" / "summary.json"));
    // c = sqrt(9.81 * 2) = 4.4 m/s: a 2 s step needs about 18 substeps at Courant 0.5, 2 are allowed.
    EXPECT_EQ(summary["capped_steps"].get<int>(), 20);
    EXPECT_GT(summary["shortfall_seconds"].get<double>(), 20 * 1.0);
    EXPECT_NEAR(summary["time"].get<double>() + summary["shortfall_seconds"].get<double>(), 40.0, 1e-3);
    EXPECT_LE(summary["max_courant"].get<double>(), 0.5 + 1e-4);
    EXPECT_EQ(summary["residual"].get<double>(), 0.0);
    EXPECT_NE(r.output.find("warning: scene: 20 of 20 steps reached max_substeps (2)"), std::string::npos) << r.output;
}

INSTANTIATE_TEST_SUITE_P(Backends, SimulateBackends, ::testing::Values(std::string("cpu"), std::string("gpu")),
                         [](const auto& paramInfo) { return paramInfo.param; });

TEST(SimulateCli, ReplacesPreviousOutputAtomically) {
    test::TempDir dir;
    test::writeText(dir / "out" / "stale.txt", "old");
    test::writeText(dir / "out" / ".sluice-output", "");  // an earlier run's output
    const auto r = simulateText(dir, kGoodScene, "--backend cpu");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(fs::exists(dir / "out" / "depth.npy"));
    EXPECT_FALSE(fs::exists(dir / "out" / "stale.txt"));
}

TEST(SimulateCli, FailedRunKeepsPreviousOutput) {
    test::TempDir dir;
    test::writeText(dir / "out" / "keep.txt", "old");
    test::writeText(dir / "out" / ".sluice-output", "");  // an earlier run's output
    const auto r = simulateText(dir, "{\"grid\": {", "--backend cpu");
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_EQ(test::readText(dir / "out" / "keep.txt"), "old");
}

TEST(SimulateCli, TruncatedJson) {
    test::TempDir dir;
    const std::string text = kGoodScene;
    expectCleanFailure(dir, simulateText(dir, text.substr(0, text.size() / 2)), "scene.json");
}

TEST(SimulateCli, MissingSceneFile) {
    test::TempDir dir;
    const auto r = test::runSluice("simulate '" + (dir / "nope.json").string() + "' --steps 1 --out '" +
                                   (dir / "out").string() + "'");
    expectCleanFailure(dir, r, "nope.json");
}

TEST(SimulateCli, MissingTerrainFile) {
    test::TempDir dir;
    expectCleanFailure(dir, simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"npy": "missing.npy"}})"),
                       "missing.npy");
}

TEST(SimulateCli, WrongShapeArray) {
    test::TempDir dir;
    std::vector<float> v(5 * 7, 1.0f);
    ASSERT_TRUE(sim::writeNpy(dir / "t.npy", v.data(), 5, 7));
    expectCleanFailure(dir, simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"npy": "t.npy"}})"),
                       "t.npy");
}

TEST(SimulateCli, NegativeTimeStep) {
    test::TempDir dir;
    expectCleanFailure(dir,
                       simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}, "params": {"dt": -1}})"),
                       "params.dt");
}

TEST(SimulateCli, NegativeGravityAndCellSize) {
    test::TempDir dir;
    expectCleanFailure(
        dir, simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}, "params": {"gravity": -9.8}})"),
        "params.gravity");
    expectCleanFailure(
        dir, simulateText(dir, R"({"grid": {"width": 8, "height": 8, "cell_size": 0}, "terrain": {"flat": 0}})"),
        "grid.cell_size");
}

TEST(SimulateCli, SourceOutsideGrid) {
    test::TempDir dir;
    expectCleanFailure(
        dir,
        simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}, "sources": [{"x": 50, "y": 2, "radius": 1, "rate": 1}]})"),
        "sources[0]");
}

TEST(SimulateCli, NaNInTerrain) {
    test::TempDir dir;
    std::vector<float> v(8 * 8, 1.0f);
    v[9] = NAN;
    ASSERT_TRUE(sim::writeNpy(dir / "t.npy", v.data(), 8, 8));
    expectCleanFailure(dir, simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"npy": "t.npy"}})"),
                       "t.npy");
}

TEST(SimulateCli, GridLargerThanAllowed) {
    test::TempDir dir;
    expectCleanFailure(dir, simulateText(dir, R"({"grid": {"width": 65536, "height": 65536}, "terrain": {"flat": 0}})"),
                       "grid");
}

TEST(SimulateCli, GridLargerThanTheGpuAllows) {
    // 16384 x 16384 passes the loader (2^28 cells) but one flow array is > 1 GiB, beyond llvmpipe's
    // storage-block limit: the GPU solver must refuse it with a message naming the grid.
    test::TempDir dir;
    const auto r = simulateText(dir, R"({"grid": {"width": 16384, "height": 16384}, "terrain": {"flat": 0}})",
                                "--backend gpu");
    expectCleanFailure(dir, r, "16384x16384");
}

TEST(SimulateCli, NoUsableGlContextIsAClearError) {
    // Mesa honours a version override: capped at 3.3 it cannot give the 4.5 context Sluice needs.
    test::TempDir dir;
    test::writeText(dir / "scene.json", R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}})");
    const auto r = test::runSluice("simulate '" + (dir / "scene.json").string() + "' --steps 1 --out '" +
                                   (dir / "out").string() + "' --backend gpu", "MESA_GL_VERSION_OVERRIDE=3.3");
    EXPECT_EQ(r.exitCode, 3) << r.output;
    expectCleanFailure(dir, r, "OpenGL 4.5");
}

TEST(SimulateCli, UnknownKeyWarnsButRuns) {
    test::TempDir dir;
    const auto r = simulateText(dir, R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}, "colour": "blue"})",
                                "--backend cpu");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_NE(r.output.find("colour"), std::string::npos) << r.output;
}

TEST(SimulateCli, UsageErrors) {
    EXPECT_EQ(test::runSluice("simulate").exitCode, 2);
    EXPECT_EQ(test::runSluice("simulate a.json --steps x --out o").exitCode, 2);
    EXPECT_EQ(test::runSluice("simulate a.json --steps 3 --out o --backend quantum").exitCode, 2);
    EXPECT_EQ(test::runSluice("simulate a.json --steps 3 --out o --bogus 1").exitCode, 2);
}

TEST(SimulateCli, BuiltinDefaultSceneRuns) {
    test::TempDir dir;
    const auto r = test::runSluice("simulate builtin:default:64 --steps 30 --backend cpu --out '" + (dir / "o").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto summary = nlohmann::json::parse(test::readText(dir / "o" / "summary.json"));
    EXPECT_GT(summary["volume_added"].get<double>(), 0.0);
    EXPECT_GT(summary["max_speed"].get<double>(), 0.0);
}

// Every built-in world (and the alias) runs from the command line, with an exact ledger.
TEST(SimulateCli, EveryBuiltinWorldRuns) {
    for (const char* name : {"valley", "default", "dam", "coast", "terraces", "bench"}) {
        test::TempDir dir;
        const auto r = test::runSluice(std::string("simulate builtin:") + name + ":64 --steps 20 --backend cpu --out '" +
                                       (dir / "o").string() + "'");
        ASSERT_EQ(r.exitCode, 0) << name << "\n" << r.output;
        const auto summary = nlohmann::json::parse(test::readText(dir / "o" / "summary.json"));
        EXPECT_EQ(summary["residual"].get<double>(), 0.0) << name << ": the water ledger balances exactly";
        EXPECT_GT(summary["volume"].get<double>(), 0.0) << name;
    }
    EXPECT_NE(test::runSluice("simulate builtin:volcano:64 --steps 1 --out o").exitCode, 0);
}

TEST(BenchCli, QuickRunPrintsAllFigures) {
    const auto r = test::runSluice("bench --quick --sizes 32,64 --json");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const auto j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
    EXPECT_GT(j["copy_bytes_per_s"].get<double>(), 0.0);
    ASSERT_EQ(j["sizes"].size(), 2u);
    for (const auto& s : j["sizes"]) {
        EXPECT_GT(s["gpu_cell_steps_per_s"].get<double>(), 0.0);
        EXPECT_GT(s["cpu_cell_steps_per_s"].get<double>(), 0.0);
        EXPECT_GT(s["fraction_of_copy"].get<double>(), 0.0);
        EXPECT_GT(s["dry_cell_steps_per_s_skip"].get<double>(), 0.0);
        EXPECT_GT(s["dry_cell_steps_per_s_skip_by_votes"].get<double>(), 0.0);
    }
}

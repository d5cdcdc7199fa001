// `simulate --save` and snapshots as scene arguments: resuming through files is exact, damaged
// snapshots are refused by every verb with the file named.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

std::string q(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

class CliResume : public ::testing::TestWithParam<std::string> {};

TEST_P(CliResume, TwoHalvesThroughASnapshotEqualOneRun) {
    TempDir dir;
    const std::string backend = " --backend " + GetParam() + " --quiet";
    const std::string scene = "builtin:default:48";
    CliRun whole = runSluice("simulate " + scene + " --steps 30 --out " + q(dir / "whole") + backend);
    ASSERT_EQ(whole.exitCode, 0) << whole.output;
    CliRun half = runSluice("simulate " + scene + " --steps 15 --save " + q(dir / "half.sluice") + backend);
    ASSERT_EQ(half.exitCode, 0) << half.output;
    EXPECT_FALSE(std::filesystem::exists(dir / "whole2"));
    CliRun rest = runSluice("simulate " + q(dir / "half.sluice") + " --steps 15 --out " + q(dir / "resumed") +
                            " --save " + q(dir / "end.sluice") + backend);
    ASSERT_EQ(rest.exitCode, 0) << rest.output;
    for (const char* f : {"depth.npy", "flow_x.npy", "flow_y.npy", "terrain.npy"}) {
        const std::string a = readText(dir / "whole" / f), b = readText(dir / "resumed" / f);
        EXPECT_FALSE(a.empty());
        EXPECT_TRUE(a == b) << f << " differs after resuming";
    }
    const std::string summary = readText(dir / "resumed" / "summary.json");
    EXPECT_NE(summary.find("\"steps\": 30"), std::string::npos) << summary;
    EXPECT_TRUE(std::filesystem::exists(dir / "end.sluice"));
}

INSTANTIATE_TEST_SUITE_P(Backends, CliResume, ::testing::Values("cpu", "gpu"));

TEST(CliSnapshot, DamagedSnapshotIsAClearErrorAndWritesNothing) {
    TempDir dir;
    ASSERT_EQ(runSluice("simulate builtin:default:32 --steps 2 --backend cpu --quiet --save " + q(dir / "s.sluice"))
                  .exitCode,
              0);
    std::string bytes = readText(dir / "s.sluice");
    ASSERT_GT(bytes.size(), 1000u);
    {
        std::ofstream cut(dir / "cut.sluice", std::ios::binary);
        cut.write(bytes.data(), std::streamsize(bytes.size() - 100));
    }
    bytes[bytes.size() / 2] ^= 0x55;
    {
        std::ofstream flip(dir / "flip.sluice", std::ios::binary);
        flip.write(bytes.data(), std::streamsize(bytes.size()));
    }
    for (const char* name : {"cut.sluice", "flip.sluice"}) {
        CliRun r = runSluice("simulate " + q(dir / name) + " --steps 1 --backend cpu --out " + q(dir / "out"));
        EXPECT_EQ(r.exitCode, 1) << r.output;
        EXPECT_NE(r.output.find(name), std::string::npos) << r.output;
        EXPECT_FALSE(std::filesystem::exists(dir / "out"));
        CliRun render = runSluice("render " + q(dir / name) + " --out " + q(dir / "x.png"));
        EXPECT_EQ(render.exitCode, 1) << render.output;
        EXPECT_NE(render.output.find(name), std::string::npos) << render.output;
        EXPECT_FALSE(std::filesystem::exists(dir / "x.png"));
    }
}

TEST(CliSnapshot, SaveFailureExitsWithWriteErrorAndKeepsOldFile) {
    TempDir dir;
    ASSERT_EQ(runSluice("simulate builtin:default:32 --steps 1 --backend cpu --quiet --save " + q(dir / "s.sluice"))
                  .exitCode,
              0);
    const std::string before = readText(dir / "s.sluice");
    CliRun r = runSluice("simulate builtin:default:32 --steps 1 --backend cpu --quiet --save " +
                         q(dir / "no" / "such" / "dir.sluice"));
    EXPECT_EQ(r.exitCode, 4) << r.output;
    EXPECT_NE(r.output.find("dir.sluice"), std::string::npos) << r.output;
    EXPECT_EQ(readText(dir / "s.sluice"), before);
}

}  // namespace
}  // namespace sluice::test

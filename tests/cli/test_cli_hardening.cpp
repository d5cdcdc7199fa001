// Defects a new user found with malformed files and odd arguments (issue 13), each checked through the
// real binary: a clear message naming the file or option, an exit code below 128, no hang, nothing
// left behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "app/output/output_dir.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

/// Runs sluice under a hard time limit: a hang is killed and reads as exit 137.
CliRun runBounded(const std::string& args, int seconds = 60) {
    return runCommand("timeout -s KILL " + std::to_string(seconds) + " '" + std::string(sluiceBinary()) + "' " + args);
}

TEST(CliHardening, ReplayWhoseStartSnapshotIsADirectoryIsABadInputNotACrash) {
    TempDir dir;
    fs::create_directories(dir / "start-dir");
    writeText(dir / "run.log", R"({"sluice_log": 1, "start": "start-dir"})" "\n" R"({"end_step": 3})" "\n");
    const CliRun r = runBounded("replay " + quoted(dir / "run.log") + " --out " + quoted(dir / "out"));
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_NE(r.output.find("start-dir: is a directory"), std::string::npos) << r.output;
    EXPECT_FALSE(fs::exists(dir / "out"));
}

TEST(CliHardening, BenchMinSecondsMustBeFiniteAndBounded) {
    for (const char* bad : {"inf", "nan", "1e300", "-1", "0", "soon"}) {
        const CliRun r = runBounded(std::string("bench --quick --sizes 16 --min-seconds ") + bad, 30);
        EXPECT_EQ(r.exitCode, 2) << bad << ": " << r.output;
        EXPECT_NE(r.output.find("--min-seconds"), std::string::npos) << bad << ": " << r.output;
    }
}

TEST(CliHardening, SweepOfMoreSecondsThanAStepCountHoldsIsAUsageError) {
    TempDir dir;
    for (const char* seconds : {"1e20", "1e300", "inf", "9e15"}) {
        const CliRun r = runBounded("sweep builtin:default:16 --param friction=0.1 --seconds " + std::string(seconds) +
                                    " --out " + quoted(dir / "a" / "b" / "out"));
        EXPECT_EQ(r.exitCode, 2) << seconds << ": " << r.output;
        EXPECT_NE(r.output.find("--seconds"), std::string::npos) << seconds << ": " << r.output;
        EXPECT_FALSE(fs::exists(dir / "a")) << seconds << ": created the parents of --out";
    }
}

TEST(CliHardening, AnOutputThatIsNeverCommittedRemovesTheParentsItCreated) {
    TempDir dir;
    fs::create_directories(dir / "kept");
    {
        auto out = app::OutputDir::begin(dir / "kept" / "new1" / "new2" / "out");
        ASSERT_TRUE(out) << out.error().message;
        writeText(out->file("x.txt"), "partial");
        EXPECT_TRUE(fs::exists(dir / "kept" / "new1" / "new2"));
    }  // abandoned: no commit
    EXPECT_TRUE(fs::exists(dir / "kept"));
    EXPECT_FALSE(fs::exists(dir / "kept" / "new1"));
    {
        auto out = app::OutputDir::begin(dir / "kept" / "new1" / "out");
        ASSERT_TRUE(out);
        writeText(out->file("x.txt"), "done");
        ASSERT_TRUE(out->commit());
    }
    EXPECT_EQ(readText(dir / "kept" / "new1" / "out" / "x.txt"), "done");
}

}  // namespace
}  // namespace sluice::test

// `sluice record` end to end: an H.264 file ffprobe accepts, PNG sequences of the right count and size,
// timelines that change the world and the view, clear failures for bad timelines, a missing or failing
// ffmpeg, and outputs that appear atomically (a failed run keeps the previous file). Tiny scenes and
// frames: llvmpipe on two cores renders each run in well under a second.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/golden_image.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

namespace fs = std::filesystem;

/// 32 x 32 m bowl, 3 m deep in the middle, with one strong source at the bottom: within two
/// simulated seconds it makes a pond that fills the middle of a top-down frame.
const char* kBowlScene = R"({
  "grid": {"width": 32, "height": 32, "cell_size": 1.0},
  "terrain": {"procedural": {"kind": "bowl", "amplitude": 3}},
  "params": {"dt": 0.1},
  "sources": [{"x": 16, "y": 16, "radius": 3, "rate": 40}]
})";

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

using Image = render::RgbImage;

/// PNG as RGB8 through the golden-image reader (empty when unreadable).
Image readPng(const fs::path& file) { return test::readPng(file.string()); }

/// Whether the pixel at byte i is blue-dominant: blue clearly leads red and is at least green.
bool blueDominant(const Image& im, std::size_t i) {
    const int r = im.rgb[i], g = im.rgb[i + 1], b = im.rgb[i + 2];
    return b > r + 12 && b >= g;
}

/// Pixels blue-dominant in `im` but not in `dry`, the same view of the world without water: water seen
/// from above (terrain is green or brown; the blue-grey sky and haze around the world are blue in both).
int waterPixels(const Image& im, const Image& dry) {
    if (im.rgb.size() != dry.rgb.size()) return -1;
    int n = 0;
    for (std::size_t i = 0; i + 2 < im.rgb.size(); i += 3) n += blueDominant(im, i) && !blueDominant(dry, i) ? 1 : 0;
    return n;
}

/// Mean absolute difference per channel (0..255) of two images of one size.
double meanAbsDiff(const Image& a, const Image& b) {
    if (a.rgb.size() != b.rgb.size() || a.rgb.empty()) return -1;
    double sum = 0;
    for (std::size_t i = 0; i < a.rgb.size(); ++i) sum += std::abs(int(a.rgb[i]) - int(b.rgb[i]));
    return sum / double(a.rgb.size());
}

/// Names of the entries of a directory, sorted, without the marker every output folder holds.
std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().filename() != ".sluice-output") names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

/// Records the bowl scene top-down as PNG frames into dir/name/ with a timeline given as text.
CliRun recordBowl(const TempDir& dir, const std::string& name, const std::string& timeline) {
    writeText(dir / "bowl.json", kBowlScene);
    writeText(dir / (name + ".json"), timeline);
    return runSluice("record " + quoted(dir / "bowl.json") + " --timeline " + quoted(dir / (name + ".json")) +
                     " --seconds 2 --fps 4 --size 96x64 --camera 0,80,30 --quiet --out " + quoted(dir / name) + "/");
}

TEST(CliRecord, Mp4IsH264OfTheRequestedSizeAndFrameCount) {
    TempDir dir;
    const fs::path out = dir / "demo.mp4";
    const CliRun run = runSluice("record builtin:default:64 --seconds 1 --fps 12 --size 160x96 --out " + quoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("12 frames"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("recording: frame 12/12"), std::string::npos) << "progress on stderr: " << run.output;
    const CliRun probe = probeVideo(out.string());
    ASSERT_EQ(probe.exitCode, 0) << probe.output;
    EXPECT_EQ(probe.output, "h264,160,96,12\n");
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"demo.mp4"}) << "temporary files left behind";
}

TEST(CliRecord, PngSequencesHaveSecondsTimesFpsFramesOfTheRequestedSize) {
    TempDir dir;
    CliRun run = runSluice("record builtin:default:32 --seconds 1 --fps 5 --size 80x48 --quiet --out " +
                           quoted(dir / "frames") + "/");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::vector<std::string> expected = {"frame_00000.png", "frame_00001.png", "frame_00002.png",
                                               "frame_00003.png", "frame_00004.png"};
    EXPECT_EQ(entries(dir / "frames"), expected);
    for (const std::string& name : expected) {
        const Image im = readPng(dir / "frames" / name);
        EXPECT_EQ(im.width, 80) << name;
        EXPECT_EQ(im.height, 48) << name;
    }

    // A pattern writes beside files already there and keeps them.
    writeText(dir / "pattern" / "notes.txt", "keep me");
    run = runSluice("record builtin:default:32 --seconds 0.5 --fps 6 --size 40x30 --quiet --out " +
                    quoted(dir / "pattern" / "shot_%03d.png"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(entries(dir / "pattern"), (std::vector<std::string>{"notes.txt", "shot_000.png", "shot_001.png", "shot_002.png"}));
    EXPECT_EQ(readPng(dir / "pattern" / "shot_002.png").width, 40);
    EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"frames", "pattern"})) << "staging left behind";

    // DIR/ replaces the whole directory, so one Sluice did not write (other files, no output marker)
    // is refused before any work, untouched.
    run = runSluice("record builtin:default:32 --seconds 0.5 --fps 4 --size 40x30 --quiet --out " +
                    quoted(dir / "pattern") + "/");
    EXPECT_EQ(run.exitCode, 4) << run.output;
    EXPECT_NE(run.output.find((dir / "pattern").string() + ": is a folder Sluice did not write"), std::string::npos)
        << run.output;
    EXPECT_EQ(readText(dir / "pattern" / "notes.txt"), "keep me");
}

TEST(CliRecord, TimelineSwitchesTheSourceOffPaintsWaterAndFliesTheCamera) {
    TempDir dir;
    const std::string off = R"({"events": [{"time": 0, "source": 0, "enabled": false}]})";
    const std::string on = R"({"events": [{"time": 0, "source": 0, "enabled": true}]})";
    const std::string flight = R"({
      "camera": [{"time": 0, "yaw": 0, "pitch": 80, "distance": 30},
                 {"time": 1.75, "yaw": 120, "pitch": 30, "distance": 60}],
      "events": [{"time": 0, "source": 0, "enabled": false}]})";
    // A stroke of the add-water brush across the dry bowl, the source off.
    const std::string brush = R"({"events": [{"time": 0, "source": 0, "enabled": false},
      {"time": 0.2, "brush": {"kind": "add-water", "from": [13, 16], "to": [19, 16], "radius": 4,
                              "strength": 2, "falloff": 0.3, "duration": 1.2}}]})";
    for (const auto& [name, text] :
         {std::pair{"off", off}, std::pair{"on", on}, std::pair{"flight", flight}, std::pair{"brush", brush}}) {
        const CliRun run = recordBowl(dir, name, text);
        ASSERT_EQ(run.exitCode, 0) << name << ": " << run.output;
        ASSERT_EQ(entries(dir / name).size(), 8u) << name;
    }
    // Last frames: a pond where the source ran, dry ground where it was switched off at t = 0 (the
    // same view as the first frame of that run, which holds no water yet).
    const Image dry = readPng(dir / "off" / "frame_00000.png");
    const int waterOff = waterPixels(readPng(dir / "off" / "frame_00007.png"), dry);
    const int waterOn = waterPixels(readPng(dir / "on" / "frame_00007.png"), dry);
    EXPECT_GE(waterOff, 0);
    EXPECT_LT(waterOff, 10) << "the source was switched off before the first step";
    EXPECT_GT(waterOn, 40);
    EXPECT_GT(waterOn, waterOff + 30);
    EXPECT_GT(waterPixels(readPng(dir / "brush" / "frame_00007.png"), dry), waterOff + 25) << "the brush added no water";

    // Without camera keys the dry world looks the same in the first and last frames; with a
    // keyframe pair the view changes.
    const double still = meanAbsDiff(readPng(dir / "off" / "frame_00000.png"), readPng(dir / "off" / "frame_00007.png"));
    const double moved =
        meanAbsDiff(readPng(dir / "flight" / "frame_00000.png"), readPng(dir / "flight" / "frame_00007.png"));
    EXPECT_GE(still, 0.0);
    EXPECT_LT(still, 2.0);
    EXPECT_GT(moved, 15.0);
    // The first keyframe is the --camera view, so the flight starts where the still run stays.
    EXPECT_LT(meanAbsDiff(readPng(dir / "off" / "frame_00000.png"), readPng(dir / "flight" / "frame_00000.png")), 2.0);
}

// Timelines that ship (assets/timelines/) are named builtin:NAME: the tour circles any world (the
// first and last frames look from opposite sides) and its two rain events fall inside 12 simulated
// seconds. An unknown name lists the shipped ones.
TEST(CliRecord, ShippedTourTimelineFliesAroundAnyWorld) {
    TempDir dir;
    CliRun run = runSluice("record builtin:default:48 --timeline builtin:tour --seconds 6 --fps 2 --steps-per-frame 10 "
                           "--size 64x40 --out " + quoted(dir / "tour") + "/");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(run.output.find("after the end of the recording"), std::string::npos) << run.output;
    ASSERT_EQ(entries(dir / "tour").size(), 12u);
    const Image first = readPng(dir / "tour" / "frame_00000.png"), last = readPng(dir / "tour" / "frame_00011.png");
    EXPECT_GT(meanAbsDiff(first, last), 4.0);

    run = runSluice("record builtin:default:32 --timeline builtin:nope --seconds 1 --quiet --out " + quoted(dir / "x") + "/");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("unknown built-in timeline 'nope' (valid: dam-breach, tour)"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir / "x"));
}

TEST(CliRecord, BadTimelinesNameTheFileAndThePath) {
    TempDir dir;
    writeText(dir / "bowl.json", kBowlScene);
    const struct {
        const char* timeline;
        const char* message;
    } cases[] = {
        {R"({"events": [)", "t.json: invalid JSON"},
        {R"({"events": [{"time": -1, "source": 0, "enabled": false}]})", "t.json: events[0].time: must be a number >= 0"},
        {R"({"events": [{"time": 0, "source": 0, "enabld": false}]})", "t.json: events[0].enabld: unknown key"},
        {R"({"cameras": []})", "t.json: cameras: unknown key"},
        {R"({"events": [{"time": 0, "enabled": true}, {"time": 1, "source": 1, "enabled": false}]})",
         "t.json: events[0]: give exactly one of source, drain, params, boundary, brush, action or bodies"},
        {R"({"events": [{"time": 1, "source": 1, "enabled": false}]})",
         "t.json: events[0].source: index 1 is out of range (the scene has 1 source)"},
        {R"({"events": [{"time": 1, "params": {"dtt": 0.1}}]})", "t.json: events[0].params.dtt: unknown key"},
        {R"({"events": [{"time": 1, "params": {"dt": -0.1}}]})", "t.json: events[0]: params.dt: must be a positive"},
        {R"({"events": [{"time": 1, "brush": {"kind": "dig", "from": [40, 3]}}]})",
         "t.json: events[0].brush.from: [40, 3] is outside the grid"},
        {R"({"camera": [{"time": 1}, {"time": 1, "yaw": 3}]})", "t.json: camera[1].time: must be greater than"},
    };
    for (const auto& c : cases) {
        writeText(dir / "t.json", c.timeline);
        const CliRun run = runSluice("record " + quoted(dir / "bowl.json") + " --timeline " + quoted(dir / "t.json") +
                                     " --seconds 1 --fps 4 --size 32x32 --out " + quoted(dir / "demo.mp4"));
        EXPECT_EQ(run.exitCode, 1) << c.timeline << "\n" << run.output;
        EXPECT_NE(run.output.find(c.message), std::string::npos) << "expected '" << c.message << "' in: " << run.output;
        EXPECT_FALSE(fs::exists(dir / "demo.mp4"));
    }
    EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"bowl.json", "t.json"}));

    // Usage errors exit 2 and name the argument.
    const CliRun avi = runSluice("record " + quoted(dir / "bowl.json") + " --seconds 1 --out " + quoted(dir / "x.avi"));
    EXPECT_EQ(avi.exitCode, 2) << avi.output;
    EXPECT_NE(avi.output.find("--out"), std::string::npos) << avi.output;
    const CliRun noSeconds = runSluice("record --out " + quoted(dir / "x.mp4"));
    EXPECT_EQ(noSeconds.exitCode, 2) << noSeconds.output;
}

TEST(CliRecord, MissingFfmpegIsAClearErrorBeforeAnyWork) {
    TempDir dir;
    fs::create_directories(dir / "empty-bin");
    const CliRun run = runSluice("record builtin:default:32 --seconds 1 --fps 4 --size 32x32 --out " +
                                     quoted(dir / "demo.mp4"),
                                 "PATH=" + (dir / "empty-bin").string());
    EXPECT_EQ(run.exitCode, 4) << run.output;
    EXPECT_NE(run.output.find("ffmpeg not found on PATH: install it (apt install ffmpeg) or write a PNG sequence with "
                              "--out DIR/"),
              std::string::npos)
        << run.output;
    EXPECT_EQ(run.output.find("recording:"), std::string::npos) << "no frame should be rendered: " << run.output;
    EXPECT_EQ(entries(dir.path()), std::vector<std::string>{"empty-bin"});
}

TEST(CliRecord, AFailingFfmpegKeepsTheExistingVideoAndQuotesItsMessage) {
    TempDir dir;
    writeText(dir / "demo.mp4", "previous video");
    // An "ffmpeg" that dies at once (EPIPE on our side) and one that reads everything, then fails.
    const std::vector<std::string> fakes = {"echo 'fake encoder: cannot open libx264' >&2; exit 1",
                                            "cat > /dev/null; echo 'fake muxer: disk full' >&2; exit 3"};
    const std::vector<std::string> messages = {"fake encoder: cannot open libx264", "fake muxer: disk full"};
    for (std::size_t i = 0; i < fakes.size(); ++i) {
        writeText(dir / "bin" / "ffmpeg", "#!/bin/sh\n" + fakes[i] + "\n");
        fs::permissions(dir / "bin" / "ffmpeg", fs::perms::owner_all);
        const CliRun run = runSluice("record builtin:default:32 --seconds 1 --fps 4 --size 160x96 --quiet --out " +
                                         quoted(dir / "demo.mp4"),
                                     "PATH=" + (dir / "bin").string() + ":/usr/bin:/bin");
        EXPECT_EQ(run.exitCode, 4) << run.output;
        EXPECT_NE(run.output.find(messages[i]), std::string::npos) << run.output;
        EXPECT_NE(run.output.find("demo.mp4"), std::string::npos) << run.output;
        EXPECT_EQ(readText(dir / "demo.mp4"), "previous video");
        EXPECT_EQ(entries(dir.path()), (std::vector<std::string>{"bin", "demo.mp4"})) << "temporary video left behind";
    }
}

}  // namespace
}  // namespace sluice::test

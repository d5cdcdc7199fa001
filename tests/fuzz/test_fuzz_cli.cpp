// Fuzzing the command line through the real binary: every verb's options given values that must be
// refused (infinite, NaN, huge, negative, empty, malformed, paths that are directories or lie under a
// file), and every verb's input files (scenes, snapshots, session logs, timelines, input scripts)
// replaced by mutated copies. Each case must end with an exit code from 1 to 127 (never a signal,
// never a hang: a case is killed after 60 s) and a message that names the option or the file; it must
// leave no output and no staging files behind, and an output that existed before stays unchanged.
// A mutated file that happens to stay valid may succeed (exit 0). Seeded like the reader fuzzers
// (SLUICE_FUZZ_SEED, SLUICE_FUZZ_SCALE).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "sim/builtin_scenes.hpp"
#include "sim/npy.hpp"
#include "tests/support/fuzz_mutations.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

/// Inputs every case may use, made once per test: a small scene, a snapshot and a session log of it,
/// a timeline, an input script, a directory, and a path that lies under a regular file.
struct Inputs {
    TempDir dir;
    fs::path scene, snapshot, log, timeline, script, directory, underFile;
    Inputs() {
        scene = dir / "scene.json";
        writeText(scene, R"({"grid": {"width": 20, "height": 16, "cell_size": 2},
          "terrain": {"procedural": {"kind": "bowl", "amplitude": 4}}, "water": {"surface_level": 2},
          "params": {"dt": 0.1}, "sources": [{"x": 10, "y": 8, "radius": 2, "rate": 1}]})");
        snapshot = dir / "state.sluice";
        const CliRun saved = runSluice("simulate " + quoted(scene) + " --steps 3 --backend cpu --save " + quoted(snapshot));
        EXPECT_EQ(saved.exitCode, 0) << saved.output;
        log = dir / "run.log";
        fs::copy_file(snapshot, dir / "run.start.sluice");
        writeText(log, R"({"sluice_log": 1, "start": "run.start.sluice"})" "\n"
                       R"({"step": 4, "apply": {"type": "brush", "kind": "dig", "x": 8, "y": 8, "radius": 3, "strength": 1, "falloff": 0.5, "target": 0, "dt": 0.02}})" "\n"
                       R"({"step": 5, "apply": {"type": "params", "params": {"friction": 0.1}}})" "\n"
                       R"({"end_step": 8})" "\n");
        const CliRun replayed = runSluice("replay " + quoted(log) + " --backend cpu --save " + quoted(dir / "check.sluice"));
        EXPECT_EQ(replayed.exitCode, 0) << "the seed log must replay: " << replayed.output;
        fs::remove(dir / "check.sluice");
        timeline = dir / "t.json";
        writeText(timeline, R"({"camera": [{"time": 0, "yaw": 10, "pitch": 40}, {"time": 1, "yaw": 50}],
          "events": [{"time": 0.2, "source": 0, "rate": 2}, {"time": 0.3, "params": {"rain": 1e-5}}]})");
        script = dir / "input.txt";
        writeText(script, "2 move 600 400\n3 down 600 400\n5 up 600 400\n6 key Space\n");
        directory = dir / "a-directory";
        fs::create_directories(directory);
        writeText(dir / "plain-file", "x");
        underFile = dir / "plain-file" / "out";
    }
};

/// One command line, what its message must mention, and the outputs it must not leave behind.
struct Case {
    std::string args;
    std::vector<std::string> mentions;  ///< any one of them
    std::vector<fs::path> outputs;
    bool mayBeValid = false;            ///< a mutated file that may still be valid
};

/// Runs every case in a fresh output directory; returns how many failed as they should.
int runCases(const std::vector<Case>& cases, const fs::path& work) {
    int refused = 0, accepted = 0;
    for (const Case& c : cases) {
        // An output that exists before the run must come out unchanged when the run fails.
        for (const fs::path& o : c.outputs)
            if (o.filename() == "existing") {
                writeText(o / "marker.txt", "before");
                writeText(o / ".sluice-output", "");  // an earlier output (a folder of other files is refused at once)
            }
        const std::set<fs::path> before = [&] {
            std::set<fs::path> s;
            for (const auto& e : fs::recursive_directory_iterator(work)) s.insert(e.path());
            return s;
        }();
        const CliRun r = runCommand("env -u DISPLAY timeout -s KILL 60 '" + std::string(sluiceBinary()) + "' " + c.args);
        const std::string ctx = "[seed " + std::to_string(fuzzSeed()) + "] sluice " + c.args + "\n" + r.output;
        if (r.exitCode == 0) {
            ++accepted;
            EXPECT_TRUE(c.mayBeValid) << "accepted: " << ctx;
            continue;
        }
        ++refused;
        EXPECT_TRUE(r.exitCode >= 1 && r.exitCode <= 127) << "exit " << r.exitCode << ": " << ctx;
        bool named = c.mentions.empty();
        for (const std::string& m : c.mentions) named |= r.output.find(m) != std::string::npos;
        EXPECT_TRUE(named) << "the message names none of the expected options/files: " << ctx;
        // Nothing new may remain: no output, no staging directory, no temporary file.
        for (const auto& e : fs::recursive_directory_iterator(work))
            EXPECT_TRUE(before.count(e.path())) << "left behind " << e.path() << ": " << ctx;
        for (const fs::path& o : c.outputs) {
            if (o.filename() == "existing") {
                EXPECT_EQ(readText(o / "marker.txt"), "before") << ctx;
            }
        }
    }
    if (cases.size() > 1) std::printf("%zu cases: %d refused, %d accepted\n", cases.size(), refused, accepted);
    return refused;
}

/// Values no numeric option accepts.
const std::vector<std::string> kBadNumbers = {"inf", "-inf", "nan", "1e300", "abc", "''", "1e", "0x", "--", "9e99999"};

/// `base` with one option given each bad value in turn. The message must name the option or, for a
/// path, the file.
void optionCases(std::vector<Case>& out, const std::string& base, const std::string& option,
                 const std::vector<std::string>& values, const std::vector<fs::path>& outputs) {
    for (const std::string& v : values) {
        Case c{base + " " + option + " " + v, {option}, outputs};
        if (v.size() > 2 && v.front() == '\'' && v.find('/') != std::string::npos)
            c.mentions.push_back(fs::path(v.substr(1, v.size() - 2)).filename().string());
        out.push_back(std::move(c));
    }
}

// ---- options, verb by verb -------------------------------------------------------------------------

TEST(FuzzCli, SimulateAndRenderOptions) {
    Inputs in;
    const fs::path outDir = in.dir / "out", existing = in.dir / "existing";
    fs::create_directories(existing);
    std::vector<Case> cases;
    const std::string sim = "simulate " + quoted(in.scene) + " --backend cpu --out " + quoted(outDir);
    optionCases(cases, sim, "--steps", {"-1", "inf", "abc", "''", "1e300", "2.5", "9223372036854775808"}, {outDir});
    optionCases(cases, sim + " --steps 2", "--dt", kBadNumbers, {outDir});
    optionCases(cases, sim + " --steps 2", "--dt", {"-0.1", "0", "1e9"}, {outDir});
    optionCases(cases, "simulate " + quoted(in.scene) + " --steps 2 --out " + quoted(outDir), "--backend", {"quantum", "''", "GPU"}, {outDir});
    cases.push_back({"simulate " + quoted(in.scene) + " --steps 2 --out " + quoted(in.underFile), {"plain-file"}, {}});
    cases.push_back({"simulate " + quoted(in.scene) + " --steps 2 --save " + quoted(in.underFile / "s.sluice"), {"plain-file"}, {}});
    cases.push_back({"simulate " + quoted(in.scene) + " --steps 2 --save " + quoted(in.directory), {"a-directory"}, {}});
    cases.push_back({"simulate " + quoted(in.directory) + " --steps 2 --out " + quoted(outDir), {"a-directory"}, {outDir}});
    cases.push_back({"simulate " + quoted(in.dir / "missing.json") + " --steps 2 --out " + quoted(existing), {"missing.json"}, {existing}});
    cases.push_back({"simulate builtin:nope --steps 2 --out " + quoted(outDir), {"nope"}, {outDir}});
    cases.push_back({"simulate builtin:default:99999999 --steps 2 --out " + quoted(outDir), {"99999999"}, {outDir}});
    const fs::path img = in.dir / "img.png";
    const std::string render = "render " + quoted(in.scene) + " --out " + quoted(img);
    optionCases(cases, render, "--size", {"0x0", "-5x5", "99999x99999", "x", "12", "''", "nanxnan", "1e9x2"}, {img});
    optionCases(cases, render, "--camera", {"nan,30,100", "inf,30,100", "1,2", "a,b,c", "''", "10,30,-5", "10,30,1e999"}, {img});
    optionCases(cases, render, "--steps", {"-1", "abc", "1e300"}, {img});
    optionCases(cases, render, "--overlay", {"bogus", "''", "DEPTH"}, {img});
    cases.push_back({"render " + quoted(in.scene) + " --out " + quoted(in.underFile / "x.png"), {"plain-file"}, {}});
    cases.push_back({"render " + quoted(in.scene) + " --out " + quoted(in.directory), {"a-directory"}, {}});
    EXPECT_EQ(runCases(cases, in.dir.path()), int(cases.size()));
}

TEST(FuzzCli, RecordReplayAndSweepOptions) {
    Inputs in;
    const fs::path outDir = in.dir / "out", existing = in.dir / "existing";
    fs::create_directories(existing);
    std::vector<Case> cases;
    const std::string rec = "record " + quoted(in.scene) + " --size 32x24 --out " + quoted(outDir) + "/";
    optionCases(cases, rec + " --fps 4", "--seconds", kBadNumbers, {outDir});
    optionCases(cases, rec + " --fps 4", "--seconds", {"-1", "0"}, {outDir});
    optionCases(cases, rec + " --seconds 1", "--fps", kBadNumbers, {outDir});
    optionCases(cases, rec + " --seconds 1", "--fps", {"0", "-30"}, {outDir});
    optionCases(cases, rec + " --seconds 1 --fps 4", "--steps-per-frame", {"0", "-1", "abc", "1e300"}, {outDir});
    optionCases(cases, rec + " --seconds 1 --fps 4", "--timeline", {quoted(in.directory), quoted(in.dir / "none.json")}, {outDir});
    cases.push_back({"record " + quoted(in.scene) + " --seconds 1 --fps 4 --size 32x24 --out " + quoted(existing) + "/ --timeline " +
                         quoted(in.directory),
                     {"a-directory"}, {existing}});
    const std::string replay = "replay " + quoted(in.log) + " --out " + quoted(outDir);
    optionCases(cases, replay, "--backend", {"quantum", "''"}, {outDir});
    optionCases(cases, replay, "--save", {quoted(in.directory), quoted(in.underFile)}, {outDir});
    cases.push_back({"replay " + quoted(in.directory) + " --out " + quoted(outDir), {"a-directory"}, {outDir}});
    cases.push_back({"replay " + quoted(in.log) + " --out " + quoted(in.underFile), {"plain-file"}, {}});
    const std::string sweep = "sweep " + quoted(in.scene) + " --thumb 32x24 --out " + quoted(outDir);
    optionCases(cases, sweep + " --param manning_n=0.05", "--seconds", kBadNumbers, {outDir});
    optionCases(cases, sweep + " --param manning_n=0.05", "--seconds", {"-1", "0", "1e20"}, {outDir});
    optionCases(cases, sweep + " --seconds 0.2", "--param",
                {"friction=inf", "friction=nan", "dt=1e300", "friction", "=1", "source9.rate=1", "rain=-1", "courant=2",
                 "'friction=0.1,,0.2'", "max_substeps=3"},
                {outDir});
    optionCases(cases, sweep + " --seconds 0.2 --param manning_n=0.05", "--backend", {"quantum", "''"}, {outDir});
    optionCases(cases, "sweep " + quoted(in.scene) + " --seconds 0.2 --param manning_n=0.05 --out " + quoted(outDir), "--thumb",
                {"0x0", "-1x2", "abc", "99999x99999"}, {outDir});
    cases.push_back({"sweep " + quoted(in.scene) + " --seconds 0.2 --param manning_n=0.05 --out " + quoted(in.underFile),
                     {"plain-file"}, {}});
    EXPECT_EQ(runCases(cases, in.dir.path()), int(cases.size()));
}

TEST(FuzzCli, BenchOptions) {
    Inputs in;
    std::vector<Case> cases;
    const std::string bench = "bench --quick --sizes 16";
    optionCases(cases, "bench --quick", "--sizes", {"0", "16,abc", "''", "99999999", "-16", "16,,32"}, {});
    optionCases(cases, bench, "--min-seconds", kBadNumbers, {});
    optionCases(cases, bench, "--min-seconds", {"-1", "0", "7200"}, {});
    optionCases(cases, bench, "--cpu-max", {"-1", "abc", "1e300"}, {});
    optionCases(cases, bench, "--wet", {"2", "nan", "0", "abc"}, {});
    optionCases(cases, bench, "--frames", {"-1", "abc", "1e300"}, {});
    optionCases(cases, bench + " --frames 1", "--frame-size", {"0x0", "abc", "-3x3"}, {});
    optionCases(cases, bench + " --frames 1", "--frame-max", {"0", "abc"}, {});
    optionCases(cases, bench, "--strips", {"axb", "8x0", "4x1", "8x99"}, {});
    optionCases(cases, bench, "--copy-sizes", {"0", "99999", "abc"}, {});
    optionCases(cases, bench, "--stream-rows", {"abc", "-8"}, {});
    cases.push_back({bench + " --bogus 3", {"--bogus"}, {}});
    optionCases(cases, "bench --frame --frames 1", "--grid", {"0", "abc", "99999999"}, {});
    optionCases(cases, "bench --frame --grid 16", "--frames", {"0", "-1", "abc"}, {});
    optionCases(cases, "bench --frame --grid 16 --frames 1", "--render-scale", {"0", "2", "nan", "abc"}, {});
    optionCases(cases, "bench --frame --grid 16 --frames 1", "--size", {"0x0", "abc"}, {});
    EXPECT_EQ(runCases(cases, in.dir.path()), int(cases.size()));
}

// The viewer checks its options before it opens a window (DISPLAY is unset here). A headless build
// (SLUICE_WINDOW=OFF, as under the sanitizers) has no viewer to test.
TEST(FuzzCli, ViewerOptions) {
    if (!SLUICE_TESTS_HAVE_VIEWER) return;
    Inputs in;
    std::vector<Case> cases;
    const std::string viewer = quoted(in.scene) + " --autosave-seconds 0 --frames 2";
    optionCases(cases, quoted(in.scene), "--frames", {"0", "-1", "abc", "1e300"}, {});
    optionCases(cases, viewer, "--speed", {"0", "-1", "inf", "nan", "abc", "''"}, {});
    optionCases(cases, viewer, "--render-scale", {"0", "2", "nan", "abc"}, {});
    optionCases(cases, quoted(in.scene) + " --frames 2", "--autosave-seconds", {"-1", "inf", "nan", "abc"}, {});
    optionCases(cases, viewer, "--heightmap", {"x.png:1", "x.png:a:b", "x.png::"}, {});
    optionCases(cases, viewer, "--ab", {"friction", "friction=abc", "=1", "friction=1e999x"}, {});
    optionCases(cases, viewer, "--ab-view", {"sideways", "''"}, {});
    optionCases(cases, viewer, "--input-script", {quoted(in.directory), quoted(in.dir / "none.txt")}, {});
    cases.push_back({viewer + " --bogus", {"--bogus"}, {}});
    cases.push_back({quoted(in.directory), {"a-directory"}, {}});
    EXPECT_EQ(runCases(cases, in.dir.path()), int(cases.size()));
}

// ---- input files -------------------------------------------------------------------------------------

/// Mutated copies of `file` (JSON or bytes), each written back in place before its case runs.
std::vector<Mutation> fileMutations(const fs::path& file, bool json, bool lines, int count) {
    Mutator m(fuzzSeed() + std::hash<std::string>{}(file.filename().string()));
    const std::string text = readText(file);
    std::vector<Mutation> all = lines ? m.jsonLines(text, 1) : json ? m.jsonValues(text, 1) : m.byteDamage(text, count);
    for (Mutation& t : m.truncations(text, count / 2)) all.push_back(std::move(t));
    std::shuffle(all.begin(), all.end(), m.rng());
    if (int(all.size()) > count) all.resize(std::size_t(count));
    return all;
}

/// Runs `args` once per mutation of `file` (restored afterwards). "{OUT}" in `args` is replaced by a
/// fresh output path per case, removed again after a successful run.
void fuzzFile(const Inputs& in, const fs::path& file, bool json, bool lines, const std::string& args, int count) {
    const std::string original = readText(file);
    int index = 0, refused = 0;
    for (const Mutation& mutation : fileMutations(file, json, lines, count * fuzzScale())) {
        writeText(file, mutation.bytes);
        const fs::path out = in.dir / ("out" + std::to_string(index++));
        std::string a = args;
        a.replace(a.find("{OUT}"), 5, quoted(out));
        Case c{a, {file.filename().string(), "run.start.sluice"}, {out}, true};
        SCOPED_TRACE(file.filename().string() + ": " + mutation.what);
        refused += runCases({c}, in.dir.path());
        fs::remove_all(out);
    }
    std::printf("%s: %d mutations, %d refused\n", file.filename().string().c_str(), index, refused);
    writeText(file, original);
}

TEST(FuzzCli, MutatedInputFiles) {
    Inputs in;
    fuzzFile(in, in.scene, true, false, "simulate " + quoted(in.scene) + " --steps 2 --backend cpu --out {OUT}", 60);
    fuzzFile(in, in.snapshot, false, false, "simulate " + quoted(in.snapshot) + " --steps 2 --backend cpu --out {OUT}", 40);
    fuzzFile(in, in.log, false, true, "replay " + quoted(in.log) + " --backend cpu --out {OUT}", 60);
    fuzzFile(in, in.timeline, true, false,
             "record " + quoted(in.scene) + " --seconds 0.5 --fps 4 --size 32x24 --timeline " + quoted(in.timeline) +
                 " --quiet --out {OUT}/",
             40);
    if (SLUICE_TESTS_HAVE_VIEWER)
        fuzzFile(in, in.script, false, false, quoted(in.scene) + " --frames 8 --autosave-seconds 0 --input-script " + quoted(in.script) +
                                              " --dump-state {OUT}",
             24);
}

}  // namespace
}  // namespace sluice::test

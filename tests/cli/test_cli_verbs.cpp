// The command line as a new user meets it (issue 15): help for every verb from one table, mistyped
// verbs and options named with a suggestion, the same exit codes for the same mistakes in every verb,
// outputs checked before any work, and no option silently ignored or clamped. Through the real binary.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/verb_table.hpp"
#include "render/overlay.hpp"
#include "render/overlay_legend.hpp"
#include "tests/support/golden_image.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// The headless verbs (the viewer is tested under Xvfb, help by the overview test).
std::vector<const app::VerbSpec*> headlessVerbs() {
    std::vector<const app::VerbSpec*> out;
    for (const app::VerbSpec& v : app::verbTable())
        if (std::string(v.name) != "viewer" && std::string(v.name) != "help") out.push_back(&v);
    return out;
}

// `sluice info` says how the kernels get division and square root rounded as the CPU's (the probe of
// sim/exact_float_ops.cpp; on llvmpipe the driver's own are exact).
TEST(CliVerbs, InfoNamesTheExactFloatMode) {
    const CliRun r = runSluice("info");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_TRUE(has(r.output, "exact float ops: division ")) << r.output;
    EXPECT_TRUE(has(r.output, ", sqrt ")) << r.output;
}

TEST(CliVerbs, HelpListsEveryVerbAndTheExitCodes) {
    const CliRun r = runSluice("help");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    for (const app::VerbSpec& v : app::verbTable()) {
        if (std::string(v.name) != "viewer") {
            EXPECT_TRUE(has(r.output, std::string("sluice ") + v.name)) << v.name;
        }
    }
    EXPECT_TRUE(has(r.output, app::exitCodeTable())) << r.output;
}

TEST(CliVerbs, EveryVerbHasItsOwnHelpListingEveryOption) {
    for (const app::VerbSpec* v : headlessVerbs()) {
        for (const std::string& form : {std::string(v->name) + " --help", std::string(v->name) + " -h", "help " + std::string(v->name)}) {
            const CliRun r = runSluice(form);
            EXPECT_EQ(r.exitCode, 0) << form << ": " << r.output;
            EXPECT_TRUE(has(r.output, std::string("usage: sluice ") + v->name)) << form << ": " << r.output;
            for (const app::OptionSpec& o : v->options) EXPECT_TRUE(has(r.output, o.name)) << form << " omits " << o.name;
        }
    }
    // What `sluice help` used to leave out (issue 15).
    EXPECT_TRUE(has(runSluice("render --help").output, "--overlay"));
    EXPECT_TRUE(has(runSluice("simulate --help").output, "--dt"));
    EXPECT_TRUE(has(runSluice("replay --help").output, "--backend"));
    EXPECT_TRUE(has(runSluice("replay --help").output, "--record"));
    EXPECT_TRUE(has(runSluice("bench --help").output, "--frame"));
}

TEST(CliVerbs, UnknownOptionsAreUsageErrorsWithASuggestionInEveryVerb) {
    for (const app::VerbSpec* v : headlessVerbs()) {
        const CliRun r = runSluice(std::string(v->name) + " --frobnicate 1");
        EXPECT_EQ(r.exitCode, 2) << v->name << ": " << r.output;
        EXPECT_TRUE(has(r.output, "unknown option --frobnicate")) << v->name << ": " << r.output;
        EXPECT_TRUE(has(r.output, std::string(v->name) + " --help")) << v->name << ": " << r.output;
    }
    const CliRun typo = runSluice("simulate builtin:default:16 --stpes 3");
    EXPECT_EQ(typo.exitCode, 2);
    EXPECT_TRUE(has(typo.output, "did you mean --steps?")) << typo.output;
}

TEST(CliVerbs, AMistypedVerbIsNamedAsAVerbNotAsAMissingScene) {
    const CliRun r = runSluice("simulte builtin:default:16 --steps 1");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_TRUE(has(r.output, "unknown verb 'simulte'")) << r.output;
    EXPECT_TRUE(has(r.output, "did you mean 'simulate'?")) << r.output;
    EXPECT_FALSE(has(r.output, "cannot open")) << r.output;
    const CliRun help = runSluice("help rendr");
    EXPECT_EQ(help.exitCode, 2) << help.output;
    EXPECT_TRUE(has(help.output, "did you mean 'render'?")) << help.output;
}

TEST(CliVerbs, AnOptionWithoutItsValueIsAUsageError) {
    const CliRun r = runSluice("simulate builtin:default:16 --backend cpu --steps");
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_TRUE(has(r.output, "--steps: missing value N")) << r.output;
}

TEST(CliVerbs, SimulateNeedsStepsAndPrintsTheSummaryWithoutOutputs) {
    const CliRun missing = runSluice("simulate builtin:default:16 --backend cpu");
    EXPECT_EQ(missing.exitCode, 2) << missing.output;
    EXPECT_TRUE(has(missing.output, "missing --steps")) << missing.output;
    // Neither --out nor --save: the summary on stdout (--quiet leaves only it).
    const CliRun r = runSluice("simulate builtin:default:16 --backend cpu --steps 3 --quiet");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json summary = nlohmann::json::parse(r.output, nullptr, false);
    ASSERT_FALSE(summary.is_discarded()) << r.output;
    EXPECT_EQ(summary.at("steps").get<long long>(), 3);
    EXPECT_EQ(summary.at("residual").get<double>(), 0.0);
}

// The measurement overrides (docs/PERFORMANCE.md) name a misspelt value instead of quietly measuring
// the default; a valid one is taken without a word.
TEST(CliVerbs, AMisspeltMeasurementOverrideIsNamedAndIgnored) {
    const CliRun strip = runSluice("simulate builtin:default:64 --steps 1 --quiet", "SLUICE_FIELD_LAYOUT=strip");
    ASSERT_EQ(strip.exitCode, 0) << strip.output;
    EXPECT_TRUE(has(strip.output, "SLUICE_FIELD_LAYOUT=strip is not rows, tiles or strips; ignored")) << strip.output;
    const CliRun threads = runSluice("simulate builtin:default:64 --backend cpu --steps 1 --quiet", "SLUICE_CPU_THREADS=2x");
    ASSERT_EQ(threads.exitCode, 0) << threads.output;
    EXPECT_TRUE(has(threads.output, "SLUICE_CPU_THREADS=2x is not a whole number from 1 to 256; ignored")) << threads.output;
    const CliRun valid = runSluice("simulate builtin:default:64 --steps 1 --quiet", "SLUICE_FIELD_LAYOUT=strips SLUICE_CPU_THREADS=2");
    ASSERT_EQ(valid.exitCode, 0) << valid.output;
    EXPECT_FALSE(has(valid.output, "warning")) << valid.output;
}

TEST(CliVerbs, CameraPitchOutsideTheViewsRangeIsRefusedNotClamped) {
    TempDir dir;
    for (const char* verb : {"render", "record"}) {
        const std::string out = std::string(verb) == "render" ? quoted(dir / "r.png") : quoted(dir / "frames") + "/ --seconds 0.1";
        const CliRun r = runSluice(std::string(verb) + " builtin:default:16 --out " + out + " --camera 0,95,100");
        EXPECT_EQ(r.exitCode, 2) << verb << ": " << r.output;
        EXPECT_TRUE(has(r.output, "--camera: pitch 95 is out of range (3..88")) << verb << ": " << r.output;
    }
    EXPECT_FALSE(fs::exists(dir / "r.png"));
    EXPECT_FALSE(fs::exists(dir / "frames"));
}

TEST(CliVerbs, RenderWritesOnlyPngFiles) {
    TempDir dir;
    const CliRun r = runSluice("render builtin:default:16 --out " + quoted(dir / "r.txt"));
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_TRUE(has(r.output, "--out: ")) << r.output;
    EXPECT_TRUE(has(r.output, "expected a .png file")) << r.output;
    EXPECT_FALSE(fs::exists(dir / "r.txt"));
    // Missing folders are created, as `simulate --out` does.
    const CliRun ok = runSluice("render builtin:default:16 --size 32x24 --quiet --out " + quoted(dir / "a" / "b" / "R.PNG"));
    EXPECT_EQ(ok.exitCode, 0) << ok.output;
    EXPECT_TRUE(fs::exists(dir / "a" / "b" / "R.PNG"));
}

TEST(CliVerbs, RenderedOverlaysCarryTheirLegend) {
    TempDir dir;
    for (const char* overlay : {"none", "depth"}) {
        const fs::path out = dir / (std::string(overlay) + ".png");
        const CliRun r = runSluice("render builtin:default:32 --steps 20 --size 480x270 --quiet --overlay " + std::string(overlay) +
                                   " --out " + quoted(out));
        ASSERT_EQ(r.exitCode, 0) << r.output;
        // Where the legend goes: the box drawOverlayLegend reports for this image and overlay.
        render::RgbImage probe{480, 270, std::vector<unsigned char>(480 * 270 * 3, 255)};
        render::ViewSettings view;
        view.overlay = render::overlayFromName("depth");
        const render::LegendBox box = render::drawOverlayLegend(probe, *render::overlayLegend(view.overlay, view, -1.0));
        const render::RgbImage image = readPng(out.string());
        // The bar's middle row holds the ramp: far from the sky's grey only when the legend is drawn.
        int ramp = 0;
        for (int x = box.barX; x < box.barX + box.barW; ++x) {
            const std::size_t i = (std::size_t(box.barY + box.barH / 2) * 480 + std::size_t(x)) * 3;
            ramp += image.rgb[i] == probe.rgb[i] && image.rgb[i + 1] == probe.rgb[i + 1] && image.rgb[i + 2] == probe.rgb[i + 2];
        }
        if (std::string(overlay) == "depth") EXPECT_EQ(ramp, box.barW) << overlay;
        else EXPECT_LT(ramp, box.barW / 4) << overlay;
    }
}

TEST(CliVerbs, OutputsThatCannotBeWrittenAreRefusedBeforeAnyWork) {
    TempDir dir;
    writeText(dir / "plain", "a file where a folder is needed\n");
    // Each would run for hours if the output were checked only at the end.
    const std::string blocked = quoted(dir / "plain" / "sub");
    const std::vector<std::string> commands = {
        "simulate builtin:default:64 --backend cpu --steps 1000000000 --out " + blocked,
        "simulate builtin:default:64 --backend cpu --steps 1000000000 --save " + quoted(dir / "plain" / "s.sluice"),
        "render builtin:default:64 --steps 1000000000 --out " + quoted(dir / "plain" / "r.png"),
        "record builtin:default:64 --seconds 3600 --out " + blocked + "/",
        "sweep builtin:default:64 --param manning_n=0.01,0.02 --seconds 1e9 --out " + blocked,
    };
    for (const std::string& c : commands) {
        const CliRun r = runCommand("timeout -s KILL 60 '" + std::string(sluiceBinary()) + "' " + c);
        EXPECT_EQ(r.exitCode, 4) << c << ": " << r.output;
        EXPECT_TRUE(has(r.output, "plain")) << c << ": " << r.output;
        EXPECT_TRUE(has(r.output, "is not a folder")) << c << ": " << r.output;
    }
}

TEST(CliVerbs, TheViewersOptionsFollowTheSameRules) {
    if (!SLUICE_TESTS_HAVE_VIEWER) GTEST_SKIP() << "a build without the viewer";
    TempDir dir;
    writeText(dir / "plain", "x\n");
    // Each fails while the command line is read, before a window opens (no DISPLAY is needed).
    const std::string noDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY '" + std::string(sluiceBinary()) + "' ";
    const CliRun help = runCommand(noDisplay + "builtin:default:16 --help");
    EXPECT_EQ(help.exitCode, 0) << help.output;
    EXPECT_TRUE(has(help.output, "--screenshot")) << help.output;
    const CliRun avi = runCommand(noDisplay + "--record " + quoted(dir / "x.avi"));
    EXPECT_EQ(avi.exitCode, 2) << avi.output;  // as `sluice record --out x.avi`
    EXPECT_EQ(runSluice("record builtin:default:16 --seconds 1 --out " + quoted(dir / "x.avi")).exitCode, 2);
    const CliRun txt = runCommand(noDisplay + "--screenshot " + quoted(dir / "shot.txt"));
    EXPECT_EQ(txt.exitCode, 2) << txt.output;
    EXPECT_TRUE(has(txt.output, "expected a .png file")) << txt.output;
    const CliRun blocked = runCommand(noDisplay + "--screenshot " + quoted(dir / "plain" / "shot.png"));
    EXPECT_EQ(blocked.exitCode, 4) << blocked.output;
    EXPECT_TRUE(has(blocked.output, "--screenshot")) << blocked.output;
    for (const char* steps : {"--steps-per-frame 0", "--steps-per-frame x", "--steps-per-frame 2 --speed 3"}) {
        const CliRun bad = runCommand(noDisplay + steps);
        EXPECT_EQ(bad.exitCode, 2) << steps << ": " << bad.output;
        EXPECT_TRUE(has(bad.output, "--steps-per-frame")) << bad.output;
        EXPECT_FALSE(has(bad.output, "unknown option")) << bad.output;
    }
    EXPECT_TRUE(has(runCommand(noDisplay + "--steps-per-frame 2 --speed 3").output, "exclude each other"));
    const CliRun typo = runCommand(noDisplay + "--screnshot x.png");
    EXPECT_EQ(typo.exitCode, 2) << typo.output;
    EXPECT_TRUE(has(typo.output, "did you mean --screenshot?")) << typo.output;
}

TEST(CliVerbs, RecordQuietPrintsNothing) {
    TempDir dir;
    const CliRun r = runCommand("'" + std::string(sluiceBinary()) + "' record builtin:default:16 --seconds 0.2 --fps 10 --size 16x16 --quiet --out " +
                                quoted(dir / "frames") + "/ 2>/dev/null");
    EXPECT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output, "");
    EXPECT_TRUE(fs::exists(dir / "frames" / "frame_00001.png"));
}

TEST(CliVerbs, AnEmptySnapshotOrSceneFileSaysItIsEmpty) {
    TempDir dir;
    writeText(dir / "state.sluice", "");
    writeText(dir / "scene.json", "\n");
    for (const char* name : {"state.sluice", "scene.json"}) {
        const CliRun r = runSluice("simulate " + quoted(dir / name) + " --steps 1 --backend cpu");
        EXPECT_EQ(r.exitCode, 1) << name << ": " << r.output;
        EXPECT_TRUE(has(r.output, std::string(name) + ": the file is empty")) << r.output;
        EXPECT_FALSE(has(r.output, "parse")) << r.output;  // was: a JSON parse error
    }
    writeText(dir / "text.sluice", "{\"not\": \"a snapshot\"}");
    const CliRun r = runSluice("simulate " + quoted(dir / "text.sluice") + " --steps 1 --backend cpu");
    EXPECT_EQ(r.exitCode, 1) << r.output;
    EXPECT_TRUE(has(r.output, "not a Sluice snapshot")) << r.output;
}

TEST(CliVerbs, TheExitCodeTableIsTheOneInTheDocs) {
    std::ifstream f(std::string(SLUICE_TEST_DATA_DIR) + "/../../docs/CLI.md");
    std::stringstream text;
    text << f.rdbuf();
    std::istringstream table(app::exitCodeTable());
    std::string line;
    std::getline(table, line);  // the heading
    while (std::getline(table, line)) {
        // "  2  usage: ..." in the help is "| 2 | usage: ... |" in docs/CLI.md.
        const std::string code = line.substr(2, 1), meaning = line.substr(5);
        EXPECT_TRUE(has(text.str(), "| " + code + " | " + meaning + " |")) << "docs/CLI.md lacks: " << line;
    }
}

TEST(CliVerbs, BenchFiguresOnASoftwareRendererAreNotPrintedAsZero) {
    const CliRun r = runSluice("bench --quick --sizes 16 --min-seconds 0.01 --cpu-max 16");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::istringstream lines(r.output);
    int rows = 0;
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("   16^2", 0) == 0) {
            ++rows;
            std::istringstream fields(line);
            for (std::string f; fields >> f;) EXPECT_TRUE(f != "0.0" && f != "0.00" && f != "0%") << line;
        }
    EXPECT_GE(rows, 2) << r.output;
}

TEST(CliVerbs, BenchKernelsTimesBothKernelsOfBothModelsAndTheirArithmetic) {
    // Shapes that fit llvmpipe's 32 KB of shared memory: groups of 128 x 2 and 128 x 4 invocations
    // stepping 1 or 2 rows each.
    // Temporally blocked tiles: two that fit (the first leaves the shallow-water model, whose halo is
    // twice the pipes', no cells to write), two larger than the grid, one that needs 45 KB or more.
    // The pipes' blocked step (step_blocked.comp) in each: the first three are refused (16 cells wide;
    // 28 x 12 written), the fourth does not compile in 32 KB, the last runs (the step takes any grid).
    const CliRun r = runSluice("bench --kernels --sizes 16 --min-seconds 0.01 --fused-rows 1,2 --fused-threads 2,4 --arith-patches 2x2,4x1 "
                               "--tb-tiles 16x8r2s1,16x16r4s1,32x16r2s1,64x32r4s2,64x16r2s1");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::istringstream lines(r.output);
    int rows = 0, fused = 0, tiled = 0, arith = 0, blocked = 0, stepsRefused = 0, stepsRun = 0;
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("   16^2", 0) == 0) {
            ++rows;
            if (has(line, "tb 32x16r2s1  larger than the grid") || has(line, "tb 64x16r2s1  larger than the grid") ||
                has(line, "tb 64x32r4s2  needs more than") || has(line, "SWE  moving tb 16x8r2s1  its halo leaves no cells"))
                continue;
            if (has(line, " step ")) {
                const bool refused = has(line, "must be 32, 64 or 128") || has(line, "write 28 x 12 cells each") ||
                                     has(line, "step 64x32r4s2  the temporally blocked step's tiles of 64 x 32 cells did not compile");
                stepsRefused += refused ? 1 : 0;
                stepsRun += has(line, "pipes  moving step 64x16r2s1 ") && !refused ? 1 : 0;
                if (refused) continue;
            }
            blocked += (has(line, "pipes  moving tb 16x8r2s1") || has(line, "moving tb 16x16r4s1")) ? 1 : 0;
            for (const char* shape : {"2x1", "2x2", "4x1", "4x2"}) {
                fused += has(line, std::string("fused ") + shape) ? 1 : 0;
                tiled += has(line, std::string("tiled ") + shape) ? 1 : 0;
            }
            arith += (has(line, "moving  arith 2x2") || has(line, "moving  arith 4x1")) ? 1 : 0;
            std::istringstream fields(line);
            for (std::string f; fields >> f;) EXPECT_TRUE(f != "0" && f != "0.0" && f != "0%") << line;
        }
    // Two models x moving and still water x (two passes, four fused and four tiled shapes), each
    // model's arithmetic ceiling on moving water in two patch shapes and five tiles, and the pipes'
    // blocked step in those five.
    EXPECT_EQ(rows, 55) << r.output;
    EXPECT_EQ(stepsRefused, 4) << r.output;
    EXPECT_EQ(stepsRun, 1) << r.output;
    EXPECT_EQ(fused, 16) << r.output;
    EXPECT_EQ(tiled, 16) << r.output;
    EXPECT_EQ(arith, 4) << r.output;
    EXPECT_EQ(blocked, 3) << r.output;
    for (const char* tiles : {"64x32", "64x30r4s2", "64x32r3s2", "64x32r4s0", "64x32r4s2,"}) {
        const CliRun badTiles = runSluice(std::string("bench --kernels --tb-tiles ") + tiles);
        EXPECT_EQ(badTiles.exitCode, 2) << tiles;
        EXPECT_TRUE(has(badTiles.output, "--tb-tiles")) << badTiles.output;
    }
    const CliRun bad = runSluice("bench --kernels --fused-rows 3");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(has(bad.output, "--fused-rows")) << bad.output;
    for (const char* patches : {"9x1", "2x", "2x2,0x1"}) {
        const CliRun badPatches = runSluice(std::string("bench --kernels --arith-patches ") + patches);
        EXPECT_EQ(badPatches.exitCode, 2) << patches;
        EXPECT_TRUE(has(badPatches.output, "--arith-patches")) << badPatches.output;
    }
    const CliRun badThreads = runSluice("bench --kernels --fused-threads 3");
    EXPECT_EQ(badThreads.exitCode, 2);
    EXPECT_TRUE(has(badThreads.output, "--fused-threads")) << badThreads.output;
}

TEST(CliVerbs, BenchDryShapesTimesEachMostlyDryWorldAgainstTheAllWetGrid) {
    const CliRun r = runSluice("bench --sizes 64 --min-seconds 0.01 --dry-shapes basin,rows,columns,square --dry-wets 0.1,0.3");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::istringstream lines(r.output);
    int rows = 0, reference = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("   64^2", 0) != 0) continue;
        ++rows;
        std::istringstream fields(line);
        std::vector<std::string> f;
        for (std::string v; fields >> v;) f.push_back(v);
        ASSERT_EQ(f.size(), 10u) << line;
        if (f[1] == "all-wet") {
            ++reference;
            continue;
        }
        // The wet share asked for, to a cell row or column's rounding; at least as many cells computed
        // as are wet; every rate measured.
        const double wet = std::stod(f[2]), computed = std::stod(f[3]);
        EXPECT_TRUE(std::abs(wet - 10.0) < 2.5 || std::abs(wet - 30.0) < 2.5) << line;
        EXPECT_GE(computed + 1e-9, wet) << line;
        for (std::size_t k = 4; k < f.size(); ++k) EXPECT_GT(std::stod(f[k]), 0.0) << line;
    }
    EXPECT_EQ(reference, 1) << r.output;
    EXPECT_EQ(rows, 1 + 4 * 2) << r.output;
    const CliRun json = runSluice("bench --sizes 32 --min-seconds 0.01 --dry-shapes rows --json");
    ASSERT_EQ(json.exitCode, 0) << json.output;
    EXPECT_TRUE(has(json.output, "\"computed_cell_cost\"")) << json.output;
    for (const char* shapes : {"disc", "rows,", ""}) {
        const CliRun bad = runSluice(std::string("bench --dry-shapes '") + shapes + "'");
        EXPECT_EQ(bad.exitCode, 2) << shapes;
        EXPECT_TRUE(has(bad.output, "--dry-shapes")) << bad.output;
    }
    for (const char* wets : {"0.6", "0.1,", "x"}) {
        const CliRun bad = runSluice(std::string("bench --dry-shapes rows --dry-wets ") + wets);
        EXPECT_EQ(bad.exitCode, 2) << wets;
        EXPECT_TRUE(has(bad.output, "--dry-wets")) << bad.output;
    }
}

}  // namespace
// The layout probe: one line per layout, the whole grid and each band timed, the bands' shares of
// groups as listed (a band and one group around it); a malformed layout list exits 2 naming the option.
TEST(CliVerbs, BenchLayoutProbeTimesBandsOfColumnsAndRowsPerLayout) {
    const CliRun r = runSluice("bench --sizes 1024 --min-seconds 0.01 --layout-probe row,128x16,128x16c --dry-wets 0.1");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    std::istringstream lines(r.output);
    int rows = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("   1024  ", 0) != 0) continue;
        ++rows;
        EXPECT_TRUE(has(line, rows == 1 ? "row-major  " : rows == 2 ? "tiles 128x16  " : "tiles 128x16 c ")) << line;
        double all = 0, colsMs = 0, colsShare = 0, colsCost = 0, rowsMs = 0, rowsShare = 0, rowsCost = 0;
        const std::size_t at = line.find(" all ");
        ASSERT_NE(at, std::string::npos) << line;
        ASSERT_EQ(std::sscanf(line.c_str() + at, " all %lf ms | cols 10%% %lf (%lf%%, %lf) | rows 10%% %lf (%lf%%, %lf)", &all,
                              &colsMs, &colsShare, &colsCost, &rowsMs, &rowsShare, &rowsCost),
                  7)
            << line;
        EXPECT_GT(all, 0.0) << line;
        EXPECT_GT(colsMs, 0.0) << line;
        EXPECT_GT(rowsMs, 0.0) << line;
        // Columns 461-562 in the middle: groups 3 and 4 of 8 and one on each side; the same rows: group
        // rows 230-281 and one above and below, 54 of 512 (printed to 0.1 %). Column order lists the
        // same groups.
        EXPECT_NEAR(colsShare, 50.0, 0.06) << line;
        EXPECT_NEAR(rowsShare, 100.0 * 54.0 / 512.0, 0.06) << line;
    }
    EXPECT_EQ(rows, 3) << r.output;
    for (const char* layouts : {"64x16", "128x3", "row,", "tiles", "", "128x16cc", "c"}) {
        const CliRun bad = runSluice(std::string("bench --layout-probe '") + layouts + "'");
        EXPECT_EQ(bad.exitCode, 2) << layouts;
        EXPECT_TRUE(has(bad.output, "--layout-probe")) << bad.output;
    }
}

}  // namespace sluice::test

// `sluice sweep` end to end: results.csv rows in combination order with parseable figures, thumbnails
// and a contact sheet that holds them, physical trends across the sweep, the time to steady state, and
// usage errors that leave no output directory (or the previous one untouched).
#include <gtest/gtest.h>

#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/golden_image.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;
namespace fs = std::filesystem;

namespace {

/// results.csv as header names and rows of fields (the file has no quoting: no field holds a comma).
struct Csv {
    std::vector<std::string> header;
    std::vector<std::map<std::string, std::string>> rows;
};

std::vector<std::string> splitFields(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream in(line);
    std::string field;
    while (std::getline(in, field, ',')) out.push_back(field);
    if (!line.empty() && line.back() == ',') out.emplace_back();  // getline drops a trailing empty field
    return out;
}

Csv readCsv(const fs::path& file) {
    Csv csv;
    std::stringstream in(test::readText(file));
    std::string line;
    if (std::getline(in, line)) csv.header = splitFields(line);
    while (std::getline(in, line)) {
        const auto fields = splitFields(line);
        EXPECT_EQ(fields.size(), csv.header.size()) << line;
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < std::min(fields.size(), csv.header.size()); ++i) row[csv.header[i]] = fields[i];
        csv.rows.push_back(std::move(row));
    }
    return csv;
}

/// A field as a number; fails the test when it is not one in full.
double number(const std::map<std::string, std::string>& row, const std::string& column) {
    const auto it = row.find(column);
    if (it == row.end()) {
        ADD_FAILURE() << "no column " << column;
        return NAN;
    }
    char* end = nullptr;
    const double v = std::strtod(it->second.c_str(), &end);
    EXPECT_TRUE(!it->second.empty() && *end == '\0' && std::isfinite(v)) << column << " = '" << it->second << "'";
    return v;
}

using Image = render::RgbImage;

/// PNG as RGB8 through the golden-image reader (empty when unreadable).
Image loadPng(const fs::path& file) { return test::readPng(file.string()); }

/// Every top-left position at which `part` appears pixel for pixel in `whole`.
std::vector<std::pair<int, int>> findAll(const Image& whole, const Image& part) {
    std::vector<std::pair<int, int>> hits;
    const std::size_t rowBytes = std::size_t(part.width) * 3;
    for (int y = 0; y + part.height <= whole.height; ++y)
        for (int x = 0; x + part.width <= whole.width; ++x) {
            bool same = true;
            for (int r = 0; r < part.height && same; ++r)
                same = std::equal(part.rgb.begin() + std::ptrdiff_t(std::size_t(r) * rowBytes),
                                  part.rgb.begin() + std::ptrdiff_t(std::size_t(r + 1) * rowBytes),
                                  whole.rgb.begin() + std::ptrdiff_t((std::size_t(y + r) * std::size_t(whole.width) + std::size_t(x)) * 3));
            if (same) hits.emplace_back(y, x);
        }
    return hits;
}

void expectNoStagingLeft(const fs::path& parent) {
    for (const auto& entry : fs::directory_iterator(parent)) {
        const std::string name = entry.path().filename().string();
        EXPECT_EQ(name.find(".partial"), std::string::npos) << name;
        EXPECT_EQ(name.find(".old"), std::string::npos) << name;
    }
}

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

/// `sluice sweep ARGS --out OUT` is a usage error (exit 2) whose message mentions `mention`, and
/// leaves no OUT.
void expectUsageError(const std::string& args, const std::string& mention, const fs::path& out) {
    const auto r = test::runSluice("sweep " + args + " --out " + quoted(out));
    EXPECT_EQ(r.exitCode, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(mention), std::string::npos) << args << ": message lacks '" << mention << "': " << r.output;
    EXPECT_FALSE(fs::exists(out)) << args;
}

// A 24 x 8 m ramp falling 2 m to an open east side; a source near the west end. With friction 0.5 the
// sheet of water settles into a steady flow-through within a minute.
const char* kRampScene = R"({
  "name": "ramp",
  "grid": {"width": 24, "height": 8, "cell_size": 1.0},
  "terrain": {"procedural": {"seed": 3, "kind": "ramp", "amplitude": 2}},
  "params": {"dt": 0.1, "friction_law": "linear", "friction": 0.5},
  "boundary": {"east": "open"},
  "sources": [{"x": 3, "y": 4, "radius": 2, "rate": 0.5}]
})";

}  // namespace

TEST(SweepCli, TwoByTwoSweepWritesEveryCombinationThumbnailsAndSheet) {
    test::TempDir dir;
    const auto r = test::runSluice("sweep builtin:default:64 --param manning_n=0.01,0.2 --param source.rate=0.5,2 "
                                   "--seconds 2 --out " + quoted(dir / "out"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    // Not a terminal: one progress line per finished run.
    EXPECT_NE(r.output.find("run 1/4"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("run 4/4"), std::string::npos) << r.output;

    const Csv csv = readCsv(dir / "out" / "results.csv");
    const std::vector<std::string> expectedHeader = {
        "run", "manning_n", "source.rate", "steps", "simulated_s", "residual_m3", "residual_rel", "volume_m3",
        "wetted_area_m2", "max_depth_m", "max_speed_m_per_s", "steady_time_s", "ms_per_step", "sediment_eroded_m3",
        "sediment_deposited_m3", "sediment_residual_m3", "bodies_left", "bodies_max_travel_m", "bodies_displaced_m3",
        "thumbnail"};
    EXPECT_EQ(csv.header, expectedHeader);
    ASSERT_EQ(csv.rows.size(), 4u);
    // The first --param varies slowest.
    const double friction[] = {0.01, 0.01, 0.2, 0.2}, rate[] = {0.5, 2, 0.5, 2};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& row = csv.rows[i];
        EXPECT_EQ(number(row, "run"), double(i));
        EXPECT_EQ(number(row, "manning_n"), friction[i]);
        EXPECT_EQ(number(row, "source.rate"), rate[i]);
        EXPECT_EQ(number(row, "steps"), 20.0);  // 2 s of the scene's 0.1 s steps
        EXPECT_NEAR(number(row, "simulated_s"), 2.0, 1e-5);
        EXPECT_EQ(number(row, "residual_rel"), 0.0);
        EXPECT_EQ(number(row, "residual_m3"), 0.0);
        const double area = number(row, "wetted_area_m2");
        EXPECT_GT(area, 0.0);
        EXPECT_EQ(std::fmod(area, 4.0), 0.0) << "whole 2 m x 2 m cells";
        EXPECT_GT(number(row, "max_depth_m"), 0.0);
        EXPECT_GT(number(row, "max_speed_m_per_s"), 0.0);
        EXPECT_GT(number(row, "ms_per_step"), 0.0);
        const std::string& steady = row.at("steady_time_s");
        if (!steady.empty()) {
            EXPECT_GE(number(row, "steady_time_s"), 0.0);
        }
        EXPECT_EQ(row.at("thumbnail"), "run_00" + std::to_string(i) + ".png");
        for (const char* column : {"sediment_eroded_m3", "sediment_deposited_m3", "sediment_residual_m3", "bodies_left",
                                   "bodies_max_travel_m", "bodies_displaced_m3"})
            EXPECT_EQ(row.at(column), "") << "the valley has no erosion state and no bodies: " << column;
    }
    // Physics across the sweep: rougher bed, slower flow at either inflow; 1.5 m^3/s more inflow
    // for 2 s is 3 m^3 more water (the river has not reached the open north side yet).
    for (std::size_t k : {0u, 1u}) {
        // Rows k and k + 2 share source.rate rate[k]; rows 2k and 2k + 1 share friction friction[2k].
        EXPECT_LT(number(csv.rows[k + 2], "max_speed_m_per_s"), number(csv.rows[k], "max_speed_m_per_s"))
            << "source.rate " << rate[k];
        EXPECT_NEAR(number(csv.rows[2 * k + 1], "volume_m3") - number(csv.rows[2 * k], "volume_m3"), 3.0, 0.01)
            << "manning_n " << friction[2 * k];
    }

    // Thumbnails at the default size, each placed pixel for pixel in the 2 x 2 contact sheet, in run order.
    std::vector<Image> thumbs;
    for (int i = 0; i < 4; ++i) {
        thumbs.push_back(loadPng(dir / "out" / ("run_00" + std::to_string(i) + ".png")));
        EXPECT_EQ(thumbs.back().width, 320);
        EXPECT_EQ(thumbs.back().height, 200);
    }
    const Image sheet = loadPng(dir / "out" / "contact_sheet.png");
    EXPECT_GE(sheet.width, 2 * 320);
    EXPECT_LT(sheet.width, 3 * 320);
    EXPECT_GE(sheet.height, 2 * 200);
    EXPECT_LT(sheet.height, 3 * 200);
    std::vector<std::pair<int, int>> cells;  // (y, x) of every place any thumbnail matches
    std::vector<std::vector<std::pair<int, int>>> hits;
    for (const Image& t : thumbs) {
        hits.push_back(findAll(sheet, t));
        cells.insert(cells.end(), hits.back().begin(), hits.back().end());
    }
    std::sort(cells.begin(), cells.end());
    cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
    ASSERT_EQ(cells.size(), 4u) << "four cells, one per run";
    EXPECT_EQ(cells[0].first, cells[1].first);    // runs 0 and 1 side by side
    EXPECT_EQ(cells[0].second, cells[2].second);  // run 2 below run 0
    EXPECT_GT(cells[2].first, cells[0].first + 200);  // room for the label between rows
    for (std::size_t i = 0; i < 4; ++i)
        EXPECT_NE(std::find(hits[i].begin(), hits[i].end(), cells[i]), hits[i].end()) << "run " << i << " not in its cell";
    // The label band under cell 0 holds text: pixels brighter than the background.
    int bright = 0;
    for (int y = cells[0].first + 200; y < cells[2].first; ++y)
        for (int x = cells[0].second; x < cells[0].second + 320; ++x)
            bright += sheet.rgb[(std::size_t(y) * std::size_t(sheet.width) + std::size_t(x)) * 3] > 150 ? 1 : 0;
    EXPECT_GT(bright, 100);
    expectNoStagingLeft(dir.path());
}

TEST(SweepCli, SteadyStateOnlyWhereWaterFlowsThroughAndSettles) {
    test::TempDir dir;
    test::writeText(dir / "ramp.json", kRampScene);
    test::writeText(dir / "out" / "stale.txt", "old");
    test::writeText(dir / "out" / ".sluice-output", "");  // an earlier sweep's output
    const auto r = test::runSluice("sweep " + quoted(dir / "ramp.json") + " --param source0.rate=0,0.5 --seconds 60 "
                                   "--backend cpu --thumb 64x40 --quiet --out " + quoted(dir / "out"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output, "") << "--quiet prints nothing";
    EXPECT_FALSE(fs::exists(dir / "out" / "stale.txt")) << "the new output replaces the old directory";
    const Csv csv = readCsv(dir / "out" / "results.csv");
    ASSERT_EQ(csv.rows.size(), 2u);
    // No source: nothing enters or leaves, so there is no throughput to settle against.
    EXPECT_EQ(csv.rows[0].at("steady_time_s"), "");
    EXPECT_EQ(number(csv.rows[0], "volume_m3"), 0.0);
    // With the source the sheet needs time to cross the 21 m to the open side (flow < 2 m/s) and for
    // outflow to rise to the inflow, then holds within 1 % of it.
    const double steady = number(csv.rows[1], "steady_time_s");
    EXPECT_GT(steady, 10.0);
    EXPECT_LT(steady, 60.0);
    EXPECT_EQ(number(csv.rows[1], "steps"), 600.0);
    for (const char* name : {"run_000.png", "run_001.png"}) {
        const Image t = loadPng(dir / "out" / name);
        EXPECT_EQ(t.width, 64);
        EXPECT_EQ(t.height, 40);
    }
    EXPECT_TRUE(fs::exists(dir / "out" / "contact_sheet.png"));
}

TEST(SweepCli, DtSweepTakesMatchingStepCounts) {
    test::TempDir dir;
    test::writeText(dir / "ramp.json", kRampScene);
    const auto r = test::runSluice("sweep " + quoted(dir / "ramp.json") + " --param dt=0.05,0.2 --seconds 1 "
                                   "--backend cpu --thumb 32x20 --quiet --out " + quoted(dir / "out"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const Csv csv = readCsv(dir / "out" / "results.csv");
    ASSERT_EQ(csv.rows.size(), 2u);
    EXPECT_EQ(number(csv.rows[0], "dt"), 0.05);
    EXPECT_EQ(number(csv.rows[0], "steps"), 20.0);
    EXPECT_EQ(number(csv.rows[1], "steps"), 5.0);
    EXPECT_NEAR(number(csv.rows[1], "simulated_s"), 1.0, 1e-5);
}

TEST(SweepCli, SnapshotStartsEveryRunFromTheSavedStateWithTheSweptValues) {
    // The snapshot restores its own parameters and emitters; the sweep's values must still win.
    test::TempDir dir;
    test::writeText(dir / "ramp.json", kRampScene);
    const auto saved = test::runSluice("simulate " + quoted(dir / "ramp.json") + " --steps 20 --backend cpu --quiet --save " +
                                       quoted(dir / "start.sluice"));
    ASSERT_EQ(saved.exitCode, 0) << saved.output;
    const auto r = test::runSluice("sweep " + quoted(dir / "start.sluice") + " --param source0.rate=0,2 --seconds 1 "
                                   "--backend cpu --thumb 32x20 --quiet --out " + quoted(dir / "out"));
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const Csv csv = readCsv(dir / "out" / "results.csv");
    ASSERT_EQ(csv.rows.size(), 2u);
    for (const auto& row : csv.rows) {
        EXPECT_EQ(number(row, "steps"), 10.0) << "the run's own steps, not the snapshot's 20 before them";
        EXPECT_NEAR(number(row, "simulated_s"), 1.0, 1e-5);
        EXPECT_EQ(number(row, "residual_rel"), 0.0);
    }
    // Both runs start from the same 1 m^3 saved after 2 s of the 0.5 m^3/s source; in 1 s more the
    // 2 m^3/s source adds 2 m^3 and the stopped one nothing (the sheet has not reached the open side).
    EXPECT_NEAR(number(csv.rows[1], "volume_m3") - number(csv.rows[0], "volume_m3"), 2.0, 1e-3);
    EXPECT_NEAR(number(csv.rows[0], "volume_m3"), 1.0, 1e-3);
}

namespace {
/// `sluice sweep DIR/SCENE PARAMS --seconds SECONDS` on the CPU with small thumbnails into DIR/out:
/// its results.csv (a failed run fails the test and gives no rows).
Csv sweepOnCpu(const test::TempDir& dir, const std::string& scene, const std::string& params, const std::string& seconds) {
    const auto r = test::runSluice("sweep " + quoted(dir / scene) + " " + params + " --seconds " + seconds +
                                   " --backend cpu --thumb 32x20 --quiet --out " + quoted(dir / "out"));
    EXPECT_EQ(r.exitCode, 0) << r.output;
    return r.exitCode == 0 ? readCsv(dir / "out" / "results.csv") : Csv{};
}

// The ramp with erosion (a soft layer over the whole bed, sped up 20 times): the sheet of water cuts
// into it within seconds.
std::string erodingRamp(bool enabled) {
    std::string scene = kRampScene;
    scene.insert(scene.rfind('}'), std::string(R"(,  "erosion": {"enabled": )") + (enabled ? "true" : "false") +
                                       R"(, "soft_thickness": 0.5, "time_scale": 20})" + "\n");
    return scene;
}
}  // namespace

// Erosion's parameters sweep like the water's: named as in the scene's "erosion" object, and the
// table gains the sediment ledger of each run (exact: residual 0).
TEST(SweepCli, ErosionParametersSweepWithTheSedimentLedger) {
    test::TempDir dir;
    test::writeText(dir / "eroding.json", erodingRamp(true));
    const Csv csv = sweepOnCpu(dir, "eroding.json", "--param erosion.capacity=0.05,2 --param erosion.time_scale=5,20", "4");
    ASSERT_EQ(csv.rows.size(), 4u);
    EXPECT_EQ(csv.header[1], "erosion.capacity");
    EXPECT_EQ(csv.header[2], "erosion.time_scale");
    const double capacity[] = {0.05, 0.05, 2, 2}, scale[] = {5, 20, 5, 20};
    for (std::size_t i = 0; i < 4; ++i) {
        const auto& row = csv.rows[i];
        EXPECT_EQ(number(row, "erosion.capacity"), capacity[i]);
        EXPECT_EQ(number(row, "erosion.time_scale"), scale[i]);
        EXPECT_GT(number(row, "sediment_eroded_m3"), 0.0) << "run " << i;
        EXPECT_GE(number(row, "sediment_deposited_m3"), 0.0) << "run " << i;
        EXPECT_EQ(number(row, "sediment_residual_m3"), 0.0) << "run " << i;
        EXPECT_EQ(number(row, "residual_m3"), 0.0) << "run " << i;
    }
    // More capacity carries more away; faster erosion time erodes more in the same water time.
    for (std::size_t k : {0u, 1u}) {
        EXPECT_GT(number(csv.rows[k + 2], "sediment_eroded_m3"), number(csv.rows[k], "sediment_eroded_m3")) << k;
        EXPECT_GT(number(csv.rows[2 * k + 1], "sediment_eroded_m3"), number(csv.rows[2 * k], "sediment_eroded_m3")) << k;
    }
}

// erosion.enabled=0,1 on a scene without erosion: the first run has no sediment ledger (empty
// cells), the second switches it on from the start.
TEST(SweepCli, ErosionCanBeSweptOnAndOff) {
    test::TempDir dir;
    test::writeText(dir / "ramp.json", kRampScene);
    const Csv csv = sweepOnCpu(dir, "ramp.json", "--param erosion.enabled=0,1 --param erosion.soft_thickness=0.5", "3");
    ASSERT_EQ(csv.rows.size(), 2u);
    EXPECT_EQ(csv.rows[0].at("sediment_eroded_m3"), "");
    EXPECT_EQ(csv.rows[0].at("sediment_residual_m3"), "");
    EXPECT_GT(number(csv.rows[1], "sediment_eroded_m3"), 0.0);
    EXPECT_EQ(number(csv.rows[1], "sediment_residual_m3"), 0.0);
}

TEST(SweepCli, ErosionUsageErrorsNameTheArgument) {
    test::TempDir dir;
    test::writeText(dir / "ramp.json", kRampScene);
    test::writeText(dir / "eroding.json", erodingRamp(false));
    const std::pair<std::string, std::string> cases[] = {
        {"ramp.json --param erosion.capacity=1", "does not enable erosion"},
        {"eroding.json --param erosion.capacity=1", "does not enable erosion"},
        {"ramp.json --param erosion.talus_angle=95", "erosion.talus_angle must be a number in (0, 90) degrees"},
        {"ramp.json --param erosion.enabled=0.5", "erosion.enabled must be 0 (off) or 1 (on)"},
        {"ramp.json --param erosion.grain=1", "unknown parameter 'erosion.grain'"},
        {"ramp.json --param erosion.time_scale=0", "erosion.time_scale must be a positive number"},
    };
    for (const auto& [args, mention] : cases)
        expectUsageError(quoted(dir.path()) + "/" + args + " --seconds 1", mention, dir / "out");
    // Sweeping erosion on makes its parameters count.
    const auto ok = test::runSluice("sweep " + quoted(dir / "eroding.json") + " --param erosion.enabled=1 --param erosion.capacity=1 "
                                    "--seconds 0.2 --backend cpu --thumb 16x10 --quiet --out " + quoted(dir / "out"));
    EXPECT_EQ(ok.exitCode, 0) << ok.output;
    // The unknown-parameter message lists the erosion names.
    EXPECT_NE(test::runSluice("sweep builtin:default:32 --param bogus=1 --seconds 1 --out " + quoted(dir / "x")).output.find(
                  "erosion.time_scale"),
              std::string::npos);
}

TEST(SweepCli, UsageErrorsNameTheArgumentAndLeaveNoDirectory) {
    test::TempDir dir;
    const std::pair<std::string, std::string> cases[] = {
        {"--param friction --seconds 1", "--param 'friction'"},                         // no '='
        {"--param friction=0.1:0.2 --seconds 1", "'0.1:0.2' is not a finite number"},  // bad number
        {"--param turbulence=1 --seconds 1", "unknown parameter 'turbulence'"},
        {"--param friction=1.5 --seconds 1", "friction must be a number in [0, 1)"},
        {"--param courant=0 --seconds 1", "courant must be a number in (0, 1]"},
        {"--param dt=0.1,-1 --seconds 1", "dt must be a positive number"},
        {"--param rain= --seconds 1", "--param 'rain='"},
        {"--param friction=0.1,,0.2 --seconds 1", "empty value"},
        {"--param friction=0.1 --param friction=0.2 --seconds 1", "already swept"},
        {"--param source2.rate=1 --seconds 1", "--param source2.rate"},
        {"--param drain.rate=1 --seconds 1", "--param drain.rate"},
        {"--param friction=0.1", "missing --seconds"},
        {"--param friction=0.1 --seconds soon", "--seconds"},
        {"--seconds 1", "--param"},
        {"--param friction=0.1 --seconds 1 --thumb big", "--thumb"},
        {"--param friction=0.1 --seconds 1 --backend quantum", "--backend"},
        {"--param friction=0.1 --seconds 1 --steps 3", "unknown option --steps"},
        {"--param dt=1,2,3,4,5,6,7,8,9,10 --param viscosity=0,1,2,3,4,5,6,7,8,9 --param gravity=1,2,3,4,5,6,7,8,9,10,11 --seconds 1",
         "more than 1000 combinations"},
    };
    for (const auto& [args, mention] : cases) expectUsageError("builtin:default:32 " + args, mention, dir / "out");
    expectNoStagingLeft(dir.path());
}

TEST(SweepCli, FailedSweepKeepsThePreviousOutput) {
    test::TempDir dir;
    test::writeText(dir / "out" / "keep.txt", "old");
    test::writeText(dir / "out" / ".sluice-output", "");  // an earlier sweep's output
    const auto usage = test::runSluice("sweep builtin:default:32 --param bogus=1 --seconds 1 --out " + quoted(dir / "out"));
    EXPECT_EQ(usage.exitCode, 2) << usage.output;
    const auto missing = test::runSluice("sweep " + quoted(dir / "nope.json") + " --param friction=0.1 --seconds 1 --out " +
                                         quoted(dir / "out"));
    EXPECT_EQ(missing.exitCode, 1) << missing.output;
    EXPECT_NE(missing.output.find("nope.json"), std::string::npos) << missing.output;
    EXPECT_EQ(test::readText(dir / "out" / "keep.txt"), "old");
    expectNoStagingLeft(dir.path());
}

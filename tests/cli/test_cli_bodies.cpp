// Bodies through `sluice simulate` (docs/BODIES.md): a log in a real channel of the solver's water is
// carried at the water's speed where it floats, at Archimedes' draft; a snapshot keeps the bodies and
// their motion and a run continued from it goes on as the run that did not stop; bad bodies are
// refused naming the field; the bodies move the same on the GPU and CPU backends.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>

#include <nlohmann/json.hpp>

#include "sim/bodies/body_world.hpp"
#include "sim/exchange/library_formats.hpp"
#include "sim/npy.hpp"
#include "tests/support/golden_image.hpp"
#include "tests/support/run_cli.hpp"
#include "tests/support/temp_dir.hpp"

using namespace sluice;

namespace {

// A frictionless channel 160 m long and 12 m wide under 1 m of water, 1 m^2/s flowing in at the west
// and the level held at 1 m at the east, and a log (700 kg/m^3) dropped 20 m from the inlet, along
// the current. (Dropped across it at 20 degrees, the log's own load on the water, a yawed bump the
// flow passes under, drifts it sideways at ~4 cm/s and it runs ~6 % faster than the water in its
// cell: docs/BODIES.md, "Limits".)
std::string riverScene(const std::string& bodies) {
    return R"({
  "name": "log-river",
  "grid": {"width": 160, "height": 12, "cell_size": 1.0},
  "terrain": {"flat": 0.0},
  "water": {"surface_level": 1.0},
  "params": {"dt": 0.1, "manning_n": 0},
  "boundary": {"west": {"type": "inflow", "discharge": 1.0}, "east": {"type": "level", "level": 1.0}},
  "bodies": )" + bodies + "\n}";
}
const char* kLog = R"([{"shape": "log", "size": [3, 0.4, 0.4], "density": 700, "position": [20, 6, 1.0], "yaw": 0}])";

nlohmann::json readSummary(const std::filesystem::path& dir) {
    std::ifstream f(dir / "summary.json");
    return nlohmann::json::parse(f);
}

class CliBodies : public ::testing::Test {
protected:
    void SetUp() override {
        if (!sim::BodyWorld::available()) GTEST_SKIP() << "this build has no bodies (SLUICE_BODIES=OFF)";
    }
    test::TempDir dir;
};

TEST_F(CliBodies, ALogIsCarriedAtTheSpeedOfTheWaterItFloatsIn) {
    test::writeText(dir / "river.json", riverScene(kLog));
    const auto r = test::runSluice("simulate '" + (dir / "river.json").string() + "' --steps 600 --backend cpu --out '" +
                                   (dir / "out").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json s = readSummary(dir / "out");
    ASSERT_EQ(s["bodies"].size(), 1u) << s.dump();
    const nlohmann::json& log = s["bodies"][0];
    const float x = log["position_m"][0], y = log["position_m"][1];
    EXPECT_GT(x, 20.0f + 30.0f) << log.dump();  // 60 s downstream at ~0.8 m/s
    EXPECT_NEAR(y, 6.0f, 0.5f) << log.dump();
    EXPECT_NEAR(float(log["submerged_fraction"]), 0.7f, 0.02f) << log.dump();
    EXPECT_EQ(log["resting"], false) << "a floating log never rests";
    // The water's velocity in the log's cell: its two x-faces' flows over the depth.
    auto depth = sim::readNpy(dir / "out" / "depth.npy");
    auto flowX = sim::readNpy(dir / "out" / "flow_x.npy");
    ASSERT_TRUE(depth && flowX);
    const int i = int(x), j = int(y);
    const float h = depth->data[std::size_t(j * depth->cols + i)];
    const float q = 0.5f * (flowX->data[std::size_t(j * flowX->cols + i)] + flowX->data[std::size_t(j * flowX->cols + i + 1)]);
    const float u = q / h;
    ASSERT_GT(u, 0.5f);
    EXPECT_NEAR(float(log["velocity_m_per_s"][0]), u, 0.03f * u) << log.dump();
    EXPECT_NEAR(float(log["velocity_m_per_s"][1]), 0.0f, 0.02f) << log.dump();
}

TEST_F(CliBodies, ASnapshotKeepsTheBodiesAndARunGoesOnFromIt) {
    test::writeText(dir / "river.json", riverScene(kLog));
    const std::string scene = "'" + (dir / "river.json").string() + "'";
    const auto whole = test::runSluice("simulate " + scene + " --steps 300 --backend cpu --out '" + (dir / "whole").string() + "'");
    ASSERT_EQ(whole.exitCode, 0) << whole.output;
    const auto first = test::runSluice("simulate " + scene + " --steps 150 --backend cpu --save '" + (dir / "half.sluice").string() +
                                       "' --out '" + (dir / "first").string() + "'");
    ASSERT_EQ(first.exitCode, 0) << first.output;
    const auto rest = test::runSluice("simulate '" + (dir / "half.sluice").string() + "' --steps 150 --backend cpu --out '" +
                                      (dir / "rest").string() + "'");
    ASSERT_EQ(rest.exitCode, 0) << rest.output;
    const nlohmann::json a = readSummary(dir / "whole")["bodies"][0], b = readSummary(dir / "rest")["bodies"][0];
    const nlohmann::json half = readSummary(dir / "first")["bodies"][0];
    // It went on from where it was saved, and ended where the uninterrupted run did (the dynamics'
    // contact caches start afresh on load: within a centimetre, not to the bit).
    EXPECT_GT(float(b["position_m"][0]), float(half["position_m"][0]) + 5.0f) << b.dump();
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(float(a["position_m"][k]), float(b["position_m"][k]), 0.01f) << a.dump() << "\n" << b.dump();
        EXPECT_NEAR(float(a["velocity_m_per_s"][k]), float(b["velocity_m_per_s"][k]), 0.01f) << a.dump() << "\n" << b.dump();
    }
}

// summary.json says which bodies rest: a concrete block dropped on dry ground, after 30 s. (In water
// a block rests once the water around it is still: Dynamics.ABodyAtRestSleepsAndWakesWhenTheWaterChanges.)
TEST_F(CliBodies, ABlockOnDryGroundRests) {
    test::writeText(dir / "pond.json", R"({"name": "ground", "grid": {"width": 16, "height": 16, "cell_size": 1.0},
        "terrain": {"flat": 0.0}, "water": "none", "params": {"dt": 0.1},
        "bodies": [{"shape": "block", "size": [1, 1, 1.6], "density": 2400, "position": [8, 8, 0.8]}]})");
    const auto r = test::runSluice("simulate '" + (dir / "pond.json").string() + "' --steps 300 --backend cpu --out '" +
                                   (dir / "out").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const nlohmann::json block = readSummary(dir / "out")["bodies"][0];
    EXPECT_EQ(block["resting"], true) << block.dump();
    EXPECT_NEAR(float(block["position_m"][2]), 0.8f, 0.01f) << block.dump();
}

// The GPU solver computes the CPU reference's water bit for bit, so the bodies it carries move the
// same to the bit on either backend.
TEST_F(CliBodies, BodiesMoveTheSameOnTheGpuAndTheCpu) {
    test::writeText(dir / "river.json", riverScene(kLog));
    const std::string scene = "'" + (dir / "river.json").string() + "'";
    const auto cpu = test::runSluice("simulate " + scene + " --steps 100 --backend cpu --out '" + (dir / "cpu").string() + "'");
    ASSERT_EQ(cpu.exitCode, 0) << cpu.output;
    const auto gpu = test::runSluice("simulate " + scene + " --steps 100 --backend gpu --out '" + (dir / "gpu").string() + "'");
    ASSERT_EQ(gpu.exitCode, 0) << gpu.output;
    const nlohmann::json a = readSummary(dir / "cpu")["bodies"], b = readSummary(dir / "gpu")["bodies"];
    ASSERT_EQ(a.size(), 1u);
    EXPECT_GT(float(a[0]["position_m"][0]), 22.0f) << a.dump();  // it moved
    EXPECT_EQ(a, b) << a.dump() << "\n" << b.dump();
}

namespace {

// The JSON chunk of a .glb (the header's 12 bytes, then the chunk's length, type and text).
nlohmann::json glbJson(const std::filesystem::path& file) {
    const std::string bytes = test::readText(file);
    EXPECT_GE(bytes.size(), 20u);
    if (bytes.size() < 20 || bytes.compare(0, 4, "glTF") != 0 || bytes.compare(16, 4, "JSON") != 0) return {};
    std::uint32_t length = 0;
    std::memcpy(&length, bytes.data() + 12, 4);
    return nlohmann::json::parse(bytes.substr(20, length));
}

}  // namespace

// `sluice export --what mesh --format glb` writes the bodies as a glTF scene beside the terrain: one
// mesh per shape at unit size, one node per body with its size, orientation and position in glTF's
// frame (+Y up: east x is +X, up z is +Y, north y is -Z), so an engine places them on the terrain
// mesh as Sluice left them; Khronos' validator finds no error in it.
TEST_F(CliBodies, ExportWritesTheBodiesAsAGltfScene) {
    if (!sim::exchangeLibraryFormatsAvailable()) GTEST_SKIP() << "this build has SLUICE_EXCHANGE_FORMATS=OFF";
    const std::string bodies = R"([{"shape": "log", "size": [3, 0.4, 0.5], "density": 700, "position": [20, 6, 1.0], "yaw": 30},
        {"shape": "boat", "size": [4, 1.5, 0.8], "density": 300, "position": [60, 6, 1.2], "yaw": -90},
        {"shape": "block", "size": [1, 1, 1.6], "density": 2400, "position": [100.5, 3.5, 0.8]},
        {"shape": "log", "size": [2, 0.3, 0.3], "density": 600, "position": [120, 8, 1.0]}])";
    test::writeText(dir / "river.json", riverScene(bodies));
    const auto r = test::runSluice("export '" + (dir / "river.json").string() + "' --steps 0 --what mesh --format glb --out '" +
                                   (dir / "export").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    ASSERT_TRUE(std::filesystem::exists(dir / "export" / "bodies.glb")) << r.output;
    const nlohmann::json gltf = glbJson(dir / "export" / "bodies.glb");
    ASSERT_EQ(gltf["meshes"].size(), 3u) << "one mesh per shape: log, boat, block";
    ASSERT_EQ(gltf["nodes"].size(), 4u);
    const nlohmann::json placed = nlohmann::json::parse(test::readText(dir / "export" / "bodies.json"))["bodies"];
    for (std::size_t i = 0; i < 4; ++i) {
        const nlohmann::json& node = gltf["nodes"][i];
        const nlohmann::json& body = placed[i];
        const std::string what = node.dump();
        EXPECT_EQ(node["mesh"], i == 3 ? 0 : int(i)) << what;  // the second log shares the first's mesh
        EXPECT_FLOAT_EQ(float(node["translation"][0]), float(body["position"][0])) << what;
        EXPECT_FLOAT_EQ(float(node["translation"][1]), float(body["position"][2])) << what;
        EXPECT_FLOAT_EQ(float(node["translation"][2]), -float(body["position"][1])) << what;
        EXPECT_FLOAT_EQ(float(node["scale"][0]), float(body["size"][0])) << what;
        EXPECT_FLOAT_EQ(float(node["scale"][1]), float(body["size"][2])) << what;
        EXPECT_FLOAT_EQ(float(node["scale"][2]), float(body["size"][1])) << what;
    }
    // A yaw of 30 degrees counter-clockwise seen from above is a turn of 30 degrees about glTF's +Y.
    const nlohmann::json& q = gltf["nodes"][0]["rotation"];
    EXPECT_NEAR(float(q[1]), std::sin(0.5f * 30.0f * 3.14159265f / 180.0f), 1e-5f) << q.dump();
    EXPECT_NEAR(float(q[3]), std::cos(0.5f * 30.0f * 3.14159265f / 180.0f), 1e-5f) << q.dump();
    EXPECT_NEAR(float(q[0]), 0.0f, 1e-6f) << q.dump();
    EXPECT_NEAR(float(q[2]), 0.0f, 1e-6f) << q.dump();
    EXPECT_FALSE(gltf["nodes"][2].contains("rotation")) << "the block is not turned";

    const std::filesystem::path tools(SLUICE_TEST_TOOLS_DIR);
    if (test::runCommand("command -v node >/dev/null").exitCode != 0 || !std::filesystem::exists(tools / "node_modules" / "gltf-validator"))
        GTEST_SKIP() << "node or gltf-validator not installed (scripts/setup.sh installs them)";
    const test::CliRun v = test::runCommand("node '" + (tools / "validate_gltf.js").string() + "' '" +
                                            (dir / "export" / "bodies.glb").string() + "'");
    EXPECT_EQ(v.exitCode, 0) << v.output;
    EXPECT_NE(v.output.find("bodies.glb: 0 errors"), std::string::npos) << v.output;
}

// `sluice export` moves the bodies with the water over its steps and writes them as bodies.json;
// `sluice sweep` runs them in every run and reports them in results.csv.
TEST_F(CliBodies, ExportAndSweepRunTheBodies) {
    test::writeText(dir / "river.json", riverScene(kLog));
    const auto r = test::runSluice("export '" + (dir / "river.json").string() + "' --steps 100 --what terrain --format npy --out '" +
                                   (dir / "export").string() + "'");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    EXPECT_EQ(r.output.find("neither moved"), std::string::npos) << r.output;
    const nlohmann::json exported = nlohmann::json::parse(test::readText(dir / "export" / "bodies.json"));
    ASSERT_EQ(exported["bodies"].size(), 1u);
    EXPECT_EQ(exported["bodies"][0]["shape"], "log");
    // Where `sluice simulate` over the same 100 steps leaves it, to the bits (the same backend), after
    // the current reached it and carried it east.
    const auto simulated = test::runSluice("simulate '" + (dir / "river.json").string() + "' --steps 100 --out '" +
                                           (dir / "sim").string() + "'");
    ASSERT_EQ(simulated.exitCode, 0) << simulated.output;
    const nlohmann::json summary = readSummary(dir / "sim");
    const nlohmann::json& pos = summary["bodies"][0]["position_m"];
    for (int k = 0; k < 3; ++k) EXPECT_EQ(float(exported["bodies"][0]["position"][k]), float(pos[k])) << exported.dump();
    EXPECT_GT(float(pos[0]), 22.0f) << summary.dump();
    const auto plain = test::runSluice("export builtin:default:32 --what terrain --format npy --out '" +
                                       (dir / "plain").string() + "'");
    ASSERT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_FALSE(std::filesystem::exists(dir / "plain" / "bodies.json"));

    const auto sweep = test::runSluice("sweep '" + (dir / "river.json").string() + "' --param manning_n=0,0.02 --seconds 10 " +
                                       "--thumb 64x32 --quiet --out '" + (dir / "sweep").string() + "'");
    ASSERT_EQ(sweep.exitCode, 0) << sweep.output;
    const std::string csv = test::readText(dir / "sweep" / "results.csv");
    const auto header = csv.substr(0, csv.find('\n'));
    ASSERT_NE(header.find(",bodies_left,bodies_max_travel_m,bodies_displaced_m3,thumbnail"), std::string::npos) << header;
    // Each row ends "...,left,travel,displaced,run_NNN.png": the log is still there, it travelled as
    // far as in `simulate` (without friction: the same run) and pushes aside its weight in water,
    // 700/1000 of its 0.377 m^3 (as simulate's bodies_displaced_m3 says).
    const double travel = std::hypot(double(pos[0]) - 20.0, double(pos[1]) - 6.0);
    std::size_t at = csv.find('\n') + 1;
    for (int run = 0; run < 2; ++run) {
        const std::string row = csv.substr(at, csv.find('\n', at) - at);
        at = csv.find('\n', at) + 1;
        std::vector<std::string> cells;
        for (std::size_t p = 0, q; p <= row.size(); p = q + 1) {
            q = row.find(',', p);
            if (q == std::string::npos) q = row.size();
            cells.push_back(row.substr(p, q - p));
        }
        ASSERT_GE(cells.size(), 4u) << row;
        const std::size_t n = cells.size();
        EXPECT_EQ(cells[n - 4], "1") << row;
        if (run == 0) {
            EXPECT_NEAR(std::stod(cells[n - 3]), travel, 1e-5) << row;
            EXPECT_NEAR(std::stod(cells[n - 2]), double(summary["bodies_displaced_m3"]), 1e-6) << row;
        }
        EXPECT_GT(std::stod(cells[n - 3]), 2.0) << row;
        EXPECT_NEAR(std::stod(cells[n - 2]), 0.7 * 3.14159 * 0.04 * 3.0, 0.03) << row;
    }
}

// `sluice render` and `sluice record` draw the bodies: a 4 x 4 x 2 m crate on dry ground, seen from
// above, covers the middle of the picture in its wood's colour (red over green over blue), where
// without it the ground shows.
TEST_F(CliBodies, RenderDrawsTheBodies) {
    const auto scene = [](const std::string& bodies) {
        return R"({"name": "crate", "grid": {"width": 32, "height": 32, "cell_size": 1.0}, "terrain": {"flat": 0.0},
                   "water": "none", "bodies": )" + bodies + "}";
    };
    test::writeText(dir / "crate.json", scene(R"([{"shape": "box", "size": [4, 4, 2], "density": 500, "position": [16, 16, 1]}])"));
    test::writeText(dir / "bare.json", scene("[]"));
    const std::string view = " --size 96x96 --camera 0,80,24 --target 16,16,0 --steps 1 --quiet --out ";
    const auto a = test::runSluice("render '" + (dir / "crate.json").string() + "'" + view + "'" + (dir / "crate.png").string() + "'");
    ASSERT_EQ(a.exitCode, 0) << a.output;
    const auto b = test::runSluice("render '" + (dir / "bare.json").string() + "'" + view + "'" + (dir / "bare.png").string() + "'");
    ASSERT_EQ(b.exitCode, 0) << b.output;
    const render::RgbImage crate = test::readPng((dir / "crate.png").string()), bare = test::readPng((dir / "bare.png").string());
    ASSERT_EQ(crate.width, 96);
    const std::size_t centre = (48u * 96u + 48u) * 3u;
    const int r = crate.rgb[centre], g = crate.rgb[centre + 1], bl = crate.rgb[centre + 2];
    EXPECT_GT(r, g + 10) << r << " " << g << " " << bl;
    EXPECT_GT(g, bl + 10) << r << " " << g << " " << bl;
    int differ = 0;
    for (std::size_t i = 0; i < crate.rgb.size(); i += 3)
        differ += std::abs(int(crate.rgb[i]) - int(bare.rgb[i])) + std::abs(int(crate.rgb[i + 1]) - int(bare.rgb[i + 1])) > 30;
    EXPECT_GT(differ, 96 * 96 / 50) << "the crate covers too little of the picture";  // ~3.5 %: 18 x 18 px
    EXPECT_LT(differ, 96 * 96 / 2) << "the crate covers too much of the picture";

    // `sluice record` draws them too: in the first frame of a recording from the same eye (about
    // the world's centre), pixels of the wood's colour, where the bare scene's frame has none.
    const auto woodPixels = [&](const std::string& name) {
        const auto rec = test::runSluice("record '" + (dir / (name + ".json")).string() +
                                         "' --seconds 0.5 --fps 2 --size 96x96 --camera 0,80,24 --quiet --out '" +
                                         (dir / name).string() + "/'");
        EXPECT_EQ(rec.exitCode, 0) << rec.output;
        EXPECT_EQ(rec.output.find("neither moved nor drawn"), std::string::npos) << rec.output;
        const render::RgbImage frame = test::readPng((dir / name / "frame_00000.png").string());
        int n = 0;
        for (std::size_t i = 0; i + 2 < frame.rgb.size(); i += 3)
            n += frame.rgb[i] > frame.rgb[i + 1] + 10 && frame.rgb[i + 1] > frame.rgb[i + 2] + 10;
        return n;
    };
    EXPECT_GT(woodPixels("crate"), 96 * 96 / 100);
    EXPECT_EQ(woodPixels("bare"), 0);
}

// The terrain shades a body from the sun: a crate in the shadow of a 20 m tower standing between it
// and the sun (which shines from the east-southeast, 37 degrees up) is darker than the same crate
// with the tower moved away to its west, seen from the same eye.
TEST_F(CliBodies, TheTerrainShadesABody) {
    constexpr int N = 48;
    const auto write = [&](const std::string& name, int towerX) {
        std::vector<float> bed(std::size_t(N * N), 0.0f);
        for (int y = 10; y < 18; ++y)
            for (int x = towerX; x < towerX + 8; ++x) bed[std::size_t(y * N + x)] = 20.0f;
        ASSERT_TRUE(sim::writeNpy(dir / (name + ".npy"), bed.data(), N, N));
        test::writeText(dir / (name + ".json"), R"({"name": "shade", "grid": {"width": 48, "height": 48, "cell_size": 1.0},
            "terrain": {"npy": ")" + name + R"(.npy"}, "water": "none",
            "bodies": [{"shape": "box", "size": [4, 4, 2], "density": 500, "position": [22, 22, 1]}]})");
    };
    write("shaded", 28);  // south-east of the crate: its shadow falls across it
    write("open", 2);     // south-west: the sun reaches the crate
    const std::string view = " --size 96x96 --camera 0,80,16 --target 22,22,2 --steps 1 --quiet --out ";
    double brightness[2] = {};
    int k = 0;
    for (const char* name : {"shaded", "open"}) {
        const auto r = test::runSluice("render '" + (dir / (std::string(name) + ".json")).string() + "'" + view + "'" +
                                       (dir / (std::string(name) + ".png")).string() + "'");
        ASSERT_EQ(r.exitCode, 0) << r.output;
        const render::RgbImage im = test::readPng((dir / (std::string(name) + ".png")).string());
        ASSERT_EQ(im.width, 96);
        for (int y = 44; y < 52; ++y)  // the crate's top, at the middle of the picture
            for (int x = 44; x < 52; ++x)
                for (int c = 0; c < 3; ++c) brightness[k] += im.rgb[(std::size_t(y) * 96u + std::size_t(x)) * 3u + std::size_t(c)];
        ++k;
    }
    EXPECT_LT(brightness[0], 0.7 * brightness[1]) << "in the tower's shadow " << brightness[0] << ", in the sun " << brightness[1];
}

// A body stays wet where the water has been: a crate stood in 1.2 m of water that evaporates within
// 24 s is, 6 s later, darker on its lower part (wet to the line the water reached, drying down 1 cm
// a second) than above it; the same crate on dry ground is the same all the way up.
TEST_F(CliBodies, ABodyStaysWetWhereTheWaterHasBeen) {
    const auto scene = [](const std::string& water) {
        return R"({"name": "wet", "grid": {"width": 24, "height": 24, "cell_size": 1.0}, "terrain": {"flat": 0.0},
            "water": )" + water + R"(, "params": {"dt": 0.1, "evaporation": 0.05},
            "bodies": [{"shape": "box", "size": [2, 2, 2.4], "density": 2400, "position": [12, 12, 1.2]}]})";
    };
    test::writeText(dir / "drained.json", scene(R"({"surface_level": 1.2})"));
    test::writeText(dir / "dry.json", scene(R"("none")"));
    double ratio[2] = {};
    int k = 0;
    for (const char* name : {"drained", "dry"}) {
        const auto r = test::runSluice("render '" + (dir / (std::string(name) + ".json")).string() +
                                       "' --size 96x96 --camera 0,8,6 --target 12,12,1.2 --steps 300 --quiet --out '" +
                                       (dir / (std::string(name) + ".png")).string() + "'");
        ASSERT_EQ(r.exitCode, 0) << r.output;
        const render::RgbImage im = test::readPng((dir / (std::string(name) + ".png")).string());
        ASSERT_EQ(im.width, 96);
        // The crate's south face fills rows 26-72 and columns 36-60 of the picture.
        const auto mean = [&](int y0, int y1) {
            double sum = 0;
            for (int y = y0; y < y1; ++y)
                for (int x = 36; x < 60; ++x)
                    for (int c = 0; c < 3; ++c) sum += im.rgb[(std::size_t(y) * 96u + std::size_t(x)) * 3u + std::size_t(c)];
            return sum / double((y1 - y0) * 24 * 3);
        };
        ratio[k++] = mean(58, 70) / mean(28, 44);  // lower part / upper part
    }
    EXPECT_LT(ratio[0], 0.85) << "the drained crate's lower part is wet";
    EXPECT_GT(ratio[1], 0.95) << "the crate on dry ground is dry all the way up";
}

// `sluice bench --bodies` times the bodies beside the water, stage by stage, on either backend, and
// says where the water's forces were summed.
TEST_F(CliBodies, BenchTimesTheBodiesStageByStage) {
    for (const char* backend : {"cpu", "gpu"}) {
        const auto r = test::runSluice(std::string("bench --bodies 20 --grid 64 --steps 2 --json --backend ") + backend);
        ASSERT_EQ(r.exitCode, 0) << r.output;
        const nlohmann::json j = nlohmann::json::parse(r.output.substr(r.output.find('{')));
        EXPECT_EQ(j["bodies"], 20);
        EXPECT_EQ(j["backend"], backend);
        EXPECT_EQ(j["forces_on"], backend) << "the GPU backend sums the water's forces on the GPU";
        EXPECT_GT(double(j["water_ms"]), 0.0);
        EXPECT_GT(double(j["dynamics_ms"]), 0.0);
        EXPECT_GT(double(j["forces_ms"]), 0.0);
        EXPECT_LT(double(j["forces_ms"]), double(j["dynamics_ms"])) << "the forces are part of forces+Bullet";
        EXPECT_GT(double(j["load_set_ms"]), 0.0);
        EXPECT_LT(double(j["load_set_ms"]), double(j["load_ms"])) << "setting the load is part of the load";
        EXPECT_NEAR(double(j["bodies_ms"]), double(j["readback_ms"]) + double(j["field_ms"]) + double(j["dynamics_ms"]) +
                                                double(j["load_ms"]), 1e-9);
        EXPECT_GE(int(j["bodies_left"]), 18) << "logs on a slow current stay on the lake";
    }
    const auto bad = test::runSluice("bench --bodies 0");
    EXPECT_EQ(bad.exitCode, 2) << bad.output;
    EXPECT_NE(bad.output.find("--bodies"), std::string::npos) << bad.output;
}

TEST(CliBodiesErrors, BadBodiesAreRefusedNamingTheField) {
    test::TempDir dir;
    const std::pair<const char*, const char*> cases[] = {
        {R"([{"shape": "raft", "position": [20, 6, 1]}])", "bodies[0].shape"},
        {R"([{"shape": "box", "size": [1, 1, -2], "position": [20, 6, 1]}])", "size[2]"},
        {R"([{"shape": "box", "density": 0, "position": [20, 6, 1]}])", "density"},
        {R"([{"shape": "box"}])", "bodies[0].position"},
        {R"([{"shape": "box", "position": [20, 6]}])", "bodies[0].position"},
        {R"([{"shape": "box", "position": [20, 6, 1], "mass": 3}])", "mass"},
        {R"({"shape": "box"})", "bodies"},
    };
    for (auto [bodies, field] : cases) {
        test::writeText(dir / "bad.json", riverScene(bodies));
        const auto r = test::runSluice("simulate '" + (dir / "bad.json").string() + "' --steps 1 --backend cpu");
        EXPECT_GE(r.exitCode, 1) << bodies << ": " << r.output;
        EXPECT_LT(r.exitCode, 128) << bodies << ": " << r.output;
        EXPECT_NE(r.output.find(field), std::string::npos) << bodies << ": " << r.output;
        EXPECT_NE(r.output.find("bad.json"), std::string::npos) << bodies << ": " << r.output;
    }
}

}  // namespace

// Numbers read from files are checked against the documented ranges (sim/number_rules.hpp) by every
// reader: snapshots, session logs, scenes, heightmaps. Each case here is a defect a new user found
// (issue 13): before the fix it was accepted, crashed, or failed without naming the file.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/builtin_scenes.hpp"
#include "sim/crc32.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/number_rules.hpp"
#include "sim/scene_loader.hpp"
#include "sim/session_log.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/temp_dir.hpp"

extern "C" unsigned char* stbi_zlib_compress(unsigned char* data, int data_len, int* out_len, int quality);

namespace sluice::sim {
namespace {

using nlohmann::json;

// ---- the rules themselves ------------------------------------------------------------------------

TEST(NumberRules, MessagesNameTheBoundThatIsBroken) {
    EXPECT_EQ(ruleProblem(-0.5, rules::kDtSeconds).value_or(""), "must be a positive finite number (got -0.5)");
    EXPECT_EQ(ruleProblem(1e6, rules::kDtSeconds).value_or(""), "must be at most 3600 s (got 1000000)");
    EXPECT_EQ(ruleProblem(std::nan(""), rules::kDtSeconds).value_or(""), "must be a positive finite number (got nan)");
    EXPECT_EQ(ruleProblem(1, rules::kFriction).value_or(""), "must be a number in [0, 1) (got 1)");
    EXPECT_EQ(ruleProblem(3e38, rules::kElevationM).value_or(""), "must be at most 100000 m (got 3e+38)");
    EXPECT_EQ(ruleProblem(-3e38, rules::kElevationM).value_or(""), "must be in [-100000, 100000 m] (got -3e+38)");
    EXPECT_EQ(ruleProblem(INFINITY, rules::kElevationM).value_or(""), "must be a finite number (got inf)");
    EXPECT_EQ(ruleProblem(24.5, rules::kMaxSubsteps).value_or(""), "expected an integer, got 24.5");
    EXPECT_EQ(ruleProblem(0, rules::kMaxSubsteps).value_or(""), "must be an integer in 1..4096 (got 0)");
    EXPECT_FALSE(ruleProblem(0.1, rules::kDtSeconds));
    EXPECT_FALSE(ruleProblem(-11000, rules::kElevationM));
    auto parsed = parseNumber("inf", rules::kTimeSeconds, "--seconds");
    ASSERT_FALSE(parsed);
    EXPECT_EQ(parsed.error().message, "--seconds: must be a finite number >= 0 (got inf)");
    EXPECT_FALSE(parseNumber("1e20", rules::kTimeSeconds, "--seconds"));
    EXPECT_FALSE(parseNumber("12abc", rules::kTimeSeconds, "--seconds"));
    EXPECT_FALSE(parseNumber(" 1", rules::kTimeSeconds, "--seconds"));
    EXPECT_EQ(*parseNumber("12.5", rules::kTimeSeconds, "--seconds"), 12.5);
}

// ---- snapshots -----------------------------------------------------------------------------------

/// A valid snapshot of a small run, and a way to edit its JSON header and fix up lengths and CRCs, so
/// that only the edited value can make it fail.
struct SnapshotBytes {
    std::vector<std::byte> bytes;

    SnapshotBytes() {
        Scene scene = defaultScene(24);
        scene.params.rainMPerS = 1e-5f;
        auto solver = test::makeSolver("cpu", scene);
        for (int i = 0; i < 3; ++i) solver->step(scene.params.dtSeconds);
        bytes = encodeSnapshot(Snapshot{"edit", solver->saveState(), std::nullopt});
    }
    std::uint32_t jsonBytes() const {
        std::uint32_t n;
        std::memcpy(&n, bytes.data() + 12, 4);
        return n;
    }
    json header() const {
        const char* p = reinterpret_cast<const char*>(bytes.data()) + kSnapshotHeaderBytes;
        return json::parse(p, p + jsonBytes());
    }
    /// Replaces the header by `h` (arrays untouched: their offsets are relative to the data after it).
    void setHeader(const json& h) {
        const std::string text = h.dump();
        std::vector<std::byte> out(bytes.begin(), bytes.begin() + kSnapshotHeaderBytes);
        for (char c : text) out.push_back(std::byte(c));
        out.insert(out.end(), bytes.begin() + kSnapshotHeaderBytes + jsonBytes(), bytes.end());
        const std::uint32_t j = std::uint32_t(text.size());
        const std::uint64_t payload = out.size() - kSnapshotHeaderBytes;
        std::memcpy(out.data() + 12, &j, 4);
        std::memcpy(out.data() + 16, &payload, 8);
        bytes = std::move(out);
        fixCrcs();
    }
    void fixCrcs() {
        const std::uint32_t payloadCrc = crc32(std::span(bytes).subspan(kSnapshotHeaderBytes));
        std::memcpy(bytes.data() + 24, &payloadCrc, 4);
        const std::uint32_t headerCrc = crc32(std::span(bytes).first(28));
        std::memcpy(bytes.data() + 28, &headerCrc, 4);
    }
    /// Overwrites float32 number `index` of the array called `name`.
    void setFloat(const char* name, std::size_t index, float v) {
        const json h = header();
        for (const json& a : h["arrays"])
            if (a["name"] == name) {
                const std::size_t at = kSnapshotHeaderBytes + jsonBytes() + a["offset"].get<std::size_t>() + 4 * index;
                std::memcpy(bytes.data() + at, &v, 4);
            }
        fixCrcs();
    }
    void setInt(const char* name, std::size_t index, std::int32_t v) {
        const json h = header();
        for (const json& a : h["arrays"])
            if (a["name"] == name) {
                ASSERT_GT(a["count"].get<std::size_t>(), index) << name;
                const std::size_t at = kSnapshotHeaderBytes + jsonBytes() + a["offset"].get<std::size_t>() + 4 * index;
                std::memcpy(bytes.data() + at, &v, 4);
            }
        fixCrcs();
    }
    std::string decodeError() const {
        auto r = decodeSnapshot(bytes, "edited.sluice");
        return r ? std::string() : r.error().message;
    }
};

TEST(SnapshotValidation, TheUneditedSnapshotLoads) {
    SnapshotBytes s;
    s.setHeader(s.header());
    EXPECT_EQ(s.decodeError(), "");
}

TEST(SnapshotValidation, HeaderNumbersOutsideTheirRangesAreRefusedByName) {
    struct Case {
        const char* section;
        const char* key;
        json value;
        const char* mention;
    };
    const Case cases[] = {
        {"run", "steps", std::numeric_limits<std::int64_t>::max(), "run.steps"},
        {"run", "substeps", std::numeric_limits<std::int64_t>::max(), "run.substeps"},
        {"run", "steps", -1, "run.steps"},
        {"run", "steps", 2.5, "run.steps"},
        {"run", "time", nullptr, "run.time"},
        {"run", "time", -3.0, "run.time"},
        {"run", "last_substeps", 1e9, "run.last_substeps"},
        {"ledger", "added_units", nullptr, "ledger.added_units"},
        {"ledger", "removed_units", -5, "ledger.removed_units"},
        {"ledger", "initial_units", 1e300, "ledger.initial_units"},
        {"ledger", "added_units", 2.5, "ledger.added_units"},
        {"carry", "rain", 1.5, "carry.rain"},
        {"carry", "evaporation", nullptr, "carry.evaporation"},
        {"grid", "width", 24.5, "grid.width"},
        {"grid", "cell_size", 0.0, "grid.cell_size"},
        {"grid", "cell_size", "2", "grid.cell_size"},
    };
    for (const Case& c : cases) {
        SnapshotBytes s;
        json h = s.header();
        h[c.section][c.key] = c.value;
        s.setHeader(h);
        const std::string message = s.decodeError();
        EXPECT_NE(message.find("edited.sluice"), std::string::npos) << c.key << ": " << message;
        EXPECT_NE(message.find(c.mention), std::string::npos) << c.section << "." << c.key << " = " << c.value.dump()
                                                              << " was accepted or not named: " << message;
    }
}

TEST(SnapshotValidation, NonFiniteOrAbsurdArrayValuesAreRefused) {
    struct Case {
        const char* array;
        double value;
        bool isInteger;
    };
    const Case cases[] = {
        {"depth_units", -1, true},         {"depth_units", 2147483647, true}, {"terrain", INFINITY, false},
        {"terrain", 3e38, false},          {"flow_x", std::nan(""), false},   {"flow_y", -INFINITY, false},
    };
    for (const Case& c : cases) {
        SnapshotBytes s;
        if (c.isInteger) s.setInt(c.array, 5, std::int32_t(c.value));
        else s.setFloat(c.array, 5, float(c.value));
        const std::string message = s.decodeError();
        EXPECT_NE(message.find(std::string("'") + c.array + "'"), std::string::npos)
            << c.array << " = " << c.value << " was accepted or not named: " << message;
    }
}

TEST(SnapshotValidation, ADirectoryIsRefusedWithItsName) {
    test::TempDir dir;
    std::filesystem::create_directories(dir / "start.sluice");
    auto r = readSnapshotFile(dir / "start.sluice");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("start.sluice: is a directory"), std::string::npos) << r.error().message;
}

// ---- session logs ----------------------------------------------------------------------------------

/// A log directory with a valid start snapshot of a 24^2 world and the given lines after the header.
std::filesystem::path writeLog(const test::TempDir& dir, const std::vector<std::string>& lines) {
    const Scene scene = defaultScene(24);
    auto solver = test::makeSolver("cpu", scene);
    EXPECT_TRUE(writeSnapshotFile(dir / "run.start.sluice", Snapshot{"log", solver->saveState(), std::nullopt}));
    std::string text = R"({"sluice_log": 1, "start": "run.start.sluice"})" "\n";
    for (const std::string& l : lines) text += l + "\n";
    test::writeText(dir / "run.log", text);
    return dir / "run.log";
}

TEST(SessionLogValidation, ATypeThatIsNotAStringNamesTheFileAndLine) {
    test::TempDir dir;
    auto r = readSessionLog(writeLog(dir, {R"({"step": 1, "apply": {"type": 7}})"}));
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("run.log:2: apply.type: expected a string, got number"), std::string::npos)
        << r.error().message;
    EXPECT_EQ(r.error().message.find("json.exception"), std::string::npos) << r.error().message;
}

TEST(SessionLogValidation, BadFieldsAreNamed) {
    const std::pair<std::string, std::string> cases[] = {
        {R"({"step": "one", "apply": {"type": "reset"}})", "run.log:2: step"},
        {R"({"step": 9.3e18, "apply": {"type": "reset"}})", "run.log:2: step"},
        {R"({"step": 1, "apply": {"type": "brush", "kind": "dig", "x": 1, "y": 1, "radius": 2, "strength": 1e30, "falloff": 0.5, "dt": 0.1}})",
         "apply.strength"},
        {R"({"step": 1, "apply": {"type": "brush", "kind": 3}})", "apply.kind"},
        {R"({"step": 1, "undo": "yes"})", "run.log:2: undo"},
        {R"({"end_step": -4})", "run.log:2: end_step"},
        {R"([1, 2])", "run.log:2: expected an object"},
        {R"({"step": 1})", "expected one of apply, undo, redo"},
    };
    for (const auto& [line, mention] : cases) {
        test::TempDir dir;
        auto r = readSessionLog(writeLog(dir, {line}));
        ASSERT_FALSE(r) << line;
        EXPECT_NE(r.error().message.find(mention), std::string::npos) << line << ": " << r.error().message;
    }
}

TEST(SessionLogValidation, ReplayedTerrainWithNonFiniteHeightsIsRefusedNamingTheFile) {
    for (float bad : {INFINITY, -INFINITY, std::nanf("")}) {
        test::TempDir dir;
        std::vector<float> heights(24 * 24, 1.0f);
        heights[30] = bad;
        ASSERT_TRUE(writeNpy(dir / "run.terrain-0.npy", heights.data(), 24, 24));
        auto r = readSessionLog(writeLog(dir, {R"({"step": 0, "apply": {"type": "terrain", "npy": "run.terrain-0.npy"}})"}));
        ASSERT_FALSE(r) << bad;
        EXPECT_NE(r.error().message.find("run.terrain-0.npy"), std::string::npos) << r.error().message;
        EXPECT_NE(r.error().message.find("index 30"), std::string::npos) << r.error().message;
    }
}

TEST(SessionLogValidation, AStartSnapshotThatIsADirectoryIsAClearError) {
    test::TempDir dir;
    std::filesystem::create_directories(dir / "start-dir");
    test::writeText(dir / "run.log", R"({"sluice_log": 1, "start": "start-dir"})" "\n");
    auto r = readSessionLog(dir / "run.log");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("start-dir: is a directory"), std::string::npos) << r.error().message;
}

// ---- scenes: absurd but finite values --------------------------------------------------------------

std::string sceneError(const std::string& extra, const std::string& water = "") {
    const std::string text = R"({"grid": {"width": 8, "height": 6, "cell_size": 1}, "terrain": {"flat": 0})" +
                             (water.empty() ? std::string() : ", \"water\": " + water) + extra + "}";
    auto r = parseSceneJson(text, "absurd.json", ".");
    return r ? std::string() : r.error().message;
}

TEST(SceneValidation, AbsurdButFiniteValuesAreRefusedAtLoadNamingTheField) {
    EXPECT_NE(sceneError("", R"({"surface_level": 3e38})").find("absurd.json: water.surface_level"), std::string::npos);
    EXPECT_NE(sceneError("", R"({"surface_level": 50000})").find("water.surface_level"), std::string::npos)
        << "50 km of water over the cells";
    EXPECT_NE(sceneError(R"(, "sources": [{"x": 2, "y": 2, "rate": 1e30}])").find("sources[0].rate"), std::string::npos);
    EXPECT_NE(sceneError(R"(, "sources": [{"x": 2, "y": 2, "level": 1e30}])").find("sources[0].level"), std::string::npos);
    EXPECT_NE(sceneError(R"(, "params": {"rain": 1e10})").find("params.rain"), std::string::npos);
    EXPECT_NE(sceneError(R"(, "params": {"dt": 1e9})").find("params.dt: must be at most 3600 s"), std::string::npos);
    EXPECT_NE(sceneError(R"(, "params": {"gravity": 1e20})").find("params.gravity"), std::string::npos);
    EXPECT_NE(sceneError(R"(, "boundary": {"west": {"type": "inflow", "discharge": 1e30}})").find("boundary.west.discharge"),
              std::string::npos);
    // Deeper than a cell can hold (1024 m, integer depth units).
    EXPECT_NE(sceneError("", R"({"surface_level": 1100})").find("depth must be at most 1024 m"), std::string::npos);
    // Sensible values of the same fields still load.
    EXPECT_EQ(sceneError(R"(, "params": {"dt": 0.5, "rain": 1e-4}, "sources": [{"x": 2, "y": 2, "rate": 5000}])",
                         R"({"surface_level": 1000})"),
              "");
}

TEST(SceneValidation, DepthArraysWithAbsurdValuesAreRefusedNamingTheFile) {
    test::TempDir dir;
    std::vector<float> depth(8 * 6, 1.0f);
    depth[7] = 3e38f;
    ASSERT_TRUE(writeNpy(dir / "h.npy", depth.data(), 6, 8));
    test::writeText(dir / "s.json", R"({"grid": {"width": 8, "height": 6}, "terrain": {"flat": 0}, "water": {"npy": "h.npy"}})");
    auto r = loadSceneFile(dir / "s.json");
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("water.npy: 'h.npy' has a value out of range"), std::string::npos) << r.error().message;
}

// ---- PNG heightmaps of fewer than 8 bits -------------------------------------------------------------

/// A valid grayscale PNG of `bits` bits per pixel (1, 2, 4 or 8), 8 x 2 pixels.
std::vector<unsigned char> grayPng(int bits) {
    const int w = 8, h = 2, rowBytes = (w * bits + 7) / 8;
    std::vector<unsigned char> raw;
    for (int y = 0; y < h; ++y) {
        raw.push_back(0);  // filter: none
        for (int i = 0; i < rowBytes; ++i) raw.push_back((unsigned char)(0x5A + 17 * y + i));
    }
    int zlen = 0;
    unsigned char* z = stbi_zlib_compress(raw.data(), int(raw.size()), &zlen, 8);
    std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    auto chunk = [&](const char* type, const std::vector<unsigned char>& data) {
        const std::uint32_t n = std::uint32_t(data.size());
        for (int s = 24; s >= 0; s -= 8) png.push_back((unsigned char)(n >> s));
        std::vector<unsigned char> body(type, type + 4);
        body.insert(body.end(), data.begin(), data.end());
        png.insert(png.end(), body.begin(), body.end());
        const std::uint32_t c = crc32(std::as_bytes(std::span(body.data(), body.size())));
        for (int s = 24; s >= 0; s -= 8) png.push_back((unsigned char)(c >> s));
    };
    chunk("IHDR", {0, 0, 0, (unsigned char)w, 0, 0, 0, (unsigned char)h, (unsigned char)bits, 0, 0, 0, 0});
    chunk("IDAT", std::vector<unsigned char>(z, z + zlen));
    chunk("IEND", {});
    std::free(z);
    return png;
}

TEST(HeightmapPng, GrayscaleBelowEightBitsIsRefusedAndEightBitsLoads) {
    test::TempDir dir;
    for (int bits : {1, 2, 4, 8}) {
        const auto bytes = grayPng(bits);
        const auto file = dir / ("g" + std::to_string(bits) + ".png");
        test::writeText(file, std::string(bytes.begin(), bytes.end()));
        auto r = loadHeightmapPng(file, 0, 10);
        if (bits == 8) {
            ASSERT_TRUE(r) << r.error().message;
            EXPECT_EQ(r->width, 8);
        } else {
            ASSERT_FALSE(r) << bits << "-bit PNG accepted";
            EXPECT_NE(r.error().message.find(std::to_string(bits) + "-bit grayscale PNG"), std::string::npos)
                << r.error().message;
        }
    }
}

}  // namespace
}  // namespace sluice::sim

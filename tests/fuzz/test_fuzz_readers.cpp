// Fuzzing every reader in process (fast, and under ASan/UBSan in scripts/sanitize.sh): valid seed files
// of each format are mutated (truncated at many offsets, bytes flipped/inserted/deleted, JSON values
// replaced by NaN/infinity/huge/negative/wrongly typed ones, .npy headers and dtypes changed, PNG headers
// changed). Every case must either load into something that obeys the documented ranges, or fail with
// a message that names the file. A failure prints the seed and the mutation: rerun with
// SLUICE_FUZZ_SEED=<seed> to reproduce; SLUICE_FUZZ_SCALE=N runs N times as many random cases.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "app/record/timeline.hpp"
#include "sim/builtin_scenes.hpp"
#include "sim/crc32.hpp"
#include "sim/heightmap_png.hpp"
#include "sim/npy.hpp"
#include "sim/number_rules.hpp"
#include "sim/presets.hpp"
#include "sim/scene_loader.hpp"
#include "sim/session_log.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/fuzz_mutations.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::test {
namespace {

namespace fs = std::filesystem;
using sim::NumberRule;
namespace rules = sim::rules;

std::string bytesOf(const std::vector<std::byte>& v) { return std::string(reinterpret_cast<const char*>(v.data()), v.size()); }

bool within(float v, const NumberRule& rule) { return !sim::ruleProblem(v, rule); }

/// What a loaded scene must satisfy whatever its file said.
void expectValidScene(const sim::Scene& s, const std::string& context) {
    ASSERT_GE(s.width, 2) << context;
    ASSERT_GE(s.height, 2) << context;
    ASSERT_EQ(s.terrainM.size(), s.cellCount()) << context;
    ASSERT_EQ(s.depthM.size(), s.cellCount()) << context;
    for (std::size_t i = 0; i < s.cellCount(); ++i) {
        ASSERT_TRUE(within(s.terrainM[i], rules::kElevationM)) << context << ": terrain[" << i << "] = " << s.terrainM[i];
        ASSERT_TRUE(within(s.depthM[i], rules::kDepthM)) << context << ": depth[" << i << "] = " << s.depthM[i];
    }
    EXPECT_TRUE(within(s.cellSizeM, rules::kCellSizeM)) << context;
    const sim::SimParams& p = s.params;
    EXPECT_TRUE(within(p.dtSeconds, rules::kDtSeconds) && within(p.gravity, rules::kGravity) &&
                within(p.friction, rules::kFriction) && within(p.viscosity, rules::kViscosity) &&
                within(p.rainMPerS, rules::kRainMPerS) && within(p.evaporationMPerS, rules::kEvaporationMPerS) &&
                within(p.courantTarget, rules::kCourant) && p.maxSubsteps >= 1 && p.maxSubsteps <= 4096)
        << context;
    for (const auto* list : {&s.sources, &s.drains})
        for (const sim::Emitter& e : *list) {
            EXPECT_TRUE(e.x >= 0 && e.x <= float(s.width) && e.y >= 0 && e.y <= float(s.height)) << context;
            EXPECT_TRUE(within(e.radiusCells, rules::kRadiusCells) && within(e.rateM3PerS, rules::kRateM3PerS) &&
                        within(e.levelM, rules::kElevationM) && within(e.maxRateM3PerS, rules::kMaxRateM3PerS))
                << context;
        }
}

/// The error must name one of `names` (the file read, or a file it refers to).
void expectNamed(const std::string& message, const std::vector<std::string>& names, const std::string& context) {
    bool named = false;
    for (const std::string& n : names) named |= message.find(n) != std::string::npos;
    EXPECT_TRUE(named) << context << ": the message names none of the files: " << message;
    EXPECT_EQ(message.find("json.exception"), std::string::npos) << context << ": raw library error: " << message;
}

std::string context(const std::string& format, const Mutation& m) {
    return format + " [seed " + std::to_string(fuzzSeed()) + "] " + m.what;
}

// ---- seeds ----------------------------------------------------------------------------------------

const char* kProceduralScene = R"({
  "name": "fuzz", "grid": {"width": 24, "height": 20, "cell_size": 2.0},
  "terrain": {"procedural": {"seed": 3, "kind": "valley", "amplitude": 12, "feature_size": 8, "octaves": 3}},
  "water": {"surface_level": 4.5},
  "params": {"model": "swe", "friction_law": "manning", "manning_n": 0.03, "dt": 0.1, "gravity": 9.81,
             "viscosity": 0.01, "rain": 1e-6, "evaporation": 0, "courant": 0.5, "max_substeps": 64},
  "boundary": {"west": [{"type": "level", "level": [[0, 4.5], [30, 5.0]], "from": 2, "to": 10}, {"type": "transmissive", "from": 12}],
               "east": "open", "south": {"type": "inflow", "discharge": [[0, 0.2], [5, 0.4]]}, "north": {"type": "open"}},
  "sources": [{"x": 12.5, "y": 3.5, "radius": 2, "rate": 1.5}, {"x": 4, "y": 4, "level": 6, "max_rate": 2, "enabled": false}],
  "drains": [{"x": 20, "y": 18, "radius": 1.5, "level": 1.0}]
})";

/// A directory with a scene that reads terrain and water from .npy files, and one with a PNG.
struct SceneFiles {
    TempDir dir;
    std::string npyScene, pngScene, terrainNpy, depthNpy, png;
    SceneFiles() {
        std::vector<float> terrain(20 * 16), depth(20 * 16);
        for (std::size_t i = 0; i < terrain.size(); ++i) {
            terrain[i] = float(i % 20) * 0.5f;
            depth[i] = float(i % 7) * 0.25f;
        }
        EXPECT_TRUE(sim::writeNpy(dir / "t.npy", terrain.data(), 16, 20));
        EXPECT_TRUE(sim::writeNpy(dir / "h.npy", depth.data(), 16, 20));
        EXPECT_TRUE(sim::writeHeightmapPng16(dir / "m.png", terrain.data(), 20, 16, 0.0f, 10.0f));
        npyScene = R"({"terrain": {"npy": "t.npy"}, "water": {"npy": "h.npy"}, "grid": {"cell_size": 1.5}})";
        pngScene = R"({"terrain": {"png": "m.png", "min": -5, "max": 40}, "water": "none"})";
        terrainNpy = readText(dir / "t.npy");
        depthNpy = readText(dir / "h.npy");
        png = readText(dir / "m.png");
    }
};

// ---- scene files ------------------------------------------------------------------------------------

void fuzzSceneText(const std::string& seed, const fs::path& dir, const std::string& label, int perValue) {
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases = m.jsonValues(seed, perValue * fuzzScale());
    for (Mutation& t : m.truncations(seed, 40 * fuzzScale())) cases.push_back(std::move(t));
    for (Mutation& t : m.byteDamage(seed, 60 * fuzzScale())) cases.push_back(std::move(t));
    int loaded = 0, refused = 0;
    for (const Mutation& c : cases) {
        writeText(dir / "scene.json", c.bytes);
        auto r = sim::loadSceneFile(dir / "scene.json");
        const std::string ctx = context(label, c);
        if (r) {
            ++loaded;
            expectValidScene(r->scene, ctx);
        } else {
            ++refused;
            expectNamed(r.error().message, {"scene.json"}, ctx);
        }
    }
    EXPECT_GT(refused, int(cases.size()) / 3) << label << ": most mutations should be refused";
    std::printf("%s: %zu cases, %d loaded, %d refused\n", label.c_str(), cases.size(), loaded, refused);
}

TEST(FuzzReaders, ProceduralSceneFiles) {
    TempDir dir;
    fuzzSceneText(kProceduralScene, dir.path(), "procedural scene", 12);
}

TEST(FuzzReaders, SceneFilesReferringToNpyAndPng) {
    SceneFiles f;
    fuzzSceneText(f.npyScene, f.dir.path(), "npy scene", 8);
    fuzzSceneText(f.pngScene, f.dir.path(), "png scene", 8);
}

TEST(FuzzReaders, NpyFilesDirectlyAndThroughScenes) {
    SceneFiles f;
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases = m.npyVariants(f.terrainNpy);
    for (Mutation& t : m.truncations(f.terrainNpy, 40 * fuzzScale())) cases.push_back(std::move(t));
    for (Mutation& t : m.byteDamage(f.terrainNpy, 60 * fuzzScale())) cases.push_back(std::move(t));
    ASSERT_GT(cases.size(), 100u);
    writeText(f.dir / "scene.json", f.npyScene);
    for (const Mutation& c : cases) {
        const std::string ctx = context("npy", c);
        writeText(f.dir / "t.npy", c.bytes);
        auto a = sim::readNpy(f.dir / "t.npy");
        if (a) {
            EXPECT_GT(a->rows, 0) << ctx;
            EXPECT_GT(a->cols, 0) << ctx;
            EXPECT_EQ(a->data.size(), std::size_t(a->rows) * std::size_t(a->cols)) << ctx;
        } else {
            expectNamed(a.error().message, {"t.npy"}, ctx);
        }
        auto s = sim::loadSceneFile(f.dir / "scene.json");
        if (s) expectValidScene(s->scene, ctx);
        else expectNamed(s.error().message, {"t.npy", "h.npy"}, ctx);
    }
    // The water array too: its values must be depths.
    writeText(f.dir / "t.npy", f.terrainNpy);
    for (const Mutation& c : m.npyVariants(f.depthNpy)) {
        writeText(f.dir / "h.npy", c.bytes);
        auto s = sim::loadSceneFile(f.dir / "scene.json");
        const std::string ctx = context("water npy", c);
        if (s) expectValidScene(s->scene, ctx);
        else expectNamed(s.error().message, {"h.npy"}, ctx);
    }
}

TEST(FuzzReaders, PngHeightmaps) {
    SceneFiles f;
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases = m.pngVariants(f.png);
    for (Mutation& t : m.truncations(f.png, 40 * fuzzScale())) cases.push_back(std::move(t));
    for (Mutation& t : m.byteDamage(f.png, 60 * fuzzScale())) cases.push_back(std::move(t));
    for (const Mutation& c : cases) {
        const std::string ctx = context("png", c);
        writeText(f.dir / "m.png", c.bytes);
        auto img = sim::loadHeightmapPng(f.dir / "m.png", -5, 40);
        if (img) {
            EXPECT_EQ(img->heightsM.size(), std::size_t(img->width) * std::size_t(img->height)) << ctx;
            for (float h : img->heightsM) ASSERT_TRUE(h >= -5 && h <= 40) << ctx;
        } else {
            expectNamed(img.error().message, {"m.png"}, ctx);
        }
    }
}

// ---- snapshots --------------------------------------------------------------------------------------

std::string validSnapshot() {
    sim::Scene scene = sim::defaultScene(20);
    scene.params.rainMPerS = 1e-5f;
    auto solver = makeSolver("cpu", scene);
    for (int i = 0; i < 3; ++i) solver->step(scene.params.dtSeconds);
    return bytesOf(sim::encodeSnapshot(sim::Snapshot{"fuzz", solver->saveState(), sim::ViewPose{{1, 2, 3}, 0.5f, 0.6f, 90}}));
}

/// The snapshot with its JSON header replaced (lengths and both CRCs made right again).
std::string withHeader(const std::string& snap, const std::string& header) {
    std::uint32_t j;
    std::memcpy(&j, snap.data() + 12, 4);
    std::string out = snap.substr(0, sim::kSnapshotHeaderBytes) + header + snap.substr(sim::kSnapshotHeaderBytes + j);
    const std::uint32_t nj = std::uint32_t(header.size());
    const std::uint64_t payload = out.size() - sim::kSnapshotHeaderBytes;
    std::memcpy(out.data() + 12, &nj, 4);
    std::memcpy(out.data() + 16, &payload, 8);
    const auto bytes = std::as_bytes(std::span(out.data(), out.size()));
    const std::uint32_t pc = sim::crc32(bytes.subspan(sim::kSnapshotHeaderBytes));
    std::memcpy(out.data() + 24, &pc, 4);
    const std::uint32_t hc = sim::crc32(bytes.first(28));
    std::memcpy(out.data() + 28, &hc, 4);
    return out;
}

void expectValidSnapshot(const sim::Snapshot& s, const std::string& ctx) {
    const sim::Scene scene = sim::sceneFromSnapshot(s);
    expectValidScene(scene, ctx);
    const sim::SolverState& st = s.state;
    EXPECT_TRUE(st.counters.steps >= 0 && st.counters.steps <= (1LL << 53) && st.counters.substeps >= 0) << ctx;
    EXPECT_TRUE(std::isfinite(st.counters.timeSeconds) && st.ledger.added >= 0 && st.ledger.removed >= 0 &&
                st.ledger.initial >= 0)
        << ctx;
    for (std::int32_t u : st.field.depthUnits) ASSERT_TRUE(u >= 0 && u <= sim::kMaxDepthUnits) << ctx;
}

TEST(FuzzReaders, SnapshotsWithDamagedBytesAndEditedHeaders) {
    const std::string snap = validSnapshot();
    std::uint32_t j;
    std::memcpy(&j, snap.data() + 12, 4);
    const std::string header = snap.substr(sim::kSnapshotHeaderBytes, j);
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases;
    for (Mutation& t : m.truncations(snap, 60 * fuzzScale())) cases.push_back(std::move(t));
    for (Mutation& t : m.byteDamage(snap, 60 * fuzzScale())) cases.push_back(std::move(t));
    // Header edits past the checksums: only validation stands between them and the solver.
    for (Mutation& t : m.jsonValues(header, 10 * fuzzScale())) cases.push_back({withHeader(snap, t.bytes), "header " + t.what});
    int refused = 0;
    for (const Mutation& c : cases) {
        const std::string ctx = context("snapshot", c);
        auto r = sim::decodeSnapshot(std::as_bytes(std::span(c.bytes.data(), c.bytes.size())), "fuzz.sluice");
        if (r) expectValidSnapshot(*r, ctx);
        else {
            ++refused;
            expectNamed(r.error().message, {"fuzz.sluice"}, ctx);
        }
    }
    EXPECT_GT(refused, int(cases.size()) / 3);
}

// ---- session logs -----------------------------------------------------------------------------------

TEST(FuzzReaders, SessionLogs) {
    TempDir dir;
    const sim::Scene scene = sim::defaultScene(20);
    auto solver = makeSolver("cpu", scene);
    ASSERT_TRUE(sim::writeSnapshotFile(dir / "run.start.sluice", sim::Snapshot{"log", solver->saveState(), std::nullopt}));
    std::vector<float> heights(20 * 20, 2.0f);
    ASSERT_TRUE(sim::writeNpy(dir / "run.terrain-3.npy", heights.data(), 20, 20));
    const std::string log =
        R"({"sluice_log": 1, "start": "run.start.sluice", "undo_entries": 200, "undo_bytes": 536870912})" "\n"
        R"({"step": 2, "apply": {"type": "brush", "kind": "dig", "x": 10.5, "y": 8, "radius": 4, "strength": 2, "falloff": 0.6, "target": 0, "dt": 0.016}})" "\n"
        R"({"step": 2, "apply": {"type": "brush", "kind": "dig", "x": 11, "y": 8, "radius": 4, "strength": 2, "falloff": 0.6, "target": 0, "dt": 0.016}, "merge": true})" "\n"
        R"({"step": 4, "apply": {"type": "params", "params": {"dt": 0.1, "friction": 0.2}}})" "\n"
        R"({"step": 5, "apply": {"type": "emitters", "sources": [{"x": 3, "y": 3, "rate": 1}], "drains": []}})" "\n"
        R"({"step": 6, "apply": {"type": "terrain", "npy": "run.terrain-3.npy"}})" "\n"
        R"({"step": 7, "apply": {"type": "boundary", "boundary": {"north": "open"}}})" "\n"
        R"({"step": 8, "undo": true})" "\n"
        R"({"step": 9, "redo": true})" "\n"
        R"({"end_step": 12})" "\n";
    writeText(dir / "run.log", log);
    ASSERT_TRUE(sim::readSessionLog(dir / "run.log")) << "the seed log must load";
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases = m.jsonLines(log, 2 * fuzzScale());
    for (Mutation& t : m.truncations(log, 40 * fuzzScale())) cases.push_back(std::move(t));
    for (Mutation& t : m.byteDamage(log, 40 * fuzzScale())) cases.push_back(std::move(t));
    for (const Mutation& c : cases) {
        writeText(dir / "run.log", c.bytes);
        auto r = sim::readSessionLog(dir / "run.log");
        const std::string ctx = context("session log", c);
        if (r) {
            expectValidSnapshot(r->start, ctx);
            for (const sim::LoggedCommand& cmd : r->commands) EXPECT_GE(cmd.step, 0) << ctx;
        } else {
            expectNamed(r.error().message, {"run.log", "run.start.sluice", "run.terrain-3.npy"}, ctx);
        }
    }
}

// ---- timelines and presets -------------------------------------------------------------------------

TEST(FuzzReaders, TimelinesAndPresets) {
    const sim::Scene scene = sim::defaultScene(32);
    const std::string timeline = R"({
      "camera": [{"time": 0, "yaw": 20, "pitch": 35, "distance": 90}, {"time": 2, "yaw": 110, "target": [30, 40, 5]}],
      "events": [{"time": 0.5, "source": 0, "enabled": false}, {"time": 1, "source": 0, "rate": 3},
                 {"time": 1.5, "params": {"rain": 2e-5, "manning_n": 0.08}},
                 {"time": 1.8, "boundary": {"east": {"type": "level", "level": [[0, 1], [4, 2]]}, "west": "transmissive"}},
                 {"time": 2, "brush": {"kind": "dig", "from": [10, 10], "to": [20, 12], "radius": 4, "strength": 0.8,
                                       "falloff": 0.5, "duration": 2}}]})";
    Mutator m(fuzzSeed());
    std::vector<Mutation> cases = m.jsonValues(timeline, 6 * fuzzScale());
    for (Mutation& t : m.truncations(timeline, 30 * fuzzScale())) cases.push_back(std::move(t));
    for (const Mutation& c : cases) {
        auto r = app::parseTimelineJson(c.bytes, "fuzz-timeline.json", scene);
        const std::string ctx = context("timeline", c);
        if (r) {
            for (const auto& k : r->camera) EXPECT_TRUE(std::isfinite(k.timeSeconds)) << ctx;
            for (const auto& e : r->events) EXPECT_TRUE(std::isfinite(e.timeSeconds) && e.timeSeconds <= 1e12) << ctx;
        } else {
            expectNamed(r.error().message, {"fuzz-timeline.json"}, ctx);
        }
    }

    TempDir dir;
    const std::string preset = R"({"params": {"dt": 0.07, "friction": 0.1, "viscosity": 0.01, "rain": 1e-6, "max_substeps": 64}})";
    cases = m.jsonValues(preset, 4 * fuzzScale());
    for (Mutation& t : m.truncations(preset, 20 * fuzzScale())) cases.push_back(std::move(t));
    for (const Mutation& c : cases) {
        writeText(dir / "p.json", c.bytes);
        auto r = sim::loadPreset(dir.path(), "p");
        const std::string ctx = context("preset", c);
        if (r) {
            sim::Scene s = scene;
            s.params = *r;
            expectValidScene(s, ctx);
        } else {
            expectNamed(r.error().message, {"p.json"}, ctx);
        }
    }
}

}  // namespace
}  // namespace sluice::test

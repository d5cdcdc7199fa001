// Snapshots: exact resume on both backends, file round trip, and rejection of damaged files.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <limits>

#include "sim/builtin_scenes.hpp"
#include "sim/crc32.hpp"
#include "sim/snapshot.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/temp_dir.hpp"

namespace sluice::sim {
namespace {

using test::makeSolver;

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

/// The default valley (source, open north side, lake) at 48^2 with a rate drain and rain too, so
/// every ledger term moves.
Scene busyScene() {
    Scene s = defaultScene(48);
    Emitter drain;
    drain.x = 30;
    drain.y = 26;
    drain.radiusCells = 2;
    drain.rateM3PerS = 0.2f;
    s.drains.push_back(drain);
    s.params.rainMPerS = 1e-5f;
    return s;
}

Snapshot snapshotOf(Solver& solver, const std::string& name) {
    Snapshot snap;
    snap.name = name;
    snap.state = solver.saveState();
    return snap;
}

class ExactResume : public ::testing::TestWithParam<std::string> {};

TEST_P(ExactResume, SaveLoadContinueIsBitIdenticalToRunningStraightThrough) {
    const Scene scene = busyScene();
    auto straight = makeSolver(GetParam(), scene);
    auto first = makeSolver(GetParam(), scene);
    ASSERT_TRUE(straight && first);
    for (int i = 0; i < 40; ++i) straight->step(scene.params.dtSeconds);
    for (int i = 0; i < 20; ++i) first->step(scene.params.dtSeconds);

    // Through the file encoding, as `simulate --save` and the viewer's Save do.
    auto decoded = decodeSnapshot(encodeSnapshot(snapshotOf(*first, "busy")), "mem.sluice");
    ASSERT_TRUE(decoded) << decoded.error().message;
    auto resumed = makeSolver(GetParam(), sceneFromSnapshot(std::move(*decoded)));
    ASSERT_TRUE(resumed);
    EXPECT_EQ(resumed->counters().steps, 20);
    for (int i = 0; i < 20; ++i) resumed->step(scene.params.dtSeconds);

    const FieldSnapshot a = straight->download(), b = resumed->download();
    EXPECT_TRUE(sameBits(a.depthM, b.depthM));
    EXPECT_TRUE(sameBits(a.terrainM, b.terrainM));
    EXPECT_TRUE(sameBits(a.flowXM3PerS, b.flowXM3PerS));
    EXPECT_TRUE(sameBits(a.flowYM3PerS, b.flowYM3PerS));
    const Ledger la = straight->ledger(), lb = resumed->ledger();
    EXPECT_EQ(la.addedM3, lb.addedM3);
    EXPECT_EQ(la.removedM3, lb.removedM3);
    EXPECT_EQ(la.initialVolumeM3, lb.initialVolumeM3);
    EXPECT_GT(la.addedM3, 0.0);
    EXPECT_GT(la.removedM3, 0.0);
    EXPECT_EQ(straight->counters().substeps, resumed->counters().substeps);
    EXPECT_EQ(straight->counters().timeSeconds, resumed->counters().timeSeconds);
    EXPECT_EQ(straight->counters().maxCourant, resumed->counters().maxCourant);
}

TEST_P(ExactResume, RestoringAnEarlierStateRewindsTheRun) {
    const Scene scene = busyScene();
    auto solver = makeSolver(GetParam(), scene);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 5; ++i) solver->step(scene.params.dtSeconds);
    const SolverState saved = solver->saveState();
    for (int i = 0; i < 5; ++i) solver->step(scene.params.dtSeconds);
    const FieldSnapshot after = solver->download();
    ASSERT_TRUE(solver->restoreState(saved));
    EXPECT_EQ(solver->counters().steps, 5);
    for (int i = 0; i < 5; ++i) solver->step(scene.params.dtSeconds);
    EXPECT_TRUE(sameBits(after.depthM, solver->download().depthM));
}

INSTANTIATE_TEST_SUITE_P(Backends, ExactResume, ::testing::Values("cpu", "gpu"));

TEST(Snapshot, StateOfOneBackendContinuesOnTheOther) {
    const Scene scene = busyScene();
    auto cpu = makeSolver("cpu", scene);
    for (int i = 0; i < 15; ++i) cpu->step(scene.params.dtSeconds);
    auto gpu = makeSolver("gpu", sceneFromSnapshot(snapshotOf(*cpu, "busy")));
    ASSERT_TRUE(gpu);
    for (int i = 0; i < 10; ++i) {
        cpu->step(scene.params.dtSeconds);
        gpu->step(scene.params.dtSeconds);
    }
    EXPECT_LT(test::maxAbsDiff(cpu->download().depthM, gpu->download().depthM), 1e-4f);
    EXPECT_NEAR(cpu->ledger().addedM3, gpu->ledger().addedM3, 1e-6 * cpu->ledger().addedM3);
}

TEST(Snapshot, RoundTripKeepsEveryField) {
    const Scene scene = busyScene();
    auto solver = makeSolver("cpu", scene);
    for (int i = 0; i < 3; ++i) solver->step(scene.params.dtSeconds);
    Snapshot snap = snapshotOf(*solver, "round trip");
    snap.state.params.viscosity = 0.001f;
    snap.state.boundary.south = BoundarySide::of(BoundaryKind::Inflow, 0.25f);
    snap.state.sources[0].enabled = false;
    snap.camera = ViewPose{{1.5f, 2.5f, 3.5f}, 0.25f, 0.5f, 321.0f};
    test::TempDir dir;
    ASSERT_TRUE(writeSnapshotFile(dir / "a.sluice", snap));
    EXPECT_TRUE(isSnapshotFile(dir / "a.sluice"));
    auto back = readSnapshotFile(dir / "a.sluice");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->name, "round trip");
    EXPECT_EQ(back->state.params.viscosity, 0.001f);
    EXPECT_EQ(back->state.params.dtSeconds, scene.params.dtSeconds);
    EXPECT_EQ(back->state.boundary.south, BoundarySide::of(BoundaryKind::Inflow, 0.25));
    EXPECT_EQ(back->state.boundary.north, scene.boundary.north);
    ASSERT_EQ(back->state.sources.size(), 1u);
    EXPECT_FALSE(back->state.sources[0].enabled);
    EXPECT_EQ(back->state.sources[0].rateM3PerS, scene.sources[0].rateM3PerS);
    ASSERT_EQ(back->state.drains.size(), 1u);
    ASSERT_TRUE(back->camera);
    EXPECT_EQ(back->camera->distanceM, 321.0f);
    EXPECT_EQ(back->camera->targetM[2], 3.5f);
    EXPECT_EQ(back->state.counters.steps, 3);
    EXPECT_EQ(back->state.ledger.added, snap.state.ledger.added);
    EXPECT_EQ(back->state.ledger.removed, snap.state.ledger.removed);
    EXPECT_EQ(back->state.ledger.initial, snap.state.ledger.initial);
    EXPECT_EQ(back->state.field.depthUnits, snap.state.field.depthUnits);
    EXPECT_TRUE(sameBits(back->state.field.depthM, snap.state.field.depthM));
    EXPECT_EQ(back->state.carry.rain, snap.state.carry.rain);
    EXPECT_EQ(back->state.carry.emitters, snap.state.carry.emitters);
}

// ---- damaged files ----

class DamagedSnapshot : public ::testing::Test {
protected:
    void SetUp() override {
        auto solver = makeSolver("cpu", busyScene());
        solver->step(0.1f);
        bytes_ = encodeSnapshot(snapshotOf(*solver, "damaged"));
    }
    std::string reject(const std::vector<std::byte>& b) {
        auto r = decodeSnapshot(b, "bad.sluice");
        EXPECT_FALSE(r) << "a damaged snapshot was accepted";
        if (r) return "";
        EXPECT_EQ(r.error().message.rfind("bad.sluice: ", 0), 0u) << r.error().message;
        return r.error().message;
    }
    /// Re-seals the header after editing it, so that only the intended defect remains.
    void resealHeader(std::vector<std::byte>& b) {
        const std::uint32_t c = crc32(std::span(b).first(28));
        std::memcpy(b.data() + 28, &c, 4);
    }
    std::vector<std::byte> bytes_;
};

TEST_F(DamagedSnapshot, TruncationAnywhereIsRejected) {
    for (std::size_t keep : {std::size_t(0), std::size_t(5), std::size_t(31), std::size_t(40), bytes_.size() / 2,
                             bytes_.size() - 1}) {
        std::vector<std::byte> cut(bytes_.begin(), bytes_.begin() + std::ptrdiff_t(keep));
        const std::string msg = reject(cut);
        if (keep >= 32) {
            EXPECT_NE(msg.find("truncated"), std::string::npos) << msg;
        }
    }
}

TEST_F(DamagedSnapshot, FlippedBytesAreRejected) {
    // In the fixed header, the JSON header, the first array and the last byte.
    for (std::size_t at : {std::size_t(10), std::size_t(40), bytes_.size() / 2, bytes_.size() - 1}) {
        auto b = bytes_;
        b[at] ^= std::byte{0x10};
        const std::string msg = reject(b);
        EXPECT_NE(msg.find("corrupted"), std::string::npos) << msg;
    }
}

TEST_F(DamagedSnapshot, WrongVersionAndMagicAreNamed) {
    auto b = bytes_;
    const std::uint32_t v = kSnapshotVersion + 1;
    std::memcpy(b.data() + 8, &v, 4);
    resealHeader(b);
    EXPECT_NE(reject(b).find("version " + std::to_string(v) + " is not supported"), std::string::npos);
    auto m = bytes_;
    m[0] = std::byte{'X'};
    EXPECT_NE(reject(m).find("not a Sluice snapshot"), std::string::npos);
}

TEST_F(DamagedSnapshot, InvalidContentsWithAValidChecksumAreRejected) {
    auto solver = makeSolver("cpu", busyScene());
    Snapshot snap = snapshotOf(*solver, "bad params");
    snap.state.params.dtSeconds = -1.0f;
    EXPECT_NE(reject(encodeSnapshot(snap)).find("params.dt"), std::string::npos);
    snap = snapshotOf(*solver, "bad depth");
    snap.state.field.depthUnits[7] = -2;
    EXPECT_NE(reject(encodeSnapshot(snap)).find("'depth_units'"), std::string::npos);
    snap = snapshotOf(*solver, "short array");
    snap.state.field.flowXM3PerS.pop_back();
    EXPECT_NE(reject(encodeSnapshot(snap)).find("'flow_x'"), std::string::npos);
}

// ---- view bookmarks (issue 17): the optional "bookmarks" array ----

Snapshot withBookmarks() {
    auto solver = makeSolver("cpu", busyScene());
    Snapshot snap = snapshotOf(*solver, "bookmarks");
    snap.camera = ViewPose{{1, 2, 3}, 0.1f, 0.7f, 90.0f};
    snap.bookmarks.push_back(ViewBookmark{2, "the lake", ViewPose{{10, 20, 5}, 0.5f, 0.6f, 250.0f}, ViewBookmark::Mode::Orbit});
    snap.bookmarks.push_back(ViewBookmark{7, "on the dam", ViewPose{{30, 40, 12}, -2.5f, -0.3f, 1.0f}, ViewBookmark::Mode::Walk});
    snap.bookmarks.push_back(ViewBookmark{9, "", ViewPose{{50, 60, 70}, 3.0f, 0.2f, 1.0f}, ViewBookmark::Mode::Fly});
    return snap;
}

/// The JSON header of an encoded snapshot, as text.
std::string headerText(const std::vector<std::byte>& b) {
    std::uint32_t length = 0;
    std::memcpy(&length, b.data() + 12, 4);
    return std::string(reinterpret_cast<const char*>(b.data()) + kSnapshotHeaderBytes, length);
}

TEST(SnapshotBookmarks, RoundTripKeepsSlotsNamesModesAndPoses) {
    const Snapshot snap = withBookmarks();
    test::TempDir dir;
    ASSERT_TRUE(writeSnapshotFile(dir / "b.sluice", snap));
    auto back = readSnapshotFile(dir / "b.sluice");
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->bookmarks.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        const ViewBookmark &a = snap.bookmarks[i], &b = back->bookmarks[i];
        EXPECT_EQ(b.slot, a.slot);
        EXPECT_EQ(b.name, a.name);
        EXPECT_EQ(b.mode, a.mode);
        for (int k = 0; k < 3; ++k) EXPECT_EQ(b.pose.targetM[k], a.pose.targetM[k]);
        EXPECT_EQ(b.pose.yawRad, a.pose.yawRad);
        EXPECT_EQ(b.pose.pitchRad, a.pose.pitchRad) << "a fly view looking up keeps its negative pitch";
        EXPECT_EQ(b.pose.distanceM, a.pose.distanceM);
    }
    // A scene made from it (what the viewer opens) carries them.
    EXPECT_EQ(sceneFromSnapshot(std::move(*back)).bookmarks.size(), 3u);
}

TEST(SnapshotBookmarks, WithoutBookmarksTheHeaderIsAsBeforeAndLoads) {
    Snapshot snap = withBookmarks();
    snap.bookmarks.clear();
    const auto bytes = encodeSnapshot(snap);
    EXPECT_EQ(headerText(bytes).find("\"bookmarks\":"), std::string::npos) << "older readers' header, unchanged";
    auto back = decodeSnapshot(bytes, "plain.sluice");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_TRUE(back->bookmarks.empty());
    EXPECT_TRUE(back->camera);
}

TEST_F(DamagedSnapshot, BadBookmarksAreRejectedWithTheirField) {
    auto expectRejected = [&](const Snapshot& snap, const std::string& expected) {
        const std::string msg = reject(encodeSnapshot(snap));
        EXPECT_NE(msg.find(expected), std::string::npos) << msg;
    };
    Snapshot snap = withBookmarks();
    snap.bookmarks[1].slot = 2;
    expectRejected(snap, "bookmarks[1].slot: slot 2 is used twice");
    snap = withBookmarks();
    snap.bookmarks[0].slot = 10;
    expectRejected(snap, "bookmarks[0].slot: must be an integer in 1..9");
    snap = withBookmarks();
    snap.bookmarks[2].name.assign(65, 'x');
    expectRejected(snap, "bookmarks[2].name: longer than 64 bytes");
    snap = withBookmarks();
    snap.bookmarks[0].pose.distanceM = 0.0f;
    expectRejected(snap, "bookmarks[0].distance");
    snap = withBookmarks();
    snap.bookmarks[1].pose.yawRad = std::numeric_limits<float>::quiet_NaN();
    expectRejected(snap, "bookmarks[1].yaw");
    snap = withBookmarks();
    for (int i = 0; i < 7; ++i) snap.bookmarks.push_back(snap.bookmarks[0]);
    expectRejected(snap, "bookmarks: at most 9 bookmarks (got 10)");

    // A mode this build does not know: edited in the header (same length), checksums re-sealed.
    auto b = encodeSnapshot(withBookmarks());
    std::string header = headerText(b);
    const auto at = header.find("\"mode\":\"walk\"");
    ASSERT_NE(at, std::string::npos) << header;
    header.replace(at, 13, "\"mode\":\"swim\"");
    std::memcpy(b.data() + kSnapshotHeaderBytes, header.data(), header.size());
    const std::uint32_t payload = crc32(std::span(b).subspan(kSnapshotHeaderBytes));
    std::memcpy(b.data() + 24, &payload, 4);
    resealHeader(b);
    const std::string msg = reject(b);
    EXPECT_NE(msg.find("bookmarks[1].mode: expected \"orbit\", \"fly\" or \"walk\", got \"swim\""), std::string::npos) << msg;
}

TEST(SnapshotFile, FailedSaveKeepsThePreviousFile) {
    auto solver = makeSolver("cpu", busyScene());
    test::TempDir dir;
    const auto path = dir / "keep.sluice";
    ASSERT_TRUE(writeSnapshotFile(path, snapshotOf(*solver, "first")));
    // A save into a missing directory fails; one over a directory fails; neither touches the file.
    EXPECT_FALSE(writeSnapshotFile(dir / "missing" / "x.sluice", snapshotOf(*solver, "second")));
    std::filesystem::create_directory(dir / "isdir.sluice");
    EXPECT_FALSE(writeSnapshotFile(dir / "isdir.sluice", snapshotOf(*solver, "second")));
    auto back = readSnapshotFile(path);
    ASSERT_TRUE(back);
    EXPECT_EQ(back->name, "first");
    auto missing = readSnapshotFile(dir / "nope.sluice");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("nope.sluice"), std::string::npos);
}

}  // namespace
}  // namespace sluice::sim

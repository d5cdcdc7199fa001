// Erosion and sediment (issue 16): water that carves and deposits, slopes that slump, and a sediment
// ledger that balances to the unit like the water's; the GPU computes the CPU reference's function bit
// for bit; snapshots carry the state; bad input names the field.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "sim/kernel_math.hpp"
#include "sim/scene_loader.hpp"
#include "sim/snapshot.hpp"
#include "sim/substep_constants.hpp"
#include "tests/support/backends.hpp"

namespace sluice::sim {
namespace {

using test::makeSolver;

/// A valley down +x: a ramp at `slope` (m/m) for the first `rampCells` columns, then a flat, walled
/// plain at 0, with sides rising 3 cm per cell from the centre line so the water gathers there; a
/// steady source at the top; erosion on with a soft layer 1 m thick everywhere.
Scene rampScene(int w, int h, int rampCells, float slope, float sourceM3PerS) {
    Scene s = test::flatScene(w, h, 1.0f);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            s.terrainM[std::size_t(y) * std::size_t(w) + std::size_t(x)] =
                (x < rampCells ? slope * float(rampCells - x) : 0.0f) + 0.03f * std::abs(float(y) + 0.5f - 0.5f * float(h));
    s.params.dtSeconds = 0.1f;
    s.params.erosion.enabled = true;
    s.params.erosion.softThicknessM = 1.0f;
    s.erosionSetUp = true;
    Emitter src;
    src.x = 3.0f;
    src.y = float(h) / 2.0f;
    src.radiusCells = 1.5f;
    src.rateM3PerS = sourceM3PerS;
    s.sources.push_back(src);
    return s;
}

std::int64_t sum(const std::vector<std::int32_t>& v) { return std::accumulate(v.begin(), v.end(), std::int64_t(0)); }

void expectExactLedger(Solver& solver) {
    const SedimentLedger l = solver.sedimentLedger();
    EXPECT_EQ(l.residualUnits, 0) << "suspended load differs from eroded - deposited - removed";
    EXPECT_EQ(l.bedResidualUnits, 0) << "the bed's change differs from deposited - eroded";
    EXPECT_EQ(solver.ledger().residualUnits, 0) << "water ledger";
}

// The issue's first test: a slope with a steady source grows a channel (the bed lowered along the
// flow path) and builds a deposit where the slope flattens, with the sediment ledger exact.
TEST(Erosion, SteadySourceCutsAChannelAndDepositsWhereTheSlopeFlattens) {
    const int W = 96, H = 32, ramp = 60;
    Scene s = rampScene(W, H, ramp, 0.08f, 0.3f);
    s.params.erosion.timeScale = 10.0f;  // 2000 s of erosion in 200 s of water
    auto solver = makeSolver("cpu", s);
    ASSERT_TRUE(solver && solver->hasErosionState());
    for (int i = 0; i < 2000; ++i) solver->step(0.1f);
    const FieldSnapshot f = solver->download();
    const ErosionField& e = f.erosion;
    ASSERT_FALSE(e.empty());
    auto dzAt = [&](int x, int y) { return e.bedChangeUnits[std::size_t(y) * W + std::size_t(x)]; };
    // A channel down the ramp: cut to the bedrock (1 m) at its head, and at 5 of 6 distances down
    // the ramp the bed was cut somewhere across (the rest only took deposits: bars a few cells long
    // between the cuts; 45 of the 48 distances were cut with the face depth taken at the face, 42 with
    // the mean over the crossing water, which cuts deeper at the head: 0.87 m against 0.76 m at x = 8).
    auto deepestCut = [&](int x) {
        int deepest = 0;
        for (int y = 0; y < H; ++y) deepest = std::min(deepest, dzAt(x, y));
        return double(-deepest) * kDepthUnitM;
    };
    for (int x = 2; x < 8; ++x) EXPECT_GT(deepestCut(x), 0.7) << "channel depth (m) at x=" << x;
    int cut = 0;
    for (int x = 2; x < ramp - 10; ++x) cut += deepestCut(x) > 0.001 ? 1 : 0;
    EXPECT_GE(cut, (ramp - 12) * 5 / 6) << "distances down the ramp with a cut of at least 1 mm";
    // The ramp lost material in all, the slope's foot and the plain gained it.
    std::int64_t rampChange = 0, footGain = 0;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            if (x < ramp - 10) rampChange += dzAt(x, y);
            else footGain += std::max(0, dzAt(x, y));
        }
    const double unitM3 = kDepthUnitM;  // 1 m cells
    EXPECT_LT(double(rampChange) * unitM3, -5.0) << "m^3 cut from the ramp";
    EXPECT_GT(double(footGain) * unitM3, 2.0) << "m^3 deposited where the slope flattens";
    // Far from the flow nothing changed.
    for (int x = 0; x < W; ++x) EXPECT_EQ(dzAt(x, 0), 0) << "x=" << x;
    const SedimentLedger l = solver->sedimentLedger();
    EXPECT_GT(l.erodedM3, 5.0);
    EXPECT_GT(l.depositedM3, 2.0);
    expectExactLedger(*solver);
    // The bed the water sees is base + dz, exactly as erosion_math.h computes it.
    for (std::size_t i = 0; i < f.terrainM.size(); i += 37)
        EXPECT_EQ(f.terrainM[i], kmath::bedHeight(e.baseM[i], e.bedChangeUnits[i]));
}

// Still water erodes nothing: a lake at rest over a bumpy bed, erosion on, the bed never changes.
TEST(Erosion, StillWaterErodesNothing) {
    Scene s = test::flatScene(48, 40, 1.0f);
    for (int y = 0; y < 40; ++y)
        for (int x = 0; x < 48; ++x)
            s.terrainM[std::size_t(y) * 48 + std::size_t(x)] = 0.2f * std::sin(0.3f * float(x)) * std::cos(0.25f * float(y));
    for (std::size_t i = 0; i < s.depthM.size(); ++i) s.depthM[i] = 1.0f - s.terrainM[i];
    s.params.erosion.enabled = true;
    s.erosionSetUp = true;
    for (const char* backend : {"cpu", "gpu"}) {
        auto solver = makeSolver(backend, s);
        ASSERT_TRUE(solver);
        for (int i = 0; i < 100; ++i) solver->step(0.1f);
        const FieldSnapshot f = solver->download();
        EXPECT_EQ(f.terrainM, s.terrainM) << backend;
        const SedimentLedger l = solver->sedimentLedger();
        EXPECT_EQ(l.erodedM3, 0.0) << backend;
        EXPECT_EQ(l.depositedM3, 0.0) << backend;
        EXPECT_EQ(sum(f.erosion.sedimentUnits), 0) << backend;
    }
}

// Thermal erosion: a dry spike of loose material slides until every face stands at the talus angle,
// and the bed's volume is kept to the unit.
TEST(Erosion, ThermalErosionBringsASpikeToTheTalusAngleAndKeepsVolume) {
    const int N = 31;
    Scene s = test::flatScene(N, N, 1.0f);
    s.terrainM[std::size_t(N / 2) * N + std::size_t(N / 2)] = 12.0f;
    s.params.erosion.enabled = true;
    s.params.erosion.softThicknessM = 20.0f;  // all of it loose
    s.params.erosion.talusAngleDeg = 35.0f;
    s.params.erosion.thermalRate = 2.0f;
    s.erosionSetUp = true;
    auto solver = makeSolver("cpu", s);
    ASSERT_TRUE(solver);
    for (int i = 0; i < 3000; ++i) solver->step(0.1f);
    const FieldSnapshot f = solver->download();
    const float talus = std::tan(35.0f * 3.14159265f / 180.0f);
    float steepest = 0;
    for (int y = 0; y < N; ++y)
        for (int x = 0; x + 1 < N; ++x) {
            steepest = std::max(steepest, std::abs(f.terrainM[std::size_t(y) * N + x] - f.terrainM[std::size_t(y) * N + x + 1]));
            steepest = std::max(steepest, std::abs(f.terrainM[std::size_t(x) * N + y] - f.terrainM[std::size_t(x + 1) * N + y]));
        }
    EXPECT_LE(steepest, talus + 1e-3f) << "every face at most at the talus angle";
    EXPECT_GT(steepest, talus - 0.05f) << "and the pile stands close to it (not flattened)";
    EXPECT_LT(f.terrainM[std::size_t(N / 2) * N + std::size_t(N / 2)], 6.0f);
    EXPECT_EQ(sum(f.erosion.bedChangeUnits), 0) << "slumping only moves material";
    expectExactLedger(*solver);
}

// Hard bedrock stands: the same spike of rock with hardness 1 and no soft layer does not move.
TEST(Erosion, HardBedrockDoesNotSlump) {
    const int N = 15;
    Scene s = test::flatScene(N, N, 1.0f);
    s.terrainM[std::size_t(N / 2) * N + std::size_t(N / 2)] = 5.0f;
    s.params.erosion.enabled = true;
    s.params.erosion.softThicknessM = 0.0f;
    s.params.erosion.rockHardness = 1.0f;
    s.erosionSetUp = true;
    auto solver = makeSolver("cpu", s);
    for (int i = 0; i < 200; ++i) solver->step(0.1f);
    EXPECT_EQ(solver->download().terrainM, s.terrainM);
}

/// A busy erosion scene: a valley ramp down to an open east edge with a drain on the way, so sediment
/// leaves both ways, and a soft layer thin enough that the flow reaches the bedrock.
Scene busyScene() {
    Scene s = rampScene(32, 20, 32, 0.1f, 0.4f);
    s.params.erosion.softThicknessM = 0.02f;
    s.boundary.side(1) = BoundarySide::of(BoundaryKind::Open);
    Emitter drain;
    drain.x = 16.0f;
    drain.y = 10.0f;
    drain.radiusCells = 2.0f;
    drain.rateM3PerS = 0.05f;
    s.drains.push_back(drain);
    s.params.erosion.timeScale = 4.0f;
    return s;
}

/// The first cell where two arrays differ, as "NAME[i]: a vs b", or "" when they agree.
template <class T>
std::string firstDifference(const char* name, const std::vector<T>& a, const std::vector<T>& b) {
    if (a.size() != b.size()) return std::string(name) + ": sizes differ";
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            return std::string(name) + "[" + std::to_string(i) + "]: " + std::to_string(a[i]) + " vs " + std::to_string(b[i]);
    return "";
}

/// Steps both solvers `steps` times, comparing every field after each step; the first step at which
/// any differs, with the first differing cell of each field, or "" when they agree throughout.
std::string firstStepThatDiffers(Solver& cpu, Solver& gpu, int steps) {
    for (int i = 0; i < steps; ++i) {
        cpu.step(0.1f);
        gpu.step(0.1f);
        const FieldSnapshot a = cpu.download(), b = gpu.download();
        std::string diff;
        for (const std::string& d :
             {firstDifference("depth", a.depthUnits, b.depthUnits), firstDifference("prev depth", a.prevDepthUnits, b.prevDepthUnits),
              firstDifference("flow x", a.flowXM3PerS, b.flowXM3PerS), firstDifference("flow y", a.flowYM3PerS, b.flowYM3PerS),
              firstDifference("face depth x", a.faceVelocityXMS, b.faceVelocityXMS), firstDifference("face depth y", a.faceVelocityYMS, b.faceVelocityYMS),
              firstDifference("terrain", a.terrainM, b.terrainM),
              firstDifference("sediment", a.erosion.sedimentUnits, b.erosion.sedimentUnits),
              firstDifference("soft", a.erosion.softUnits, b.erosion.softUnits),
              firstDifference("bed change", a.erosion.bedChangeUnits, b.erosion.bedChangeUnits)})
            if (!d.empty()) diff += d + "; ";
        if (!diff.empty()) return "after step " + std::to_string(i + 1) + ": " + diff;
    }
    return "";
}

// The valley's water alone (erosion off) on both backends: the reference for the test below.
TEST(Erosion, ValleyWaterWithErosionOffAgreesBitForBit) {
    Scene s = busyScene();
    s.params.erosion.enabled = false;
    auto cpu = makeSolver("cpu", s);
    auto gpu = makeSolver("gpu", s);
    ASSERT_TRUE(cpu && gpu);
    EXPECT_EQ(firstStepThatDiffers(*cpu, *gpu, 300), "");
}

// GPU = CPU: bed, soft layer, suspended load, water and both ledgers, bit for bit, checked after
// every step so that a failure names the first step and field that differ.
TEST(Erosion, GpuComputesTheCpuReferenceBitForBit) {
    const Scene s = busyScene();
    auto cpu = makeSolver("cpu", s);
    auto gpu = makeSolver("gpu", s);
    ASSERT_TRUE(cpu && gpu);
    ASSERT_EQ(firstStepThatDiffers(*cpu, *gpu, 700), "");
    const FieldSnapshot a = cpu->download(), b = gpu->download();
    EXPECT_EQ(a.terrainM, b.terrainM);
    EXPECT_EQ(a.depthUnits, b.depthUnits);
    EXPECT_EQ(a.flowXM3PerS, b.flowXM3PerS);
    EXPECT_EQ(a.erosion.bedChangeUnits, b.erosion.bedChangeUnits);
    EXPECT_EQ(a.erosion.softUnits, b.erosion.softUnits);
    EXPECT_EQ(a.erosion.sedimentUnits, b.erosion.sedimentUnits);
    EXPECT_EQ(a.erosion.baseM, b.erosion.baseM);
    const SedimentLedger la = cpu->sedimentLedger(), lb = gpu->sedimentLedger();
    EXPECT_EQ(la.erodedM3, lb.erodedM3);
    EXPECT_EQ(la.depositedM3, lb.depositedM3);
    EXPECT_EQ(la.removedM3, lb.removedM3);
    EXPECT_GT(la.removedM3, 0.0) << "the scene should send sediment out through the edge and the drain";
    EXPECT_GT(la.erodedM3, 0.0);
    expectExactLedger(*cpu);
    expectExactLedger(*gpu);
}

// A terrain brush on an eroding world: the bed goes where the brush put it (to a float rounding)
// and erosion continues from there with the ledger still exact, on both backends alike.
TEST(Erosion, BrushesOnAnErodingBedKeepTheLedgerAndTheBackendsAgree) {
    const Scene s = busyScene();
    auto cpu = makeSolver("cpu", s);
    auto gpu = makeSolver("gpu", s);
    BrushStroke dig;
    dig.kind = BrushKind::Dig;
    dig.x = 12.0f;
    dig.y = 12.0f;
    dig.radiusCells = 4.0f;
    dig.strength = 1.0f;
    dig.dtSeconds = 0.5f;
    for (int i = 0; i < 40; ++i) {
        cpu->step(0.1f);
        gpu->step(0.1f);
        if (i == 20) {
            cpu->applyBrush(dig);
            gpu->applyBrush(dig);
        }
    }
    EXPECT_EQ(cpu->download().terrainM, gpu->download().terrainM);
    EXPECT_EQ(cpu->download().erosion.baseM, gpu->download().erosion.baseM);
    expectExactLedger(*cpu);
    expectExactLedger(*gpu);
}

// Snapshots carry the erosion state and its ledger: a run saved halfway and resumed ends where an
// uninterrupted run ends, bit for bit; a snapshot without erosion loads without it.
TEST(Erosion, SnapshotRoundTripContinuesBitForBit) {
    const Scene s = busyScene();
    auto straight = makeSolver("cpu", s);
    for (int i = 0; i < 80; ++i) straight->step(0.1f);

    auto first = makeSolver("cpu", s);
    for (int i = 0; i < 40; ++i) first->step(0.1f);
    const std::vector<std::byte> bytes = encodeSnapshot(Snapshot{"half", first->saveState(), std::nullopt});
    auto decoded = decodeSnapshot(bytes, "half.sluice");
    ASSERT_TRUE(decoded) << decoded.error().message;
    EXPECT_FALSE(decoded->state.field.erosion.empty());
    EXPECT_EQ(decoded->state.params.erosion, s.params.erosion);
    auto resumed = makeSolver("cpu", sceneFromSnapshot(std::move(*decoded)));
    ASSERT_TRUE(resumed && resumed->hasErosionState());
    for (int i = 0; i < 40; ++i) resumed->step(0.1f);
    const FieldSnapshot a = straight->download(), b = resumed->download();
    EXPECT_EQ(a.terrainM, b.terrainM);
    EXPECT_EQ(a.erosion.sedimentUnits, b.erosion.sedimentUnits);
    EXPECT_EQ(a.erosion.softUnits, b.erosion.softUnits);
    const SedimentLedger la = straight->sedimentLedger(), lb = resumed->sedimentLedger();
    EXPECT_EQ(la.erodedM3, lb.erodedM3);
    EXPECT_EQ(la.removedM3, lb.removedM3);
    expectExactLedger(*resumed);

    Scene plain = test::flatScene(8, 8, 1.0f);
    auto noErosion = makeSolver("cpu", plain);
    auto back = decodeSnapshot(encodeSnapshot(Snapshot{"plain", noErosion->saveState(), std::nullopt}), "p.sluice");
    ASSERT_TRUE(back);
    EXPECT_TRUE(back->state.field.erosion.empty());
    EXPECT_FALSE(makeSolver("cpu", sceneFromSnapshot(std::move(*back)))->hasErosionState());
}

// With erosion off the water computes exactly what it computes without erosion state at all.
TEST(Erosion, OffIsBitIdenticalToNoErosion) {
    Scene with = busyScene();
    with.params.erosion.enabled = false;
    Scene without = with;
    without.erosionSetUp = false;
    for (const char* backend : {"cpu", "gpu"}) {
        auto a = makeSolver(backend, with);
        auto b = makeSolver(backend, without);
        ASSERT_TRUE(a->hasErosionState());
        ASSERT_FALSE(b->hasErosionState());
        for (int i = 0; i < 60; ++i) {
            a->step(0.1f);
            b->step(0.1f);
        }
        const FieldSnapshot fa = a->download(), fb = b->download();
        EXPECT_EQ(fa.terrainM, fb.terrainM) << backend;
        EXPECT_EQ(fa.depthUnits, fb.depthUnits) << backend;
        EXPECT_EQ(fa.flowXM3PerS, fb.flowXM3PerS) << backend;
        EXPECT_EQ(fa.flowYM3PerS, fb.flowYM3PerS) << backend;
    }
}

// Enabling erosion on a running world sets its state up on the current bed.
TEST(Erosion, EnablingMidRunSetsTheStateUp) {
    Scene s = rampScene(40, 20, 24, 0.1f, 0.2f);
    s.params.erosion.enabled = false;
    s.erosionSetUp = false;
    auto solver = makeSolver("cpu", s);
    for (int i = 0; i < 20; ++i) solver->step(0.1f);
    EXPECT_FALSE(solver->hasErosionState());
    SimParams p = solver->params();
    p.erosion.enabled = true;
    solver->setParams(p);
    ASSERT_TRUE(solver->hasErosionState());
    for (int i = 0; i < 100; ++i) solver->step(0.1f);
    EXPECT_GT(solver->sedimentLedger().erodedM3, 0.0);
    expectExactLedger(*solver);
}

std::string loadError(const std::string& text) {
    auto r = parseSceneJson(text, "bad.json", ".");
    return r ? std::string() : r.error().message;
}

// Bad erosion input: the message names the file, the field and the problem.
TEST(Erosion, BadInputNamesTheFieldAndTheProblem) {
    const std::string head = R"({"grid": {"width": 8, "height": 8}, "terrain": {"flat": 0}, "erosion": )";
    EXPECT_NE(loadError(head + R"({"talus_angle": 95}})").find("erosion.talus_angle"), std::string::npos);
    EXPECT_NE(loadError(head + R"({"capacity": -1}})").find("erosion.capacity"), std::string::npos);
    EXPECT_NE(loadError(head + R"({"rock_hardness": 1.5}})").find("erosion.rock_hardness"), std::string::npos);
    EXPECT_NE(loadError(head + R"({"enabled": "yes"}})").find("erosion.enabled"), std::string::npos);
    EXPECT_NE(loadError(head + R"({"soft_thickness": {"npy": "missing.npy"}}})").find("missing.npy"), std::string::npos);
    EXPECT_NE(loadError(head + R"({"soft_thickness": {"png": "x.png"}}})").find("soft_thickness.min"), std::string::npos);
    EXPECT_NE(loadError(head + R"(7})").find("erosion"), std::string::npos);
    EXPECT_EQ(loadError(head + R"({"enabled": true, "talus_angle": 33, "soft_thickness": 0.5}})"), "");
    auto ok = parseSceneJson(head + R"({"enabled": true, "unknown_knob": 1}})", "w.json", ".");
    ASSERT_TRUE(ok);
    ASSERT_EQ(ok->warnings.size(), 1u);
    EXPECT_NE(ok->warnings[0].find("erosion.unknown_knob"), std::string::npos);
    EXPECT_TRUE(ok->scene.erosionSetUp);
    EXPECT_TRUE(ok->scene.params.erosion.enabled);
}

}  // namespace
}  // namespace sluice::sim

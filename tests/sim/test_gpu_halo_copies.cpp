// Strips with halos (shaders/sim/field_layout.h, SLUICE_LAYOUT_HALO_STRIPS): each strip of 128
// columns also holds copies of the two columns either side of it, which the step's stencils read in
// place of the neighbouring strips' words. Every kernel and upload that writes a field must write the
// copies too (SLUICE_FIELD_STORE, FieldLayout::forEachRun), or a later substep reads stale water. After
// a run with erosion, brushes, region writes and water crossing both strips' borders, every copy in
// the buffers holds its column's value, bit for bit, and the run is the CPU reference's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/brush.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"

namespace sluice::test {
namespace {

constexpr int kW = 300, kH = 40;  // three strips, the last partial

// Water running east down a ramp across the strips' borders at x = 128 and 256, eroding a soft layer.
sim::Scene erodingRamp() {
    sim::Scene s = flatScene(kW, kH, 1.0f);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const std::size_t i = std::size_t(y) * kW + std::size_t(x);
            s.terrainM[i] = 0.01f * float(kW - x) + 0.03f * std::abs(float(y) + 0.5f - 0.5f * kH) + 0.05f * std::sin(0.7f * float(x));
            s.depthM[i] = (x > 110 && x < 150) || (x > 240 && x < 270) ? 0.3f : 0.0f;
        }
    s.params.erosion.enabled = true;
    s.params.erosion.softThicknessM = 1.0f;
    s.erosionSetUp = true;
    s.boundary.east = sim::BoundarySide::of(sim::BoundaryKind::Open);
    sim::Emitter src;
    src.x = 8.0f;
    src.y = 0.5f * kH;
    src.radiusCells = 2.5f;
    src.rateM3PerS = 2.0f;
    s.sources = {src};
    return s;
}

sim::BrushStroke stroke(sim::BrushKind kind, float x, float y, float radius) {
    sim::BrushStroke b;
    b.kind = kind;
    b.x = x;
    b.y = y;
    b.radiusCells = radius;
    b.strength = 0.5f;
    b.dtSeconds = 0.2f;
    return b;
}

// The words of `buffer` from word `first` on that differ from the word of their column's own strip:
// strip s's copy of column x (128 s - halo <= x < 128 (s + 1) + halo, x <= W) against the strip of x.
int staleCopies(const gl::Buffer& buffer, std::size_t first, const sim::FieldLayout& layout) {
    std::vector<std::uint32_t> words(layout.words());
    buffer.download(words.data(), words.size() * 4, first * 4);
    const int halo = SLUICE_STRIP_HALO, pitch = 128 + 2 * halo, stride = pitch * (kH + 1), strips = (kW + halo + 128) / 128;
    EXPECT_EQ(std::size_t(strips * stride), layout.words());
    int stale = 0;
    for (int y = 0; y <= kH; ++y)
        for (int x = 0; x <= kW; ++x)
            for (int s = 0; s < strips; ++s) {
                if (x < 128 * s - halo || x >= 128 * (s + 1) + halo || s == x / 128) continue;
                const std::size_t copy = std::size_t(s * (stride - 128) + halo + x + y * pitch);
                stale += words[copy] != words[layout.at(x, y)];
            }
    return stale;
}

}  // namespace

TEST(GpuHaloCopies, EveryCopyHoldsItsColumnsValueAfterStepsBrushesAndEdits) {
    const sim::Scene scene = erodingRamp();
    auto cpu = makeSolver("cpu", scene);
    auto solver = makeSolver("gpu-halo-strips", scene);
    auto* laid = dynamic_cast<sim::GpuSolver*>(solver.get());
    ASSERT_TRUE(cpu && laid);
    sim::GpuSolver& gpu = *laid;
    const sim::FieldLayout layout = gpu.fieldLayout();
    ASSERT_EQ(layout.order(), sim::FieldOrder::HaloStrips);
    // An edit across the border at x = 256 (undo, redo), brushes on the border at x = 128.
    const sim::CellBox box{250, 10, 12, 6};
    const std::vector<std::uint32_t> units(std::size_t(box.w) * std::size_t(box.h), 4000u);
    for (int step = 0; step < 60; ++step) {
        for (sim::Solver* s : {cpu.get(), static_cast<sim::Solver*>(&gpu)}) {
            s->step(0.1f);
            if (step == 20) s->writeRegion(sim::Solver::Field::Depth, box, units.data());
            if (step == 30) {
                s->applyBrush(stroke(sim::BrushKind::Raise, 127.5f, 12.0f, 4.0f));
                s->applyBrush(stroke(sim::BrushKind::Smooth, 129.0f, 20.0f, 5.0f));
                s->applyBrush(stroke(sim::BrushKind::AddWater, 128.0f, 28.0f, 3.0f));
                s->applyBrush(stroke(sim::BrushKind::PaintSoft, 126.0f, 6.0f, 3.0f));
            }
        }
    }
    const sim::FieldSnapshot a = cpu->download(), g = gpu.download();
    // The water reached the east edge, across both borders, and moved the bed.
    int wetPastSecondBorder = 0;
    for (int y = 0; y < kH; ++y)
        for (int x = 256; x < kW; ++x) wetPastSecondBorder += g.depthUnits[std::size_t(y) * kW + std::size_t(x)] > 0;
    EXPECT_GT(wetPastSecondBorder, 50);
    EXPECT_EQ(a.depthUnits, g.depthUnits);
    EXPECT_EQ(a.flowXM3PerS, g.flowXM3PerS);
    EXPECT_EQ(a.terrainM, g.terrainM);
    EXPECT_EQ(a.erosion.sedimentUnits, g.erosion.sedimentUnits);
    EXPECT_EQ(a.erosion.bedChangeUnits, g.erosion.bedChangeUnits);
    EXPECT_GT(gpu.sedimentLedger().erodedM3, 0.0);
    // Every copy in every field the renderer can see, and every section of erosion's buffer.
    EXPECT_EQ(staleCopies(gpu.terrainBuffer(), 0, layout), 0) << "bed";
    EXPECT_EQ(staleCopies(gpu.depthBuffer(), 0, layout), 0) << "depth";
    EXPECT_EQ(staleCopies(gpu.flowXBuffer(), 0, layout), 0) << "x-flows";
    EXPECT_EQ(staleCopies(gpu.flowYBuffer(), 0, layout), 0) << "y-flows";
    const sim::GpuSolver::ErosionBuffers e = gpu.erosionBuffers();
    EXPECT_EQ(staleCopies(*e.sediment, std::size_t(e.sedimentOffset), layout), 0) << "sediment";
    EXPECT_EQ(staleCopies(*e.soft, std::size_t(e.softOffset), layout), 0) << "soft layer";
    EXPECT_EQ(staleCopies(*e.bedChange, std::size_t(e.bedChangeOffset), layout), 0) << "bed change";
}

}  // namespace sluice::test

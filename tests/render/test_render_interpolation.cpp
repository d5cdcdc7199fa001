// Surface interpolation (RenderInputs::previousDepth + blend): the end points reproduce either state
// exactly, and a blend in between draws the state in between, on the headless context.
#include <gtest/gtest.h>

#include <cmath>

#include "render/solver_inputs.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"

namespace sluice::test {
namespace {

constexpr int kW = 64, kH = 48, kImageW = 192, kImageH = 128;

// A bumpy bed under a pool at `level` metres (dry above it): the pool's surface, shoreline, wet banks
// and absorption all change with the level.
sim::Scene pool(float level) {
    sim::Scene s = flatScene(kW, kH, 1.0f);
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const std::size_t i = std::size_t(y) * kW + std::size_t(x);
            const float r = std::hypot(float(x) - 32.0f, float(y) - 24.0f);
            s.terrainM[i] = 0.05f * r + 0.3f * std::sin(0.5f * float(x)) * std::cos(0.4f * float(y));
            s.depthM[i] = std::max(0.0f, level - s.terrainM[i]);
        }
    return s;
}

// The pool filling the frame, obliquely.
render::Camera obliqueCamera() { return orbitCamera({32.0f, 24.0f, 0.85f}, 23.0f, 40.0f, 44.0f); }

TEST(RenderInterpolation, EndPointsReproduceEitherStateAndTheMiddleLiesBetween) {
    const sim::Scene low = pool(0.6f), high = pool(1.1f);
    auto solverLow = makeSolver("gpu", low);
    auto solverHigh = makeSolver("gpu", high);
    ASSERT_TRUE(solverLow && solverHigh);
    auto& a = dynamic_cast<sim::GpuSolver&>(*solverLow);
    auto& b = dynamic_cast<sim::GpuSolver&>(*solverHigh);
    // The state half way: depth mixed per cell on the CPU, over the same bed.
    sim::Scene mid = low;
    for (std::size_t i = 0; i < mid.depthM.size(); ++i) mid.depthM[i] = 0.5f * (low.depthM[i] + high.depthM[i]);
    auto solverMid = makeSolver("gpu", mid);
    ASSERT_TRUE(solverMid);
    auto& m = dynamic_cast<sim::GpuSolver&>(*solverMid);

    const render::Camera cam = obliqueCamera();
    const render::ViewSettings look;  // the full look: absorption, shoreline, wet banks, normal maps, foam
    // A fresh renderer per image: the wetness map remembers where water stood in earlier frames (banks
    // stay dark while they dry), which is not what this test compares.
    auto draw = [&](const sim::GpuSolver& current, const sim::GpuSolver* previous, float blend) {
        auto renderer = makeRenderer();
        if (!renderer) return render::RgbImage{};
        renderer->forceBoundsLag(0);  // exact bounds every frame: nothing but the depth differs between frames
        render::RenderInputs in = render::solverInputs(current);
        in.timeSeconds = 2.0f;
        in.previousDepth = previous ? &previous->depthBuffer() : nullptr;
        in.blend = blend;
        return renderImage(*renderer, in, cam, look, kImageW, kImageH);
    };
    ASSERT_TRUE(makeRenderer());
    const render::RgbImage imLow = draw(a, nullptr, 1.0f), imHigh = draw(b, nullptr, 1.0f);
    const render::RgbImage imMid = draw(m, nullptr, 1.0f);
    // b's flows are those of a (all zero, the pools are at rest), so only the depth differs.
    const render::RgbImage at0 = draw(b, &a, 0.0f), at1 = draw(b, &a, 1.0f), atHalf = draw(b, &a, 0.5f);

    const ImageDiff lowVsHigh = compareImages(imLow, imHigh);
    ASSERT_GT(lowVsHigh.meanAbs, 2.0) << "the two states should look clearly different";
    const ImageDiff d0 = compareImages(at0, imLow), d1 = compareImages(at1, imHigh);
    EXPECT_LE(d0.maxAbs, 1) << "blend 0 should draw the previous state (mean diff " << d0.meanAbs << ")";
    EXPECT_LE(d1.maxAbs, 1) << "blend 1 should draw the current state (mean diff " << d1.meanAbs << ")";
    const ImageDiff halfVsLow = compareImages(atHalf, imLow), halfVsHigh = compareImages(atHalf, imHigh);
    // Half way differs visibly from both (a mean of one 8-bit step over the whole image is a wide
    // band of changed water; the look saturates as water covers the banks, so it is nearer the top).
    EXPECT_GT(halfVsLow.meanAbs, 1.0);
    EXPECT_GT(halfVsHigh.meanAbs, 1.0);
    // And it is the state in between: the mixed depth field drawn on its own (GPU and CPU may round
    // the mix differently by an ulp, which moves a shoreline pixel at most).
    const ImageDiff halfVsMid = compareImages(atHalf, imMid);
    EXPECT_LT(halfVsMid.meanAbs, 0.05) << "max " << halfVsMid.maxAbs;
}

}  // namespace
}  // namespace sluice::test

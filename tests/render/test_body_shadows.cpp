// The shadows bodies cast (render/body_shadow_map.hpp): on flat dry ground under the default sun, a
// tower of concrete shades the ground on its side away from the sun and a crate standing there, and
// leaves the ground on its sunny side as it was; with shadows off it shades nothing. Measured against
// the same scene without the tower, in images written to build*/tests/output/bodies/.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "render/png_output.hpp"
#include "render/solver_inputs.hpp"
#include "sim/bodies/body.hpp"
#include "sim/gpu_solver.hpp"
#include "tests/support/backends.hpp"
#include "tests/support/render_frame.hpp"

namespace sluice::test {
namespace {

sim::Body body(sim::BodyShape shape, glm::vec3 size, glm::vec3 position) {
    sim::Body b;
    b.spec.shape = shape;
    b.spec.sizeM = size;
    b.spec.densityKgPerM3 = 2400.0f;
    b.spec.positionM = position;
    b.state = sim::initialState(b.spec);
    return b;
}

render::RgbImage draw(const sim::Scene& scene, const std::vector<sim::Body>& bodies, const render::Camera& cam,
                      const render::ViewSettings& look, const char* name, int* casters = nullptr) {
    auto solver = makeSolver("gpu", scene);
    auto renderer = makeRenderer();
    if (!solver || !renderer) return {};
    renderer->forceBoundsLag(0);
    render::RenderInputs in = render::solverInputs(dynamic_cast<const sim::GpuSolver&>(*solver));
    in.bodies = &bodies;
    const render::RgbImage im = renderImage(*renderer, in, cam, look, 256, 256);
    if (casters) *casters = renderer->bodyShadowMap()->castersLastUpdate();
    const std::filesystem::path dir = std::filesystem::path(SLUICE_TEST_OUTPUT_DIR) / "bodies";
    std::filesystem::create_directories(dir);
    (void)render::writePng(dir / (std::string(name) + ".png"), im);
    return im;
}

}  // namespace

TEST(BodyShadows, ATowerShadesTheGroundAndACrateAwayFromTheSun) {
    const sim::Scene scene = flatScene(40, 40, 1.0f);  // dry
    render::ViewSettings look;
    look.ambientOcclusion = false;
    // Away from the sun along the ground (the sun shines from azimuth a, clockwise from north).
    const glm::vec2 away = -glm::vec2(std::sin(look.sunAzimuthRad), std::cos(look.sunAzimuthRad));
    const glm::vec3 base(20.0f, 20.0f, 0.0f);
    const sim::Body tower = body(sim::BodyShape::Block, {2.0f, 2.0f, 8.0f}, base + glm::vec3(0.0f, 0.0f, 4.0f));
    const glm::vec2 crateAt = glm::vec2(base) + 6.0f * away;
    const sim::Body crate = body(sim::BodyShape::Box, {1.2f, 1.2f, 0.6f}, glm::vec3(crateAt, 0.3f));
    const render::Camera cam = orbitCamera(base, 0.0f, 60.0f, 45.0f);
    const render::RgbImage with = draw(scene, {tower, crate}, cam, look, "tower-shadow");
    const render::RgbImage without = draw(scene, {crate}, cam, look, "tower-shadow-none");
    ASSERT_EQ(with.width, 256);
    const glm::vec3 shaded(glm::vec2(base) + 3.0f * away, 0.0f);  // ground, 2 m past the tower's face
    const glm::vec3 sunny(glm::vec2(base) - 3.0f * away, 0.0f);   // ground on the sun's side
    const glm::vec3 crateTop(crateAt, 0.6f);
    const auto ratio = [&](const render::RgbImage& a, const render::RgbImage& b, glm::vec3 p) {
        return patchAt(a, cam, p, 2).luminance() / patchAt(b, cam, p, 2).luminance();
    };
    // In the shade only the sky lights the ground: ~0.65 of what the sun and sky together give here.
    EXPECT_LT(ratio(with, without, shaded), 0.75f) << "the ground behind the tower";
    EXPECT_LT(ratio(with, without, crateTop), 0.75f) << "the crate behind the tower";
    EXPECT_NEAR(ratio(with, without, sunny), 1.0f, 0.05f) << "the ground on the sun's side";

    render::ViewSettings flat = look;
    flat.shadows = false;
    const render::RgbImage off = draw(scene, {tower, crate}, cam, flat, "tower-shadow-off");
    const render::RgbImage offWithout = draw(scene, {crate}, cam, flat, "tower-shadow-off-none");
    EXPECT_NEAR(ratio(off, offWithout, shaded), 1.0f, 0.05f) << "shadows off";
}

// The map holds only the bodies that can shade what is seen: in a 300 m world, crates 200 m from the
// view are left out (their texels would blur the shadows in view), the two in view are drawn, and the
// tower still shades the ground behind it.
TEST(BodyShadows, OnlyBodiesThatCanShadeTheViewAreDrawnIntoTheMap) {
    const sim::Scene scene = flatScene(300, 300, 1.0f);
    render::ViewSettings look;
    look.ambientOcclusion = false;
    const glm::vec2 away = -glm::vec2(std::sin(look.sunAzimuthRad), std::cos(look.sunAzimuthRad));
    const glm::vec3 base(40.0f, 40.0f, 0.0f);
    std::vector<sim::Body> bodies = {body(sim::BodyShape::Block, {2.0f, 2.0f, 8.0f}, base + glm::vec3(0.0f, 0.0f, 4.0f)),
                                     body(sim::BodyShape::Box, {1.2f, 1.2f, 0.6f}, glm::vec3(glm::vec2(base) + 6.0f * away, 0.3f))};
    for (int i = 0; i < 20; ++i)
        bodies.push_back(body(sim::BodyShape::Box, {1.2f, 1.2f, 0.6f}, {240.0f + 2.0f * float(i), 250.0f, 0.3f}));
    const render::Camera cam = orbitCamera(base, 0.0f, 60.0f, 45.0f);
    int casters = -1;
    const render::RgbImage with = draw(scene, bodies, cam, look, "shadow-casters", &casters);
    EXPECT_EQ(casters, 2) << "the tower and the crate in view; none of the 20 far away";
    const render::RgbImage without = draw(scene, {bodies[1]}, cam, look, "shadow-casters-none");
    const glm::vec3 shaded(glm::vec2(base) + 3.0f * away, 0.0f);
    EXPECT_LT(patchAt(with, cam, shaded, 2).luminance() / patchAt(without, cam, shaded, 2).luminance(), 0.75f);
}

}  // namespace sluice::test

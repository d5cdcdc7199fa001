#pragma once
// Test helpers for the scene renderer: render to an image, read pixels and patches, compare images.
#include <memory>

#include "render/camera.hpp"
#include "render/png_output.hpp"
#include "render/render_inputs.hpp"
#include "render/scene_renderer.hpp"
#include "sim/scene.hpp"

namespace sluice::test {

/// A colour with components in [0, 1].
struct Rgb {
    float r = 0, g = 0, b = 0;
    float luminance() const { return 0.2126f * r + 0.7152f * g + 0.0722f * b; }
};

/// A new renderer on the current context; fails the test (and returns null) when creation fails.
std::unique_ptr<render::SceneRenderer> makeRenderer();

/// Renders once with `renderer` into a fresh w x h offscreen target and reads it back (top row
/// first). Fails the test on a GL error.
render::RgbImage renderImage(render::SceneRenderer& renderer, const render::RenderInputs& in,
                             const render::Camera& camera, const render::ViewSettings& view, int w, int h);

Rgb pixel(const render::RgbImage& im, int x, int y);
/// Pixel (x right, y down) where world point p projects, for an image rendered with `cam`.
void projectToPixel(const render::RgbImage& im, const render::Camera& cam, const glm::vec3& p, int& x, int& y);
/// Mean colour of a (2r+1)^2 pixel patch around the projection of world point p.
Rgb patchAt(const render::RgbImage& im, const render::Camera& cam, const glm::vec3& p, int r = 1);

/// An orbit camera at `target`, yaw and pitch in degrees (render/camera.hpp conventions).
render::Camera orbitCamera(const glm::vec3& target, float yawDeg, float pitchDeg, float distanceM);

/// A camera straight above the middle of the scene's grid, seeing all of it, targeted at height z.
render::Camera topDown(const sim::Scene& s, float z);

/// Per-channel differences of two equally sized images, in 8-bit steps.
struct ImageDiff {
    int maxAbs = 0;       ///< largest |a - b| over all pixels and channels
    double meanAbs = 0;   ///< mean |a - b| over all pixels and channels
    bool sameSize = true;
};
ImageDiff compareImages(const render::RgbImage& a, const render::RgbImage& b);

}  // namespace sluice::test

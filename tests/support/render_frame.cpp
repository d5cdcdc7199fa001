#include "tests/support/render_frame.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "render/offscreen_target.hpp"

namespace sluice::test {

std::unique_ptr<render::SceneRenderer> makeRenderer() {
    auto renderer = render::SceneRenderer::create();
    EXPECT_TRUE(renderer.ok()) << (renderer.ok() ? "" : renderer.error().message);
    if (!renderer) return nullptr;
    return std::move(*renderer);
}

render::RgbImage renderImage(render::SceneRenderer& renderer, const render::RenderInputs& in,
                             const render::Camera& camera, const render::ViewSettings& view, int w, int h) {
    auto target = render::OffscreenTarget::create(w, h);
    EXPECT_TRUE(target.ok()) << (target.ok() ? "" : target.error().message);
    if (!target) return {};
    renderer.render(in, camera, view, w, h, target->framebuffer());
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return target->read();
}

Rgb pixel(const render::RgbImage& im, int x, int y) {
    const std::size_t i = (std::size_t(y) * std::size_t(im.width) + std::size_t(x)) * 3;
    return {float(im.rgb[i]) / 255.0f, float(im.rgb[i + 1]) / 255.0f, float(im.rgb[i + 2]) / 255.0f};
}

void projectToPixel(const render::RgbImage& im, const render::Camera& cam, const glm::vec3& p, int& x, int& y) {
    const glm::vec4 clip = cam.projection(float(im.width) / float(im.height)) * cam.view() * glm::vec4(p, 1.0f);
    x = int((clip.x / clip.w * 0.5f + 0.5f) * float(im.width));
    y = int((0.5f - clip.y / clip.w * 0.5f) * float(im.height));
}

Rgb patchAt(const render::RgbImage& im, const render::Camera& cam, const glm::vec3& p, int r) {
    int px = 0, py = 0;
    projectToPixel(im, cam, p, px, py);
    Rgb sum;
    int n = 0;
    for (int y = std::max(py - r, 0); y <= std::min(py + r, im.height - 1); ++y)
        for (int x = std::max(px - r, 0); x <= std::min(px + r, im.width - 1); ++x) {
            const Rgb c = pixel(im, x, y);
            sum.r += c.r;
            sum.g += c.g;
            sum.b += c.b;
            ++n;
        }
    if (n > 0) sum = {sum.r / float(n), sum.g / float(n), sum.b / float(n)};
    return sum;
}

render::Camera orbitCamera(const glm::vec3& target, float yawDeg, float pitchDeg, float distanceM) {
    render::Camera cam;
    cam.target = target;
    cam.yawRad = glm::radians(yawDeg);
    cam.pitchRad = glm::radians(pitchDeg);
    cam.distanceM = distanceM;
    return cam;
}

render::Camera topDown(const sim::Scene& s, float z) {
    render::Camera cam;
    cam.frame(float(s.width) * s.cellSizeM, float(s.height) * s.cellSizeM, z, z);
    cam.pitchRad = 1.55f;
    cam.yawRad = 0.0f;
    return cam;
}

ImageDiff compareImages(const render::RgbImage& a, const render::RgbImage& b) {
    ImageDiff d;
    if (a.width != b.width || a.height != b.height || a.rgb.size() != b.rgb.size()) {
        d.sameSize = false;
        d.maxAbs = 255;
        d.meanAbs = 255;
        return d;
    }
    double sum = 0;
    for (std::size_t i = 0; i < a.rgb.size(); ++i) {
        const int diff = std::abs(int(a.rgb[i]) - int(b.rgb[i]));
        d.maxAbs = std::max(d.maxAbs, diff);
        sum += diff;
    }
    d.meanAbs = a.rgb.empty() ? 0.0 : sum / double(a.rgb.size());
    return d;
}

}  // namespace sluice::test

#pragma once
// The 3-D view of a downloaded state (sim::FieldSnapshot), rendered offscreen: one renderer, target and
// set of field buffers reused for every image, so it works for either backend and costs one shader
// build per process, not per image.
#include <memory>

#include "app/cli/headless_view.hpp"
#include "render/offscreen_target.hpp"
#include "render/camera.hpp"
#include "gl/buffer.hpp"
#include "render/png_output.hpp"
#include "render/scene_renderer.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"
#include "sim/solver.hpp"

namespace sluice::app {

class SnapshotThumbnail {
public:
    /// For states of `scene`'s grid, framed like `sluice render` frames it. Needs a current GL 4.5
    /// context that outlives this object; errors (shaders, framebuffer) mean the GPU cannot render.
    static Result<std::unique_ptr<SnapshotThumbnail>> create(const sim::Scene& scene, int widthPx, int heightPx);

    /// Uploads the state and renders it, with `bodies` where given; timeSeconds drives the water's
    /// animated detail.
    render::RgbImage render(const sim::FieldSnapshot& state, float timeSeconds, const std::vector<sim::Body>* bodies = nullptr);

private:
    SnapshotThumbnail(std::unique_ptr<render::SceneRenderer> renderer, render::OffscreenTarget target)
        : renderer_(std::move(renderer)), target_(std::move(target)) {}
    std::unique_ptr<render::SceneRenderer> renderer_;
    render::OffscreenTarget target_;
    render::Camera camera_;
    int gridW_ = 0, gridH_ = 0;
    float cellSizeM_ = 1.0f;
    gl::Buffer terrain_, depth_, flowX_, flowY_;  ///< float fields in the GPU solver's layout
};

}  // namespace sluice::app

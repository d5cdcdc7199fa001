#include "app/sweep/snapshot_thumbnail.hpp"

#include <cassert>

namespace sluice::app {

Result<std::unique_ptr<SnapshotThumbnail>> SnapshotThumbnail::create(const sim::Scene& scene, int widthPx, int heightPx) {
    auto renderer = render::SceneRenderer::create();
    if (!renderer) return Error{"renderer: " + renderer.error().message};
    auto target = render::OffscreenTarget::create(widthPx, heightPx);
    if (!target) return target.error();
    std::unique_ptr<SnapshotThumbnail> t(new SnapshotThumbnail(std::move(*renderer), std::move(*target)));
    t->camera_ = framingCamera(scene, float(widthPx) / float(heightPx));
    t->gridW_ = scene.width;
    t->gridH_ = scene.height;
    t->cellSizeM_ = scene.cellSizeM;
    const std::size_t W = std::size_t(scene.width), H = std::size_t(scene.height);
    t->terrain_ = gl::Buffer(W * H * sizeof(float));
    t->depth_ = gl::Buffer(W * H * sizeof(float));
    t->flowX_ = gl::Buffer((W + 1) * H * sizeof(float));
    t->flowY_ = gl::Buffer(W * (H + 1) * sizeof(float));
    return t;
}

render::RgbImage SnapshotThumbnail::render(const sim::FieldSnapshot& state, float timeSeconds,
                                           const std::vector<sim::Body>* bodies) {
    assert(state.width == gridW_ && state.height == gridH_);
    terrain_.upload(state.terrainM.data(), state.terrainM.size() * sizeof(float));
    depth_.upload(state.depthM.data(), state.depthM.size() * sizeof(float));
    flowX_.upload(state.flowXM3PerS.data(), state.flowXM3PerS.size() * sizeof(float));
    flowY_.upload(state.flowYM3PerS.data(), state.flowYM3PerS.size() * sizeof(float));
    render::RenderInputs inputs;
    inputs.width = gridW_;
    inputs.height = gridH_;
    inputs.cellSizeM = cellSizeM_;
    inputs.terrain = &terrain_;
    inputs.depth = &depth_;
    inputs.flowX = &flowX_;
    inputs.flowY = &flowY_;
    inputs.timeSeconds = timeSeconds;
    inputs.bodies = bodies;
    renderer_->render(inputs, camera_, render::ViewSettings{}, target_.width(), target_.height(), target_.framebuffer());
    return target_.read();
}

}  // namespace sluice::app

#include "app/window/viewer_state.hpp"

#include "render/camera_fit.hpp"

#include <algorithm>

namespace sluice::app {

Result<void> ViewerState::adoptScene() {
    const auto [minIt, maxIt] = std::minmax_element(scene.terrainM.begin(), scene.terrainM.end());
    minBedM = *minIt;
    maxBedM = *maxIt;
    auto created = MapView::create(scene.width, scene.height, scene.cellSizeM, minBedM, maxBedM);
    if (!created) return created.error();
    map.reset();
    map.emplace(std::move(*created));
    return {};
}

void ViewerState::frameCamera() {
    if (scene.camera) {
        const sim::ViewPose& v = *scene.camera;
        p3.camera.target = glm::vec3(v.targetM[0], v.targetM[1], v.targetM[2]);
        p3.camera.yawRad = v.yawRad;
        p3.camera.pitchRad = v.pitchRad;
        p3.camera.distanceM = v.distanceM;
    } else {
        // The pane is not laid out before the first frame: the sphere fit, which shows the whole
        // world at any aspect; Fit view then fits the box to the pane (fitCamera).
        p3.camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minBedM, maxBedM);
    }
}

void ViewerState::fitCamera() {
    const WindowRect pane = layout.pane(0);
    const float aspect = pane.w > 1.0f && pane.h > 1.0f ? pane.w / pane.h : 1.0f;
    // The target stays the world's centre (the pivot of orbiting); the distance shows every corner.
    p3.camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minBedM, maxBedM);
    render::fitCameraDistance(p3.camera, glm::vec3(0.0f, 0.0f, minBedM),
                              glm::vec3(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, maxBedM),
                              aspect);
}

std::optional<sim::ViewPose> ViewerState::cameraPose() const {
    const render::Camera& c = p3.camera;
    return sim::ViewPose{{c.target.x, c.target.y, c.target.z}, c.yawRad, c.pitchRad, c.distanceM};
}

}  // namespace sluice::app

#include "app/window/viewer_state.hpp"

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
    adoptBookmarks(p3.control, scene.bookmarks, p3.camera);
    if (scene.camera) {
        const sim::ViewPose& v = *scene.camera;
        p3.camera.target = glm::vec3(v.targetM[0], v.targetM[1], v.targetM[2]);
        p3.camera.yawRad = v.yawRad;
        p3.camera.pitchRad = v.pitchRad;
        p3.camera.distanceM = v.distanceM;
        p3.camera.nearM = std::max(0.1f, 0.001f * v.distanceM);  // not an eye's lens from the last world
    } else {
        // The pane is not laid out before the first frame: the sphere fit, which shows the whole
        // world at any aspect; Fit view then fits the box to the pane (fitCamera).
        p3.camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minBedM, maxBedM);
    }
}

void ViewerState::fitCamera() { fitWorld(*this); }

std::optional<sim::ViewPose> ViewerState::cameraPose() const { return orbitPose(*this); }

}  // namespace sluice::app

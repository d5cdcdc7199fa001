#pragma once
// A camera flight through keyframes (recorded videos, scripted demos). Pure math, no GL.
//
// Each quantity follows a cubic Hermite curve through its keyframe values with Catmull-Rom tangents
// (central differences over time, so unevenly spaced keys move smoothly), zero tangents at the first
// and last key: the flight eases in and out and has continuous velocity at every inner key. Yaw goes
// the short way between consecutive keys (350 deg -> 10 deg turns 20 deg, not 340); distance is
// interpolated in log space, so zooming feels even and stays positive.
#include <vector>

#include <glm/glm.hpp>

#include "render/camera.hpp"

namespace sluice::render {

/// The orbit-camera pose at one moment.
struct CameraKeyframe {
    double timeSeconds = 0;
    float yawRad = 0, pitchRad = 0.7f, distanceM = 500.0f;
    glm::vec3 target{0.0f};
};

/// Keyframes with strictly increasing times; before the first and after the last the pose holds.
class CameraPath {
public:
    CameraPath() = default;
    /// `keys` must be sorted by strictly increasing time (asserted); distances > 0.
    explicit CameraPath(std::vector<CameraKeyframe> keys);

    bool empty() const { return keys_.empty(); }
    const std::vector<CameraKeyframe>& keys() const { return keys_; }
    /// `base` (its lens: field of view, near and far planes) posed as the path is at `timeSeconds`.
    /// Pitch is clamped to the camera's range; far grows to keep the target's surroundings in view.
    Camera at(double timeSeconds, Camera base) const;

private:
    std::vector<CameraKeyframe> keys_;  ///< yaw unwrapped: consecutive yaws differ by at most pi
};

}  // namespace sluice::render

#pragma once
// Pieces shared by the verbs that render headless (`render`, `bench --frame`): image sizes on the
// command line and the camera that frames a whole scene.
#include <string>

#include "render/camera.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// Parses "WxH" (pixels, 1 to 16384 each); false when malformed or out of range.
bool parseImageSize(const std::string& text, int& widthPx, int& heightPx);

/// The default 3-D view of a scene: the whole world and its height range in view (Camera::frame).
render::Camera framingCamera(const sim::Scene& scene);

}  // namespace sluice::app

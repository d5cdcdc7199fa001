#include "app/cli_view.hpp"

#include <algorithm>
#include <sstream>

namespace sluice::app {

bool parseImageSize(const std::string& text, int& w, int& h) {
    char x = 0;
    std::istringstream in(text);
    if (!(in >> w >> x >> h) || x != 'x' || !in.eof()) return false;
    return w >= 1 && h >= 1 && w <= 16384 && h <= 16384;
}

render::Camera framingCamera(const sim::Scene& scene) {
    render::Camera camera;
    const auto [lo, hi] = std::minmax_element(scene.terrainM.begin(), scene.terrainM.end());
    const float minZ = lo == scene.terrainM.end() ? 0.0f : *lo, maxZ = hi == scene.terrainM.end() ? 0.0f : *hi;
    camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minZ, maxZ);
    return camera;
}

}  // namespace sluice::app

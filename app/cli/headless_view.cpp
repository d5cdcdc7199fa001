#include "app/cli/headless_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "render/camera_fit.hpp"
#include "render/solver_inputs.hpp"

namespace sluice::app {

bool parseImageSize(const std::string& text, int& w, int& h) {
    char x = 0;
    std::istringstream in(text);
    if (!(in >> w >> x >> h) || x != 'x' || !in.eof()) return false;
    return w >= 1 && h >= 1 && w <= 16384 && h <= 16384;
}

render::Camera framingCamera(const sim::Scene& scene, float aspect) {
    render::Camera camera;
    const auto [lo, hi] = std::minmax_element(scene.terrainM.begin(), scene.terrainM.end());
    float minZ = lo == scene.terrainM.end() ? 0.0f : *lo, maxZ = hi == scene.terrainM.end() ? 0.0f : *hi;
    for (std::size_t i = 0; i < scene.depthM.size() && i < scene.terrainM.size(); ++i)
        maxZ = std::max(maxZ, scene.terrainM[i] + scene.depthM[i]);  // water above the highest ground
    camera.frame(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, minZ, maxZ);
    render::fitCameraToBox(camera, glm::vec3(0.0f, 0.0f, minZ),
                           glm::vec3(float(scene.width) * scene.cellSizeM, float(scene.height) * scene.cellSizeM, maxZ), aspect);
    return camera;
}

Result<FrameSize> sizeOption(const CliArgs& args, FrameSize fallback) {
    const auto text = args.get("--size");
    if (!text) return fallback;
    FrameSize s;
    if (!parseImageSize(*text, s.width, s.height))
        return Error{"--size: expected WxH in pixels (1 to 16384), got '" + *text + "'"};
    return s;
}

Result<std::optional<CameraOption>> cameraOption(const CliArgs& args) {
    const auto text = args.get("--camera");
    if (!text && args.has("--target")) return Error{"--target: needs --camera yaw,pitch,distance to say where the eye is"};
    if (!text) return std::optional<CameraOption>();
    CameraOption c;
    char c1 = 0, c2 = 0;
    std::istringstream in(*text);
    if (!(in >> c.yawDeg >> c1 >> c.pitchDeg >> c2 >> c.distanceM) || c1 != ',' || c2 != ',' || !in.eof() ||
        !std::isfinite(c.yawDeg) || !std::isfinite(c.pitchDeg) || !std::isfinite(c.distanceM) || !(c.distanceM > 0))
        return Error{"--camera: expected yaw,pitch,distance (degrees, degrees, metres > 0), got '" + *text + "'"};
    // Inside the views' pitch range (sceneCamera's clamp): refused outside it, not silently clamped.
    if (c.pitchDeg < CameraOption::kMinPitchDeg || c.pitchDeg > CameraOption::kMaxPitchDeg) {
        char message[128];
        std::snprintf(message, sizeof message, "--camera: pitch %g is out of range (%g..%g degrees down from the horizon)",
                      double(c.pitchDeg), double(CameraOption::kMinPitchDeg), double(CameraOption::kMaxPitchDeg));
        return Error{message};
    }
    if (const auto target = args.get("--target")) {
        glm::vec3 t;
        char t1 = 0, t2 = 0;
        std::istringstream tin(*target);
        if (!(tin >> t.x >> t1 >> t.y >> t2 >> t.z) || t1 != ',' || t2 != ',' || !tin.eof() || !std::isfinite(t.x) ||
            !std::isfinite(t.y) || !std::isfinite(t.z))
            return Error{"--target: expected x,y,z (metres), got '" + *target + "'"};
        c.target = t;
    }
    return std::optional<CameraOption>(c);
}

render::Camera sceneCamera(const sim::Scene& scene, const std::optional<CameraOption>& option, float aspect) {
    render::Camera camera = framingCamera(scene, aspect);
    const float worldW = float(scene.width) * scene.cellSizeM, worldH = float(scene.height) * scene.cellSizeM;
    if (!option && scene.camera) {  // a snapshot's saved view
        camera.target = glm::vec3(scene.camera->targetM[0], scene.camera->targetM[1], scene.camera->targetM[2]);
        camera.yawRad = scene.camera->yawRad;
        camera.pitchRad = std::clamp(scene.camera->pitchRad, 0.05f, 1.55f);
        camera.distanceM = scene.camera->distanceM;
        camera.farM = std::max(camera.farM, scene.camera->distanceM * 4.0f + worldW + worldH);
    }
    if (option) {
        constexpr float kRadPerDeg = 3.14159265f / 180.0f;
        camera.yawRad = option->yawDeg * kRadPerDeg;
        camera.pitchRad = std::clamp(option->pitchDeg * kRadPerDeg, 0.05f, 1.55f);
        camera.distanceM = option->distanceM;
        camera.farM = std::max(camera.farM, option->distanceM * 4.0f + worldW + worldH);
        if (option->target) {
            camera.target = *option->target;
            camera.nearM = std::min(camera.nearM, 0.1f * option->distanceM);  // close views of a point
        }
    }
    return camera;
}

render::RenderInputs HeadlessView::inputs(float timeSeconds) const {
    render::RenderInputs in = render::solverInputs(*gpu);
    in.timeSeconds = timeSeconds;
    in.bodies = bodies;
    return in;
}

void HeadlessView::draw(const render::Camera& camera, const render::ViewSettings& view, float timeSeconds) {
    renderer->render(inputs(timeSeconds), camera, view, target->width(), target->height(), target->framebuffer());
}

Result<HeadlessView> makeHeadlessView(const sim::Scene& scene, FrameSize size) {
    HeadlessView v;
    auto context = gl::EglContext::create();
    if (!context) return Error{"no OpenGL 4.5 context: " + context.error().message};
    v.context = std::move(*context);
    auto solver = sim::GpuSolver::create(scene);
    if (!solver) return Error{scene.name + ": " + solver.error().message};
    v.gpu = solver->get();
    v.solver = std::move(*solver);
    auto renderer = render::SceneRenderer::create();
    if (!renderer) return Error{"renderer: " + renderer.error().message};
    v.renderer = std::move(*renderer);
    auto target = render::OffscreenTarget::create(size.width, size.height);
    if (!target) return target.error();
    v.target.emplace(std::move(*target));
    return v;
}

}  // namespace sluice::app

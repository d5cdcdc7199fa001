#pragma once
// What the verbs that draw the 3-D view headless (`render`, `record`, `sweep`, `bench --frame`) share:
// the --size and --camera options, the camera that frames a scene, and the GPU setup (context,
// solver, renderer, target).
#include <memory>
#include <optional>
#include <string>

#include "app/cli/args.hpp"
#include "render/camera.hpp"
#include "gl/egl_context.hpp"
#include "render/offscreen_target.hpp"
#include "render/render_inputs.hpp"
#include "render/scene_renderer.hpp"
#include "sim/gpu_solver.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// Parses "WxH" (pixels, 1 to 16384 each); false when malformed or out of range.
bool parseImageSize(const std::string& text, int& widthPx, int& heightPx);

/// The default 3-D view of a scene for a view of `aspect` (width / height): the whole world, its
/// height range and its water in view, centred (render/camera_fit.hpp).
render::Camera framingCamera(const sim::Scene& scene, float aspect);

/// Image size in pixels.
struct FrameSize {
    int width = 0, height = 0;
};

/// --camera yaw,pitch,distance: degrees (0 looks north), degrees down from the horizon, metres.
struct CameraOption {
    /// Pitches the views can show (sceneCamera keeps the camera within 0.05..1.55 rad).
    static constexpr float kMinPitchDeg = 3, kMaxPitchDeg = 88;
    float yawDeg = 0, pitchDeg = 0, distanceM = 0;
    /// --target X,Y,Z (metres): the point the camera turns about instead of the framed one.
    std::optional<glm::vec3> target;
};

/// --size WxH (1 to 16384 each), or `fallback` when absent. The error names the option and the text.
Result<FrameSize> sizeOption(const CliArgs& args, FrameSize fallback);
/// --camera yaw,pitch,distance (finite, pitch in the range above, distance > 0) with an optional
/// --target X,Y,Z (finite; only with --camera), nullopt when absent; the error names the option.
Result<std::optional<CameraOption>> cameraOption(const CliArgs& args);

/// The camera that frames the whole scene, or a snapshot's saved view; turned to `option` (yaw,
/// pitch, distance about the framed target) when given.
render::Camera sceneCamera(const sim::Scene& scene, const std::optional<CameraOption>& option, float aspect);

/// Everything a headless render of a scene needs. `solver` owns the GPU solver until the caller
/// moves it elsewhere; `gpu` stays valid as long as that owner lives.
struct HeadlessView {
    std::unique_ptr<gl::EglContext> context;
    std::unique_ptr<sim::Solver> solver;
    sim::GpuSolver* gpu = nullptr;
    std::unique_ptr<render::SceneRenderer> renderer;
    std::optional<render::OffscreenTarget> target;
    const std::vector<sim::Body>* bodies = nullptr;  ///< drawn when set (a BodyWorld's bodies)

    /// The solver's buffers to draw, with the animation clock at timeSeconds.
    render::RenderInputs inputs(float timeSeconds) const;
    /// Draws the solver's current state seen by `camera` into `target`.
    void draw(const render::Camera& camera, const render::ViewSettings& view, float timeSeconds);
};

/// Creates the headless context, the GPU solver for `scene`, the renderer and a size.width x
/// size.height target. Every error means no usable GPU (the caller exits with kExitNoGpu).
Result<HeadlessView> makeHeadlessView(const sim::Scene& scene, FrameSize size);

}  // namespace sluice::app

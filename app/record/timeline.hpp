#pragma once
// Timeline files for recordings (docs/TIMELINE.md): camera keyframes on the video's clock and world
// events (source/drain changes, parameter and boundary changes, brush strokes, world actions,
// bodies dropped in) on the
// simulation's clock.
// Parsing validates everything against the scene (emitter indices, grid bounds), so a recording
// never fails half-way because of its timeline.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

#include "render/camera.hpp"
#include "render/camera_path.hpp"
#include "sim/bodies/body.hpp"
#include "sim/brush.hpp"
#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// A camera keyframe as written: fields left out keep the previous keyframe's value (the first
/// keyframe's come from the recording's starting camera).
struct TimelineCameraKey {
    double timeSeconds = 0;  ///< video time
    std::optional<float> yawDeg, pitchDeg, distanceM;
    std::optional<glm::vec3> target;  ///< world metres
};

/// Enables/disables a source or drain or changes its rate (switching it to Rate mode) or its level
/// (switching it to Level mode).
struct EmitterChange {
    bool drain = false;
    int index = 0;
    std::optional<bool> enabled;
    std::optional<float> rateM3PerS, levelM;
};

/// Parameters merged onto the current ones: a validated subset of a scene's "params" object.
struct ParamsChange {
    nlohmann::json params;
};

/// Boundary sides replaced: a validated subset of a scene's "boundary" object (sides left out keep
/// what is in force when the event applies).
struct BoundaryChange {
    nlohmann::json boundary;
};

/// A brush dragged from `from` to `to` (continuous cell coordinates) over durationSeconds of
/// simulated time: one application per simulation step along the segment.
struct BrushPath {
    sim::BrushStroke brush;  ///< kind, radius, strength, falloff, flatten height (position and dt unused)
    glm::vec2 fromCells{0.0f}, toCells{0.0f};
    double durationSeconds = 1.0;
};

/// One of the world's actions (sim::WorldAction, e.g. the dam's "breach"), applied once.
struct WorldActionEvent {
    sim::WorldAction action;
};

/// Bodies dropped into the world (docs/BODIES.md), at rest where their specs put them: logs let
/// into the river, a boat launched, a wall of blocks set down.
struct BodiesDrop {
    std::vector<sim::BodySpec> bodies;
};

/// One world event at a simulated time.
struct TimelineEvent {
    double timeSeconds = 0;
    std::string label;  ///< "events[3]": where it came from, for messages
    std::variant<EmitterChange, ParamsChange, BoundaryChange, BrushPath, WorldActionEvent, BodiesDrop> change;
};

/// A parsed timeline. Events are sorted by time; equal times keep their order in the file.
struct Timeline {
    std::vector<TimelineCameraKey> camera;
    std::vector<TimelineEvent> events;

    /// The camera keyframes completed from `start` (fields left out) as a path; empty without keys.
    render::CameraPath cameraPath(const render::Camera& start) const;
};

/// Reads and validates a timeline for `scene`: a file, or "builtin:NAME" for one that ships in
/// assets/timelines/NAME.json. Errors name the file and the JSON path, e.g.
/// "t.json: events[2].time: must be a number >= 0 (got -1)".
Result<Timeline> loadTimelineFile(const std::filesystem::path& path, const sim::Scene& scene);
/// The same for text held in memory; `fileForMessages` prefixes every error.
Result<Timeline> parseTimelineJson(std::string_view text, const std::string& fileForMessages, const sim::Scene& scene);

}  // namespace sluice::app

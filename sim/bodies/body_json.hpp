#pragma once
// Bodies in scene files and snapshots (docs/SCENE_FORMAT.md, "bodies"):
//   "bodies": [{"shape": "log", "size": [4, 0.5, 0.5], "density": 700, "position": [x, y, z], "yaw": 30}]
// in metres, kg/m^3 and degrees; a snapshot adds each body's motion ("orientation" [w, x, y, z],
// "velocity", "angular_velocity") so a run continues where it was saved.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/bodies/body.hpp"
#include "sim/json_reader.hpp"

namespace sluice::sim {

/// The bodies of `list` at `path`; fails through `r` naming the body's field and the problem.
std::vector<PlacedBody> readBodies(const JsonReader& r, const nlohmann::json& list, const std::string& path);

/// The bodies as readBodies reads them back, motion included.
nlohmann::json bodiesToJson(const std::vector<PlacedBody>& bodies);

}  // namespace sluice::sim

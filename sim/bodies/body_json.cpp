#include "sim/bodies/body_json.hpp"

namespace sluice::sim {

using nlohmann::json;

namespace {

glm::vec3 readVec3(const JsonReader& r, const json& v, const std::string& path, const char* unit) {
    if (!v.is_array() || v.size() != 3)
        r.fail(path, std::string("expected three numbers [x, y, z] in ") + unit + ", got " + describeJson(v));
    return glm::vec3(float(r.number(v[0], path + "[0]")), float(r.number(v[1], path + "[1]")),
                     float(r.number(v[2], path + "[2]")));
}

json vec3Json(glm::vec3 v) { return json::array({v.x, v.y, v.z}); }

}  // namespace

std::vector<PlacedBody> readBodies(const JsonReader& r, const json& list, const std::string& path) {
    std::vector<PlacedBody> out;
    if (list.is_null()) return out;
    r.array(list, path);
    constexpr std::size_t kMaxBodies = 100000;
    if (list.size() > kMaxBodies) r.fail(path, "at most " + std::to_string(kMaxBodies) + " bodies");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string at = path + "[" + std::to_string(i) + "]";
        const json& b = r.object(list[i], at);
        r.rejectUnknownKeys(b, at, {"shape", "size", "density", "position", "yaw", "orientation", "velocity",
                                    "angular_velocity"});
        PlacedBody placed;
        BodySpec& s = placed.spec;
        const json* shape = r.find(b, "shape");
        if (!shape) r.fail(at + ".shape", "missing (required: \"box\", \"log\", \"boat\" or \"block\")");
        const std::string name = r.string(*shape, at + ".shape");
        const auto kind = bodyShapeFromName(name);
        if (!kind) r.fail(at + ".shape", "expected \"box\", \"log\", \"boat\" or \"block\", got \"" + name + "\"");
        s.shape = *kind;
        const json* position = r.find(b, "position");
        if (!position) r.fail(at + ".position", "missing (required: [x, y, z] of the body's centre in metres)");
        s.positionM = readVec3(r, *position, at + ".position", "metres");
        if (const json* v = r.find(b, "size")) s.sizeM = readVec3(r, *v, at + ".size", "metres");
        if (const json* v = r.find(b, "density")) s.densityKgPerM3 = float(r.number(*v, at + ".density"));
        if (const json* v = r.find(b, "yaw")) s.yawDeg = float(r.number(*v, at + ".yaw"));
        if (auto problem = bodyProblem(s)) r.fail(at, *problem);
        placed.state = initialState(s);
        if (const json* v = r.find(b, "orientation")) {
            if (!v->is_array() || v->size() != 4)
                r.fail(at + ".orientation", "expected a unit quaternion [w, x, y, z], got " + describeJson(*v));
            glm::quat q(float(r.number((*v)[0], at + ".orientation[0]")), float(r.number((*v)[1], at + ".orientation[1]")),
                        float(r.number((*v)[2], at + ".orientation[2]")), float(r.number((*v)[3], at + ".orientation[3]")));
            const float n = glm::length(q);
            if (!(n > 0.5f && n < 2.0f)) r.fail(at + ".orientation", "expected a unit quaternion [w, x, y, z]");
            placed.state.orientation = q / n;
        }
        if (const json* v = r.find(b, "velocity")) placed.state.velocityMPerS = readVec3(r, *v, at + ".velocity", "m/s");
        if (const json* v = r.find(b, "angular_velocity"))
            placed.state.angularVelocityRadPerS = readVec3(r, *v, at + ".angular_velocity", "rad/s");
        out.push_back(placed);
    }
    return out;
}

json bodiesToJson(const std::vector<PlacedBody>& bodies) {
    json list = json::array();
    for (const PlacedBody& b : bodies) {
        const glm::quat q = b.state.orientation;
        list.push_back({{"shape", bodyShapeName(b.spec.shape)},
                        {"size", vec3Json(b.spec.sizeM)},
                        {"density", b.spec.densityKgPerM3},
                        {"position", vec3Json(b.state.positionM)},
                        {"yaw", b.spec.yawDeg},
                        {"orientation", json::array({q.w, q.x, q.y, q.z})},
                        {"velocity", vec3Json(b.state.velocityMPerS)},
                        {"angular_velocity", vec3Json(b.state.angularVelocityRadPerS)}});
    }
    return list;
}

}  // namespace sluice::sim

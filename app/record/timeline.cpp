#include "app/record/timeline.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>

#include "app/record/timeline_params.hpp"
#include "sim/assets.hpp"
#include "sim/bodies/body_json.hpp"
#include "sim/bodies/body_world.hpp"
#include "sim/command.hpp"
#include "sim/json_reader.hpp"
#include "sim/number_rules.hpp"
#include "sim/text_file.hpp"

namespace sluice::app {

namespace {

using nlohmann::json;

std::string fmt(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    return std::string(buf, r.ptr);
}

constexpr float kRadPerDeg = 3.14159265358979f / 180.0f;

/// Longest span a camera key or a brush stroke may have (s): a day, far beyond any video, and small
/// enough that duration / dt stays a valid step count.
constexpr double kMaxVideoSeconds = 86400.0;

/// Typed access to one timeline document (sim::JsonReader); every failure names the file and the JSON
/// path. Unknown keys are errors here: a typo would otherwise silently drop an event.
class Parser : private sim::JsonReader {
public:
    Parser(std::string file, const sim::Scene& scene) : JsonReader(std::move(file)), scene_(scene) {}
    Timeline parse(std::string_view text);

private:
    void checkKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) const {
        rejectUnknownKeys(obj, path, known);
    }
    double number(const json& v, const std::string& path) const {
        if (!v.is_number()) fail(path, std::string("expected a number, got ") + v.type_name());
        const double d = v.get<double>();
        if (!std::isfinite(d) || !std::isfinite(float(d))) fail(path, "must be a finite number (got " + fmt(d) + ")");
        return d;
    }
    /// Upper bounds come from the documented ranges (sim/number_rules.hpp): times, durations and
    /// rates beyond them would overflow step counts or the ledger long before a video could show them.
    double atMost(double d, const std::string& path, double hi) const {
        if (d > hi) fail(path, "must be at most " + fmt(hi) + " (got " + fmt(d) + ")");
        return d;
    }
    double atLeast(const json& v, const std::string& path, double lo, double hi) const {
        const double d = number(v, path);
        if (d < lo) fail(path, "must be a number >= " + fmt(lo) + " (got " + fmt(d) + ")");
        return atMost(d, path, hi);
    }
    double positive(const json& v, const std::string& path, double hi) const {
        const double d = number(v, path);
        if (!(d > 0)) fail(path, "must be a number > 0 (got " + fmt(d) + ")");
        return atMost(d, path, hi);
    }
    /// A finite number within +-limit (angles in degrees, positions and levels in metres).
    double bounded(const json& v, const std::string& path, double limit) const {
        const double d = number(v, path);
        if (std::fabs(d) > limit) fail(path, "must be within +-" + fmt(limit) + " (got " + fmt(d) + ")");
        return d;
    }
    /// A point [x, y] in continuous cell coordinates inside the grid.
    glm::vec2 cellPoint(const json& v, const std::string& path) const {
        if (!v.is_array() || v.size() != 2) fail(path, "expected [x, y] in cells");
        const float x = float(number(v[0], path + "[0]")), y = float(number(v[1], path + "[1]"));
        if (x < 0 || x > float(scene_.width) || y < 0 || y > float(scene_.height))
            fail(path, "[" + fmt(x) + ", " + fmt(y) + "] is outside the grid (0.." + std::to_string(scene_.width) +
                           ", 0.." + std::to_string(scene_.height) + ")");
        return {x, y};
    }

    TimelineCameraKey cameraKey(const json& v, const std::string& path) const;
    TimelineEvent event(const json& v, const std::string& path) const;
    EmitterChange emitterChange(const json& v, const std::string& path, bool drain) const;
    BrushPath brushPath(const json& v, const std::string& path) const;
    WorldActionEvent worldAction(const json& v, const std::string& path) const;
    BodiesDrop bodiesDrop(const json& v, const std::string& path) const;

    const sim::Scene& scene_;
};

Timeline Parser::parse(std::string_view text) {
    auto parsed = sim::parseJsonText(text, file());  // comments allowed, as in scenes
    if (!parsed) throw sim::JsonFailure{parsed.error().message};
    const json root = std::move(*parsed);
    if (!root.is_object()) fail("", std::string("expected a JSON object at the top level, got ") + root.type_name());
    checkKeys(root, "", {"camera", "events"});
    Timeline t;
    if (auto it = root.find("camera"); it != root.end()) {
        const json& keys = array(*it, "camera");
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const std::string path = "camera[" + std::to_string(i) + "]";
            t.camera.push_back(cameraKey(keys[i], path));
            if (i > 0 && !(t.camera[i].timeSeconds > t.camera[i - 1].timeSeconds))
                fail(path + ".time", "must be greater than camera[" + std::to_string(i - 1) + "].time (got " +
                                         fmt(t.camera[i].timeSeconds) + " after " + fmt(t.camera[i - 1].timeSeconds) + ")");
        }
    }
    if (auto it = root.find("events"); it != root.end()) {
        const json& events = array(*it, "events");
        for (std::size_t i = 0; i < events.size(); ++i)
            t.events.push_back(event(events[i], "events[" + std::to_string(i) + "]"));
        std::stable_sort(t.events.begin(), t.events.end(),
                         [](const TimelineEvent& a, const TimelineEvent& b) { return a.timeSeconds < b.timeSeconds; });
    }
    return t;
}

TimelineCameraKey Parser::cameraKey(const json& v, const std::string& path) const {
    object(v, path);
    checkKeys(v, path, {"time", "yaw", "pitch", "distance", "target"});
    TimelineCameraKey k;
    const auto time = v.find("time");
    if (time == v.end()) fail(path + ".time", "missing (video seconds from the start)");
    k.timeSeconds = atLeast(*time, path + ".time", 0, kMaxVideoSeconds);
    if (auto it = v.find("yaw"); it != v.end()) k.yawDeg = float(bounded(*it, path + ".yaw", 1e6));
    if (auto it = v.find("pitch"); it != v.end()) {
        const double p = number(*it, path + ".pitch");
        if (!(p > 0 && p < 90)) fail(path + ".pitch", "must be between 0 and 90 degrees below the horizon (got " + fmt(p) + ")");
        k.pitchDeg = float(p);
    }
    if (auto it = v.find("distance"); it != v.end()) k.distanceM = float(positive(*it, path + ".distance", 1e9));
    if (auto it = v.find("target"); it != v.end()) {
        if (!it->is_array() || it->size() != 3) fail(path + ".target", "expected [x, y, z] in metres");
        k.target = glm::vec3(float(bounded((*it)[0], path + ".target[0]", 1e9)),
                             float(bounded((*it)[1], path + ".target[1]", 1e9)),
                             float(bounded((*it)[2], path + ".target[2]", 1e9)));
    }
    return k;
}

TimelineEvent Parser::event(const json& v, const std::string& path) const {
    object(v, path);
    TimelineEvent e;
    e.label = path;
    const auto time = v.find("time");
    if (time == v.end()) fail(path + ".time", "missing (simulated seconds from the start)");
    e.timeSeconds = atLeast(*time, path + ".time", 0, sim::rules::kTimeSeconds.max);
    std::vector<std::string> kinds;
    for (const char* k : {"source", "drain", "params", "boundary", "brush", "action", "bodies"})
        if (v.contains(k)) kinds.push_back(k);
    if (kinds.size() != 1)
        fail(path, "give exactly one of source, drain, params, boundary, brush, action or bodies (got " +
                       (kinds.empty() ? std::string("none") : kinds[0] + " and " + kinds[1]) + ")");
    if (kinds[0] == "source" || kinds[0] == "drain") {
        e.change = emitterChange(v, path, kinds[0] == "drain");
    } else if (kinds[0] == "params") {
        checkKeys(v, path, {"time", "params"});
        // Each value is checked now; merging at play time can then not fail.
        auto checked = mergeParamsChange(scene_.params, v["params"], file() + ": " + path);
        if (!checked) throw sim::JsonFailure{checked.error().message};
        e.change = ParamsChange{v["params"]};
    } else if (kinds[0] == "boundary") {
        checkKeys(v, path, {"time", "boundary"});
        auto checked = mergeBoundaryChange(scene_.boundary, v["boundary"], file() + ": " + path, scene_.width, scene_.height);
        if (!checked) throw sim::JsonFailure{checked.error().message};
        e.change = BoundaryChange{v["boundary"]};
    } else if (kinds[0] == "action") {
        checkKeys(v, path, {"time", "action"});
        e.change = worldAction(v["action"], path + ".action");
    } else if (kinds[0] == "bodies") {
        checkKeys(v, path, {"time", "bodies"});
        e.change = bodiesDrop(v["bodies"], path + ".bodies");
    } else {
        checkKeys(v, path, {"time", "brush"});
        e.change = brushPath(v["brush"], path + ".brush");
    }
    return e;
}

EmitterChange Parser::emitterChange(const json& v, const std::string& path, bool drain) const {
    const char* key = drain ? "drain" : "source";
    checkKeys(v, path, {"time", key, "enabled", "rate", "level"});
    EmitterChange c;
    c.drain = drain;
    const json& index = v[key];
    const std::string at = path + "." + key;
    if (!index.is_number_integer()) fail(at, std::string("expected an index (integer from 0), got ") + index.type_name());
    const std::size_t count = drain ? scene_.drains.size() : scene_.sources.size();
    const long long i = index.get<long long>();
    if (i < 0 || i >= (long long)count)
        fail(at, "index " + std::to_string(i) + " is out of range (the scene has " + std::to_string(count) + " " + key +
                     (count == 1 ? "" : "s") + ")");
    c.index = int(i);
    if (auto it = v.find("enabled"); it != v.end()) {
        if (!it->is_boolean()) fail(path + ".enabled", std::string("expected true or false, got ") + it->type_name());
        c.enabled = it->get<bool>();
    }
    const bool hasRate = v.contains("rate"), hasLevel = v.contains("level");
    if (hasRate && hasLevel) fail(path, "give at most one of rate (m^3/s) or level (m), not both");
    if (hasRate) c.rateM3PerS = float(atLeast(v["rate"], path + ".rate", 0, sim::rules::kRateM3PerS.max));
    if (hasLevel) c.levelM = float(bounded(v["level"], path + ".level", sim::rules::kElevationM.max));
    if (!c.enabled && !hasRate && !hasLevel) fail(path, "nothing to change: give enabled, rate or level");
    return c;
}

WorldActionEvent Parser::worldAction(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, std::string("expected the name of one of the world's actions, got ") + v.type_name());
    std::string names;
    for (const sim::WorldAction& a : scene_.actions) {
        if (a.name == v.get<std::string>()) return WorldActionEvent{a};
        names += (names.empty() ? "" : ", ") + a.name;
    }
    fail(path, "the world has no action '" + v.get<std::string>() + "' (" +
                   (names.empty() ? std::string("it has none: actions come with built-in worlds such as builtin:dam")
                                  : "its actions: " + names) + ")");
    return {};
}

BodiesDrop Parser::bodiesDrop(const json& v, const std::string& path) const {
    if (!sim::BodyWorld::available()) fail(path, "this build has no bodies (SLUICE_BODIES=OFF)");
    if (!v.is_array() || v.empty()) fail(path, "expected a non-empty array of bodies, as in scene files");
    // As scene files give them (their own checks, the messages naming the field), and over the grid:
    // a body dropped beyond its edges would leave the world at once.
    BodiesDrop d;
    const sim::JsonReader reader(file());
    const float widthM = float(scene_.width) * scene_.cellSizeM, heightM = float(scene_.height) * scene_.cellSizeM;
    const std::vector<sim::PlacedBody> placed = sim::readBodies(reader, v, path);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const glm::vec3 p = placed[i].spec.positionM;
        if (p.x < 0 || p.x > widthM || p.y < 0 || p.y > heightM)
            fail(path + "[" + std::to_string(i) + "].position", "[" + fmt(p.x) + ", " + fmt(p.y) + "] m is outside the grid (0.." +
                                                                    fmt(widthM) + ", 0.." + fmt(heightM) + " m)");
        d.bodies.push_back(placed[i].spec);
    }
    return d;
}

BrushPath Parser::brushPath(const json& v, const std::string& path) const {
    object(v, path);
    checkKeys(v, path, {"kind", "from", "to", "radius", "strength", "falloff", "duration", "target"});
    BrushPath b;
    const std::string kinds = sim::brushKindList();
    const auto kind = v.find("kind");
    if (kind == v.end()) fail(path + ".kind", "missing (" + kinds + ")");
    if (!kind->is_string()) fail(path + ".kind", std::string("expected a string, got ") + kind->type_name());
    if (!sim::brushKindFromString(kind->get<std::string>(), b.brush.kind))
        fail(path + ".kind", "unknown kind '" + kind->get<std::string>() + "' (valid: " + kinds + ")");

    const auto from = v.find("from");
    if (from == v.end()) fail(path + ".from", "missing ([x, y] in cells)");
    b.fromCells = cellPoint(*from, path + ".from");
    b.toCells = v.contains("to") ? cellPoint(v["to"], path + ".to") : b.fromCells;
    if (auto it = v.find("radius"); it != v.end()) b.brush.radiusCells = float(positive(*it, path + ".radius", sim::rules::kRadiusCells.max));
    // A paint-soft stroke may remove soft layer: its strength may be negative.
    const double minStrength = b.brush.kind == sim::BrushKind::PaintSoft ? -sim::rules::kBrushStrength.max : 0.0;
    if (auto it = v.find("strength"); it != v.end())
        b.brush.strength = float(atLeast(*it, path + ".strength", minStrength, sim::rules::kBrushStrength.max));
    if (auto it = v.find("falloff"); it != v.end()) {
        const double f = number(*it, path + ".falloff");
        if (f < 0 || f > 1) fail(path + ".falloff", "must be a number in [0, 1] (got " + fmt(f) + ")");
        b.brush.falloff = float(f);
    }
    if (auto it = v.find("duration"); it != v.end()) b.durationSeconds = positive(*it, path + ".duration", kMaxVideoSeconds);
    const auto target = v.find("target");
    if (b.brush.kind == sim::BrushKind::Flatten) {
        if (target == v.end()) fail(path + ".target", "missing (flatten needs the bed height to flatten to, metres)");
        b.brush.targetHeightM = float(bounded(*target, path + ".target", sim::rules::kElevationM.max));
    } else if (b.brush.kind == sim::BrushKind::PaintHardness) {
        if (target == v.end()) fail(path + ".target", "missing (paint-hardness needs the hardness to paint, 0 to 1)");
        const double h = number(*target, path + ".target");
        if (h < 0 || h > 1) fail(path + ".target", "must be a number in [0, 1] (got " + fmt(h) + ")");
        b.brush.targetHeightM = float(h);
    } else if (target != v.end()) {
        fail(path + ".target", "only a flatten brush (bed height) and a paint-hardness brush (hardness) have a target");
    }
    return b;
}

}  // namespace

render::CameraPath Timeline::cameraPath(const render::Camera& start) const {
    std::vector<render::CameraKeyframe> keys;
    render::CameraKeyframe current{0.0, start.yawRad, start.pitchRad, start.distanceM, start.target};
    for (const TimelineCameraKey& k : camera) {
        current.timeSeconds = k.timeSeconds;
        if (k.yawDeg) current.yawRad = *k.yawDeg * kRadPerDeg;
        if (k.pitchDeg) current.pitchRad = *k.pitchDeg * kRadPerDeg;
        if (k.distanceM) current.distanceM = *k.distanceM;
        if (k.target) current.target = *k.target;
        keys.push_back(current);
    }
    return render::CameraPath(std::move(keys));
}

Result<Timeline> parseTimelineJson(std::string_view text, const std::string& fileForMessages, const sim::Scene& scene) {
    const std::string file = fileForMessages.empty() ? std::string("(timeline)") : fileForMessages;
    return sim::readJsonDocument<Timeline>(file, [&] { return Parser(file, scene).parse(text); });
}

Result<Timeline> loadTimelineFile(const std::filesystem::path& path, const sim::Scene& scene) {
    const std::string arg = path.string();
    if (arg.rfind("builtin:", 0) == 0) {  // a timeline that ships in assets/timelines/
        const std::string name = arg.substr(8);
        const std::vector<std::string> shipped = sim::listAssets("timelines", ".json");
        if (std::find(shipped.begin(), shipped.end(), name) == shipped.end()) {
            std::string valid;
            for (const std::string& n : shipped) valid += (valid.empty() ? "" : ", ") + n;
            return Error{"unknown built-in timeline '" + name + "' (valid: " + valid + ")"};
        }
        auto text = sim::readAsset("timelines/" + name + ".json");
        if (!text) return text.error();
        return parseTimelineJson(*text, arg + " (assets/timelines/" + name + ".json)", scene);
    }
    auto text = sim::readTextFile(path, "timeline");
    if (!text) return text.error();
    return parseTimelineJson(*text, path.string(), scene);
}

}  // namespace sluice::app

#include "sim/snapshot.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/crc32.hpp"
#include "sim/bodies/body_json.hpp"
#include "sim/exchange/georeference_json.hpp"
#include "sim/face_velocities.hpp"
#include "sim/scene_json.hpp"
#include "sim/json_reader.hpp"
#include "sim/number_rules.hpp"
#include "sim/scene_loader.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

static_assert(std::endian::native == std::endian::little, "snapshot files are little-endian");

namespace {

using nlohmann::json;
constexpr char kMagic[8] = {'S', 'L', 'U', 'I', 'C', 'E', 'S', 'N'};

template <class T>
void put(std::vector<std::byte>& out, std::size_t at, T v) {
    std::memcpy(out.data() + at, &v, sizeof(T));
}
template <class T>
T get(std::span<const std::byte> in, std::size_t at) {
    T v;
    std::memcpy(&v, in.data() + at, sizeof(T));
    return v;
}

/// Speeds and Courant numbers the run measured: >= 0, or infinite (null).
constexpr NumberRule kMeasured{0, 1e30, false, false, false};
/// The saved camera: angles in radians, positions and distance in metres.
constexpr NumberRule kAngleRad{-1e4, 1e4, false, false, false, "rad"};
constexpr NumberRule kCameraM{-1e9, 1e9, false, false, false, "m"};
constexpr NumberRule kCameraDistanceM{0, 1e9, true, false, false, "m"};
constexpr NumberRule kGridSide{2, double(kMaxSceneSide), false, false, true};
constexpr NumberRule kLastSubsteps{0, 4096, false, false, true};
constexpr NumberRule kDtSubSeconds{0, 3600, false, false, false, "s"};
/// The fractions of a unit carried between substeps.
constexpr NumberRule kCarry{0, 1, false, true, false};

const char* bookmarkModeName(ViewBookmark::Mode m) {
    return m == ViewBookmark::Mode::Fly ? "fly" : m == ViewBookmark::Mode::Walk ? "walk" : "orbit";
}

struct ArrayRef {
    const char* name;
    const char* dtype;
    const void* data;
    std::size_t count;
};

}  // namespace

std::vector<std::byte> encodeSnapshot(const Snapshot& snap) {
    const SolverState& s = snap.state;
    const FieldSnapshot& f = s.field;
    const std::vector<std::int32_t>& prev = f.prevDepthUnits.empty() ? f.depthUnits : f.prevDepthUnits;
    FieldSnapshot derived;
    if (f.faceVelocityXMS.empty() || f.faceVelocityYMS.empty()) {  // a state made by hand: as a load would
        derived = f;
        deriveFaceVelocities(derived, s.boundary, s.counters.timeSeconds);
    }
    const FieldSnapshot& faces = derived.faceVelocityXMS.empty() ? f : derived;
    const ErosionField& e = f.erosion;
    std::vector<ArrayRef> arrays = {
        {"terrain", "f4", f.terrainM.data(), f.terrainM.size()},
        {"depth_units", "i4", f.depthUnits.data(), f.depthUnits.size()},
        {"depth_prev_units", "i4", prev.data(), prev.size()},
        {"flow_x", "f4", f.flowXM3PerS.data(), f.flowXM3PerS.size()},
        {"flow_y", "f4", f.flowYM3PerS.data(), f.flowYM3PerS.size()},
        {"face_velocity_x", "f4", faces.faceVelocityXMS.data(), faces.faceVelocityXMS.size()},
        {"face_velocity_y", "f4", faces.faceVelocityYMS.data(), faces.faceVelocityYMS.size()},
    };
    if (!e.empty()) {  // erosion's state (version 5 on; absent when the run has none)
        arrays.push_back({"bed_base", "f4", e.baseM.data(), e.baseM.size()});
        arrays.push_back({"bed_change_units", "i4", e.bedChangeUnits.data(), e.bedChangeUnits.size()});
        arrays.push_back({"soft_units", "i4", e.softUnits.data(), e.softUnits.size()});
        arrays.push_back({"sediment_units", "i4", e.sedimentUnits.data(), e.sedimentUnits.size()});
        arrays.push_back({"hardness", "f4", e.hardness.data(), e.hardness.size()});
    }
    json table = json::array();
    std::size_t offset = 0;
    for (const ArrayRef& a : arrays) {
        table.push_back(json{{"name", a.name}, {"dtype", a.dtype}, {"count", a.count}, {"offset", offset}});
        offset += a.count * (a.dtype[1] == '8' ? 8 : 4);
    }
    const RunCounters& c = s.counters;
    json header{
        {"format", "sluice-snapshot"},
        {"name", snap.name},
        {"backend", s.backend},
        {"grid", {{"width", f.width}, {"height", f.height}, {"cell_size", f.cellSizeM}}},
        {"settings", settingsToJson(s.params, s.boundary, s.sources, s.drains)},
        {"run",
         {{"steps", c.steps},
          {"substeps", c.substeps},
          {"time", c.timeSeconds},
          {"last_substeps", c.lastSubsteps},
          {"last_dt_sub", c.lastDtSubSeconds},
          {"max_courant", c.maxCourant},
          {"capped_steps", c.cappedSteps},
          {"shortfall", c.shortfallSeconds},
          {"max_speed", s.speeds.demand},
          {"max_allowed_speed", s.speeds.allowed},
          {"initial_speed_estimate", s.initialSpeedEstimate}}},
        {"ledger", {{"initial_units", s.ledger.initial}, {"added_units", s.ledger.added}, {"removed_units", s.ledger.removed}}},
        {"carry",
         {{"rain", s.carry.rain},
          {"evaporation", s.carry.evaporation},
          {"inflow", s.carry.inflow},
          {"emitters", s.carry.emitters}}},
        {"arrays", table},
    };
    if (!e.empty())
        header["sediment"] = json{{"eroded_units", s.sediment.eroded},
                                  {"deposited_units", s.sediment.deposited},
                                  {"removed_units", s.sediment.removed}};
    if (snap.camera) {
        const ViewPose& v = *snap.camera;
        header["camera"] = json{{"target", {v.targetM[0], v.targetM[1], v.targetM[2]}},
                                {"yaw", v.yawRad},
                                {"pitch", v.pitchRad},
                                {"distance", v.distanceM}};
    }
    if (snap.georeference) header["georeference"] = georeferenceJson(*snap.georeference);
    if (!snap.bodies.empty()) header["bodies"] = bodiesToJson(snap.bodies);
    if (!snap.bookmarks.empty()) {
        json list = json::array();
        for (const ViewBookmark& b : snap.bookmarks) {
            const ViewPose& v = b.pose;
            list.push_back(json{{"slot", b.slot},
                                {"name", b.name},
                                {"mode", bookmarkModeName(b.mode)},
                                {"target", {v.targetM[0], v.targetM[1], v.targetM[2]}},
                                {"yaw", v.yawRad},
                                {"pitch", v.pitchRad},
                                {"distance", v.distanceM}});
        }
        header["bookmarks"] = std::move(list);
    }
    const std::string text = header.dump();
    const std::size_t payload = text.size() + offset;
    std::vector<std::byte> out(kSnapshotHeaderBytes + payload);
    std::memcpy(out.data(), kMagic, 8);
    put<std::uint32_t>(out, 8, kSnapshotVersion);
    put<std::uint32_t>(out, 12, std::uint32_t(text.size()));
    put<std::uint64_t>(out, 16, std::uint64_t(payload));
    std::memcpy(out.data() + kSnapshotHeaderBytes, text.data(), text.size());
    std::byte* data = out.data() + kSnapshotHeaderBytes + text.size();
    for (const ArrayRef& a : arrays) {
        const std::size_t bytes = a.count * (a.dtype[1] == '8' ? 8 : 4);
        if (bytes) std::memcpy(data, a.data, bytes);
        data += bytes;
    }
    put<std::uint32_t>(out, 24, crc32(std::span(out).subspan(kSnapshotHeaderBytes)));
    put<std::uint32_t>(out, 28, crc32(std::span(out).first(28)));
    return out;
}

namespace {

/// Reads the JSON header with JsonReader: every problem names the field ("run.time: must be ...").
class HeaderReader : public JsonReader {
public:
    HeaderReader(const std::string& file) : JsonReader(file + ": invalid snapshot") {}

    /// The number at obj[key] under `rule`. Non-finite speeds and Courant numbers are written as JSON
    /// null (JSON has no inf/NaN); where `nullIsInfinite`, null reads back as +inf, which the substep
    /// policy treats as "take the most substeps". Everywhere else null is refused.
    double at(const json& obj, const std::string& path, const char* key, const NumberRule& rule,
              bool nullIsInfinite = false) const {
        const json* v = find(obj, key);
        if (!v) fail(joinPath(path, key), "missing");
        if (v->is_null() && nullIsInfinite) return std::numeric_limits<double>::infinity();
        return number(*v, joinPath(path, key), rule);
    }
    /// An exact 64-bit integer at obj[key] (ledger units can exceed 2^53, where doubles lose units).
    std::int64_t atInteger(const json& obj, const std::string& path, const char* key) const {
        const json* v = find(obj, key);
        if (!v) fail(joinPath(path, key), "missing");
        return integer(*v, joinPath(path, key), 0, 1LL << 62);
    }
    const json& section(const json& obj, const char* key) const {
        const json* v = find(obj, key);
        if (!v) fail(key, "missing");
        return object(*v, key);
    }
    std::string text(const json& obj, const char* key, const std::string& fallback) const {
        const json* v = find(obj, key);
        return v ? string(*v, key) : fallback;
    }

    /// Whether the table has an array called `name`.
    bool hasArray(const json& table, const char* name) const {
        for (const json& e : table)
            if (e.is_object() && e.contains("name") && e["name"] == name) return true;
        return false;
    }

    /// Fills one array of dtype `wanted` from the table entry called `name`, checking count and bounds.
    template <class T>
    void readArray(const json& table, std::span<const std::byte> data, const char* name, const char* wanted,
                   std::size_t expected, bool exactCount, std::vector<T>& out) const {
        for (std::size_t i = 0; i < table.size(); ++i) {
            const std::string path = "arrays[" + std::to_string(i) + "]";
            const json& e = object(table[i], path);
            const json* n = find(e, "name");
            if (!n || string(*n, path + ".name") != name) continue;
            const json* d = find(e, "dtype");
            const std::string dtype = d ? string(*d, path + ".dtype") : "";
            if (dtype != wanted) fail(path, std::string("array '") + name + "' has dtype '" + dtype + "', expected '" + wanted + "'");
            const std::size_t count = std::size_t(at(e, path, "count", rules::kStepCount));
            const std::size_t offset = std::size_t(at(e, path, "offset", rules::kStepCount));
            if (exactCount && count != expected)
                fail(path, std::string("array '") + name + "' has " + std::to_string(count) + " values, the grid needs " +
                               std::to_string(expected));
            if (offset > data.size() || count > (data.size() - offset) / sizeof(T))
                fail(path, std::string("array '") + name + "' lies outside the file");
            out.resize(count);
            if (count) std::memcpy(out.data(), data.data() + offset, count * sizeof(T));
            return;
        }
        fail("arrays", std::string("array '") + name + "' is missing");
    }

    /// An int32 depth array in units, every value in 0..kMaxDepthUnits.
    void readDepthUnits(const json& table, std::span<const std::byte> data, const char* name, std::size_t expected,
                        std::vector<std::int32_t>& out) const {
        readArray(table, data, name, "i4", expected, true, out);
        for (std::size_t i = 0; i < out.size(); ++i)
            if (out[i] < 0 || out[i] > kMaxDepthUnits)
                fail("", std::string("array '") + name + "' has an invalid value (" + std::to_string(out[i]) +
                             ") at index " + std::to_string(i) + ": must be an integer in 0.." + std::to_string(kMaxDepthUnits));
    }

    /// A camera pose {target, yaw, pitch, distance} at `path` (the "camera" object and each bookmark).
    ViewPose pose(const json& obj, const std::string& path) const {
        ViewPose v;
        const json* t = find(obj, "target");
        if (!t || !t->is_array() || t->size() != 3) fail(joinPath(path, "target"), "expected [x, y, z] in metres");
        for (std::size_t i = 0; i < 3; ++i) v.targetM[i] = float(number((*t)[i], joinPath(path, "target"), kCameraM));
        v.yawRad = float(at(obj, path, "yaw", kAngleRad));
        v.pitchRad = float(at(obj, path, "pitch", kAngleRad));
        v.distanceM = float(at(obj, path, "distance", kCameraDistanceM));
        return v;
    }

    /// The optional "bookmarks" array: at most nine {slot 1..9 (each once), name, mode, pose}.
    std::vector<ViewBookmark> bookmarks(const json& v) const {
        const json& list = array(v, "bookmarks");
        if (list.size() > std::size_t(kBookmarkSlots))
            fail("bookmarks", "at most " + std::to_string(kBookmarkSlots) + " bookmarks (got " + std::to_string(list.size()) + ")");
        std::vector<ViewBookmark> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = "bookmarks[" + std::to_string(i) + "]";
            const json& e = object(list[i], path);
            rejectUnknownKeys(e, path, {"slot", "name", "mode", "target", "yaw", "pitch", "distance"});
            ViewBookmark b;
            const json* slot = find(e, "slot");
            if (!slot) fail(joinPath(path, "slot"), "missing (1 to 9: the key that recalls it)");
            b.slot = int(integer(*slot, joinPath(path, "slot"), 1, kBookmarkSlots));
            for (const ViewBookmark& earlier : out)
                if (earlier.slot == b.slot) fail(joinPath(path, "slot"), "slot " + std::to_string(b.slot) + " is used twice");
            if (const json* name = find(e, "name")) b.name = string(*name, joinPath(path, "name"));
            if (b.name.size() > kMaxBookmarkName)
                fail(joinPath(path, "name"), "longer than " + std::to_string(kMaxBookmarkName) + " bytes");
            const json* modeEntry = find(e, "mode");
            const std::string mode = modeEntry ? string(*modeEntry, joinPath(path, "mode")) : "orbit";
            if (mode == "orbit") b.mode = ViewBookmark::Mode::Orbit;
            else if (mode == "fly") b.mode = ViewBookmark::Mode::Fly;
            else if (mode == "walk") b.mode = ViewBookmark::Mode::Walk;
            else fail(joinPath(path, "mode"), "expected \"orbit\", \"fly\" or \"walk\", got \"" + mode + "\"");
            b.pose = pose(e, path);
            out.push_back(std::move(b));
        }
        return out;
    }

    void checkValues(const std::vector<float>& v, int width, const char* name, const NumberRule& rule) const {
        if (auto ok = checkField(v, width, rule, std::string("array '") + name + "'"); !ok) fail("", ok.error().message);
    }
};

Snapshot decodeChecked(std::span<const std::byte> bytes, const std::string& file, std::uint32_t jsonBytes,
                       std::uint32_t version) {
    const HeaderReader r(file);
    const auto text = bytes.subspan(kSnapshotHeaderBytes, jsonBytes);
    auto parsed = parseJsonText(std::string_view(reinterpret_cast<const char*>(text.data()), text.size()), file);
    if (!parsed) throw JsonFailure{parsed.error().message};
    const json h = std::move(*parsed);
    r.object(h, "header");
    if (r.text(h, "format", "") != "sluice-snapshot") r.fail("format", "not a snapshot header");
    Snapshot snap;
    snap.name = r.text(h, "name", "snapshot");
    SolverState& s = snap.state;
    s.backend = r.text(h, "backend", "");
    const json& grid = r.section(h, "grid");
    FieldSnapshot& f = s.field;
    f.width = int(r.at(grid, "grid", "width", kGridSide));
    f.height = int(r.at(grid, "grid", "height", kGridSide));
    f.cellSizeM = float(r.at(grid, "grid", "cell_size", rules::kCellSizeM));
    if ((long long)f.width * f.height > kMaxSceneCells)
        r.fail("grid", std::to_string(f.width) + "x" + std::to_string(f.height) + " exceeds " + std::to_string(kMaxSceneCells) +
                           " cells");
    auto settings = parseSettingsJson(r.section(h, "settings"), file + ": settings", f.width, f.height);
    if (!settings) throw JsonFailure{settings.error().message};
    s.params = settings->scene.params;
    if (version < 3) {
        // Saved before the shallow-water model existed: the pipe model with the seeds' friction.
        s.params.model = WaterModel::Pipes;
        s.params.frictionLaw = FrictionLaw::Linear;
    }
    s.boundary = settings->scene.boundary;
    s.sources = std::move(settings->scene.sources);
    s.drains = std::move(settings->scene.drains);

    const json& run = r.section(h, "run");
    RunCounters& c = s.counters;
    c.steps = std::int64_t(r.at(run, "run", "steps", rules::kStepCount));
    c.substeps = std::int64_t(r.at(run, "run", "substeps", rules::kStepCount));
    c.timeSeconds = r.at(run, "run", "time", rules::kTimeSeconds);
    c.lastSubsteps = int(r.at(run, "run", "last_substeps", kLastSubsteps));
    c.lastDtSubSeconds = float(r.at(run, "run", "last_dt_sub", kDtSubSeconds));
    c.maxCourant = float(r.at(run, "run", "max_courant", kMeasured, true));
    s.speeds.demand = float(r.at(run, "run", "max_speed", kMeasured, true));
    s.speeds.allowed = s.speeds.demand;  // versions 1-2 had no Courant guard: what was asked was allowed
    if (version >= 3) {
        s.speeds.allowed = float(r.at(run, "run", "max_allowed_speed", kMeasured, true));
        c.cappedSteps = std::int64_t(r.at(run, "run", "capped_steps", rules::kStepCount));
        c.shortfallSeconds = r.at(run, "run", "shortfall", rules::kTimeSeconds);
    }
    s.initialSpeedEstimate = float(r.at(run, "run", "initial_speed_estimate", kMeasured, true));
    const json& ledger = r.section(h, "ledger");
    const double unitVolume = kDepthUnitM * double(f.cellSizeM) * double(f.cellSizeM);
    if (version == 1) {
        // Version 1 kept volumes in m^3 (floats): to the nearest unit.
        s.ledger.initial = std::int64_t(std::llround(r.at(ledger, "ledger", "initial_volume", rules::kVolumeM3) / unitVolume));
        s.ledger.added = std::int64_t(std::llround(r.at(ledger, "ledger", "added", rules::kVolumeM3) / unitVolume));
        s.ledger.removed = std::int64_t(std::llround(r.at(ledger, "ledger", "removed", rules::kVolumeM3) / unitVolume));
    } else {
        s.ledger.initial = r.atInteger(ledger, "ledger", "initial_units");
        s.ledger.added = r.atInteger(ledger, "ledger", "added_units");
        s.ledger.removed = r.atInteger(ledger, "ledger", "removed_units");
        const json& carry = r.section(h, "carry");
        s.carry.rain = r.at(carry, "carry", "rain", kCarry);
        s.carry.evaporation = r.at(carry, "carry", "evaporation", kCarry);
        // Per boundary segment that is not a wall, west side first (version 2: per side, four numbers,
        // when each side was one segment: the same order once the walls are left out).
        const json* inflow = r.find(carry, "inflow");
        if (!inflow || !inflow->is_array()) r.fail("carry.inflow", "expected an array of numbers");
        for (std::size_t i = 0; i < inflow->size(); ++i) {
            if (version == 2 && s.boundary.side(int(i)).isWall()) continue;
            s.carry.inflow.push_back(r.number((*inflow)[i], "carry.inflow", kCarry));
        }
        const json* emitters = r.find(carry, "emitters");
        if (!emitters || !emitters->is_array()) r.fail("carry.emitters", "expected an array");
        for (const json& e : *emitters) s.carry.emitters.push_back(r.number(e, "carry.emitters", kCarry));
    }

    if (const json* cam = r.find(h, "camera")) {
        r.object(*cam, "camera");
        snap.camera = r.pose(*cam, "camera");
    }
    if (const json* list = r.find(h, "bookmarks")) snap.bookmarks = r.bookmarks(*list);
    if (const json* geo = r.find(h, "georeference")) snap.georeference = readGeoreference(r, *geo, "georeference");
    if (const json* list = r.find(h, "bodies")) snap.bodies = readBodies(r, *list, "bodies");

    const json* tableEntry = r.find(h, "arrays");
    if (!tableEntry) r.fail("arrays", "missing");
    const json& table = r.array(*tableEntry, "arrays");
    const auto data = bytes.subspan(kSnapshotHeaderBytes + jsonBytes);
    const std::size_t W = std::size_t(f.width), H = std::size_t(f.height);
    r.readArray(table, data, "terrain", "f4", W * H, true, f.terrainM);
    if (version == 1) {  // depth in float metres: to the nearest unit
        std::vector<float> depthM;
        r.readArray(table, data, "depth", "f4", W * H, true, depthM);
        r.checkValues(depthM, f.width, "depth", rules::kDepthM);
        f.depthUnits.resize(depthM.size());
        for (std::size_t i = 0; i < depthM.size(); ++i) f.depthUnits[i] = depthToUnits(depthM[i]);
    } else {
        r.readDepthUnits(table, data, "depth_units", W * H, f.depthUnits);
        if (version >= 3) r.readDepthUnits(table, data, "depth_prev_units", W * H, f.prevDepthUnits);
    }
    fillDepthMetres(f);
    r.readArray(table, data, "flow_x", "f4", (W + 1) * H, true, f.flowXM3PerS);
    r.readArray(table, data, "flow_y", "f4", W * (H + 1), true, f.flowYM3PerS);
    r.checkValues(f.terrainM, f.width, "terrain", rules::kElevationM);
    r.checkValues(f.flowXM3PerS, f.width + 1, "flow_x", rules::kFlowM3PerS);
    r.checkValues(f.flowYM3PerS, f.width, "flow_y", rules::kFlowM3PerS);
    if (version >= 6) {
        r.readArray(table, data, "face_velocity_x", "f4", (W + 1) * H, true, f.faceVelocityXMS);
        r.readArray(table, data, "face_velocity_y", "f4", W * (H + 1), true, f.faceVelocityYMS);
        r.checkValues(f.faceVelocityXMS, f.width + 1, "face_velocity_x", rules::kVelocityMPerS);
        r.checkValues(f.faceVelocityYMS, f.width, "face_velocity_y", rules::kVelocityMPerS);
    } else if (version >= 4) {  // face depths: the velocities pass 2 would have stored from them
        std::vector<float> depthX, depthY;
        r.readArray(table, data, "face_depth_x", "f4", (W + 1) * H, true, depthX);
        r.readArray(table, data, "face_depth_y", "f4", W * (H + 1), true, depthY);
        r.checkValues(depthX, f.width + 1, "face_depth_x", rules::kDepthM);
        r.checkValues(depthY, f.width, "face_depth_y", rules::kDepthM);
        faceVelocitiesFromDepths(f, depthX, depthY);
    }
    if (version >= 5 && r.hasArray(table, "sediment_units")) {
        ErosionField& e = f.erosion;
        r.readArray(table, data, "bed_base", "f4", W * H, true, e.baseM);
        r.readArray(table, data, "bed_change_units", "i4", W * H, true, e.bedChangeUnits);
        r.readArray(table, data, "hardness", "f4", W * H, true, e.hardness);
        r.readDepthUnits(table, data, "soft_units", W * H, e.softUnits);
        r.readDepthUnits(table, data, "sediment_units", W * H, e.sedimentUnits);
        r.checkValues(e.baseM, f.width, "bed_base", rules::kElevationM);
        r.checkValues(e.hardness, f.width, "hardness", rules::kFraction);
        for (std::size_t i = 0; i < e.bedChangeUnits.size(); ++i)
            if (std::abs(std::int64_t(e.bedChangeUnits[i])) > kMaxDepthUnits)
                r.fail("", "array 'bed_change_units' has an invalid value (" + std::to_string(e.bedChangeUnits[i]) +
                               ") at index " + std::to_string(i) + ": must be within +-" + std::to_string(kMaxDepthUnits));
        const json& sed = r.section(h, "sediment");
        s.sediment.eroded = r.atInteger(sed, "sediment", "eroded_units");
        s.sediment.deposited = r.atInteger(sed, "sediment", "deposited_units");
        s.sediment.removed = r.atInteger(sed, "sediment", "removed_units");
    }
    return snap;
}

}  // namespace

Result<Snapshot> decodeSnapshot(std::span<const std::byte> bytes, const std::string& file) {
    const auto bad = [&](const std::string& why) { return Error{file + ": " + why}; };
    if (bytes.size() < kSnapshotHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0)
        return bad(bytes.size() < 8 ? "not a Sluice snapshot (file too short)" : "not a Sluice snapshot (wrong magic bytes)");
    if (get<std::uint32_t>(bytes, 28) != crc32(bytes.first(28)))
        return bad("corrupted snapshot: the file header's checksum does not match");
    const auto version = get<std::uint32_t>(bytes, 8);
    if (version < kOldestSnapshotVersion || version > kSnapshotVersion)
        return bad("snapshot format version " + std::to_string(version) + " is not supported (this build reads versions " +
                   std::to_string(kOldestSnapshotVersion) + " to " + std::to_string(kSnapshotVersion) + ")");
    const auto jsonBytes = get<std::uint32_t>(bytes, 12);
    const auto payload = get<std::uint64_t>(bytes, 16);
    const std::uint64_t have = bytes.size() - kSnapshotHeaderBytes;
    if (payload != have)
        return bad(payload > have ? "truncated snapshot: " + std::to_string(have) + " of " + std::to_string(payload) +
                                        " data bytes present"
                                  : "snapshot has " + std::to_string(have - payload) + " unexpected trailing bytes");
    if (jsonBytes > payload) return bad("corrupted snapshot: header length exceeds the file");
    if (get<std::uint32_t>(bytes, 24) != crc32(bytes.subspan(kSnapshotHeaderBytes)))
        return bad("corrupted snapshot: checksum mismatch (the file was damaged after it was written)");
    return readJsonDocument<Snapshot>(file + ": invalid snapshot", [&] { return decodeChecked(bytes, file, jsonBytes, version); });
}

Result<void> writeSnapshotFile(const std::filesystem::path& path, const Snapshot& snapshot) {
    const std::vector<std::byte> bytes = encodeSnapshot(snapshot);
    return writeFileAtomic(path, bytes);
}

Result<Snapshot> readSnapshotFile(const std::filesystem::path& path) {
    // readTextFile refuses directories and unreadable files with a message naming the path.
    auto bytes = readTextFile(path, "snapshot");
    if (!bytes) return bytes.error();
    return decodeSnapshot(std::as_bytes(std::span(bytes->data(), bytes->size())), path.string());
}

bool isSnapshotFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[8] = {};
    return in.read(magic, 8) && std::memcmp(magic, kMagic, 8) == 0;
}

Scene sceneFromSnapshot(Snapshot snap) {
    Scene scene;
    SolverState& s = snap.state;
    scene.name = snap.name;
    scene.width = s.field.width;
    scene.height = s.field.height;
    scene.cellSizeM = s.field.cellSizeM;
    scene.terrainM = s.field.terrainM;
    scene.depthM = s.field.depthM;
    scene.params = s.params;
    scene.boundary = s.boundary;
    scene.sources = s.sources;
    scene.drains = s.drains;
    scene.camera = snap.camera;
    scene.bookmarks = snap.bookmarks;
    scene.georeference = snap.georeference;
    scene.bodies = snap.bodies;
    scene.erosionSetUp = !s.field.erosion.empty();
    scene.resume = std::make_shared<const SolverState>(std::move(s));
    return scene;
}

}  // namespace sluice::sim

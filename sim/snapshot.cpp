#include "sim/snapshot.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/crc32.hpp"
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
    const ArrayRef arrays[] = {
        {"terrain", "f4", f.terrainM.data(), f.terrainM.size()},
        {"depth", "f4", f.depthM.data(), f.depthM.size()},
        {"flow_x", "f4", f.flowXM3PerS.data(), f.flowXM3PerS.size()},
        {"flow_y", "f4", f.flowYM3PerS.data(), f.flowYM3PerS.size()},
        {"ledger_slots", "f8", s.ledgerSlots.data(), s.ledgerSlots.size()},
    };
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
          {"max_speed", s.maxSpeedMPerS},
          {"initial_speed_estimate", s.initialSpeedEstimate}}},
        {"ledger", {{"initial_volume", s.initialVolumeM3}, {"added", s.addedM3}, {"removed", s.removedM3}}},
        {"arrays", table},
    };
    if (snap.camera) {
        const ViewPose& v = *snap.camera;
        header["camera"] = json{{"target", {v.targetM[0], v.targetM[1], v.targetM[2]}},
                                {"yaw", v.yawRad},
                                {"pitch", v.pitchRad},
                                {"distance", v.distanceM}};
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
    const json& section(const json& obj, const char* key) const {
        const json* v = find(obj, key);
        if (!v) fail(key, "missing");
        return object(*v, key);
    }
    std::string text(const json& obj, const char* key, const std::string& fallback) const {
        const json* v = find(obj, key);
        return v ? string(*v, key) : fallback;
    }

    /// Fills one array from the table entry called `name`, checking dtype, count and bounds.
    template <class T>
    void readArray(const json& table, std::span<const std::byte> data, const char* name, std::size_t expected,
                   bool exactCount, std::vector<T>& out) const {
        for (std::size_t i = 0; i < table.size(); ++i) {
            const std::string path = "arrays[" + std::to_string(i) + "]";
            const json& e = object(table[i], path);
            const json* n = find(e, "name");
            if (!n || string(*n, path + ".name") != name) continue;
            const json* d = find(e, "dtype");
            const std::string dtype = d ? string(*d, path + ".dtype") : "";
            if (dtype != (sizeof(T) == 8 ? "f8" : "f4")) fail(path, std::string("array '") + name + "' has dtype '" + dtype + "'");
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

    void checkValues(const std::vector<float>& v, int width, const char* name, const NumberRule& rule) const {
        if (auto ok = checkField(v, width, rule, std::string("array '") + name + "'"); !ok) fail("", ok.error().message);
    }
};

Snapshot decodeChecked(std::span<const std::byte> bytes, const std::string& file, std::uint32_t jsonBytes) {
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
    s.maxSpeedMPerS = float(r.at(run, "run", "max_speed", kMeasured, true));
    s.initialSpeedEstimate = float(r.at(run, "run", "initial_speed_estimate", kMeasured, true));
    const json& ledger = r.section(h, "ledger");
    s.initialVolumeM3 = r.at(ledger, "ledger", "initial_volume", rules::kVolumeM3);
    s.addedM3 = r.at(ledger, "ledger", "added", rules::kVolumeM3);
    s.removedM3 = r.at(ledger, "ledger", "removed", rules::kVolumeM3);

    if (const json* cam = r.find(h, "camera")) {
        r.object(*cam, "camera");
        ViewPose v;
        const json* t = r.find(*cam, "target");
        if (!t || !t->is_array() || t->size() != 3) r.fail("camera.target", "expected [x, y, z] in metres");
        for (std::size_t i = 0; i < 3; ++i) v.targetM[i] = float(r.number((*t)[i], "camera.target", kCameraM));
        v.yawRad = float(r.at(*cam, "camera", "yaw", kAngleRad));
        v.pitchRad = float(r.at(*cam, "camera", "pitch", kAngleRad));
        v.distanceM = float(r.at(*cam, "camera", "distance", kCameraDistanceM));
        snap.camera = v;
    }

    const json* tableEntry = r.find(h, "arrays");
    if (!tableEntry) r.fail("arrays", "missing");
    const json& table = r.array(*tableEntry, "arrays");
    const auto data = bytes.subspan(kSnapshotHeaderBytes + jsonBytes);
    const std::size_t W = std::size_t(f.width), H = std::size_t(f.height);
    r.readArray(table, data, "terrain", W * H, true, f.terrainM);
    r.readArray(table, data, "depth", W * H, true, f.depthM);
    r.readArray(table, data, "flow_x", (W + 1) * H, true, f.flowXM3PerS);
    r.readArray(table, data, "flow_y", W * (H + 1), true, f.flowYM3PerS);
    r.readArray(table, data, "ledger_slots", 0, false, s.ledgerSlots);
    r.checkValues(f.terrainM, f.width, "terrain", rules::kElevationM);
    r.checkValues(f.depthM, f.width, "depth", rules::kDepthM);
    r.checkValues(f.flowXM3PerS, f.width + 1, "flow_x", rules::kFlowM3PerS);
    r.checkValues(f.flowYM3PerS, f.width, "flow_y", rules::kFlowM3PerS);
    for (std::size_t i = 0; i < s.ledgerSlots.size(); ++i)
        if (auto problem = ruleProblem(s.ledgerSlots[i], rules::kVolumeM3))
            r.fail("", "array 'ledger_slots' has an invalid value at index " + std::to_string(i) + ": " + *problem);
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
    if (version != kSnapshotVersion)
        return bad("snapshot format version " + std::to_string(version) + " is not supported (this build reads version " +
                   std::to_string(kSnapshotVersion) + ")");
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
    return readJsonDocument<Snapshot>(file + ": invalid snapshot", [&] { return decodeChecked(bytes, file, jsonBytes); });
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
    scene.resume = std::make_shared<const SolverState>(std::move(s));
    return scene;
}

}  // namespace sluice::sim

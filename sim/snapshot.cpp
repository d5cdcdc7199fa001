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
#include "sim/scene_loader.hpp"

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

/// Non-finite floats are written as JSON null (JSON has no inf/NaN) and read back as NaN, which
/// the substep policy treats like infinity (maximum substeps).
double number(const json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end()) throw std::runtime_error(std::string("missing '") + key + "'");
    if (it->is_null()) return std::numeric_limits<double>::quiet_NaN();
    if (!it->is_number()) throw std::runtime_error(std::string("'") + key + "' is not a number");
    return it->get<double>();
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

/// Fills one array from the table entry called `name`, checking dtype, count and bounds.
template <class T>
void readArray(const json& table, std::span<const std::byte> data, const char* name, std::size_t expected,
               bool exactCount, std::vector<T>& out) {
    for (const json& e : table) {
        if (e.value("name", "") != name) continue;
        const std::string dtype = e.value("dtype", "");
        if (dtype != (sizeof(T) == 8 ? "f8" : "f4"))
            throw std::runtime_error(std::string("array '") + name + "' has dtype '" + dtype + "'");
        const std::size_t count = e.at("count").get<std::size_t>(), offset = e.at("offset").get<std::size_t>();
        if (exactCount && count != expected)
            throw std::runtime_error(std::string("array '") + name + "' has " + std::to_string(count) +
                                     " values, the grid needs " + std::to_string(expected));
        if (offset > data.size() || count > (data.size() - offset) / sizeof(T))
            throw std::runtime_error(std::string("array '") + name + "' lies outside the file");
        out.resize(count);
        if (count) std::memcpy(out.data(), data.data() + offset, count * sizeof(T));
        return;
    }
    throw std::runtime_error(std::string("array '") + name + "' is missing");
}

void checkFinite(const std::vector<float>& v, const char* name, bool nonNegative) {
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!std::isfinite(v[i]) || (nonNegative && v[i] < 0))
            throw std::runtime_error(std::string("array '") + name + "' has an invalid value at index " +
                                     std::to_string(i));
}

Snapshot decodeChecked(std::span<const std::byte> bytes, const std::string& file, std::uint32_t jsonBytes) {
    const auto text = bytes.subspan(kSnapshotHeaderBytes, jsonBytes);
    const json h = json::parse(reinterpret_cast<const char*>(text.data()),
                               reinterpret_cast<const char*>(text.data()) + text.size());
    if (h.value("format", "") != "sluice-snapshot") throw std::runtime_error("header is not a snapshot header");
    Snapshot snap;
    snap.name = h.value("name", "snapshot");
    SolverState& s = snap.state;
    s.backend = h.value("backend", "");
    const json& grid = h.at("grid");
    FieldSnapshot& f = s.field;
    f.width = grid.at("width").get<int>();
    f.height = grid.at("height").get<int>();
    f.cellSizeM = float(number(grid, "cell_size"));
    if (f.width < 2 || f.height < 2 || f.width > kMaxSceneSide || f.height > kMaxSceneSide ||
        (long long)f.width * f.height > kMaxSceneCells || !(f.cellSizeM > 0) || !std::isfinite(f.cellSizeM))
        throw std::runtime_error("grid " + std::to_string(f.width) + "x" + std::to_string(f.height) + " is invalid");
    auto settings = parseSettingsJson(h.at("settings"), file + ": settings", f.width, f.height);
    if (!settings) throw std::runtime_error(settings.error().message.substr(file.size() + 2));
    s.params = settings->scene.params;
    s.boundary = settings->scene.boundary;
    s.sources = std::move(settings->scene.sources);
    s.drains = std::move(settings->scene.drains);

    const json& run = h.at("run");
    RunCounters& c = s.counters;
    c.steps = run.at("steps").get<std::int64_t>();
    c.substeps = run.at("substeps").get<std::int64_t>();
    c.timeSeconds = number(run, "time");
    c.lastSubsteps = run.at("last_substeps").get<int>();
    c.lastDtSubSeconds = float(number(run, "last_dt_sub"));
    c.maxCourant = float(number(run, "max_courant"));
    s.maxSpeedMPerS = float(number(run, "max_speed"));
    s.initialSpeedEstimate = float(number(run, "initial_speed_estimate"));
    if (c.steps < 0 || c.substeps < 0) throw std::runtime_error("negative step counters");
    const json& ledger = h.at("ledger");
    s.initialVolumeM3 = number(ledger, "initial_volume");
    s.addedM3 = number(ledger, "added");
    s.removedM3 = number(ledger, "removed");

    if (const auto cam = h.find("camera"); cam != h.end()) {
        ViewPose v;
        const json& t = cam->at("target");
        for (int i = 0; i < 3; ++i) v.targetM[i] = t.at(i).get<float>();
        v.yawRad = float(number(*cam, "yaw"));
        v.pitchRad = float(number(*cam, "pitch"));
        v.distanceM = float(number(*cam, "distance"));
        snap.camera = v;
    }

    const json& table = h.at("arrays");
    const auto data = bytes.subspan(kSnapshotHeaderBytes + jsonBytes);
    const std::size_t W = std::size_t(f.width), H = std::size_t(f.height);
    readArray(table, data, "terrain", W * H, true, f.terrainM);
    readArray(table, data, "depth", W * H, true, f.depthM);
    readArray(table, data, "flow_x", (W + 1) * H, true, f.flowXM3PerS);
    readArray(table, data, "flow_y", W * (H + 1), true, f.flowYM3PerS);
    readArray(table, data, "ledger_slots", 0, false, s.ledgerSlots);
    checkFinite(f.terrainM, "terrain", false);
    checkFinite(f.depthM, "depth", true);
    checkFinite(f.flowXM3PerS, "flow_x", false);
    checkFinite(f.flowYM3PerS, "flow_y", false);
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
    try {
        return decodeChecked(bytes, file, jsonBytes);
    } catch (const std::exception& e) {
        return bad(std::string("invalid snapshot: ") + e.what());
    }
}

Result<void> writeSnapshotFile(const std::filesystem::path& path, const Snapshot& snapshot) {
    const std::vector<std::byte> bytes = encodeSnapshot(snapshot);
    return writeFileAtomic(path, bytes);
}

Result<Snapshot> readSnapshotFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{path.string() + ": cannot open snapshot file"};
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0);
    if (size < 0) return Error{path.string() + ": cannot read snapshot file"};
    std::vector<std::byte> bytes(static_cast<std::size_t>(size));
    if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) return Error{path.string() + ": read error"};
    return decodeSnapshot(bytes, path.string());
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

#include "sim/exchange/raw16.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/atomic_file.hpp"
#include "sim/exchange/height_image.hpp"
#include "sim/text_file.hpp"

namespace sluice::sim {

namespace {

/// Largest side a sidecar may give (the scene limit, sim/scene_loader.hpp kMaxSceneSide).
constexpr long long kMaxRaw16Side = 65536;
/// Largest |height| or cell size (m) a sidecar may give.
constexpr double kMaxRaw16MetresAbs = 1e6;

Result<void> checkInfo(const std::string& name, const Raw16Info& info) {
    if (info.width <= 0 || info.height <= 0)
        return Error{name + ": RAW16 size must be positive (got " + std::to_string(info.width) + "x" +
                     std::to_string(info.height) + ")"};
    if (!std::isfinite(info.minM) || !std::isfinite(info.maxM) || !(info.maxM > info.minM))
        return Error{name + ": RAW16 height range must be finite with max > min (got min=" + std::to_string(info.minM) +
                     ", max=" + std::to_string(info.maxM) + ")"};
    return {};
}

Result<std::vector<std::byte>> readAll(const std::filesystem::path& path) {
    auto text = readTextFile(path, "RAW16");
    if (!text) return text.error();
    std::vector<std::byte> bytes(text->size());
    for (std::size_t i = 0; i < text->size(); ++i) bytes[i] = std::byte((*text)[i]);
    return bytes;
}

}  // namespace

std::filesystem::path raw16SidecarPath(const std::filesystem::path& raw) {
    std::filesystem::path p = raw;
    p += ".json";
    return p;
}

Result<void> writeRaw16(const std::filesystem::path& path, const float* heightsM, const Raw16Info& info) {
    if (auto ok = checkInfo(path.string(), info); !ok) return ok;
    const std::size_t w = std::size_t(info.width), h = std::size_t(info.height);
    std::vector<std::byte> bytes(w * h * 2);
    for (std::size_t row = 0; row < h; ++row)
        for (std::size_t x = 0; x < w; ++x) {
            // Image order: file row 0 is the north edge, the simulation's last row.
            const std::uint16_t v = heightToLevel16(heightsM[(h - 1 - row) * w + x], info.minM, info.maxM);
            const std::size_t at = 2 * (row * w + x);
            bytes[at] = std::byte(v & 0xff);  // little-endian, whatever the host
            bytes[at + 1] = std::byte(v >> 8);
        }
    if (auto ok = writeFileAtomic(path, bytes); !ok) return ok;
    nlohmann::json side = {{"format", "raw16"},
                           {"width", info.width},
                           {"height", info.height},
                           {"min_m", info.minM},
                           {"max_m", info.maxM},
                           {"byte_order", "little-endian"},
                           {"row_order", "north-first"},
                           {"sample", "uint16, level 0 = min_m, 65535 = max_m, linear"}};
    if (info.cellSizeM > 0) side["cell_size_m"] = info.cellSizeM;
    return writeFileAtomic(raw16SidecarPath(path), side.dump(2) + "\n");
}

Result<Raw16Info> readRaw16Sidecar(const std::filesystem::path& sidecar) {
    const std::string name = sidecar.string();
    auto text = readTextFile(sidecar, "RAW16 sidecar");
    if (!text) return text.error();
    auto parsed = parseJsonText(*text, name);
    if (!parsed) return parsed.error();
    const nlohmann::json& j = *parsed;
    if (!j.is_object()) return Error{name + ": expected a JSON object"};
    auto intKey = [&](const char* key) -> Result<int> {
        if (!j.contains(key) || !j[key].is_number_integer()) return Error{name + ": '" + key + "' missing or not an integer"};
        const long long v = j[key].get<long long>();
        if (v < 1 || v > kMaxRaw16Side) return Error{name + ": '" + key + "' must be in 1.." + std::to_string(kMaxRaw16Side)};
        return int(v);
    };
    auto numKey = [&](const char* key) -> Result<float> {
        if (!j.contains(key) || !j[key].is_number()) return Error{name + ": '" + key + "' missing or not a number"};
        const double v = j[key].get<double>();
        // Narrowing to float is only defined within its range; heights beyond a million metres are a typo anyway.
        if (!(std::abs(v) <= kMaxRaw16MetresAbs)) return Error{name + ": '" + key + "' must be a finite number within +-1e6 m"};
        return float(v);
    };
    if (j.contains("byte_order") && j["byte_order"] != "little-endian")
        return Error{name + ": byte_order " + j["byte_order"].dump() + " is not supported (expected \"little-endian\")"};
    Raw16Info info;
    auto w = intKey("width");
    auto h = intKey("height");
    auto mn = numKey("min_m");
    auto mx = numKey("max_m");
    for (const Error* e : {w ? nullptr : &w.error(), h ? nullptr : &h.error(), mn ? nullptr : &mn.error(),
                           mx ? nullptr : &mx.error()})
        if (e) return *e;
    info.width = *w;
    info.height = *h;
    info.minM = *mn;
    info.maxM = *mx;
    if (j.contains("cell_size_m")) {
        auto c = numKey("cell_size_m");
        if (!c) return c.error();
        if (!(*c > 0)) return Error{name + ": 'cell_size_m' must be positive"};
        info.cellSizeM = *c;
    }
    if (auto ok = checkInfo(name, info); !ok) return ok.error();
    return info;
}

Result<HeightImage> readRaw16(const std::filesystem::path& path, const std::optional<Raw16Info>& given) {
    const std::string name = path.string();
    Raw16Info info;
    if (given) {
        info = *given;
    } else {
        const std::filesystem::path side = raw16SidecarPath(path);
        std::error_code ec;
        if (!std::filesystem::exists(side, ec))
            return Error{name + ": RAW16 has no size or height range: give them (FILE:MIN:MAX and the grid's size) "
                                "or put a sidecar " + side.filename().string() + " beside it"};
        auto s = readRaw16Sidecar(side);
        if (!s) return s.error();
        info = *s;
    }
    if (auto ok = checkInfo(name, info); !ok) return ok.error();
    auto bytes = readAll(path);
    if (!bytes) return bytes.error();
    const std::size_t w = std::size_t(info.width), h = std::size_t(info.height);
    if (bytes->size() != w * h * 2)
        return Error{name + ": is " + std::to_string(bytes->size()) + " bytes, a " + std::to_string(w) + "x" +
                     std::to_string(h) + " RAW16 needs " + std::to_string(w * h * 2)};
    HeightImage out;
    out.width = info.width;
    out.height = info.height;
    out.heightsM.resize(w * h);
    for (std::size_t row = 0; row < h; ++row)
        for (std::size_t x = 0; x < w; ++x) {
            const std::size_t at = 2 * (row * w + x);
            const auto level = std::uint16_t(std::to_integer<unsigned>((*bytes)[at]) |
                                             (std::to_integer<unsigned>((*bytes)[at + 1]) << 8));
            out.heightsM[(h - 1 - row) * w + x] = levelToHeight16(level, info.minM, info.maxM);
        }
    return out;
}

}  // namespace sluice::sim

#include "sim/json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace sluice::sim {

using nlohmann::json;

std::string joinPath(const std::string& parent, std::string_view key) {
    return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}

std::string describeJson(const json& v) {
    if (v.is_string()) return "string \"" + v.get<std::string>() + "\"";
    if (v.is_number()) return formatNumber(v.get<double>());
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    return v.type_name();
}

JsonReader::JsonReader(std::string file) : file_(file.empty() ? std::string("(json)") : std::move(file)) {}

void JsonReader::fail(const std::string& path, const std::string& problem) const {
    throw JsonFailure{file_ + ": " + (path.empty() ? problem : path + ": " + problem)};
}

const json* JsonReader::find(const json& obj, std::string_view key) const {
    if (!obj.is_object()) return nullptr;
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}

std::vector<std::string> JsonReader::unknownKeys(const json& obj, std::initializer_list<std::string_view> known) const {
    std::vector<std::string> out;
    if (!obj.is_object()) return out;
    for (auto it = obj.begin(); it != obj.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end()) out.push_back(it.key());
    return out;
}

void JsonReader::rejectUnknownKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) const {
    const std::vector<std::string> unknown = unknownKeys(obj, known);
    if (unknown.empty()) return;
    std::string list;
    for (std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    fail(joinPath(path, unknown.front()), "unknown key (expected one of: " + list + ")");
}

const json& JsonReader::object(const json& v, const std::string& path) const {
    if (!v.is_object()) fail(path, std::string("expected an object, got ") + v.type_name());
    return v;
}

const json& JsonReader::array(const json& v, const std::string& path) const {
    if (!v.is_array()) fail(path, std::string("expected an array, got ") + v.type_name());
    return v;
}

double JsonReader::number(const json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, std::string("expected a number, got ") + v.type_name());
    return v.get<double>();
}

double JsonReader::number(const json& v, const std::string& path, const NumberRule& rule) const {
    if (rule.integer) {
        const long long i = integer(v, path);
        if (auto problem = ruleProblem(double(i), rule)) fail(path, *problem);
        return double(i);
    }
    const double d = number(v, path);
    if (auto problem = ruleProblem(d, rule)) fail(path, *problem);
    return d;
}

double JsonReader::required(const json& obj, std::string_view key, const std::string& path, const NumberRule& rule,
                            const std::string& missingHint) const {
    const json* v = find(obj, key);
    if (!v) fail(joinPath(path, key), "missing (" + missingHint + ")");
    return number(*v, joinPath(path, key), rule);
}

long long JsonReader::integer(const json& v, const std::string& path) const {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        return u > std::uint64_t(std::numeric_limits<long long>::max()) ? std::numeric_limits<long long>::max() : (long long)u;
    }
    if (v.is_number_integer()) return v.get<long long>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        // 512.0 is an integer too; 2^53 bounds the range where doubles hold integers exactly.
        if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) <= 9007199254740992.0) return (long long)d;
        fail(path, "expected an integer, got " + formatNumber(d));
    }
    fail(path, std::string("expected an integer, got ") + v.type_name());
}

long long JsonReader::integer(const json& v, const std::string& path, long long lo, long long hi) const {
    const long long i = integer(v, path);
    if (i < lo || i > hi)
        fail(path, "must be an integer in " + std::to_string(lo) + ".." + std::to_string(hi) + " (got " + std::to_string(i) + ")");
    return i;
}

std::string JsonReader::string(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, std::string("expected a string, got ") + v.type_name());
    return v.get<std::string>();
}

bool JsonReader::boolean(const json& v, const std::string& path) const {
    if (!v.is_boolean()) fail(path, std::string("expected true or false, got ") + v.type_name());
    return v.get<bool>();
}

}  // namespace sluice::sim

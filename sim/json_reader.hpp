#pragma once
// Typed reading of JSON documents (scenes, presets, session logs, snapshots' headers, timelines) with
// one way of failing: every problem throws JsonFailure whose message starts with the file, then the
// field's path, then the problem ("a.json: params.dt: must be a positive finite number (got -0.5)").
// Numbers are checked against sim/number_rules.hpp. Readers catch JsonFailure at their public entry
// point and return it as an Error (readJsonDocument does that), so nothing leaves as an exception.
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gl/result.hpp"
#include "sim/number_rules.hpp"

namespace sluice::sim {

/// Thrown by JsonReader; `message` is complete (file, path, problem).
struct JsonFailure {
    std::string message;
};

/// "params" + "dt" -> "params.dt"; "" + "dt" -> "dt".
std::string joinPath(const std::string& parent, std::string_view key);
/// A JSON value as it appears in a message: strings quoted, numbers as written, others by type.
std::string describeJson(const nlohmann::json& v);

class JsonReader {
public:
    using json = nlohmann::json;
    /// `file` prefixes every message ("(json)" when empty).
    explicit JsonReader(std::string file);
    const std::string& file() const { return file_; }

    /// Throws JsonFailure "<file>: <path>: <problem>" ("<file>: <problem>" for an empty path).
    [[noreturn]] void fail(const std::string& path, const std::string& problem) const;

    /// The member `key` of obj, or null when absent.
    const json* find(const json& obj, std::string_view key) const;
    /// Keys of obj that are not in `known`, in document order (the caller warns or fails).
    std::vector<std::string> unknownKeys(const json& obj, std::initializer_list<std::string_view> known) const;
    /// Fails on the first key of obj not in `known`: "<path>.<key>: unknown key (expected one of: ...)".
    void rejectUnknownKeys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known) const;

    const json& object(const json& v, const std::string& path) const;  ///< "expected an object, got array"
    const json& array(const json& v, const std::string& path) const;
    double number(const json& v, const std::string& path) const;       ///< any JSON number
    /// A number under a documented rule (range, integral); fails with the rule's message.
    double number(const json& v, const std::string& path, const NumberRule& rule) const;
    /// The number at obj[key] under `rule`; "missing (...)" with `missingHint` when absent.
    double required(const json& obj, std::string_view key, const std::string& path, const NumberRule& rule,
                    const std::string& missingHint = "required") const;
    /// An integer ("512" or "512.0"); "expected an integer, got 4.5".
    long long integer(const json& v, const std::string& path) const;
    /// An integer in [lo, hi]: "must be an integer in lo..hi (got x)".
    long long integer(const json& v, const std::string& path, long long lo, long long hi) const;
    std::string string(const json& v, const std::string& path) const;
    bool boolean(const json& v, const std::string& path) const;

private:
    std::string file_;
};

/// Runs `read` and turns what it throws (JsonFailure, nlohmann's exceptions, allocation failures)
/// into an Error that names `file`.
template <class T, class F>
Result<T> readJsonDocument(const std::string& file, F&& read) {
    try {
        return read();
    } catch (const JsonFailure& f) {
        return Error{f.message};
    } catch (const nlohmann::json::exception& e) {
        return Error{file + ": " + e.what()};
    } catch (const std::exception& e) {
        return Error{file + ": " + e.what()};
    }
}

}  // namespace sluice::sim

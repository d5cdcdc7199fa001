#include "sim/command.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::sim {

using nlohmann::json;

namespace {
constexpr const char* kBrushNames[] = {"dig", "raise", "smooth", "flatten", "add-water", "remove-water"};
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
}  // namespace

const char* toString(BrushKind kind) { return kBrushNames[int(kind)]; }

bool brushKindFromString(const std::string& name, BrushKind& kind) {
    for (int i = 0; i < 6; ++i)
        if (name == kBrushNames[i]) {
            kind = BrushKind(i);
            return true;
        }
    return false;
}

std::string describe(const Command& c) {
    return std::visit(Overloaded{[](const ApplyBrush& b) { return std::string(toString(b.stroke.kind)); },
                                 [](const SetParams&) { return std::string("parameters"); },
                                 [](const SetEmitters&) { return std::string("sources and drains"); },
                                 [](const SetBoundaries&) { return std::string("boundaries"); },
                                 [](const ReplaceTerrain&) { return std::string("terrain import"); },
                                 [](const ResetRun&) { return std::string("reset"); }},
                      c);
}

json commandToJson(const Command& c, const std::string& terrainFile) {
    return std::visit(
        Overloaded{[](const ApplyBrush& b) {
                       const BrushStroke& s = b.stroke;
                       return json{{"type", "brush"},     {"kind", toString(s.kind)}, {"x", s.x},
                                   {"y", s.y},            {"radius", s.radiusCells},  {"strength", s.strength},
                                   {"falloff", s.falloff}, {"target", s.targetHeightM}, {"dt", s.dtSeconds}};
                   },
                   [](const SetParams& p) { return json{{"type", "params"}, {"params", paramsToJson(p.params)}}; },
                   [](const SetEmitters& e) {
                       return json{{"type", "emitters"},
                                   {"sources", emittersToJson(e.sources)},
                                   {"drains", emittersToJson(e.drains)}};
                   },
                   [](const SetBoundaries& b) {
                       return json{{"type", "boundary"}, {"boundary", boundaryToJson(b.boundary)}};
                   },
                   [&](const ReplaceTerrain&) { return json{{"type", "terrain"}, {"npy", terrainFile}}; },
                   [](const ResetRun&) { return json{{"type", "reset"}}; }},
        c);
}

namespace {

float brushNumber(const json& j, const char* key, const std::string& where, bool positive) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number()) throw std::runtime_error(where + "." + key + ": missing or not a number");
    const double v = it->get<double>();
    if (!std::isfinite(v) || (positive && !(v > 0)))
        throw std::runtime_error(where + "." + key + ": must be a " + (positive ? "positive " : "") + "finite number");
    return float(v);
}

Command brushFromJson(const json& j, const std::string& where) {
    BrushStroke s;
    const std::string kind = j.value("kind", "");
    if (!brushKindFromString(kind, s.kind))
        throw std::runtime_error(where + ".kind: unknown brush \"" + kind +
                                 "\" (dig, raise, smooth, flatten, add-water, remove-water)");
    s.x = brushNumber(j, "x", where, false);
    s.y = brushNumber(j, "y", where, false);
    s.radiusCells = brushNumber(j, "radius", where, true);
    s.strength = brushNumber(j, "strength", where, false);
    s.falloff = brushNumber(j, "falloff", where, false);
    s.targetHeightM = j.contains("target") ? brushNumber(j, "target", where, false) : 0.0f;
    s.dtSeconds = brushNumber(j, "dt", where, false);
    if (s.falloff < 0 || s.falloff > 1) throw std::runtime_error(where + ".falloff: must be in [0, 1]");
    if (s.dtSeconds < 0) throw std::runtime_error(where + ".dt: must be >= 0");
    return ApplyBrush{s};
}

}  // namespace

Result<Command> commandFromJson(const json& j, const std::string& where, int width, int height) {
    try {
        if (!j.is_object()) return Error{where + ": expected an object"};
        const std::string type = j.value("type", "");
        if (type == "brush") return brushFromJson(j, where);
        if (type == "reset") return Command{ResetRun{}};
        if (type == "terrain") {
            if (!j.contains("npy") || !j["npy"].is_string()) return Error{where + ".npy: missing file name"};
            return Command{ReplaceTerrain{}};
        }
        json settings;
        if (type == "params") settings["params"] = j.value("params", json::object());
        else if (type == "boundary") settings["boundary"] = j.value("boundary", json::object());
        else if (type == "emitters") {
            settings["sources"] = j.value("sources", json::array());
            settings["drains"] = j.value("drains", json::array());
        } else {
            return Error{where + ".type: unknown command \"" + type +
                         "\" (brush, params, emitters, boundary, terrain, reset)"};
        }
        auto parsed = parseSettingsJson(settings, where, width, height);
        if (!parsed) return parsed.error();
        const Scene& s = parsed->scene;
        if (type == "params") return Command{SetParams{s.params}};
        if (type == "boundary") return Command{SetBoundaries{s.boundary}};
        return Command{SetEmitters{s.sources, s.drains}};
    } catch (const std::exception& e) {
        return Error{e.what()};
    }
}

}  // namespace sluice::sim

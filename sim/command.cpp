#include "sim/command.hpp"

#include <cmath>
#include <iterator>

#include <nlohmann/json.hpp>

#include "sim/bodies/body_json.hpp"
#include "sim/json_reader.hpp"
#include "sim/scene_json.hpp"
#include "sim/scene_loader.hpp"

namespace sluice::sim {

using nlohmann::json;

namespace {
// In BrushKind order; session logs and timelines name brushes by these.
constexpr const char* kBrushNames[] = {"dig",       "raise",        "smooth",     "flatten",
                                       "add-water", "remove-water", "paint-soft", "paint-hardness"};
static_assert(std::size(kBrushNames) == std::size_t(BrushKind::PaintHardness) + 1, "a name for every BrushKind");
/// A paint-soft stroke may remove soft layer: its strength is signed.
constexpr NumberRule kSignedBrushStrength{-rules::kBrushStrength.max, rules::kBrushStrength.max, false, false, false};
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
}  // namespace

const char* toString(BrushKind kind) { return kBrushNames[int(kind)]; }

bool brushKindFromString(const std::string& name, BrushKind& kind) {
    for (std::size_t i = 0; i < std::size(kBrushNames); ++i)
        if (name == kBrushNames[i]) {
            kind = BrushKind(i);
            return true;
        }
    return false;
}

std::string brushKindList() {
    std::string list;
    for (const char* n : kBrushNames) list += (list.empty() ? "" : ", ") + std::string(n);
    return list;
}

namespace {

/// Bodies as scene files write them, without motion: the spec is the command, and a placed or edited
/// body starts at rest, as initialState says.
json specsToJson(const std::vector<BodySpec>& specs) {
    std::vector<PlacedBody> placed;
    for (const BodySpec& s : specs) placed.push_back({s, initialState(s)});
    json list = bodiesToJson(placed);
    for (json& b : list)
        for (const char* motion : {"orientation", "velocity", "angular_velocity"}) b.erase(motion);
    return list;
}

/// "indices": a non-empty array of body indices (integers from 0).
std::vector<int> readBodyIndices(const JsonReader& r, const json& j, const std::string& path) {
    const std::string at = joinPath(path, "indices");
    const json& list = j.contains("indices") ? j["indices"] : json();
    if (!list.is_array() || list.empty()) r.fail(at, "must be a non-empty array of body indices");
    std::vector<int> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json& v = list[i];
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 1000000)
            r.fail(at + "[" + std::to_string(i) + "]", "must be a body index, an integer from 0 (got " + v.dump() + ")");
        out.push_back(v.get<int>());
    }
    return out;
}

std::vector<BodySpec> readSpecs(const JsonReader& r, const json& j, const std::string& path) {
    std::vector<BodySpec> out;
    for (const PlacedBody& b : readBodies(r, j.contains("bodies") ? j["bodies"] : json(), joinPath(path, "bodies")))
        out.push_back(b.spec);
    return out;
}

}  // namespace

std::string describe(const Command& c) {
    return std::visit(Overloaded{[](const ApplyBrush& b) { return std::string(toString(b.stroke.kind)); },
                                 [](const SetParams&) { return std::string("parameters"); },
                                 [](const SetEmitters&) { return std::string("sources and drains"); },
                                 [](const SetBoundaries&) { return std::string("boundaries"); },
                                 [](const ReplaceTerrain&) { return std::string("terrain import"); },
                                 [](const ResetRun&) { return std::string("reset"); },
                                 [](const PlaceBodies& p) {
                                     return std::string(p.bodies.size() == 1 ? bodyShapeName(p.bodies[0].shape) : "bodies");
                                 },
                                 [](const RemoveBodies&) { return std::string("delete bodies"); },
                                 [](const EditBodies&) { return std::string("move bodies"); }},
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
                   [](const ResetRun&) { return json{{"type", "reset"}}; },
                   [](const PlaceBodies& p) { return json{{"type", "place-bodies"}, {"bodies", specsToJson(p.bodies)}}; },
                   [](const RemoveBodies& r) { return json{{"type", "remove-bodies"}, {"indices", r.indices}}; },
                   [](const EditBodies& e) {
                       return json{{"type", "edit-bodies"}, {"indices", e.indices}, {"bodies", specsToJson(e.specs)}};
                   }},
        c);
}

namespace {

Command brushFromJson(const JsonReader& r, const json& j, const std::string& path) {
    BrushStroke s;
    const std::string kind = r.string(j.contains("kind") ? j["kind"] : json(), joinPath(path, "kind"));
    if (!brushKindFromString(kind, s.kind))
        r.fail(joinPath(path, "kind"), "unknown brush \"" + kind + "\" (" + brushKindList() + ")");
    s.x = float(r.required(j, "x", path, rules::kBrushPositionCells, "cells"));
    s.y = float(r.required(j, "y", path, rules::kBrushPositionCells, "cells"));
    s.radiusCells = float(r.required(j, "radius", path, rules::kRadiusCells, "cells"));
    s.strength = float(r.required(j, "strength", path,
                                  s.kind == BrushKind::PaintSoft ? kSignedBrushStrength : rules::kBrushStrength));
    s.falloff = float(r.required(j, "falloff", path, rules::kBrushFalloff));
    // Flatten's target is a bed height; paint-hardness's a hardness.
    const NumberRule& target = s.kind == BrushKind::PaintHardness ? rules::kFraction : rules::kElevationM;
    s.targetHeightM = j.contains("target") ? float(r.required(j, "target", path, target)) : 0.0f;
    s.dtSeconds = float(r.required(j, "dt", path, rules::kBrushDtSeconds, "seconds of real time"));
    return ApplyBrush{s};
}

}  // namespace

Result<Command> commandFromJson(const json& j, const std::string& where, int width, int height, const std::string& path) {
    const JsonReader r(where);
    return readJsonDocument<Command>(where, [&]() -> Command {
        r.object(j, path);
        const std::string type = r.string(j.contains("type") ? j["type"] : json(), joinPath(path, "type"));
        if (type == "brush") return brushFromJson(r, j, path);
        if (type == "reset") return ResetRun{};
        if (type == "place-bodies") return PlaceBodies{readSpecs(r, j, path)};
        if (type == "remove-bodies") return RemoveBodies{readBodyIndices(r, j, path)};
        if (type == "edit-bodies") {
            EditBodies e{readBodyIndices(r, j, path), readSpecs(r, j, path)};
            if (e.specs.size() != e.indices.size())
                r.fail(joinPath(path, "bodies"), "must hold one body per index (" + std::to_string(e.indices.size()) +
                                                     " indices, " + std::to_string(e.specs.size()) + " bodies)");
            return e;
        }
        if (type == "terrain") {
            r.string(j.contains("npy") ? j["npy"] : json(), joinPath(path, "npy"));
            return ReplaceTerrain{};
        }
        json settings;
        if (type == "params") settings["params"] = j.value("params", json::object());
        else if (type == "boundary") settings["boundary"] = j.value("boundary", json::object());
        else if (type == "emitters") {
            settings["sources"] = j.value("sources", json::array());
            settings["drains"] = j.value("drains", json::array());
        } else {
            r.fail(joinPath(path, "type"), "unknown command \"" + type +
                                                "\" (brush, params, emitters, boundary, terrain, reset, place-bodies, remove-bodies, "
                                                "edit-bodies)");
        }
        auto parsed = parseSettingsJson(settings, path.empty() ? where : where + ": " + path, width, height);
        if (!parsed) throw JsonFailure{parsed.error().message};
        const Scene& sc = parsed->scene;
        if (type == "params") return SetParams{sc.params};
        if (type == "boundary") return SetBoundaries{sc.boundary};
        return SetEmitters{sc.sources, sc.drains};
    });
}

}  // namespace sluice::sim

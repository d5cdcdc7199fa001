#pragma once
// Commands: every change a user (or a timeline, or a replayed log) makes to a running world. They are
// applied between steps by sim::Session, which makes them undoable and logs them with the step number
// at which they happened, so that a replay reaches the same state bit for bit.
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/bodies/body.hpp"
#include "sim/brush.hpp"
#include "sim/emitter.hpp"
#include "sim/params.hpp"
#include "gl/result.hpp"

namespace sluice::sim {

/// One application of a brush (the viewer sends one per frame while dragging).
struct ApplyBrush {
    BrushStroke stroke;
};
/// New physical parameters (all of them; merge partial changes before).
struct SetParams {
    SimParams params;
};
/// New source and drain lists.
struct SetEmitters {
    std::vector<Emitter> sources, drains;
};
struct SetBoundaries {
    Boundaries boundary;
};
/// A whole new bed (heightmap import), width * height metres; the water depth is kept.
struct ReplaceTerrain {
    std::vector<float> terrainM;
};
/// Back to the session's starting water (depth, flows, counters, ledger), keeping the current
/// terrain, parameters, emitters and boundaries: "run it again" on the sculpted world.
struct ResetRun {};
/// New bodies (docs/BODIES.md), at rest where their specs put them: a click of the place tool, or the
/// blocks the blocks brush lays along a stroke.
struct PlaceBodies {
    std::vector<BodySpec> bodies;
};
/// Takes bodies out: their places in the world's list (Session::bodies()), in any order.
struct RemoveBodies {
    std::vector<int> indices;
};
/// Sets bodies anew where they stand in the list: body indices[k] becomes specs[k], at rest (moved,
/// turned, resized or of a new density); indices and specs are as many.
struct EditBodies {
    std::vector<int> indices;
    std::vector<BodySpec> specs;
};

using Command =
    std::variant<ApplyBrush, SetParams, SetEmitters, SetBoundaries, ReplaceTerrain, ResetRun, PlaceBodies, RemoveBodies,
                 EditBodies>;

/// Short label for menus and messages ("dig", "parameters", "sources and drains", ...).
std::string describe(const Command& c);

/// {"type": "brush"|"params"|"emitters"|"boundary"|"terrain"|"reset"|"place-bodies"|"remove-bodies"|
/// "edit-bodies", ...}:
/// brush fields kind, x, y, radius, strength (signed for paint-soft), falloff, target (a hardness 0..1
/// for paint-hardness), dt; place-bodies "bodies" as in scene files; remove-bodies "indices"; edit-bodies both; the
/// others in scene-format JSON (docs/SCENE_FORMAT.md).
/// ReplaceTerrain writes {"type": "terrain", "npy": terrainFile} and leaves the array to the caller.
nlohmann::json commandToJson(const Command& c, const std::string& terrainFile = "");

/// Parses commandToJson's output, validated like a scene file for a width x height grid. Terrain
/// commands come back with an empty array: the caller loads the "npy" file. Errors read
/// "<where>: <path>.<field>: <problem>" ("run.log:3: apply.radius: must be a positive finite number").
Result<Command> commandFromJson(const nlohmann::json& j, const std::string& where, int width, int height,
                                const std::string& path = "");

const char* toString(BrushKind kind);
/// "dig", "raise", "smooth", "flatten", "add-water", "remove-water", "paint-soft", "paint-hardness";
/// false if unknown.
bool brushKindFromString(const std::string& name, BrushKind& kind);
/// Every brush name, comma-separated, for messages.
std::string brushKindList();

}  // namespace sluice::sim

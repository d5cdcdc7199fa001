#pragma once
// A scene: everything needed to start a simulation. Produced by the scene loader or the built-in scenes.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/bodies/body.hpp"
#include "sim/brush.hpp"
#include "sim/emitter.hpp"
#include "sim/exchange/georeference.hpp"
#include "sim/params.hpp"

namespace sluice::sim {

struct SolverState;  // sim/solver.hpp

/// Where the viewer's orbit camera looks from (render::Camera's fields, kept here so that sim stays
/// free of the renderer): target point (world metres), yaw around +z (0 = north), pitch down from
/// the horizon, distance (metres).
struct ViewPose {
    float targetM[3] = {0, 0, 0};
    float yawRad = 0, pitchRad = 0, distanceM = 0;
};

/// A view the viewer stored in one of its nine bookmark slots (Ctrl+1..9) and recalls (Shift+1..9).
/// Saved with snapshots (the optional "bookmarks" array, docs/SCENE_FORMAT.md). In fly and walk
/// modes the pose's position is the eye and its target lies 1 m ahead (render/eye_camera.hpp).
struct ViewBookmark {
    enum class Mode { Orbit, Fly, Walk };
    int slot = 1;      ///< 1..9, unique within a list
    std::string name;  ///< shown in the View panel; at most kMaxBookmarkName bytes
    ViewPose pose;
    Mode mode = Mode::Orbit;
};
inline constexpr int kBookmarkSlots = 9;
inline constexpr std::size_t kMaxBookmarkName = 64;

/// A change a world offers as one click (the viewer's Worlds menu) or one timeline event
/// (`{"time": T, "action": NAME}`): a brush stroke applied once, as an ApplyBrush command, so it is
/// undoable, logged and replayed like any edit. The built-in dam's "breach" cuts a notch in the dam.
struct WorldAction {
    std::string name;   ///< what timelines call it ("breach")
    std::string label;  ///< what the menu shows ("Breach the dam")
    BrushStroke stroke; ///< position, radius, strength, target and dtSeconds all set
};

/// Initial world. Arrays are row-major, index y * width + x, y pointing "north".
struct Scene {
    std::string name;               ///< for messages and titles (file name or built-in name)
    int width = 0, height = 0;      ///< cells
    float cellSizeM = 1.0f;         ///< dx, metres
    std::vector<float> terrainM;    ///< bed elevation b, metres, width*height
    std::vector<float> depthM;      ///< water depth h >= 0, metres, width*height
    /// Erosion (docs/EROSION.md): set up when the scene has an "erosion" object. Soft-layer thickness
    /// (m) and bedrock hardness (0..1) per cell; empty: params.erosion's uniform values.
    bool erosionSetUp = false;
    std::vector<float> softThicknessM;
    std::vector<float> rockHardness;
    SimParams params;
    Boundaries boundary;
    std::vector<Emitter> sources;
    std::vector<Emitter> drains;
    /// Rigid bodies in the water (docs/BODIES.md): where they start, or where a snapshot left them.
    std::vector<PlacedBody> bodies;
    /// Set when the scene comes from a snapshot (sim/snapshot.hpp): solvers made from this scene
    /// continue from this state (counters, flows, ledger), not from rest.
    std::shared_ptr<const SolverState> resume;
    std::optional<ViewPose> camera;  ///< the saved view, if any
    std::vector<ViewBookmark> bookmarks;  ///< the viewer's saved views (snapshots only), by slot
    std::vector<WorldAction> actions;  ///< built-in worlds only; not kept in snapshots
    /// Where the grid lies on a map: from a georeferenced GeoTIFF terrain (docs/EXCHANGE.md). Used by
    /// `sluice export` for GeoTIFF output; not kept in snapshots.
    std::optional<GeoReference> georeference;

    std::size_t cellCount() const { return std::size_t(width) * std::size_t(height); }
};

}  // namespace sluice::sim

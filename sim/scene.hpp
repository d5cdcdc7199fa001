#pragma once
// A scene: everything needed to start a simulation. Produced by the scene loader or the built-in scenes.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/emitter.hpp"
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
    /// Set when the scene comes from a snapshot (sim/snapshot.hpp): solvers made from this scene
    /// continue from this state (counters, flows, ledger), not from rest.
    std::shared_ptr<const SolverState> resume;
    std::optional<ViewPose> camera;  ///< the saved view, if any

    std::size_t cellCount() const { return std::size_t(width) * std::size_t(height); }
};

}  // namespace sluice::sim

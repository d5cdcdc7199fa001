#pragma once
// A scene: everything needed to start a simulation. Produced by the scene loader or the built-in scenes.
#include <string>
#include <vector>

#include "sim/emitter.hpp"
#include "sim/params.hpp"

namespace sluice::sim {

/// Initial world. Arrays are row-major, index y * width + x, y pointing "north".
struct Scene {
    std::string name;               ///< for messages and titles (file name or built-in name)
    int width = 0, height = 0;      ///< cells
    float cellSizeM = 1.0f;         ///< dx, metres
    std::vector<float> terrainM;    ///< bed elevation b, metres, width*height
    std::vector<float> depthM;      ///< water depth h >= 0, metres, width*height
    SimParams params;
    Boundaries boundary;
    std::vector<Emitter> sources;
    std::vector<Emitter> drains;

    std::size_t cellCount() const { return std::size_t(width) * std::size_t(height); }
};

}  // namespace sluice::sim

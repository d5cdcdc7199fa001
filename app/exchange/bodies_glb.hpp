#pragma once
// The bodies as a glTF scene for engines (docs/EXCHANGE.md): one mesh per shape (render's unit
// shape meshes, render/body_meshes.hpp) and one node per body, placed by its size, orientation and
// position converted to glTF's frame (+Y up: Sluice's east x is +X, up z is +Y, north y is -Z).
#include <filesystem>
#include <vector>

#include "gl/result.hpp"
#include "sim/bodies/body.hpp"
#include "sim/exchange/glb_file.hpp"

namespace sluice::app {

/// The meshes and nodes of `bodies` (nodes named "<shape> <index>", in the list's order).
void bodiesGlbScene(const std::vector<sim::PlacedBody>& bodies, std::vector<sim::GlbMesh>& meshes,
                    std::vector<sim::GlbNode>& nodes);

/// Writes them as a .glb, atomically. Errors: no bodies; the writer's.
Result<void> writeBodiesGlb(const std::filesystem::path& path, const std::vector<sim::PlacedBody>& bodies);

}  // namespace sluice::app

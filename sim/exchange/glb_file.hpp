#pragma once
// glTF 2.0 binary (.glb) meshes through tinygltf. Needs SLUICE_EXCHANGE_FORMATS.
#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "gl/result.hpp"
#include "sim/exchange/grid_mesh.hpp"

namespace sluice::sim {

/// Writes one mesh (one node, one primitive, TRIANGLES) as a .glb, atomically. POSITION and NORMAL
/// always; _DEPTH (SCALAR float) and _FLOW (VEC2 float) when the mesh has them: the glTF spec's
/// application-specific attributes start with an underscore. Fails on an empty mesh.
Result<void> writeGlb(const std::filesystem::path& path, const GridMesh& mesh, const std::string& name);

/// A mesh of a .glb scene (POSITION, NORMAL, indices; the extra attributes as writeGlb writes them).
struct GlbMesh {
    std::string name;
    GridMesh mesh;
};
/// A node of a .glb scene: meshes[mesh] placed by scale, then rotation (a unit quaternion x, y, z,
/// w), then translation, in glTF's frame (+Y up, metres).
struct GlbNode {
    std::string name;
    int mesh = 0;
    std::array<float, 3> translation{0.0f, 0.0f, 0.0f};
    std::array<float, 4> rotation{0.0f, 0.0f, 0.0f, 1.0f};
    std::array<float, 3> scale{1.0f, 1.0f, 1.0f};
};
/// Writes the meshes and one scene of the nodes as a .glb, atomically. Fails on an empty mesh, a
/// node naming no mesh, or no node.
Result<void> writeGlbScene(const std::filesystem::path& path, const std::vector<GlbMesh>& meshes,
                           const std::vector<GlbNode>& nodes);

}  // namespace sluice::sim

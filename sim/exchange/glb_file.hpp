#pragma once
// glTF 2.0 binary (.glb) meshes through tinygltf. Needs SLUICE_EXCHANGE_FORMATS.
#include <filesystem>
#include <string>

#include "gl/result.hpp"
#include "sim/exchange/grid_mesh.hpp"

namespace sluice::sim {

/// Writes one mesh (one node, one primitive, TRIANGLES) as a .glb, atomically. POSITION and NORMAL
/// always; _DEPTH (SCALAR float) and _FLOW (VEC2 float) when the mesh has them: the glTF spec's
/// application-specific attributes start with an underscore. Fails on an empty mesh.
Result<void> writeGlb(const std::filesystem::path& path, const GridMesh& mesh, const std::string& name);

}  // namespace sluice::sim

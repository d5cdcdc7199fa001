#include "app/exchange/bodies_glb.hpp"

#include <map>
#include <string>

#include "render/body_meshes.hpp"
#include "sim/bodies/body_json.hpp"

namespace sluice::app {

namespace {

// Sluice's frame to glTF's: (x, y, z) -> (x, z, -y), a quarter turn about x (a rotation, so
// quaternions' vector parts convert as vectors do and handedness is kept).
std::array<float, 3> toGltf(glm::vec3 v) { return {v.x, v.z, -v.y}; }

// The unit mesh of a shape in glTF's frame, flat-shaded (three vertices per triangle).
sim::GridMesh shapeMesh(sim::BodyShape shape) {
    sim::GridMesh mesh;
    for (const render::BodyVertex& v : render::unitBodyMesh(shape)) {
        for (float c : toGltf(glm::vec3(v.position))) mesh.positions.push_back(c);
        for (float c : toGltf(glm::vec3(v.normal))) mesh.normals.push_back(c);
        mesh.indices.push_back(std::uint32_t(mesh.indices.size()));
    }
    return mesh;
}

}  // namespace

void bodiesGlbScene(const std::vector<sim::PlacedBody>& bodies, std::vector<sim::GlbMesh>& meshes,
                    std::vector<sim::GlbNode>& nodes) {
    std::map<sim::BodyShape, int> meshOf;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const sim::PlacedBody& b = bodies[i];
        const std::string shape = sim::bodyShapeName(b.spec.shape);
        auto [it, added] = meshOf.emplace(b.spec.shape, int(meshes.size()));
        if (added) meshes.push_back({shape, shapeMesh(b.spec.shape)});
        const glm::quat q = b.state.orientation;
        const std::array<float, 3> axis = toGltf(glm::vec3(q.x, q.y, q.z));
        sim::GlbNode node;
        node.name = shape + " " + std::to_string(i);
        node.mesh = it->second;
        node.translation = toGltf(b.state.positionM);
        node.rotation = {axis[0], axis[1], axis[2], q.w};
        // The size along the body's own x, y, z: its z (height) is glTF's local Y, its y's local -Z.
        node.scale = {b.spec.sizeM.x, b.spec.sizeM.z, b.spec.sizeM.y};
        nodes.push_back(node);
    }
}

Result<void> writeBodiesGlb(const std::filesystem::path& path, const std::vector<sim::PlacedBody>& bodies) {
    if (bodies.empty()) return Error{path.string() + ": no bodies to export"};
    std::vector<sim::GlbMesh> meshes;
    std::vector<sim::GlbNode> nodes;
    bodiesGlbScene(bodies, meshes, nodes);
    return sim::writeGlbScene(path, meshes, nodes);
}

}  // namespace sluice::app

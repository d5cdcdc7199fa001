// glTF 2.0 binary through tinygltf: we fill its Model (buffers, views, accessors, meshes, nodes,
// one scene) and let it write the GLB container (header, JSON chunk, padded BIN chunk) to memory.
#include "sim/exchange/glb_file.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <sstream>

#include <tiny_gltf.h>

#include "sim/atomic_file.hpp"

namespace sluice::sim {

namespace {

/// Appends `values` to the one buffer and adds a view and an accessor over them; returns the accessor.
/// glTF requires min/max on POSITION accessors; written for every float accessor (harmless, useful).
int addAccessor(tinygltf::Model& model, const void* data, std::size_t bytes, std::size_t count, int componentType,
                int type, int target, const std::vector<double>& minV, const std::vector<double>& maxV) {
    std::vector<unsigned char>& buf = model.buffers[0].data;
    while (buf.size() % 4) buf.push_back(0);  // every view starts 4-byte aligned (float, uint32)
    tinygltf::BufferView view;
    view.buffer = 0;
    view.byteOffset = buf.size();
    view.byteLength = bytes;
    view.target = target;
    buf.insert(buf.end(), static_cast<const unsigned char*>(data), static_cast<const unsigned char*>(data) + bytes);
    model.bufferViews.push_back(view);
    tinygltf::Accessor acc;
    acc.bufferView = int(model.bufferViews.size()) - 1;
    acc.byteOffset = 0;
    acc.componentType = componentType;
    acc.count = count;
    acc.type = type;
    acc.minValues = minV;
    acc.maxValues = maxV;
    model.accessors.push_back(acc);
    return int(model.accessors.size()) - 1;
}

int addFloats(tinygltf::Model& model, const std::vector<float>& v, int components, int type) {
    std::vector<double> lo(std::size_t(components), std::numeric_limits<double>::max());
    std::vector<double> hi(std::size_t(components), std::numeric_limits<double>::lowest());
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::size_t c = i % std::size_t(components);
        lo[c] = std::min(lo[c], double(v[i]));
        hi[c] = std::max(hi[c], double(v[i]));
    }
    return addAccessor(model, v.data(), v.size() * sizeof(float), v.size() / std::size_t(components),
                       TINYGLTF_COMPONENT_TYPE_FLOAT, type, TINYGLTF_TARGET_ARRAY_BUFFER, lo, hi);
}

}  // namespace

Result<void> writeGlb(const std::filesystem::path& path, const GridMesh& mesh, const std::string& name) {
    return writeGlbScene(path, {GlbMesh{name, mesh}}, {GlbNode{name, 0}});
}

Result<void> writeGlbScene(const std::filesystem::path& path, const std::vector<GlbMesh>& meshes,
                           const std::vector<GlbNode>& nodes) {
    const std::string file = path.string();
    for (const GlbMesh& m : meshes)
        if (m.mesh.indices.empty() || m.mesh.vertexCount() == 0)
            return Error{file + ": the mesh " + m.name + " is empty (nothing to export)"};
    if (nodes.empty()) return Error{file + ": no node to export"};
    for (const GlbNode& n : nodes)
        if (n.mesh < 0 || n.mesh >= int(meshes.size())) return Error{file + ": node " + n.name + " names no mesh"};
    try {
        tinygltf::Model model;
        model.asset.version = "2.0";
        model.asset.generator = "Sluice";
        model.buffers.resize(1);
        for (const GlbMesh& gm : meshes) {
            const GridMesh& mesh = gm.mesh;
            tinygltf::Primitive prim;
            prim.mode = TINYGLTF_MODE_TRIANGLES;
            prim.attributes["POSITION"] = addFloats(model, mesh.positions, 3, TINYGLTF_TYPE_VEC3);
            prim.attributes["NORMAL"] = addFloats(model, mesh.normals, 3, TINYGLTF_TYPE_VEC3);
            if (!mesh.depthM.empty()) prim.attributes["_DEPTH"] = addFloats(model, mesh.depthM, 1, TINYGLTF_TYPE_SCALAR);
            if (!mesh.flowMS.empty()) prim.attributes["_FLOW"] = addFloats(model, mesh.flowMS, 2, TINYGLTF_TYPE_VEC2);
            const auto [lo, hi] = std::minmax_element(mesh.indices.begin(), mesh.indices.end());
            prim.indices = addAccessor(model, mesh.indices.data(), mesh.indices.size() * sizeof(std::uint32_t),
                                       mesh.indices.size(), TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, TINYGLTF_TYPE_SCALAR,
                                       TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, {double(*lo)}, {double(*hi)});
            tinygltf::Mesh m;
            m.name = gm.name;
            m.primitives.push_back(prim);
            model.meshes.push_back(m);
        }
        tinygltf::Scene scene;
        for (const GlbNode& n : nodes) {
            tinygltf::Node node;
            node.name = n.name;
            node.mesh = n.mesh;
            // Left out when they are the identity, as glTF's defaults are.
            if (n.translation != std::array<float, 3>{0.0f, 0.0f, 0.0f})
                node.translation.assign(n.translation.begin(), n.translation.end());
            if (n.rotation != std::array<float, 4>{0.0f, 0.0f, 0.0f, 1.0f}) node.rotation.assign(n.rotation.begin(), n.rotation.end());
            if (n.scale != std::array<float, 3>{1.0f, 1.0f, 1.0f}) node.scale.assign(n.scale.begin(), n.scale.end());
            scene.nodes.push_back(int(model.nodes.size()));
            model.nodes.push_back(node);
        }
        model.scenes.push_back(scene);
        model.defaultScene = 0;

        std::ostringstream out;
        tinygltf::TinyGLTF writer;
        if (!writer.WriteGltfSceneToStream(&model, out, false, true)) return Error{file + ": tinygltf could not encode the GLB"};
        const std::string bytes = out.str();
        return writeFileAtomic(path, std::string_view(bytes));
    } catch (const std::exception& e) {
        return Error{file + ": cannot encode GLB: " + e.what()};
    }
}

}  // namespace sluice::sim

#include "sim/exchange/grid_mesh.hpp"

#include <cassert>
#include <cmath>
#include <limits>

namespace sluice::sim {

std::vector<int> meshSamples(int side, int step) {
    assert(side >= 1 && step >= 1);
    std::vector<int> out;
    for (int i = 0; i < side; i += step) out.push_back(i);
    if (out.back() != side - 1) out.push_back(side - 1);
    return out;
}

GridMesh buildGridMesh(const float* heightsM, int width, int height, float cellSizeM, int step, const unsigned char* keep) {
    const std::vector<int> xs = meshSamples(width, step), ys = meshSamples(height, step);
    const std::size_t nx = xs.size(), ny = ys.size(), w = std::size_t(width);
    auto cellOf = [&](std::size_t i, std::size_t j) { return std::size_t(ys[j]) * w + std::size_t(xs[i]); };
    constexpr std::uint32_t kUnused = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> vertexOf(nx * ny, kUnused);
    GridMesh m;
    auto vertex = [&](std::size_t i, std::size_t j) {
        std::uint32_t& v = vertexOf[j * nx + i];
        if (v != kUnused) return v;
        v = std::uint32_t(m.sourceCell.size());
        const std::size_t c = cellOf(i, j);
        m.sourceCell.push_back(c);
        // Cell centres; north (growing y) is glTF -Z.
        m.positions.insert(m.positions.end(), {(float(xs[i]) + 0.5f) * cellSizeM, heightsM[c], -(float(ys[j]) + 0.5f) * cellSizeM});
        // Normal from central differences over the kept samples (one-sided at the edges).
        const std::size_t i0 = i ? i - 1 : i, i1 = i + 1 < nx ? i + 1 : i, j0 = j ? j - 1 : j, j1 = j + 1 < ny ? j + 1 : j;
        const float dx = float(xs[i1] - xs[i0]) * cellSizeM, dy = float(ys[j1] - ys[j0]) * cellSizeM;
        const float sx = dx > 0 ? (heightsM[cellOf(i1, j)] - heightsM[cellOf(i0, j)]) / dx : 0.0f;
        const float sy = dy > 0 ? (heightsM[cellOf(i, j1)] - heightsM[cellOf(i, j0)]) / dy : 0.0f;
        // Up vector of the surface z = f(east, north) is (-sx, -sy, 1); north is -Z in glTF.
        const float len = std::sqrt(sx * sx + sy * sy + 1.0f);
        m.normals.insert(m.normals.end(), {-sx / len, 1.0f / len, sy / len});
        return v;
    };
    for (std::size_t j = 0; j + 1 < ny; ++j)
        for (std::size_t i = 0; i + 1 < nx; ++i) {
            if (keep && !(keep[cellOf(i, j)] && keep[cellOf(i + 1, j)] && keep[cellOf(i, j + 1)] && keep[cellOf(i + 1, j + 1)]))
                continue;
            const std::uint32_t sw = vertex(i, j), se = vertex(i + 1, j), nw = vertex(i, j + 1), ne = vertex(i + 1, j + 1);
            // Seen from above (+Y) with east = +X and north = -Z, sw -> se -> ne is counter-clockwise.
            m.indices.insert(m.indices.end(), {sw, se, ne, sw, ne, nw});
        }
    return m;
}

void addWaterAttributes(GridMesh& mesh, const float* depthM, const float* flowEastMS, const float* flowNorthMS) {
    mesh.depthM.clear();
    mesh.flowMS.clear();
    for (std::size_t c : mesh.sourceCell) {
        mesh.depthM.push_back(depthM[c]);
        mesh.flowMS.insert(mesh.flowMS.end(), {flowEastMS[c], flowNorthMS[c]});
    }
}

}  // namespace sluice::sim

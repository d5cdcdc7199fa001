#include "sim/bodies/body_load.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/mat3x3.hpp>

#include "sim/bodies/body_placing.hpp"

namespace sluice::sim {

namespace {

// One body over one cell: its solid volume there, its lowest point, its load ratio.
struct Column {
    std::size_t cell;
    int x, y;
    std::size_t body;
    float volumeM3;
    float bottomM;
    bool floats;  // lighter than water: volumeM3 is the water its weight displaces
};

// The part of the body's volume under the surface of `water`, as the buoyancy takes it
// (water_forces.cpp): from the body's pose, so a body put back by undo loads the water at once.
float submergedFraction(const Body& body, const std::vector<BodySample>& samples, const WaterField& water) {
    const glm::mat3 R = glm::mat3_cast(body.state.orientation);
    float volume = 0.0f, under = 0.0f;
    for (const BodySample& s : samples) {
        volume += s.volumeM3;
        const glm::vec3 at = body.state.positionM + R * s.centreM;
        const WaterAt w = water.at(at.x, at.y);
        if (!(w.depthM > 0.0f)) continue;
        const float reach = std::abs(R[0].z) * s.halfM.x + std::abs(R[1].z) * s.halfM.y + std::abs(R[2].z) * s.halfM.z;
        under += s.volumeM3 * std::clamp((w.surfaceM - (at.z - reach)) / (2.0f * reach), 0.0f, 1.0f);
    }
    return volume > 0.0f ? under / volume : 0.0f;
}

}  // namespace

namespace {

// Body b's columns: its volume over each cell of its patch of the grid, with its lowest point there.
// `patchVolume` and `patchBottom` are scratch, reused between bodies.
void bodyColumns(const BodyWorld& world, std::size_t b, const WaterField& water, int W, int H, float dx,
                 float waterDensityKgPerM3, Submerged submerged, std::vector<float>& patchVolume,
                 std::vector<float>& patchBottom, std::vector<Column>& out) {
    const Body& body = world.bodies()[b];
    const glm::mat3 R = glm::mat3_cast(body.state.orientation);
    const float ratio = body.spec.densityKgPerM3 / waterDensityKgPerM3;
    const bool floats = ratio < 1.0f;
    // A floating body's weight, on the water once it is half as deep in as it floats; less while
    // it enters (by its submerged fraction).
    const float fraction = !floats                                ? 0.0f
                           : submerged == Submerged::AsLastStepped ? body.submergedFraction
                                                                  : submergedFraction(body, world.samples(b), water);
    const float carried = floats ? ratio * std::clamp(2.0f * fraction / ratio, 0.0f, 1.0f) : 1.0f;
    // Each sample's volume goes to the cells its footprint (the turned box's extent in x and y)
    // overlaps, by area: the load then moves smoothly with the body, instead of jumping a cell
    // when a sample's centre crosses a border (which rocks the water and the body in turn).
    // Summed per cell of the body's own patch of the grid (its bounds), in sample order.
    const BodyBounds box = bodyBounds(body.spec, body.state);
    // A cell of margin: a sample's extent rounded past the body's own cannot fall outside.
    const int px0 = std::max(0, int(std::floor(box.minM.x / dx)) - 1), px1 = std::min(W - 1, int(std::floor(box.maxM.x / dx)) + 1);
    const int py0 = std::max(0, int(std::floor(box.minM.y / dx)) - 1), py1 = std::min(H - 1, int(std::floor(box.maxM.y / dx)) + 1);
    if (px0 > px1 || py0 > py1) return;  // wholly off the grid
    const int pw = px1 - px0 + 1;
    patchVolume.assign(std::size_t(pw) * std::size_t(py1 - py0 + 1), 0.0f);
    patchBottom.assign(patchVolume.size(), std::numeric_limits<float>::infinity());
    for (const BodySample& s : world.samples(b)) {
        const glm::vec3 at = body.state.positionM + R * s.centreM;
        glm::vec3 reach;  // of the turned sample along the world axes
        for (int k = 0; k < 3; ++k)
            reach[k] = std::abs(R[0][k]) * s.halfM.x + std::abs(R[1][k]) * s.halfM.y + std::abs(R[2][k]) * s.halfM.z;
        const float x0 = (at.x - reach.x) / dx, x1 = (at.x + reach.x) / dx;
        const float y0 = (at.y - reach.y) / dx, y1 = (at.y + reach.y) / dx;
        const float perArea = s.volumeM3 * carried / ((x1 - x0) * (y1 - y0));
        for (int j = std::max(py0, int(std::floor(y0))); j <= std::min(py1, int(std::floor(y1))); ++j) {
            const float wy = std::min(y1, float(j + 1)) - std::max(y0, float(j));
            if (!(wy > 0.0f)) continue;
            for (int i = std::max(px0, int(std::floor(x0))); i <= std::min(px1, int(std::floor(x1))); ++i) {
                const float wx = std::min(x1, float(i + 1)) - std::max(x0, float(i));
                if (!(wx > 0.0f)) continue;
                const std::size_t k = std::size_t(j - py0) * std::size_t(pw) + std::size_t(i - px0);
                patchVolume[k] += perArea * wx * wy;
                patchBottom[k] = std::min(patchBottom[k], at.z - reach.z);
            }
        }
    }
    for (std::size_t k = 0; k < patchVolume.size(); ++k) {
        if (patchBottom[k] == std::numeric_limits<float>::infinity()) continue;  // no sample reached it
        const int i = px0 + int(k % std::size_t(pw)), j = py0 + int(k / std::size_t(pw));
        out.push_back({std::size_t(j) * std::size_t(W) + std::size_t(i), i, j, b, patchVolume[k], patchBottom[k], floats});
    }
}

}  // namespace

BodyLoadCells bodyLoadCells(const BodyWorld& world, const std::vector<const WaterField*>& waterOf, int width,
                            int height, float cellSizeM, float waterDensityKgPerM3, Submerged submerged) {
    const int W = width, H = height;
    const float dx = cellSizeM;
    // Each body's columns on the world's threads (each writes its own list), then in body order.
    const std::size_t count = world.bodies().size();
    std::vector<std::vector<Column>> perBody(count);
    world.forBodies([&](int begin, int end) {
        std::vector<float> patchVolume, patchBottom;
        for (int b = begin; b < end; ++b)
            bodyColumns(world, std::size_t(b), *waterOf[std::size_t(b)], W, H, dx, waterDensityKgPerM3, submerged,
                        patchVolume, patchBottom, perBody[std::size_t(b)]);
    });
    std::vector<Column> columns;
    for (const std::vector<Column>& c : perBody) columns.insert(columns.end(), c.begin(), c.end());
    // Per cell, the bodies from the lowest up.
    std::sort(columns.begin(), columns.end(), [](const Column& a, const Column& b) {
        return a.cell != b.cell ? a.cell < b.cell : a.bottomM != b.bottomM ? a.bottomM < b.bottomM : a.body < b.body;
    });
    const float area = dx * dx;
    BodyLoadCells out;
    for (std::size_t i = 0; i < columns.size();) {
        const std::size_t cell = columns[i].cell;
        float load = 0.0f;  // of the bodies below this one in the cell
        for (; i < columns.size() && columns[i].cell == cell; ++i) {
            const Column& c = columns[i];
            if (c.floats) {
                load += c.volumeM3 / area;
                continue;
            }
            const WaterField& water = *waterOf[c.body];
            const float bed = water.bareBedM(c.x, c.y);
            const float depth = water.depthM(c.x, c.y);
            // The solid below the bed (a body pressed into it) holds no water back.
            const float thickness = c.volumeM3 / area - std::max(0.0f, bed - c.bottomM);
            if (!(thickness > 0.0f)) continue;
            const float reached = bed + depth + load + thickness - c.bottomM;
            load += std::clamp(reached, 0.0f, thickness);
        }
        if (load > 0.0f) {
            out.cells.push_back(std::uint32_t(cell));
            out.metres.push_back(load);
        }
    }
    return out;
}

std::vector<float> bodyLoad(const BodyWorld& world, const std::vector<const WaterField*>& waterOf, int width,
                            int height, float cellSizeM, float waterDensityKgPerM3, Submerged submerged) {
    const BodyLoadCells l = bodyLoadCells(world, waterOf, width, height, cellSizeM, waterDensityKgPerM3, submerged);
    std::vector<float> load(std::size_t(width) * std::size_t(height), 0.0f);
    for (std::size_t k = 0; k < l.cells.size(); ++k) load[l.cells[k]] = l.metres[k];
    return load;
}

double displacedVolumeM3(const std::vector<float>& loadM, float cellSizeM) {
    double sum = 0.0;
    for (float p : loadM) sum += double(p);
    return sum * double(cellSizeM) * double(cellSizeM);
}

}  // namespace sluice::sim

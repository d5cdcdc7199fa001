#include "sim/bodies/body_placing.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cstdlib>

#include <glm/gtc/quaternion.hpp>

#include "sim/solver.hpp"
#include "sim/substep_constants.hpp"

namespace sluice::sim {

BodyBounds bodyBounds(const BodySpec& spec, const BodyState& state) {
    const glm::vec3 half = 0.5f * spec.sizeM;
    const glm::mat3 r = glm::mat3_cast(state.orientation);
    // The half extents of the turned box along the world's axes: |R| times the box's half sizes.
    glm::vec3 reach{0.0f};
    for (int axis = 0; axis < 3; ++axis)
        for (int k = 0; k < 3; ++k) reach[axis] += std::abs(r[k][axis]) * half[k];
    return {state.positionM - reach, state.positionM + reach};
}

int bodyUnder(const std::vector<PlacedBody>& bodies, glm::vec2 pointM, float marginM) {
    int best = -1;
    float bestTop = 0.0f;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const PlacedBody& b = bodies[i];
        // The point in the body's frame: its footprint is the box's length x width, turned with it.
        const glm::vec3 local = glm::inverse(b.state.orientation) *
                                glm::vec3(pointM - glm::vec2(b.state.positionM), 0.0f);
        const glm::vec3 half = 0.5f * b.spec.sizeM;
        if (std::abs(local.x) > half.x + marginM || std::abs(local.y) > half.y + marginM) continue;
        const float top = bodyBounds(b.spec, b.state).maxM.z;
        if (best < 0 || top > bestTop) {
            best = int(i);
            bestTop = top;
        }
    }
    return best;
}

Ground groundUnder(Solver& solver, glm::vec2 minM, glm::vec2 maxM) {
    const float dx = solver.cellSizeM();
    const int x0 = std::clamp(int(std::floor(minM.x / dx)), 0, solver.width() - 1);
    const int y0 = std::clamp(int(std::floor(minM.y / dx)), 0, solver.height() - 1);
    const int x1 = std::clamp(int(std::ceil(maxM.x / dx)), x0 + 1, solver.width());
    const int y1 = std::clamp(int(std::ceil(maxM.y / dx)), y0 + 1, solver.height());
    const CellBox box{x0, y0, x1 - x0, y1 - y0};
    std::vector<std::uint32_t> bed(box.cellCount()), depth(box.cellCount());
    solver.readRegion(Solver::Field::Terrain, box, bed.data());
    solver.readRegion(Solver::Field::Depth, box, depth.data());
    Ground g{-1e30f, -1e30f};
    for (std::size_t k = 0; k < bed.size(); ++k) {
        float b = 0.0f;
        std::memcpy(&b, &bed[k], sizeof b);
        const double d = double(std::int32_t(depth[k])) * kDepthUnitM;
        g.bedTopM = std::max(g.bedTopM, b);
        g.surfaceTopM = std::max(g.surfaceTopM, float(double(b) + std::max(d, 0.0)));
    }
    return g;
}

float restingCentreZ(const BodySpec& spec, const Ground& ground, const std::vector<PlacedBody>& bodies,
                     float waterDensityKgPerM3) {
    const BodyState at = initialState(spec);
    const BodyBounds me = bodyBounds(spec, at);
    float floor = ground.bedTopM;
    if (spec.densityKgPerM3 < waterDensityKgPerM3) floor = std::max(floor, ground.surfaceTopM);
    // Bodies merely touching (blocks kBlockGapM apart) are not under this one.
    constexpr float kTouchM = 1e-3f;
    for (const PlacedBody& b : bodies) {
        const BodyBounds o = bodyBounds(b.spec, b.state);
        if (o.maxM.x - kTouchM <= me.minM.x || o.minM.x + kTouchM >= me.maxM.x || o.maxM.y - kTouchM <= me.minM.y ||
            o.minM.y + kTouchM >= me.maxM.y)
            continue;
        floor = std::max(floor, o.maxM.z);
    }
    return floor + kRestGapM + (spec.positionM.z - me.minM.z);
}

BlockSlot blockSlotAt(float cellX, float cellY, int cellsPerBlock) {
    const float n = float(std::max(cellsPerBlock, 1));
    return {int(std::floor(cellX / n)), int(std::floor(cellY / n))};
}

std::vector<BlockSlot> blockSlotPath(BlockSlot from, BlockSlot to) {
    // Walk the line from centre to centre, one side step at a time: x first where the line crosses a
    // vertical slot edge before a horizontal one.
    std::vector<BlockSlot> out;
    const int dx = std::abs(to.i - from.i), dy = std::abs(to.j - from.j);
    const int sx = to.i > from.i ? 1 : -1, sy = to.j > from.j ? 1 : -1;
    BlockSlot at = from;
    for (int ix = 0, iy = 0; ix < dx || iy < dy;) {
        // Compare the crossing parameters (ix + 0.5) / dx and (iy + 0.5) / dy without division.
        if (iy >= dy || (ix < dx && (2 * ix + 1) * dy < (2 * iy + 1) * dx)) {
            at.i += sx;
            ++ix;
        } else {
            at.j += sy;
            ++iy;
        }
        out.push_back(at);
    }
    return out;
}

Ground groundUnderSlot(Solver& solver, BlockSlot slot, int cellsPerBlock) {
    const float side = float(std::max(cellsPerBlock, 1)) * solver.cellSizeM();
    const glm::vec2 lo(float(slot.i) * side, float(slot.j) * side);
    return groundUnder(solver, lo, lo + glm::vec2(side));
}

std::vector<BodySpec> blocksForSlots(const std::vector<BlockSlot>& slots, const std::vector<Ground>& ground,
                                     const BlockBrush& brush, float cellSizeM, const std::vector<PlacedBody>& existing) {
    std::vector<BodySpec> out;
    std::vector<PlacedBody> standing = existing;
    const float side = float(std::max(brush.cellsPerBlock, 1)) * cellSizeM;
    for (std::size_t k = 0; k < slots.size() && k < ground.size(); ++k) {
        for (int layer = 0; layer < brush.layers; ++layer) {
            BodySpec b;
            b.shape = BodyShape::Block;
            b.sizeM = glm::vec3(side - kBlockGapM, side - kBlockGapM, brush.heightM);
            b.densityKgPerM3 = brush.densityKgPerM3;
            b.positionM = glm::vec3((float(slots[k].i) + 0.5f) * side, (float(slots[k].j) + 0.5f) * side, 0.0f);
            b.positionM.z = restingCentreZ(b, ground[k], standing);
            standing.push_back({b, initialState(b)});
            out.push_back(b);
        }
    }
    return out;
}

}  // namespace sluice::sim

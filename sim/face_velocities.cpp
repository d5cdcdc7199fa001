#include "sim/face_velocities.hpp"

#include "sim/kernel_math.hpp"

namespace sluice::sim {

namespace {

/// The segment of `side` covering cell `along` (nullptr: a wall there).
const BoundarySegment* segmentAt(const BoundarySide& side, int along) {
    for (const BoundarySegment& s : side.segments)
        if (along >= s.begin && along < s.end) return &s;
    return nullptr;
}

}  // namespace

void deriveFaceVelocities(FieldSnapshot& f, const Boundaries& boundary, double timeSeconds) {
    const int W = f.width, H = f.height;
    const std::vector<std::int32_t>& h0 = f.prevDepthUnits.empty() ? f.depthUnits : f.prevDepthUnits;
    auto inGrid = [&](int x, int y) { return x >= 0 && x < W && y >= 0 && y < H; };
    auto index = [&](int x, int y) { return std::size_t(y) * std::size_t(W) + std::size_t(x); };
    auto depth = [&](int x, int y) { return kmath::unitsToMetres(h0[index(x, y)]); };
    // A face between cells (x - nx, y - ny) and (x, y), moving `sign` (as its flow): pass 2's
    // sweMovedDepth (shaders/sim/cell_step.h) at Courant number 0, since the velocity the face had
    // before its last substep is not known here.
    auto moved = [&](float q, int x, int y, int nx, int ny) {
        if (q == 0.0f) return 0.0f;
        const int lx = x - nx, ly = y - ny;
        const bool hasL = inGrid(lx, ly), hasR = inGrid(x, y);
        const int ilx = hasL ? lx : x, ily = hasL ? ly : y, irx = hasR ? x : lx, iry = hasR ? y : ly;
        const int side = nx != 0 ? (hasL ? 1 : 0) : (hasL ? 3 : 2);
        const int along = nx != 0 ? y : x;
        auto ghost = [&](float b, float h) {
            const BoundarySegment* seg = segmentAt(boundary.side(side), along);
            const int kind = seg ? int(seg->kind) : SLUICE_BOUNDARY_WALL;
            return kmath::ghostDepth(kind, b, h, seg ? float(seg->value.at(timeSeconds)) : 0.0f);
        };
        const float bL = f.terrainM[index(ilx, ily)], bR = f.terrainM[index(irx, iry)];
        const float hL = hasL ? depth(lx, ly) : ghost(bL, depth(ilx, ily));
        const float hR = hasR ? depth(x, y) : ghost(bR, depth(irx, iry));
        const int llx = x - 2 * nx, lly = y - 2 * ny, rrx = x + nx, rry = y + ny;
        const bool hasLL = inGrid(llx, lly), hasRR = inGrid(rrx, rry);
        return kmath::sweMovedDepth(q > 0.0f ? 1 : -1, 0.0f, hasLL ? f.terrainM[index(llx, lly)] : bL,
                                    hasLL ? depth(llx, lly) : 0.0f, bL, hL, bR, hR,
                                    hasRR ? f.terrainM[index(rrx, rry)] : bR, hasRR ? depth(rrx, rry) : 0.0f);
    };
    std::vector<float> depthX(std::size_t(W + 1) * std::size_t(H), 0.0f);
    std::vector<float> depthY(std::size_t(W) * std::size_t(H + 1), 0.0f);
    for (int y = 0; y < H; ++y)
        for (int i = 0; i <= W; ++i) {
            const std::size_t k = std::size_t(y) * std::size_t(W + 1) + std::size_t(i);
            depthX[k] = moved(f.flowXM3PerS[k], i, y, 1, 0);
        }
    for (int j = 0; j <= H; ++j)
        for (int x = 0; x < W; ++x) {
            const std::size_t k = std::size_t(j) * std::size_t(W) + std::size_t(x);
            depthY[k] = moved(f.flowYM3PerS[k], x, j, 0, 1);
        }
    faceVelocitiesFromDepths(f, depthX, depthY);
}

void faceVelocitiesFromDepths(FieldSnapshot& f, const std::vector<float>& depthXM, const std::vector<float>& depthYM) {
    const float dx = f.cellSizeM;
    f.faceVelocityXMS.resize(depthXM.size());
    f.faceVelocityYMS.resize(depthYM.size());
    for (std::size_t k = 0; k < depthXM.size(); ++k)
        f.faceVelocityXMS[k] = kmath::sweStoredVelocity(f.flowXM3PerS[k], depthXM[k], dx);
    for (std::size_t k = 0; k < depthYM.size(); ++k)
        f.faceVelocityYMS[k] = kmath::sweStoredVelocity(f.flowYM3PerS[k], depthYM[k], dx);
}

}  // namespace sluice::sim

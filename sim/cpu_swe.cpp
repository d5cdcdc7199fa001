// Pass 1 of the shallow-water model on the CPU: the same gather and formulas as
// shaders/sim/swe_flux.comp (shaders/sim/swe_math.h), face by face.
#include <algorithm>

#include "sim/cpu_solver.hpp"
#include "sim/kernel_math.hpp"

namespace sluice::sim {

namespace {

struct Cell {
    int x, y;
};

}  // namespace

void CpuSolver::updateFlowsSwe(const SubstepConstants& c) {
    const int W = width_, H = height_;
    const float dx = cellSizeM_;
    const kmath::SweFactors k{c.dtOverDx2,     c.gravityDtOverDx, c.frictionFactor,   c.gN2Dt, c.viscosityTerm,
                              c.courantDxOverDt, params_.gravity,  dx, c.frictionLaw};

    auto inside = [&](Cell p) { return p.x >= 0 && p.x < W && p.y >= 0 && p.y < H; };
    auto inner = [&](Cell p) { return cell(std::clamp(p.x, 0, W - 1), std::clamp(p.y, 0, H - 1)); };
    auto sideOf = [&](Cell p) { return p.x < 0 ? 0 : p.x >= W ? 1 : p.y < 0 ? 2 : 3; };
    // Beyond an edge: a ghost cell with the inner cell's bed; dry beyond an open edge (the free outfall
    // of the pipe model), else as deep as the inner cell.
    auto depthUnits = [&](Cell p, const std::vector<std::int32_t>& h) {
        if (inside(p)) return h[cell(p.x, p.y)];
        return c.boundaryKind[sideOf(p)] == int(BoundaryKind::Open) ? 0 : h[inner(p)];
    };
    auto bed = [&](Cell p) { return b_[inner(p)]; };
    auto metres = [](int units) { return kmath::unitsToMetres(units); };
    // Faces: axis 0 = x-faces (i, y), i in [0, W]; axis 1 = y-faces (x, j), j in [0, H]. Zero outside.
    auto flow = [&](int axis, Cell f) {
        if (axis == 0) return f.x >= 0 && f.x <= W && f.y >= 0 && f.y < H ? qx_[faceX(f.x, f.y)] : 0.0f;
        return f.x >= 0 && f.x < W && f.y >= 0 && f.y <= H ? qy_[faceY(f.x, f.y)] : 0.0f;
    };
    auto velocity = [&](int axis, Cell f) {
        const float q = flow(axis, f);
        if (q == 0.0f) return 0.0f;
        const Cell L = axis == 0 ? Cell{f.x - 1, f.y} : Cell{f.x, f.y - 1};
        return kmath::sweFaceVelocity(q, bed(L), metres(depthUnits(L, hOld_)), bed(f), metres(depthUnits(f, hOld_)), dx);
    };
    auto update = [&](int axis, Cell f) {
        const Cell n = axis == 0 ? Cell{1, 0} : Cell{0, 1}, t = Cell{n.y, n.x};
        auto add = [](Cell a, Cell b, int s) { return Cell{a.x + s * b.x, a.y + s * b.y}; };
        const Cell L = add(f, n, -1);
        kmath::SweStencil s{};
        s.q = flow(axis, f);
        s.u = velocity(axis, f);
        s.qBack = flow(axis, L);
        s.uBack = velocity(axis, L);
        s.qFwd = flow(axis, add(f, n, 1));
        s.uFwd = velocity(axis, add(f, n, 1));
        s.uLow = velocity(axis, add(f, t, -1));
        s.uHigh = velocity(axis, add(f, t, 1));
        const int other = 1 - axis;
        s.qLow = flow(other, L) + flow(other, f);
        s.qHigh = flow(other, add(L, t, 1)) + flow(other, add(f, t, 1));
        s.bL = bed(L);
        s.hL = metres(depthUnits(L, h_));
        s.bR = bed(f);
        s.hR = metres(depthUnits(f, h_));
        float q, demand, allowed;
        kmath::sweFaceUpdate(s, k, q, demand, allowed);
        noteSpeeds(demand, allowed);
        return q;
    };
    // A domain-edge face: walls and inflow edges have no raw flow (inflow takes the host's units in
    // pass 2); an open edge lets water out only.
    auto edge = [&](int axis, Cell f, int side, float outSign) {
        if (c.boundaryKind[side] != int(BoundaryKind::Open)) return 0.0f;
        const float q = update(axis, f);
        return outSign * q > 0.0f ? q : 0.0f;
    };
    for (int y = 0; y < H; ++y)
        for (int i = 0; i <= W; ++i)
            tx_[faceX(i, y)] = kmath::transferUnits(i == 0 ? edge(0, {i, y}, 0, -1.0f) : i == W ? edge(0, {i, y}, 1, 1.0f) : update(0, {i, y}), c.dtOverDx2);
    for (int j = 0; j <= H; ++j)
        for (int x = 0; x < W; ++x)
            ty_[faceY(x, j)] = kmath::transferUnits(j == 0 ? edge(1, {x, j}, 2, -1.0f) : j == H ? edge(1, {x, j}, 3, 1.0f) : update(1, {x, j}), c.dtOverDx2);
}

}  // namespace sluice::sim

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

void CpuSolver::updateFlowsSwe(const SubstepConstants& c, const SubstepAmounts& a) {
    const int W = width_, H = height_;
    const float dx = cellSizeM_;
    const kmath::SweFactors k{c.dtOverDx2,     c.gravityDtOverDx, c.frictionFactor,   c.gN2Dt, c.viscosityTerm,
                              c.courantDxOverDt, params_.gravity,  dx, c.frictionLaw};

    auto inside = [&](Cell p) { return p.x >= 0 && p.x < W && p.y >= 0 && p.y < H; };
    auto inner = [&](Cell p) { return cell(std::clamp(p.x, 0, W - 1), std::clamp(p.y, 0, H - 1)); };
    // The edge face a cell outside the grid lies beyond: its side and its place along the side.
    auto sideOf = [&](Cell p) { return p.x < 0 ? 0 : p.x >= W ? 1 : p.y < 0 ? 2 : 3; };
    auto alongOf = [&](Cell p) { return p.x < 0 || p.x >= W ? std::clamp(p.y, 0, H - 1) : std::clamp(p.x, 0, W - 1); };
    // Depth in metres, now or before the last substep; beyond an edge the ghost cell's
    // (shaders/sim/boundary_math.h).
    auto depth = [&](Cell p, const std::vector<std::int32_t>& h) {
        if (inside(p)) return kmath::unitsToMetres(h[cell(p.x, p.y)]);
        const std::size_t in = inner(p);
        return ghostDepthM(c, a, sideOf(p), alongOf(p), in, h[in]);
    };
    auto bed = [&](Cell p) { return b_[inner(p)]; };
    // Faces: axis 0 = x-faces (i, y), i in [0, W]; axis 1 = y-faces (x, j), j in [0, H]. A face one
    // beyond an edge face carries that face's flow where the outside continues the inside; zero
    // elsewhere outside.
    auto flow = [&](int axis, Cell f) {
        if (axis == 0) {
            if (f.y < 0 || f.y >= H) return 0.0f;
            if (f.x >= 0 && f.x <= W) return qx_[faceX(f.x, f.y)];
            const int side = f.x < 0 ? 0 : 1;
            if (f.x != -1 && f.x != W + 1) return 0.0f;
            return kmath::continuesBeyond(kmath::edgeKind(edgeCodeAt(c, side, f.y))) ? qx_[faceX(side == 0 ? 0 : W, f.y)] : 0.0f;
        }
        if (f.x < 0 || f.x >= W) return 0.0f;
        if (f.y >= 0 && f.y <= H) return qy_[faceY(f.x, f.y)];
        const int side = f.y < 0 ? 2 : 3;
        if (f.y != -1 && f.y != H + 1) return 0.0f;
        return kmath::continuesBeyond(kmath::edgeKind(edgeCodeAt(c, side, f.x))) ? qy_[faceY(f.x, side == 2 ? 0 : H)] : 0.0f;
    };
    auto velocity = [&](int axis, Cell f) {
        const float q = flow(axis, f);
        if (q == 0.0f) return 0.0f;
        const Cell n = axis == 0 ? Cell{1, 0} : Cell{0, 1};
        const Cell L{f.x - n.x, f.y - n.y}, LL{f.x - 2 * n.x, f.y - 2 * n.y}, RR{f.x + n.x, f.y + n.y};
        return kmath::sweFaceVelocity(q, bed(LL), depth(LL, hOld_), bed(L), depth(L, hOld_), bed(f), depth(f, hOld_),
                                      bed(RR), depth(RR, hOld_), dx);
    };
    auto update = [&](int axis, Cell f) {
        const Cell n = axis == 0 ? Cell{1, 0} : Cell{0, 1}, t = Cell{n.y, n.x};
        auto add = [](Cell p, Cell d, int s) { return Cell{p.x + s * d.x, p.y + s * d.y}; };
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
        s.hL = depth(L, h_);
        s.bR = bed(f);
        s.hR = depth(f, h_);
        const Cell LL = add(f, n, -2), RR = add(f, n, 1);
        s.bLL = bed(LL);
        s.hLL = depth(LL, h_);
        s.bRR = bed(RR);
        s.hRR = depth(RR, h_);
        float q, demand, allowed;
        kmath::sweFaceUpdate(s, k, q, demand, allowed);
        noteSpeeds(demand, allowed);
        return q;
    };
    // An edge face: walls and inflow faces have no raw flow (inflow takes its segment's units in
    // pass 2); an open face lets water out only; level and transmissive faces both ways.
    auto edge = [&](int axis, Cell f, int side, int along, float outSign) {
        const int kind = kmath::edgeKind(edgeCodeAt(c, side, along));
        if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
            const Cell in = outSign > 0 ? (axis == 0 ? Cell{f.x - 1, f.y} : Cell{f.x, f.y - 1}) : f;
            const float h = depth(in, h_);
            float q = kmath::transmissiveFlow(flow(axis, f), h, depth(in, hOld_), outSign, params_.gravity, dx);
            float demand, allowed;
            q = kmath::pipeCourantClamp(q, h, dx, params_.gravity, c.courantDxOverDt, demand, allowed);
            noteSpeeds(demand, allowed);
            return q;
        }
        if (!kmath::flowsByMomentum(kind)) return 0.0f;
        const float q = update(axis, f);
        return kind != SLUICE_BOUNDARY_OPEN || outSign * q > 0.0f ? q : 0.0f;
    };
    for (int y = 0; y < H; ++y)
        for (int i = 0; i <= W; ++i) {
            const float q = i == 0 ? edge(0, {i, y}, 0, y, -1.0f) : i == W ? edge(0, {i, y}, 1, y, 1.0f) : update(0, {i, y});
            tx_[faceX(i, y)] = kmath::transferUnits(q, c.dtOverDx2);
        }
    for (int j = 0; j <= H; ++j)
        for (int x = 0; x < W; ++x) {
            const float q = j == 0 ? edge(1, {x, j}, 2, x, -1.0f) : j == H ? edge(1, {x, j}, 3, x, 1.0f) : update(1, {x, j});
            ty_[faceY(x, j)] = kmath::transferUnits(q, c.dtOverDx2);
        }
}

}  // namespace sluice::sim

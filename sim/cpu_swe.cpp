// The shallow-water model's parts of the CPU substep: pass 1, the same gather and formulas as
// shaders/sim/swe_flux.comp (shaders/sim/swe_math.h), face by face, and the face velocities pass 2 stores
// (shaders/sim/step_depth.comp).
#include <algorithm>
#include <type_traits>

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
    // `deep` (std::true_type): the face lies at least two cells inside every edge, so no stencil
    // reaches beyond the grid and the edge logic compiles away (as in swe_flux.comp).
    auto depth = [&](Cell p, const std::vector<std::int32_t>& h, auto deep) {
        if (decltype(deep)::value || inside(p)) return kmath::unitsToMetres(h[cell(p.x, p.y)]);
        const std::size_t in = inner(p);
        return ghostDepthM(c, a, sideOf(p), alongOf(p), in, h[in]);
    };
    auto bed = [&](Cell p, auto deep) { return flowBed(decltype(deep)::value ? cell(p.x, p.y) : inner(p)); };
    // Faces: axis 0 = x-faces (i, y), i in [0, W]; axis 1 = y-faces (x, j), j in [0, H]. A face one
    // beyond an edge face carries that face's flow where the outside continues the inside; zero
    // elsewhere outside.
    auto flow = [&](int axis, Cell f, auto deep) {
        if constexpr (decltype(deep)::value) return axis == 0 ? qx_[faceX(f.x, f.y)] : qy_[faceY(f.x, f.y)];
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
    // The velocity pass 2 stored for the face; a face beyond an edge face, where the outside
    // continues the inside, moves with the edge face.
    auto velocity = [&](int axis, Cell f, auto deep) {
        if constexpr (decltype(deep)::value) return axis == 0 ? vx_[faceX(f.x, f.y)] : vy_[faceY(f.x, f.y)];
        if (axis == 0) {
            if (f.y < 0 || f.y >= H || f.x < -1 || f.x > W + 1) return 0.0f;
            if (f.x == -1 || f.x == W + 1) {
                if (!kmath::continuesBeyond(kmath::edgeKind(edgeCodeAt(c, f.x < 0 ? 0 : 1, f.y)))) return 0.0f;
                f.x = f.x < 0 ? 0 : W;
            }
            return vx_[faceX(f.x, f.y)];
        }
        if (f.x < 0 || f.x >= W || f.y < -1 || f.y > H + 1) return 0.0f;
        if (f.y == -1 || f.y == H + 1) {
            if (!kmath::continuesBeyond(kmath::edgeKind(edgeCodeAt(c, f.y < 0 ? 2 : 3, f.x)))) return 0.0f;
            f.y = f.y < 0 ? 0 : H;
        }
        return vy_[faceY(f.x, f.y)];
    };
    // The reconstruction's outer cells (LL, RR): dry beyond the edge (first order there).
    auto outer = [&](Cell p, auto deep) {
        return decltype(deep)::value || inside(p) ? kmath::unitsToMetres(h_[cell(p.x, p.y)]) : 0.0f;
    };
    auto update = [&](int axis, Cell f, auto deep, int worker) {
        const Cell n = axis == 0 ? Cell{1, 0} : Cell{0, 1}, t = Cell{n.y, n.x};
        auto add = [](Cell p, Cell d, int s) { return Cell{p.x + s * d.x, p.y + s * d.y}; };
        const Cell L = add(f, n, -1);
        kmath::SweStencil s{};
        s.q = flow(axis, f, deep);
        s.u = velocity(axis, f, deep);
        s.qBack = flow(axis, L, deep);
        s.uBack = velocity(axis, L, deep);
        s.qFwd = flow(axis, add(f, n, 1), deep);
        s.uFwd = velocity(axis, add(f, n, 1), deep);
        const int branch = kmath::sweEnergyBranch(s.u, s.uBack, s.uFwd);
        s.uBack2 = branch > 0 ? velocity(axis, add(f, n, -2), deep) : 0.0f;
        s.uFwd2 = branch < 0 ? velocity(axis, add(f, n, 2), deep) : 0.0f;
        s.uLow = velocity(axis, add(f, t, -1), deep);
        s.uHigh = velocity(axis, add(f, t, 1), deep);
        const int other = 1 - axis;
        s.qLow = flow(other, L, deep) + flow(other, f, deep);
        s.qHigh = flow(other, add(L, t, 1), deep) + flow(other, add(f, t, 1), deep);
        s.bL = bed(L, deep);
        s.hL = depth(L, h_, deep);
        s.bR = bed(f, deep);
        s.hR = depth(f, h_, deep);
        const Cell LL = add(f, n, -2), RR = add(f, n, 1);
        s.bLL = bed(LL, deep);
        s.hLL = outer(LL, deep);
        s.bRR = bed(RR, deep);
        s.hRR = outer(RR, deep);
        float q, demand, allowed, moved;
        kmath::sweFaceUpdate(s, k, q, demand, allowed, moved);
        noteSpeeds(worker, demand, allowed);
        return q;
    };
    // An edge face: walls and inflow faces have no raw flow (inflow takes its segment's units in
    // pass 2); an open face lets water out only; level and transmissive faces both ways.
    auto edge = [&](int axis, Cell f, int side, int along, float outSign, int worker) {
        const int kind = kmath::edgeKind(edgeCodeAt(c, side, along));
        if (kind == SLUICE_BOUNDARY_TRANSMISSIVE) {
            const Cell in = outSign > 0 ? (axis == 0 ? Cell{f.x - 1, f.y} : Cell{f.x, f.y - 1}) : f;
            const float h = depth(in, h_, std::false_type{});
            float q = kmath::transmissiveFlow(flow(axis, f, std::false_type{}), h, depth(in, hOld_, std::false_type{}),
                                              outSign, params_.gravity, dx);
            float demand, allowed;
            q = kmath::pipeCourantClamp(q, h, dx, params_.gravity, c.courantDxOverDt, demand, allowed);
            noteSpeeds(worker, demand, allowed);
            return q;
        }
        if (!kmath::flowsByMomentum(kind)) return 0.0f;
        const float q = update(axis, f, std::false_type{}, worker);
        return kind != SLUICE_BOUNDARY_OPEN || outSign * q > 0.0f ? q : 0.0f;
    };
    auto deepFace = [&](int x, int y) { return x >= 2 && x <= W - 2 && y >= 2 && y <= H - 2; };
    forRows(H, W + 1, [&](int y, int w) {
        for (int i = 0; i <= W; ++i) {
            const float q = deepFace(i, y) ? update(0, {i, y}, std::true_type{}, w)
                            : i == 0       ? edge(0, {i, y}, 0, y, -1.0f, w)
                            : i == W       ? edge(0, {i, y}, 1, y, 1.0f, w)
                                           : update(0, {i, y}, std::false_type{}, w);
            tx_[faceX(i, y)] = kmath::transferUnits(q, c.dtOverDx2);
        }
    });
    forRows(H + 1, W, [&](int j, int w) {
        for (int x = 0; x < W; ++x) {
            const float q = deepFace(x, j) ? update(1, {x, j}, std::true_type{}, w)
                            : j == 0       ? edge(1, {x, j}, 2, x, -1.0f, w)
                            : j == H       ? edge(1, {x, j}, 3, x, 1.0f, w)
                                           : update(1, {x, j}, std::false_type{}, w);
            ty_[faceY(x, j)] = kmath::transferUnits(q, c.dtOverDx2);
        }
    });
    foldWorkerTotals();
}

void CpuSolver::storeFaceVelocities(const SubstepConstants& c, const SubstepAmounts& a) {
    const int W = width_, H = height_;
    const std::vector<std::int32_t>& h0 = hOld_;  // the depth this substep started from
    auto inGrid = [&](int x, int y) { return x >= 0 && x < W && y >= 0 && y < H; };
    auto depth = [&](int x, int y) { return kmath::unitsToMetres(h0[cell(x, y)]); };
    // The face between cells (x - nx, y - ny) and (x, y); beyond an edge, the ghost in the L / R place
    // and a dry cell in the LL / RR place (faceVelocityOf in step_depth.comp): its flow over the depth
    // the flow moved through.
    auto velocity = [&](int e, int x, int y, int nx, int ny) {
        if (e == 0) return 0.0f;
        // The face's Courant number from the velocity it had when the substep started (pass 1's).
        const float uBefore = nx != 0 ? vx_[faceX(x, y)] : vy_[faceY(x, y)];
        const float nu = kmath::sweCourantOf(uBefore, c.dtOverDx2, cellSizeM_);
        const int lx = x - nx, ly = y - ny;
        const bool hasL = inGrid(lx, ly), hasR = inGrid(x, y);
        const std::size_t inL = hasL ? cell(lx, ly) : cell(x, y), inR = hasR ? cell(x, y) : cell(lx, ly);
        const int side = nx != 0 ? (hasL ? 1 : 0) : (hasL ? 3 : 2);
        const int along = nx != 0 ? y : x;
        const float bL = flowBed(inL), bR = flowBed(inR);
        const float hL = hasL ? depth(lx, ly) : ghostDepthM(c, a, side, along, inL, h0[inL]);
        const float hR = hasR ? depth(x, y) : ghostDepthM(c, a, side, along, inR, h0[inR]);
        const int llx = x - 2 * nx, lly = y - 2 * ny, rrx = x + nx, rry = y + ny;
        const bool hasLL = inGrid(llx, lly), hasRR = inGrid(rrx, rry);
        const float moved = kmath::sweMovedDepth(e, nu, hasLL ? flowBed(cell(llx, lly)) : bL, hasLL ? depth(llx, lly) : 0.0f, bL,
                                                 hL, bR, hR, hasRR ? flowBed(cell(rrx, rry)) : bR, hasRR ? depth(rrx, rry) : 0.0f);
        return kmath::sweStoredVelocity(float(e) * c.unitFlow, moved, cellSizeM_);
    };
    forRows(H, W + 1, [&](int y, int) {
        for (int i = 0; i <= W; ++i) vx_[faceX(i, y)] = velocity(tx_[faceX(i, y)], i, y, 1, 0);
    });
    forRows(H + 1, W, [&](int j, int) {
        for (int x = 0; x < W; ++x) vy_[faceY(x, j)] = velocity(ty_[faceY(x, j)], x, j, 0, 1);
    });
}

}  // namespace sluice::sim

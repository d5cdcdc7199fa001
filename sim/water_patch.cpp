#include "sim/water_patch.hpp"

#include <algorithm>

#include "sim/kernel_math.hpp"

namespace sluice::sim {

WaterPatches waterPatchesFromScene(const Scene& scene, int patchW, int patchH) {
    WaterPatches p;
    p.model = scene.params.model;
    p.patchW = patchW;
    p.patchH = patchH;
    p.width = scene.width / patchW * patchW;
    p.height = scene.height / patchH * patchH;
    const std::size_t cells = std::size_t(p.width) * std::size_t(p.height);
    p.bed.resize(cells);
    p.depth.resize(cells);
    for (int y = 0; y < p.height; ++y)
        for (int x = 0; x < p.width; ++x) {
            const std::size_t from = std::size_t(y) * std::size_t(scene.width) + std::size_t(x);
            const std::size_t to = std::size_t(y) * std::size_t(p.width) + std::size_t(x);
            p.bed[to] = scene.terrainM[from];
            p.depth[to] = depthToUnits(scene.depthM[from]);
        }
    for (auto* v : {&p.flowX, &p.flowY, &p.velocityX, &p.velocityY}) v->assign(cells, 0.0f);
    const std::size_t patches = cells / std::size_t(patchW * patchH);
    p.demand.assign(patches, 0.0f);
    p.allowed.assign(patches, 0.0f);
    return p;
}

SubstepConstants waterPatchConstants(const Scene& scene, float dtSub) {
    return prepareSubstep(dtSub, scene.cellSizeM, scene.width, scene.height, scene.params, Boundaries{}, {}, {});
}

namespace {

// One patch as the kernel holds it (cell c = y * w + x), with its neighbours across the periodic edges.
struct Patch {
    int w, h;
    std::vector<float> b, qx, qy, ux, uy;
    std::vector<std::int32_t> d;
    int west(int c) const { return c - c % w + (c % w + w - 1) % w; }
    int east(int c) const { return c - c % w + (c % w + 1) % w; }
    int south(int c) const { return (c + w * h - w) % (w * h); }
    int north(int c) const { return (c + w) % (w * h); }
    float metres(int c) const { return kmath::unitsToMetres(d[c]); }
};

struct Speeds {
    float demand = 0, allowed = 0;
    void record(float dm, float al) {
        demand = std::max(demand, dm);
        allowed = std::max(allowed, al);
    }
};

// The pipe model's raw transfer of a face (pipe_faces.h's finishFlow).
int pipeRaw(float q, float faceDepth, const SubstepConstants& k, float dx, float g, Speeds& speeds) {
    q = kmath::pipeManningFlow(q, faceDepth, dx, k.gN2Dt);
    float dm = 0, al = 0;
    q = kmath::pipeCourantClamp(q, faceDepth, dx, g, k.courantDxOverDt, dm, al);
    speeds.record(dm, al);
    return kmath::transferUnits(q, k.dtOverDx2);
}

// The shallow-water model's raw transfer of a face from its stencil.
int sweRaw(const kmath::SweStencil& s, const SubstepConstants& c, float dx, float g, Speeds& speeds, float& moved) {
    const kmath::SweFactors k{c.dtOverDx2, c.gravityDtOverDx, c.frictionFactor, c.gN2Dt, c.viscosityTerm,
                              c.courantDxOverDt, g, dx, c.frictionLaw};
    float q = 0, dm = 0, al = 0;
    kmath::sweFaceUpdate(s, k, q, dm, al, moved);
    speeds.record(dm, al);
    return kmath::transferUnits(q, c.dtOverDx2);
}

// The stencil of the face between cells lo and c along the axis whose neighbours `back` / `ahead` step
// (west / east for x-faces), with u, q this axis's velocities and flows and qo the other axis's flows;
// `across` / `acrossBack` step across it (north / south).
template <class Back, class Ahead, class Up, class Down>
kmath::SweStencil stencil(const Patch& p, int c, const std::vector<float>& u, const std::vector<float>& q,
                          const std::vector<float>& qo, Back back, Ahead ahead, Up up, Down down) {
    const int lo = back(c), lolo = back(lo), hi = ahead(c);
    kmath::SweStencil s{};
    s.q = q[c];
    s.u = u[c];
    s.qBack = q[lo];
    s.uBack = u[lo];
    s.qFwd = q[hi];
    s.uFwd = u[hi];
    s.uBack2 = u[lolo];
    s.uFwd2 = u[ahead(hi)];
    s.uLow = u[down(c)];
    s.uHigh = u[up(c)];
    s.qLow = qo[lo] + qo[c];
    s.qHigh = qo[up(lo)] + qo[up(c)];
    s.bL = p.b[lo];
    s.hL = p.metres(lo);
    s.bR = p.b[c];
    s.hR = p.metres(c);
    s.bLL = p.b[lolo];
    s.hLL = p.metres(lolo);
    s.bRR = p.b[hi];
    s.hRR = p.metres(hi);
    return s;
}

void stepPatch(Patch& p, WaterModel model, const SubstepConstants& k, float dx, float g, int substeps, Speeds& speeds) {
    const int n = p.w * p.h;
    std::vector<int> rx(n), ry(n), ex(n), ey(n);
    std::vector<float> movedX(n), movedY(n);
    std::vector<std::int64_t> out(n);
    const auto W = [&](int c) { return p.west(c); };
    const auto E = [&](int c) { return p.east(c); };
    const auto S = [&](int c) { return p.south(c); };
    const auto N = [&](int c) { return p.north(c); };
    for (int s = 0; s < substeps; ++s) {
        for (int c = 0; c < n; ++c) {
            if (model == WaterModel::Swe) {
                rx[c] = sweRaw(stencil(p, c, p.ux, p.qx, p.qy, W, E, N, S), k, dx, g, speeds, movedX[c]);
                ry[c] = sweRaw(stencil(p, c, p.uy, p.qy, p.qx, S, N, E, W), k, dx, g, speeds, movedY[c]);
                continue;
            }
            float faceDepth = 0;
            const int w = p.west(c), so = p.south(c);
            float q = kmath::pipeInteriorFlow(p.qx[c], p.b[w], p.metres(w), p.b[c], p.metres(c), k.frictionFactor, k.gravityDt,
                                              k.viscosityTerm, faceDepth);
            rx[c] = pipeRaw(q, faceDepth, k, dx, g, speeds);
            q = kmath::pipeInteriorFlow(p.qy[c], p.b[so], p.metres(so), p.b[c], p.metres(c), k.frictionFactor, k.gravityDt,
                                        k.viscosityTerm, faceDepth);
            ry[c] = pipeRaw(q, faceDepth, k, dx, g, speeds);
        }
        for (int c = 0; c < n; ++c) out[c] = kmath::cellOutflow(rx[c], rx[p.east(c)], ry[c], ry[p.north(c)]);
        for (int c = 0; c < n; ++c) {
            const int w = p.west(c), so = p.south(c);
            ex[c] = kmath::effectiveTransfer(rx[c], p.d[w], out[w], p.d[c], out[c]);
            ey[c] = kmath::effectiveTransfer(ry[c], p.d[so], out[so], p.d[c], out[c]);
        }
        for (int c = 0; c < n; ++c) {
            p.d[c] = kmath::depthAfter(p.d[c], ex[c], ex[p.east(c)], ey[c], ey[p.north(c)]);
            p.qx[c] = float(ex[c]) * k.unitFlow;
            p.qy[c] = float(ey[c]) * k.unitFlow;
            if (model == WaterModel::Swe) {
                p.ux[c] = ex[c] == 0 ? 0.0f : kmath::sweStoredVelocity(p.qx[c], movedX[c], dx);
                p.uy[c] = ey[c] == 0 ? 0.0f : kmath::sweStoredVelocity(p.qy[c], movedY[c], dx);
            }
        }
    }
}

// Copies the state that moves (depth, flows, velocities) of one patch out of the grid (in) or back.
template <class Index>
void copyState(WaterPatches& p, Patch& patch, Index index, bool in) {
    for (int cell = 0; cell < patch.w * patch.h; ++cell) {
        const std::size_t i = index(cell);
        const auto move = [&](auto& grid, auto& local) {
            if (in) local[std::size_t(cell)] = grid[i];
            else grid[i] = local[std::size_t(cell)];
        };
        move(p.depth, patch.d);
        move(p.flowX, patch.qx);
        move(p.flowY, patch.qy);
        move(p.velocityX, patch.ux);
        move(p.velocityY, patch.uy);
    }
}

}  // namespace

void stepWaterPatches(WaterPatches& p, const SubstepConstants& c, float cellSizeM, float gravity, int substeps) {
    const int patchesX = p.width / p.patchW, patchesY = p.height / p.patchH;
    const int n = p.patchW * p.patchH;
    Patch patch{p.patchW, p.patchH, {}, {}, {}, {}, {}, {}};
    for (auto* v : {&patch.b, &patch.qx, &patch.qy, &patch.ux, &patch.uy}) v->resize(n);
    patch.d.resize(n);
    for (int py = 0; py < patchesY; ++py)
        for (int px = 0; px < patchesX; ++px) {
            const auto index = [&](int cell) {
                return std::size_t(py * p.patchH + cell / p.patchW) * std::size_t(p.width) + std::size_t(px * p.patchW + cell % p.patchW);
            };
            for (int cell = 0; cell < n; ++cell) patch.b[cell] = p.bed[index(cell)];
            copyState(p, patch, index, true);
            Speeds speeds;
            stepPatch(patch, p.model, c, cellSizeM, gravity, substeps, speeds);
            const std::size_t k = std::size_t(py) * std::size_t(patchesX) + std::size_t(px);
            p.demand[k] = speeds.demand;
            p.allowed[k] = speeds.allowed;
            copyState(p, patch, index, false);
        }
}

}  // namespace sluice::sim

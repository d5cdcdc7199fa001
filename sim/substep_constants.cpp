#include "sim/substep_constants.hpp"

#include <cmath>

namespace sluice::sim {

namespace {
void prepare(const Emitter& e, int sign, double dt, double dx2, int w, int h, std::vector<PreparedEmitter>& out) {
    if (!e.enabled) return;
    PreparedEmitter p;
    p.box = footprintOf(e, w, h);
    p.x = e.x;
    p.y = e.y;
    p.radius2 = e.radiusCells * e.radiusCells;
    p.mode = e.mode;
    p.sign = sign;
    p.singleCell = p.box.cellCount == 1 && p.box.x1 - p.box.x0 == 1 && p.box.y1 - p.box.y0 == 1;
    const double rate = e.mode == EmitterMode::Rate ? e.rateM3PerS : e.maxRateM3PerS;
    p.amountM = float(rate / double(p.box.cellCount) * dt / dx2);
    p.levelM = e.levelM;
    out.push_back(p);
}
}  // namespace

SubstepConstants prepareSubstep(float dtSub, float cellSizeM, int width, int height, const SimParams& p,
                                const Boundaries& b, const std::vector<Emitter>& sources,
                                const std::vector<Emitter>& drains) {
    SubstepConstants c;
    const double dt = dtSub, dx = cellSizeM, dx2 = dx * dx;
    c.dt = dtSub;
    c.frictionFactor = float(std::pow(1.0 - double(p.friction), dt));
    c.gravityDt = float(double(p.gravity) * dt);
    c.viscosityTerm = float(3.0 * dt * double(p.viscosity));
    c.dx2OverDt = float(dx2 / dt);
    c.dtOverDx2 = float(dt / dx2);
    c.rainM = float(double(p.rainMPerS) * dt);
    c.evaporationM = float(double(p.evaporationMPerS) * dt);
    const BoundarySide* sides[4] = {&b.west, &b.east, &b.south, &b.north};
    bool boundaryMovesWater = false;
    for (int i = 0; i < 4; ++i) {
        c.boundaryKind[i] = int(sides[i]->kind);
        c.inflowQ[i] = sides[i]->kind == BoundaryKind::Inflow ? float(double(sides[i]->dischargeM2PerS) * dx) : 0.0f;
        boundaryMovesWater |= sides[i]->kind != BoundaryKind::Wall;
    }
    for (const Emitter& e : sources) prepare(e, +1, dt, dx2, width, height, c.emitters);
    for (const Emitter& e : drains) prepare(e, -1, dt, dx2, width, height, c.emitters);
    c.ledgerActive = boundaryMovesWater || !c.emitters.empty() || c.rainM > 0 || c.evaporationM > 0;
    return c;
}

}  // namespace sluice::sim

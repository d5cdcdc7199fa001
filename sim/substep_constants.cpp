#include "sim/substep_constants.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

int depthToUnits(float metres) {
    const double u = std::nearbyint(double(metres) * kDepthUnitsPerM);
    return int(std::clamp(u, 0.0, double(kMaxDepthUnits)));
}

float unitsToDepth(int units) { return float(units) * float(kDepthUnitM); }

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
    p.unitsPerSubstep = rate / double(p.box.cellCount) * dt / dx2 * kDepthUnitsPerM;
    p.levelM = e.levelM;
    out.push_back(p);
}

/// Whole units of `exact` plus the carry, and the fraction left for later.
int take(double exact, double& carry) {
    const double total = carry + exact;
    const double whole = std::floor(std::min(total, double(kMaxDepthUnits)));
    carry = total - whole;
    return int(whole);
}
}  // namespace

SubstepConstants prepareSubstep(float dtSub, float cellSizeM, int width, int height, const SimParams& p,
                                const Boundaries& b, const std::vector<Emitter>& sources,
                                const std::vector<Emitter>& drains) {
    SubstepConstants c;
    const double dt = dtSub, dx = cellSizeM, dx2 = dx * dx;
    c.dt = dtSub;
    c.model = int(p.model);
    c.frictionLaw = int(p.frictionLaw);
    const bool manning = p.frictionLaw == FrictionLaw::Manning;
    c.frictionFactor = manning ? 1.0f : float(std::pow(1.0 - double(p.friction), dt));
    c.gN2Dt = manning ? float(double(p.gravity) * double(p.manningN) * double(p.manningN) * dt) : 0.0f;
    c.gravityDtOverDx = float(double(p.gravity) * dt / dx);
    const double courant = std::clamp(double(p.courantTarget), 1e-6, 1.0);
    c.courantDxOverDt = float(courant * dx / dt);
    c.gravityDt = float(double(p.gravity) * dt);
    c.viscosityTerm = float(3.0 * dt * double(p.viscosity));
    c.dtOverDx2 = float(dt / dx2);
    c.unitFlow = float(kDepthUnitM * dx2 / dt);
    c.rainUnits = double(p.rainMPerS) * dt * kDepthUnitsPerM;
    c.evaporationUnits = double(p.evaporationMPerS) * dt * kDepthUnitsPerM;
    const BoundarySide* sides[4] = {&b.west, &b.east, &b.south, &b.north};
    bool boundaryMovesWater = false;
    for (int i = 0; i < 4; ++i) {
        c.boundaryKind[i] = int(sides[i]->kind);
        // An inflow side moves discharge (m^2/s) x dx x dt of water per face: that over dx^2 in depth.
        c.inflowUnits[i] =
            sides[i]->kind == BoundaryKind::Inflow ? double(sides[i]->dischargeM2PerS) * dt / dx * kDepthUnitsPerM : 0.0;
        boundaryMovesWater |= sides[i]->kind != BoundaryKind::Wall;
    }
    for (const Emitter& e : sources) prepare(e, +1, dt, dx2, width, height, c.emitters);
    for (const Emitter& e : drains) prepare(e, -1, dt, dx2, width, height, c.emitters);
    c.ledgerActive = boundaryMovesWater || !c.emitters.empty() || c.rainUnits > 0 || c.evaporationUnits > 0;
    return c;
}

SubstepAmounts takeAmounts(const SubstepConstants& c, WaterCarry& carry) {
    SubstepAmounts a;
    if (carry.emitters.size() != c.emitters.size()) carry.emitters.assign(c.emitters.size(), 0.0);
    a.rainUnits = take(c.rainUnits, carry.rain);
    a.evaporationUnits = take(c.evaporationUnits, carry.evaporation);
    for (int i = 0; i < 4; ++i) a.inflowUnits[i] = take(c.inflowUnits[i], carry.inflow[i]);
    a.emitterUnits.resize(c.emitters.size());
    for (std::size_t e = 0; e < c.emitters.size(); ++e) a.emitterUnits[e] = take(c.emitters[e].unitsPerSubstep, carry.emitters[e]);
    return a;
}

}  // namespace sluice::sim

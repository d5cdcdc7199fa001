#include "sim/substep_constants.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "sim/kernel_math.hpp"

namespace sluice::sim {

using kmath::edgeCode;
using kmath::edgeFaceIndex;
static_assert(int(BoundaryKind::Wall) == SLUICE_BOUNDARY_WALL && int(BoundaryKind::Open) == SLUICE_BOUNDARY_OPEN &&
                  int(BoundaryKind::Inflow) == SLUICE_BOUNDARY_INFLOW && int(BoundaryKind::Level) == SLUICE_BOUNDARY_LEVEL &&
                  int(BoundaryKind::Transmissive) == SLUICE_BOUNDARY_TRANSMISSIVE,
              "sim::BoundaryKind matches shaders/sim/boundary_math.h");

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
    c.inflowUnitsPerM2PerS = dt / dx * kDepthUnitsPerM;
    // Edge faces: west and east have `height` faces, south and north `width`.
    const int lengths[4] = {height, height, width, width};
    c.edgeCodes.assign(std::size_t(2 * (width + height)), edgeCode(0, SLUICE_BOUNDARY_WALL));
    for (int side = 0; side < 4; ++side)
        for (const BoundarySegment& seg : b.side(side).segments) {
            const int begin = std::clamp(seg.begin, 0, lengths[side]), end = std::clamp(seg.end, begin, lengths[side]);
            if (seg.kind == BoundaryKind::Wall || begin == end) continue;
            const int index = int(c.segments.size());
            c.segments.push_back(PreparedSegment{side, seg.kind, begin, end, &seg.value});
            for (int k = begin; k < end; ++k)
                c.edgeCodes[std::size_t(edgeFaceIndex(side, k, width, height))] = edgeCode(index, int(seg.kind));
            c.sideWets[side] = c.sideWets[side] || seg.kind == BoundaryKind::Inflow || seg.kind == BoundaryKind::Level;
        }
    for (const Emitter& e : sources) prepare(e, +1, dt, dx2, width, height, c.emitters);
    for (const Emitter& e : drains) prepare(e, -1, dt, dx2, width, height, c.emitters);
    c.ledgerActive = !c.segments.empty() || !c.emitters.empty() || c.rainUnits > 0 || c.evaporationUnits > 0;
    return c;
}

float SubstepAmounts::levelM(std::size_t segment) const { return std::bit_cast<float>(segmentValues[segment]); }

SubstepAmounts takeAmounts(const SubstepConstants& c, WaterCarry& carry, double t) {
    SubstepAmounts a;
    if (carry.emitters.size() != c.emitters.size()) carry.emitters.assign(c.emitters.size(), 0.0);
    if (carry.inflow.size() != c.segments.size()) carry.inflow.assign(c.segments.size(), 0.0);
    a.rainUnits = take(c.rainUnits, carry.rain);
    a.evaporationUnits = take(c.evaporationUnits, carry.evaporation);
    const double mid = t + 0.5 * double(c.dt);
    a.segmentValues.assign(c.segments.size(), 0);
    for (std::size_t i = 0; i < c.segments.size(); ++i) {
        const PreparedSegment& seg = c.segments[i];
        if (seg.kind == BoundaryKind::Inflow)
            a.segmentValues[i] = take(std::max(0.0, seg.value->at(mid)) * c.inflowUnitsPerM2PerS, carry.inflow[i]);
        else if (seg.kind == BoundaryKind::Level)
            a.segmentValues[i] = std::bit_cast<int>(float(seg.value->at(mid)));
    }
    a.emitterUnits.resize(c.emitters.size());
    for (std::size_t e = 0; e < c.emitters.size(); ++e) a.emitterUnits[e] = take(c.emitters[e].unitsPerSubstep, carry.emitters[e]);
    return a;
}

}  // namespace sluice::sim

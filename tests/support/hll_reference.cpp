#include "tests/support/hll_reference.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::test {
namespace {

// Conserved variables of one cell or one side of an interface, with its bed elevation.
struct Cell {
    double h = 0;  // m
    double q = 0;  // m^2/s
    double z = 0;  // m
};

// Flux of mass (m^2/s) and momentum (m^3/s^2) through one interface.
struct Flux {
    double mass = 0;
    double momentum = 0;
};

double velocity(double h, double q, double dryDepth) { return h > dryDepth ? q / h : 0.0; }

// HLL flux between left and right states on a common bed level (after reconstruction).
// Wave speeds: Einfeldt's bounds (the cell speeds u -+ c widened by the Roe-averaged ones) for two
// wet states; for one dry state, the wet side's u -+ c and the dry front's u +- 2c, the exact speed
// at which water spreads over a dry bed.
Flux hllFlux(double hL, double uL, double hR, double uR, const HllParams& p) {
    const bool wetL = hL > p.dryDepth, wetR = hR > p.dryDepth;
    if (!wetL && !wetR) return {};
    const double cL = std::sqrt(p.g * hL), cR = std::sqrt(p.g * hR);
    double sL = 0, sR = 0;
    if (!wetL) {
        sL = uR - 2.0 * cR;
        sR = uR + cR;
    } else if (!wetR) {
        sL = uL - cL;
        sR = uL + 2.0 * cL;
    } else {
        const double wL = std::sqrt(hL), wR = std::sqrt(hR);
        const double uRoe = (wL * uL + wR * uR) / (wL + wR);
        const double cRoe = std::sqrt(0.5 * p.g * (hL + hR));
        sL = std::min(uL - cL, uRoe - cRoe);
        sR = std::max(uR + cR, uRoe + cRoe);
    }
    const double qL = hL * uL, qR = hR * uR;
    const Flux fL{qL, qL * uL + 0.5 * p.g * hL * hL};
    const Flux fR{qR, qR * uR + 0.5 * p.g * hR * hR};
    if (sL >= 0) return fL;
    if (sR <= 0) return fR;
    const double inv = 1.0 / (sR - sL);
    return {(sR * fL.mass - sL * fR.mass + sL * sR * (hR - hL)) * inv,
            (sR * fL.momentum - sL * fR.momentum + sL * sR * (qR - qL)) * inv};
}

// One interface with hydrostatic reconstruction (Audusse et al. 2004): both sides are cut to the
// higher bed, h* = max(0, h + z - max(zL, zR)), keeping their velocities; the flux of the cut states
// is then corrected by g/2 (h^2 - h*^2) on each side, the pressure of the removed water, so that the
// bed-slope source is balanced exactly when the surface is flat and the water still.
struct InterfaceFlux {
    double mass = 0;
    double momentumToLeft = 0;   // momentum flux as seen by the left cell
    double momentumToRight = 0;  // momentum flux as seen by the right cell
};

InterfaceFlux reconstructedFlux(const Cell& l, const Cell& r, const HllParams& p) {
    const double zStar = std::max(l.z, r.z);
    const double hL = std::max(0.0, l.h + l.z - zStar), hR = std::max(0.0, r.h + r.z - zStar);
    const Flux f = hllFlux(hL, velocity(l.h, l.q, p.dryDepth), hR, velocity(r.h, r.q, p.dryDepth), p);
    return {f.mass, f.momentum + 0.5 * p.g * (l.h * l.h - hL * hL), f.momentum + 0.5 * p.g * (r.h * r.h - hR * hR)};
}

// The inflow discharge at time t (m^2/s): full, then falling linearly to 0 (HllParams).
double inflowAt(const HllParams& p, double t) {
    if (t <= p.inflowFallsFrom) return *p.inflowDischarge;
    if (t >= p.inflowEndsAt) return 0.0;
    return *p.inflowDischarge * (p.inflowEndsAt - t) / (p.inflowEndsAt - p.inflowFallsFrom);
}

// The left ghost cell: mirrored (a wall).
Cell leftGhost(const Cell& first) { return {first.h, -first.q, first.z}; }

// The flux through the left end while the inflow runs: exactly the discharge asked (m^2/s), with the
// momentum it brings in at the first cell's depth (at least the discharge's critical depth
// (q^2 / g)^(1/3), the most it can come in with, so it also enters a dry channel) and that cell's
// hydrostatic pressure, which a lake at rest with no inflow balances like a wall.
InterfaceFlux inflowFlux(const Cell& first, double in, const HllParams& p) {
    const double h = std::max(first.h, std::cbrt(in * in / p.g));
    const double momentum = (h > 0 ? in * in / h : 0.0) + 0.5 * p.g * first.h * first.h;
    return {in, momentum, momentum};
}
// The right ghost cell: mirrored (wall) or held at the outflow depth.
Cell rightGhost(const Cell& last, const HllParams& p) {
    if (p.outflowDepth) return {*p.outflowDepth, last.q, last.z};
    return {last.h, -last.q, last.z};
}

}  // namespace

bool HllReference::valid() const {
    const std::size_t n = bed.size();
    if (n == 0 || h.size() != n || q.size() != n) return false;
    if (!(length > 0 && std::isfinite(length) && std::isfinite(xMin))) return false;
    if (!(params.g > 0 && params.courant > 0 && params.courant <= 1 && params.manningN >= 0)) return false;
    if (!(params.dryDepth >= 0)) return false;
    for (std::size_t i = 0; i < n; ++i)
        if (!(std::isfinite(bed[i]) && h[i] >= 0 && std::isfinite(h[i]) && std::isfinite(q[i]))) return false;
    return true;
}

HllResult HllReference::run(double until) const {
    HllResult out;
    if (!valid() || !(until >= 0)) return out;
    const HllParams& p = params;
    const std::size_t n = bed.size();
    const double dxM = dx();
    out.h = h;
    out.q = q;
    std::vector<InterfaceFlux> flux(n + 1);  // flux[i] is the interface left of cell i
    while (out.time < until && out.steps < p.maxSteps) {
        double maxSpeed = 0;  // m/s, fastest characteristic over the cells
        for (std::size_t i = 0; i < n; ++i)
            maxSpeed = std::max(maxSpeed, std::abs(velocity(out.h[i], out.q[i], p.dryDepth)) +
                                              std::sqrt(p.g * out.h[i]));
        // A running inflow moves at least at its critical speed (|u| + c = 2 c at h = (q^2 / g)^(1/3)),
        // which sets the step while the channel is still dry; steps end where the hydrograph bends.
        double remaining = until - out.time;
        if (p.inflowDischarge && out.time < p.inflowEndsAt) {
            const double in = inflowAt(p, out.time);
            maxSpeed = std::max(maxSpeed, 2.0 * std::sqrt(p.g * std::cbrt(in * in / p.g)));
            for (double bend : {p.inflowFallsFrom, p.inflowEndsAt})
                if (out.time < bend) remaining = std::min(remaining, bend - out.time);
        }
        const double dt = maxSpeed > 0 ? std::min(remaining, p.courant * dxM / maxSpeed) : remaining;

        const auto cell = [&](std::size_t i) { return Cell{out.h[i], out.q[i], bed[i]}; };
        flux[0] = p.inflowDischarge && out.time < p.inflowEndsAt ? inflowFlux(cell(0), inflowAt(p, out.time), p)
                                                                 : reconstructedFlux(leftGhost(cell(0)), cell(0), p);
        for (std::size_t i = 1; i < n; ++i) flux[i] = reconstructedFlux(cell(i - 1), cell(i), p);
        flux[n] = reconstructedFlux(cell(n - 1), rightGhost(cell(n - 1), p), p);

        const double ratio = dt / dxM;
        for (std::size_t i = 0; i < n; ++i) {
            double hNew = out.h[i] - ratio * (flux[i + 1].mass - flux[i].mass);
            double qNew = out.q[i] - ratio * (flux[i + 1].momentumToLeft - flux[i].momentumToRight);
            out.mostNegativeDepth = std::min(out.mostNegativeDepth, hNew);
            hNew = std::max(0.0, hNew);
            if (hNew <= p.dryDepth) qNew = 0;
            else if (p.manningN > 0) {
                // Manning's friction force g h S_f = g n^2 q |q| / h^(7/3) (m^2/s^2), with |q| taken from the
                // updated q: it always slows the flow and can never reverse it, however large dt n^2 is.
                qNew /= 1.0 + dt * p.g * p.manningN * p.manningN * std::abs(qNew) / std::pow(hNew, 7.0 / 3.0);
            }
            out.h[i] = hNew;
            out.q[i] = qNew;
        }
        out.time = dt == until - out.time ? until : out.time + dt;  // land exactly on `until`
        ++out.steps;
    }
    return out;
}

HllReference makeHllReference(int n, double xMin, double length, const Profile& bed, const Profile& depth) {
    HllReference r;
    r.xMin = xMin;
    r.length = length;
    if (n <= 0) return r;  // empty: run() refuses it
    r.bed.resize(std::size_t(n));
    r.h.resize(std::size_t(n));
    r.q.assign(std::size_t(n), 0.0);
    for (std::size_t i = 0; i < r.bed.size(); ++i) {
        const double x = r.cellCentre(i);
        r.bed[i] = bed(x);
        r.h[i] = std::max(0.0, depth(x));
    }
    return r;
}

}  // namespace sluice::test

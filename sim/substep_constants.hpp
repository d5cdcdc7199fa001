#pragma once
// Per-substep constants, computed once on the host in double and rounded to float, so that the CPU
// reference and the GPU kernels multiply by bit-identical factors; and the whole units of water that
// rain, evaporation, inflow edges, sources and drains move each substep, with the fractions of a unit
// carried to the next substep (WaterCarry, part of the solver state), so that over any run what is
// added is what was asked, to the unit (shaders/sim/transfer_math.h).
#include <vector>

#include "sim/boundary.hpp"
#include "sim/emitter.hpp"
#include "sim/params.hpp"

namespace sluice::sim {

/// Metres per depth unit and units per metre (2^-20 m; shaders/sim/transfer_math.h).
inline constexpr double kDepthUnitM = 1.0 / 1048576.0;
inline constexpr double kDepthUnitsPerM = 1048576.0;
/// The most a cell holds, in units (1024 m).
inline constexpr int kMaxDepthUnits = 1073741824;

/// Depth in metres to stored units (nearest, ties to even; clamped to [0, kMaxDepthUnits]).
int depthToUnits(float metres);
/// Stored units to metres (exact below 2^24 units).
float unitsToDepth(int units);

/// An emitter reduced to what one substep needs.
struct PreparedEmitter {
    EmitterFootprint box;
    float x = 0, y = 0, radius2 = 0;
    EmitterMode mode = EmitterMode::Rate;
    double unitsPerSubstep = 0;  ///< rate: units moved per cell per substep; level: the cap per cell per substep
    float levelM = 0;
    int sign = 1;                ///< +1 source, -1 drain
    bool singleCell = false;
};

/// A boundary segment reduced to what a substep needs: its side, kind, cells along the side (clamped
/// to it) and its value over time.
struct PreparedSegment {
    int side = 0;
    BoundaryKind kind = BoundaryKind::Wall;
    int begin = 0, end = 0;
    const TimeSeries* value = nullptr;  ///< the Boundaries' own series (valid while they are)
};

/// Factors of one substep of length dt.
struct SubstepConstants {
    float dt = 0;
    int model = 0;             ///< int(WaterModel)
    int frictionLaw = 0;       ///< int(FrictionLaw)
    float frictionFactor = 1;  ///< linear law: (1 - friction)^dt (1 under Manning's)
    float gN2Dt = 0;           ///< Manning's law: g n^2 dt (0 under the linear law)
    float gravityDtOverDx = 0; ///< g dt / dx
    float courantDxOverDt = 0; ///< C dx / dt: the largest |u| + c a face may reach in the substep
    float gravityDt = 0;       ///< g dt
    float viscosityTerm = 0;   ///< 3 dt nu (0 disables viscosity)
    float dtOverDx2 = 0;       ///< dt / dx^2: depth change per unit net flow
    float unitFlow = 0;        ///< m^3/s of a face that moves one unit of depth in one substep: unit dx^2 / dt
    double rainUnits = 0;      ///< units of depth rain adds per cell per substep (fractional: carried)
    double evaporationUnits = 0;
    double inflowUnitsPerM2PerS = 0;  ///< units an inflow face moves per substep per m^2/s of discharge: dt / dx
    /// Segments that are not walls, west side first, then east, south, north (the amounts table's order).
    std::vector<PreparedSegment> segments;
    /// Code of every edge face (shaders/sim/boundary_math.h): west (H), east (H), south (W), north (W).
    std::vector<int> edgeCodes;
    bool sideWets[4] = {false, false, false, false};  ///< an inflow or level segment on the side may bring water
    std::vector<PreparedEmitter> emitters;  ///< sources first, then drains; applied in this order
    bool ledgerActive = false;  ///< anything adds or removes water (else added/removed stay 0)
};

/// Prepares the constants for a substep of dtSub seconds. Disabled emitters are left out. The Courant
/// target is clamped to (0, 1]. The result refers to `b`'s time series: keep `b` alive while it is used.
SubstepConstants prepareSubstep(float dtSub, float cellSizeM, int width, int height, const SimParams& p,
                                const Boundaries& b, const std::vector<Emitter>& sources,
                                const std::vector<Emitter>& drains);

/// Fractions of a unit not yet moved, per source of water (part of the solver state: a resumed run
/// continues them). `emitters` follows SubstepConstants::emitters; when that list changes length the
/// carries restart from zero (at most one unit per cell is deferred, and the ledger books only what
/// actually moved, so it stays exact).
struct WaterCarry {
    double rain = 0, evaporation = 0;
    std::vector<double> inflow;  ///< per SubstepConstants::segments entry (used by inflow segments)
    std::vector<double> emitters;
};

/// What one substep moves: whole units per cell for rain, evaporation and each emitter (a level
/// emitter's cap); per boundary segment its value (inflow: whole units per edge face; level: the
/// level in metres as float bits; else 0).
struct SubstepAmounts {
    int rainUnits = 0, evaporationUnits = 0;
    std::vector<int> segmentValues;
    std::vector<int> emitterUnits;
    float levelM(std::size_t segment) const;
};

/// Advances `carry` by one substep of `c` starting at time t (s; the series are read at its middle)
/// and returns what to move in it.
SubstepAmounts takeAmounts(const SubstepConstants& c, WaterCarry& carry, double t);

}  // namespace sluice::sim

#pragma once
// Per-substep constants, computed once on the host in double and rounded to float, so that the CPU
// reference and the GPU kernels multiply by bit-identical factors.
#include <vector>

#include "sim/emitter.hpp"
#include "sim/params.hpp"

namespace sluice::sim {

/// An emitter reduced to what one substep needs (depth units, per cell).
struct PreparedEmitter {
    EmitterFootprint box;
    float x = 0, y = 0, radius2 = 0;
    EmitterMode mode = EmitterMode::Rate;
    float amountM = 0;  ///< rate: depth added/removed per cell per substep; level: cap per cell per substep
    float levelM = 0;
    int sign = 1;       ///< +1 source, -1 drain
    bool singleCell = false;
};

/// Factors of one substep of length dt.
struct SubstepConstants {
    float dt = 0;
    float frictionFactor = 1;  ///< (1 - friction)^dt
    float gravityDt = 0;       ///< g dt
    float viscosityTerm = 0;   ///< 3 dt nu (0 disables viscosity)
    float dx2OverDt = 0;       ///< dx^2 / dt: flow that empties one metre of depth in one substep
    float dtOverDx2 = 0;       ///< dt / dx^2: depth change per unit net flow
    float rainM = 0;           ///< depth added per substep
    float evaporationM = 0;    ///< depth removed per substep (at most what is there)
    float inflowQ[4] = {0, 0, 0, 0};  ///< west, east, south, north: Q per boundary face (m^3/s), >= 0
    int boundaryKind[4] = {0, 0, 0, 0};
    std::vector<PreparedEmitter> emitters;  ///< sources first, then drains; applied in this order
    bool ledgerActive = false;  ///< anything adds or removes water (else added/removed stay 0)
};

/// Prepares the constants for a substep of dtSub seconds. Disabled emitters are left out.
SubstepConstants prepareSubstep(float dtSub, float cellSizeM, int width, int height, const SimParams& p,
                                const Boundaries& b, const std::vector<Emitter>& sources,
                                const std::vector<Emitter>& drains);

}  // namespace sluice::sim

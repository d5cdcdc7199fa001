#pragma once
// The sidebar's Erosion section (docs/EROSION.md, docs/VIEWER.md): enable, the parameters with units,
// and the sediment ledger with its plots. Like every panel it only pushes commands (sim::SetParams)
// and reads figures the simulation refreshed; it never calls GL or touches the solver's state.
#include <string>

#include "app/window/simulation.hpp"
#include "sim/params.hpp"

namespace sluice::app {

/// Erosion: enable, parameters (each change one SetParams command, merged while a slider drags;
/// highlighted where they differ from `reference`, the active preset), the sediment ledger and plots.
void erosionSection(Simulation& s, const sim::SimParams& reference);

/// The sediment ledger's residual as the panel prints it: "0 m3 (exact)" when both balances hold to the
/// unit, else the volume and the units off ("2.4e-06 m3 (3 units)").
std::string sedimentResidualText(const sim::SedimentLedger& ledger);

}  // namespace sluice::app

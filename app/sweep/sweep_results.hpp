#pragma once
// results.csv of `sluice sweep`: one header row, then one row per run in run order. Columns and their
// definitions are listed in docs/SWEEP.md.
#include <cstddef>
#include <string>
#include <vector>

#include "app/sweep/sweep_params.hpp"
#include "app/sweep/sweep_run.hpp"

namespace sluice::app {

/// The header row (with its newline): run, one column per axis named as on the command line, figures.
std::string resultsCsvHeader(const std::vector<SweepAxis>& axes);

/// One row (with its newline). Parameter values print as the shortest text that reads back exactly;
/// figures with 9 significant digits; steady_time_s is empty when no steady state was reached, the
/// sediment columns when the run has no erosion state, the bodies' when the scene has none.
std::string resultsCsvRow(std::size_t run, const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& indices,
                          const RunFigures& figures, const std::string& thumbnail);

}  // namespace sluice::app

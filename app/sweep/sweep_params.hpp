#pragma once
// The parameters `sluice sweep` varies: parsing `--param NAME=v1,v2,...`, checking every value the way
// the scene loader checks the same field, and applying one combination to a copy of the scene.
#include <cstddef>
#include <string>
#include <vector>

#include "gl/result.hpp"
#include "sim/scene.hpp"

namespace sluice::app {

/// Most combinations one sweep may run: each run costs a solver, a render and a PNG.
inline constexpr std::size_t kMaxSweepRuns = 1000;

/// One swept parameter: its name as written and the values to try, in the order given.
struct SweepAxis {
    std::string name;            ///< e.g. "friction", "source0.rate"
    std::vector<double> values;  ///< each already checked against the parameter's range
};

/// Parses every `--param` value (NAME=v1,v2,...) in order. Errors (usage errors) name the argument:
/// bad syntax, unknown name, a value that is not a number or out of range, an empty list, a name
/// given twice, or more than kMaxSweepRuns combinations.
Result<std::vector<SweepAxis>> parseSweepAxes(const std::vector<std::string>& paramArgs);

/// Checks the axes against the scene: a swept friction parameter is the one of the scene's friction
/// law; a swept source or drain exists and is in rate mode (level-mode emitters have no rate to set).
/// Errors name the argument.
Result<void> checkAxesAgainstScene(const std::vector<SweepAxis>& axes, const sim::Scene& scene);

/// Number of combinations (the product of the list lengths); parseSweepAxes keeps it <= kMaxSweepRuns.
std::size_t combinationCount(const std::vector<SweepAxis>& axes);

/// Value index per axis of combination `run` in [0, combinationCount): the first axis varies slowest,
/// the last fastest, like nested loops written in command-line order.
std::vector<std::size_t> combinationIndices(const std::vector<SweepAxis>& axes, std::size_t run);

/// Sets the axes' values (one index per axis, from combinationIndices) in the scene. The axes must
/// have passed checkAxesAgainstScene for this scene.
void applyCombination(sim::Scene& scene, const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& indices);

/// A value as the shortest decimal text that reads back to the same double ("0.05", "1e-06").
std::string formatValue(double value);
/// The same for a float, as the solver holds it (0.1f prints "0.1", not "0.10000000149011612").
std::string formatValue(float value);

/// One line per accepted parameter name with its unit and range, for the usage text.
extern const char* const kSweepParameterHelp;

}  // namespace sluice::app

#pragma once
// `sluice bench --dry-shapes`: what dry skipping leaves of the step's cost on mostly dry worlds of
// several shapes and wet fractions, against the all-wet grid of the same water, in one run.
#include <string>
#include <vector>

#include "sim/builtin_scenes.hpp"

namespace sluice::app {

/// One mostly dry world to time: bench-dry's round basin, or bench-patch's region of bench-slosh's water.
struct DryShape {
    bool basin = false;
    sim::PatchShape patch = sim::PatchShape::Square;
    const char* name() const;
};

/// "basin,square,rows,columns" (any of them, in any order); empty on a malformed list.
std::vector<DryShape> parseDryShapes(const std::string& text);

/// For each size: the shallow-water step over the whole grid of bench-slosh (every cell wet and
/// moving), then each shape at each wet fraction with dry groups skipped by lists (the step's
/// default): wet and computed shares, ms per substep, G cell-steps/s per grid cell, per computed
/// cell and per wet cell, and what a wet and a computed cell cost against the all-wet grid's. With
/// `json`, the same as JSON. Needs a current GL context. Returns the exit code.
int printDryTable(const std::vector<int>& sizes, const std::vector<DryShape>& shapes, const std::vector<double>& wets,
                  double minSeconds, bool json);

}  // namespace sluice::app

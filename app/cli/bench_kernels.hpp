#pragma once
// `sluice bench --kernels`: the step kernels side by side on the same scenes in one run.
#include <string>
#include <utility>
#include <vector>

#include "app/bench/temporal_blocking.hpp"

namespace sluice::app {

struct KernelTableOptions {
    std::vector<int> fusedRows{2};     ///< fused tile shapes: cell rows per invocation
    std::vector<int> fusedThreads{4};  ///< fused group shapes: invocation rows per group
    std::vector<std::pair<int, int>> patches{{2, 2}, {4, 2}};  ///< the arithmetic ceiling's patches, cells
    std::vector<TileShape> tiles;      ///< the temporally blocked kernel's tiles (both models)
    double minSeconds = 0.5;
    double ceiling = 0;                ///< the copy ceiling, bytes/s
};

/// Times both water models on moving water (bench-slosh) and on the lake at rest (bench) at each
/// size, in two passes and fused with each of fusedRows' tile shapes (cell rows per invocation) for
/// each of fusedThreads' group shapes (invocation rows per group), and prints G cell-steps/s,
/// the bytes per cell-step by design, GB/s and the fraction of the copy ceiling `ceiling` (bytes/s);
/// after each model's moving water, its arithmetic ceiling with patches of each of `patches` (W x H
/// cells, app/bench/arithmetic_ceiling.hpp) and the temporally blocked kernel with
/// each of `tiles` (app/bench/temporal_blocking.hpp). Needs a current GL context. Returns the exit code.
int printKernelTable(const std::vector<int>& sizes, const KernelTableOptions& o);

}  // namespace sluice::app

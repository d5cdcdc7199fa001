#pragma once
// `sluice bench --kernels`: the step kernels side by side on the same scenes in one run.
#include <string>
#include <utility>
#include <vector>

namespace sluice::app {

/// Times both water models on moving water (bench-slosh) and on the lake at rest (bench) at each
/// size, in two passes and fused with each of fusedRows' tile shapes (cell rows per invocation) for
/// each of fusedThreads' group shapes (invocation rows per group), and prints G cell-steps/s,
/// the bytes per cell-step by design, GB/s and the fraction of the copy ceiling `ceiling` (bytes/s);
/// after each model's moving water, its arithmetic ceiling with patches of each of `patches` (W x H
/// cells, app/bench/arithmetic_ceiling.hpp). Needs a current GL context. Returns the exit code.
int printKernelTable(const std::vector<int>& sizes, const std::vector<int>& fusedRows, const std::vector<int>& fusedThreads,
                     const std::vector<std::pair<int, int>>& patches, double minSeconds, double ceiling);

}  // namespace sluice::app

#pragma once
// `sluice bench --kernels`: the step kernels side by side on the same scenes in one run.
#include <string>
#include <vector>

namespace sluice::app {

/// Times both water models on moving water (bench-slosh) and on the lake at rest (bench) at each
/// size, in two passes and fused with each of fusedRows' tile shapes (cell rows per invocation) for
/// each of fusedThreads' group shapes (invocation rows per group), and prints G cell-steps/s,
/// the bytes per cell-step by design, GB/s and the fraction of the copy ceiling `ceiling` (bytes/s).
/// Needs a current GL context. Returns the exit code.
int printKernelTable(const std::vector<int>& sizes, const std::vector<int>& fusedRows, const std::vector<int>& fusedThreads,
                     double minSeconds, double ceiling);

}  // namespace sluice::app

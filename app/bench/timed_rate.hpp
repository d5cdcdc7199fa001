#pragma once
// The benchmarks' timing loop: a GPU workload is timed on the steady clock around glFinish, with the
// repeat count doubled until one timed run is long enough to swamp launch and clock noise.
#include <chrono>

namespace sluice::app {

/// Repeats run(n) with doubling n until one call takes minSeconds (run must glFinish); returns
/// runs per second.
template <class Run>
double timedRate(Run run, double minSeconds) {
    using Clock = std::chrono::steady_clock;
    run(2);  // warm-up
    for (int n = 4;; n *= 2) {
        const auto t = Clock::now();
        run(n);
        const double s = std::chrono::duration<double>(Clock::now() - t).count();
        if (s >= minSeconds || n > (1 << 20)) return n / s;
    }
}

}  // namespace sluice::app

#include "sim/steady_state.hpp"

#include <algorithm>
#include <cmath>

namespace sluice::sim {

double meanThroughput(double addedM3, double removedM3, double durationSeconds) {
    if (!(durationSeconds > 0)) return 0.0;
    return std::max(addedM3, removedM3) / durationSeconds;
}

std::optional<double> steadyStateTime(const std::vector<VolumeSample>& samples, double throughputM3PerS) {
    if (samples.size() < std::size_t(kSteadyMinIntervals) + 1 || !(throughputM3PerS > 0)) return std::nullopt;
    // Walk back from the end while intervals are steady; j is then the start of the steady tail.
    std::size_t j = samples.size() - 1;
    while (j > 0) {
        const VolumeSample& a = samples[j - 1];
        const VolumeSample& b = samples[j];
        const double limit = kSteadyTolerance * throughputM3PerS * (b.timeSeconds - a.timeSeconds);
        if (!(std::abs(b.volumeM3 - a.volumeM3) <= limit)) break;
        --j;
    }
    if (samples.size() - 1 - j < std::size_t(kSteadyMinIntervals)) return std::nullopt;
    return samples[j].timeSeconds;
}

}  // namespace sluice::sim

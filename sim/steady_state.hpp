#pragma once
// When a run's water balance has settled: the earliest time after which the stored volume stops
// changing, measured against the water passing through. Pure arithmetic on volume samples, so the
// sweep verb and the tests share one definition (docs/SWEEP.md states it for users).
#include <optional>
#include <vector>

namespace sluice::sim {

/// The water volume in the domain at one instant of a run.
struct VolumeSample {
    double timeSeconds = 0;
    double volumeM3 = 0;
};

/// Simulated seconds between samples; callers sample every max(1, round(kSteadySampleSeconds / dt)) steps.
inline constexpr double kSteadySampleSeconds = 0.5;
/// An interval is steady when |dV| <= kSteadyTolerance * throughput * its length.
inline constexpr double kSteadyTolerance = 0.01;
/// The steady tail must span at least this many intervals: one quiet interval (say at the turning point
/// of a filling and draining cycle) is not a steady state.
inline constexpr int kSteadyMinIntervals = 2;

/// The throughput the criterion is relative to, m^3/s: max(added, removed) / duration, the mean rate
/// of the larger of inflow and outflow over a run (ledger totals at its end).
double meanThroughput(double addedM3, double removedM3, double durationSeconds);

/// Time to steady state, seconds, from samples in increasing time order, the first at the start.
///
/// Interval i, (t[i-1], t[i]], is steady when |V[i] - V[i-1]| <= kSteadyTolerance * Q * (t[i] - t[i-1]),
/// Q = throughputM3PerS. The result is the earliest sample time t[j] such that every interval after it
/// is steady and at least kSteadyMinIntervals follow it. None when that never happens within the
/// samples, when there are too few of them, or when Q is 0 (nothing entered or left, so the volume is
/// constant by construction and says nothing about the water being at rest).
std::optional<double> steadyStateTime(const std::vector<VolumeSample>& samples, double throughputM3PerS);

}  // namespace sluice::sim

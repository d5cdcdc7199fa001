// The time-to-steady-state definition of `sluice sweep` (sim/steady_state.hpp) on hand-made volume
// series: where the steady tail starts, and each reason it has none.
#include <gtest/gtest.h>

#include <vector>

#include "sim/steady_state.hpp"

using namespace sluice::sim;

namespace {

/// Samples every 0.5 s with the given volumes (m^3).
std::vector<VolumeSample> series(const std::vector<double>& volumes) {
    std::vector<VolumeSample> s;
    for (std::size_t i = 0; i < volumes.size(); ++i) s.push_back({0.5 * double(i), volumes[i]});
    return s;
}

}  // namespace

TEST(SteadyState, FillingThenFlatStartsWhereTheVolumeStopsRising) {
    // Q = 1 m^3/s: the limit per 0.5 s interval is 0.005 m^3. Rises by 0.5 m^3 per interval until t = 1.5.
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({0, 0.5, 1.0, 1.5, 1.5, 1.5, 1.5}), 1.0), 1.5);
}

TEST(SteadyState, ChangesWithinTheToleranceCountAsSteady) {
    // 0.004 m^3 per interval is below 1 % of 1 m^3/s over 0.5 s; 0.006 is above.
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({0, 1, 1.004, 1.0, 1.004}), 1.0), 0.5);
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({0, 1, 1.006, 1.012, 1.018}), 10.0), 0.5);
    EXPECT_FALSE(steadyStateTime(series({0, 1, 1.006, 1.012, 1.018}), 1.0).has_value());
}

TEST(SteadyState, AlreadySteadyAtTheStartIsTimeZero) {
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({5, 5, 5}), 0.2), 0.0);
}

TEST(SteadyState, OneQuietIntervalAtTheEndIsNotEnough) {
    // A peak: the volume rises, holds for one interval, would fall next.
    EXPECT_FALSE(steadyStateTime(series({0, 1, 2, 2}), 1.0).has_value());
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({0, 1, 2, 2, 2}), 1.0), 1.0);
}

TEST(SteadyState, AnUnsteadyIntervalLaterResetsTheTail) {
    // Flat from 0.5 s, a surge at 2.0 s, flat again after 2.5 s.
    EXPECT_DOUBLE_EQ(*steadyStateTime(series({0, 1, 1, 1, 1, 2, 2, 2}), 1.0), 2.5);
}

TEST(SteadyState, NoThroughputMeansNoAnswer) {
    EXPECT_FALSE(steadyStateTime(series({3, 3, 3, 3}), 0.0).has_value());
    EXPECT_DOUBLE_EQ(meanThroughput(0.0, 0.0, 10.0), 0.0);
}

TEST(SteadyState, TooFewSamples) {
    EXPECT_FALSE(steadyStateTime(series({1, 1}), 1.0).has_value());
    EXPECT_FALSE(steadyStateTime({}, 1.0).has_value());
}

TEST(SteadyState, ThroughputIsTheLargerOfInflowAndOutflowPerSecond) {
    EXPECT_DOUBLE_EQ(meanThroughput(20.0, 5.0, 10.0), 2.0);
    EXPECT_DOUBLE_EQ(meanThroughput(5.0, 30.0, 10.0), 3.0);
    EXPECT_DOUBLE_EQ(meanThroughput(5.0, 30.0, 0.0), 0.0);
}

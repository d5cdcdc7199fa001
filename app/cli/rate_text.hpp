#pragma once
// How `sluice bench` prints a rate.
#include <cstdio>
#include <string>

namespace sluice::app {

/// A rate in M cell-steps/s with the digits that show it: one decimal from 100 on (a GPU's
/// thousands), two from 1, three significant below (a software renderer's or a sanitizer build's
/// fractions, which a fixed "%.1f" printed as 0.0).
inline std::string rateText(double cellStepsPerSecond) {
    const double m = cellStepsPerSecond / 1e6;
    char buf[32];
    std::snprintf(buf, sizeof buf, m >= 100 ? "%.1f" : m >= 1 ? "%.2f" : "%.3g", m);
    return buf;
}

}  // namespace sluice::app

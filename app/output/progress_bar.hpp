#pragma once
// Progress of a batch of runs on stderr: on a terminal one line redrawn in place (\r) with a bar,
// i/N, percentage, elapsed time and ETA; otherwise (a log, a pipe) one plain line per finished run.
#include <chrono>
#include <cstddef>
#include <string>

namespace sluice::app {

class ProgressBar {
public:
    /// `total` runs; nothing is printed when `enabled` is false. Terminal detection is isatty(stderr).
    ProgressBar(std::size_t total, bool enabled);
    /// Reports that run `done` (1-based) has finished; `label` says which (e.g. its parameter values).
    void finished(std::size_t done, const std::string& label);
    /// Ends the in-place line with a newline (terminal only); call once after the last run or on error.
    void close();

    /// "m:ss" (or "h:mm:ss") for a duration in seconds, rounded to whole seconds.
    static std::string formatDuration(double seconds);

private:
    std::size_t total_;
    bool enabled_, terminal_, lineOpen_ = false;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace sluice::app

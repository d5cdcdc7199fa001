#include "app/output/progress_bar.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sluice::app {

namespace {
constexpr int kBarCells = 24;
}

ProgressBar::ProgressBar(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), terminal_(isatty(STDERR_FILENO) != 0), start_(std::chrono::steady_clock::now()) {}

std::string ProgressBar::formatDuration(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    char buf[32];
    if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
    else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

void ProgressBar::finished(std::size_t done, const std::string& label) {
    if (!enabled_ || total_ == 0) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    // Runs of one sweep cost about the same, so the mean so far predicts the rest.
    const double eta = done > 0 ? elapsed / double(done) * double(total_ - done) : 0.0;
    const int percent = int(100 * done / total_);
    if (terminal_) {
        const int filled = int(kBarCells * done / total_);
        std::string bar(std::size_t(filled), '#');
        bar.append(std::size_t(kBarCells - filled), '-');
        // \033[K clears what a longer previous line left behind.
        std::fprintf(stderr, "\r[%s] %zu/%zu %3d%%  elapsed %s  eta %s\033[K", bar.c_str(), done, total_, percent,
                     formatDuration(elapsed).c_str(), formatDuration(eta).c_str());
        lineOpen_ = true;
    } else {
        std::fprintf(stderr, "run %zu/%zu (%d%%) done: %s; elapsed %s, eta %s\n", done, total_, percent, label.c_str(),
                     formatDuration(elapsed).c_str(), formatDuration(eta).c_str());
    }
    std::fflush(stderr);
}

void ProgressBar::close() {
    if (lineOpen_) std::fputc('\n', stderr);
    lineOpen_ = false;
}

}  // namespace sluice::app

#pragma once
// An `ffmpeg` child process fed through a pipe on its stdin. Its stderr goes to an anonymous temporary
// file (so a chatty ffmpeg can never block on a full stderr pipe) whose tail is quoted in errors.
// SIGPIPE is blocked on the writing thread while writing, so an ffmpeg that dies mid-recording is a
// clear error (EPIPE), never a killed process.
#include <sys/types.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gl/result.hpp"

namespace sluice::app {

/// Full path of the `ffmpeg` executable on PATH (PATH unset: /bin:/usr/bin). The error says it is
/// missing and how to install it.
Result<std::string> findFfmpeg();

/// A running ffmpeg, neither copied nor moved (owned through unique_ptr). One writing thread.
class FfmpegPipe {
public:
    /// Starts `executable` with `args` (argv[1..]), stdin a pipe, stdout /dev/null, stderr captured.
    static Result<std::unique_ptr<FfmpegPipe>> start(const std::string& executable, const std::vector<std::string>& args);
    /// Kills and reaps an ffmpeg that was not finished (an abandoned recording).
    ~FfmpegPipe();
    FfmpegPipe(const FfmpegPipe&) = delete;
    FfmpegPipe& operator=(const FfmpegPipe&) = delete;

    /// Writes all bytes to ffmpeg's stdin, blocking while ffmpeg is busy (back-pressure). When ffmpeg
    /// has exited, the error gives its exit status and the tail of its stderr.
    Result<void> write(std::span<const std::uint8_t> bytes);
    /// Closes stdin (end of input), waits for ffmpeg and checks that it exited with status 0.
    Result<void> finish();
    /// The last lines of ffmpeg's stderr (at most about maxBytes), trimmed; empty if none.
    std::string stderrTail(std::size_t maxBytes = 1500) const;

private:
    FfmpegPipe() = default;
    /// Waits for the child (up to graceSeconds, then SIGKILL) and describes how it ended.
    std::string reap(double graceSeconds);
    void closeInput();

    pid_t pid_ = -1;
    int stdinFd_ = -1;
    std::FILE* stderrFile_ = nullptr;  ///< unlinked temporary; ffmpeg writes it as fd 2
    bool failed_ = false;
    std::string failure_;
};

}  // namespace sluice::app

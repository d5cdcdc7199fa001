#pragma once
// Runs the real `sluice` binary (path fixed at configure time) and captures its output and exit code.
#include <string>

namespace sluice::test {

struct CliRun {
    int exitCode = -1;    ///< process exit status; -1 if it did not exit normally
    std::string output;   ///< stdout and stderr together
};

/// Runs `sluice ARGS` through the shell (args are pasted as given: quote paths yourself), with
/// optional `VAR=value ...` environment assignments in front.
CliRun runSluice(const std::string& args, const std::string& env = "");

/// Runs an arbitrary shell command line (stderr joined to stdout).
CliRun runCommand(const std::string& commandLine);

/// ffprobe's "codec,width,height,frames" line for the first video stream of `file` (frames counted
/// by decoding), or its error output.
CliRun probeVideo(const std::string& file);

/// Path of the sluice binary under test.
const char* sluiceBinary();

}  // namespace sluice::test

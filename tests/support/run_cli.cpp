#include "tests/support/run_cli.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace sluice::test {

const char* sluiceBinary() { return SLUICE_BINARY; }

CliRun runSluice(const std::string& args, const std::string& env) {
    return runCommand((env.empty() ? std::string() : "env " + env + " ") + "'" + SLUICE_BINARY + "' " + args);
}

namespace {

// xvfb-run (the window tests' X server) ends with status 5 and this line when it cannot remove its
// own temporary directory, a race of its cleanup seen under parallel runs: the status of the command
// it ran is lost, so that run says nothing about the command.
constexpr const char* kXvfbCleanupError = "xvfb-run: error: problem while cleaning up temporary directory";

CliRun runOnce(const std::string& commandLine) {
    CliRun r;
    const std::string cmd = commandLine + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
    const int status = pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

}  // namespace

CliRun runCommand(const std::string& commandLine) {
    CliRun r = runOnce(commandLine);
    // Only xvfb-run's own failure is run again (twice at most), never any status of the command.
    for (int again = 0; again < 2 && r.exitCode == 5 && r.output.find(kXvfbCleanupError) != std::string::npos; ++again)
        r = runOnce(commandLine);
    return r;
}

CliRun probeVideo(const std::string& file) {
    return runCommand("ffprobe -v error -count_frames -select_streams v:0 -show_entries "
                      "stream=codec_name,width,height,nb_read_frames -of csv=p=0 '" + file + "'");
}

}  // namespace sluice::test
